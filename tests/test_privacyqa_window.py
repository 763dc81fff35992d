"""QA (privacy): the window shows private data masked everywhere but in the editor's own text.

Before: the Figures tab's hover showed "… tok/s（测于 10.20.30.41）" and the References table named a paper
"Liu Yutong 整理" (the analysis quoted the lines as written); the findings and the underlines showed masks."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel

from test_privacyqa_masked_quotes import leaked, leaky_survey
from ui_support import open_window


def shown_texts(window) -> list[str]:
    """Every cell and tooltip of every table and list, the status bar, and the Figures tab's bars and hovers."""
    out = []
    for view in window.findChildren(QAbstractItemView):
        model = view.model()
        if model is None:
            continue
        try:
            columns = model.columnCount(QModelIndex())
        except TypeError:  # a list model's columnCount is private: one column
            columns = 1
        for r in range(model.rowCount(QModelIndex())):
            for c in range(columns):
                index = model.index(r, c)
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = model.data(index, role)
                    if value:
                        out.append(str(value))
    out += [label.text() for label in window.statusBar().findChildren(QLabel)]
    out.append(window.statusBar().currentMessage())
    out += [f"{b.category} {b.label} {b.sentence}" for chart in window.figures.charts for b in chart.bars]
    return out


def test_no_panel_shows_the_private_data(qtbot, tmp_path, sample_text):
    path = tmp_path / "leaky.md"
    path.write_text(leaky_survey(sample_text), encoding="utf-8")
    window = open_window(qtbot, path)
    window.tabs.setCurrentWidget(window.figures)
    qtbot.waitUntil(lambda: window.figures.charts and len(window.figures.chart_widgets) == len(window.figures.charts),
                    timeout=10000)
    texts = shown_texts(window)
    assert any("10********" in t for t in texts)  # the privacy findings are there, masked
    assert any("Li********" in t for t in texts)  # …and the paper's name with the name masked
    assert [t for t in texts if leaked(t)] == []
