"""QA: once a survey had a snapshot, History's title read "llm-infra… snapshot" even in a 1500 px wide window.

The Chart box grew to its longest entry when it was first shown (a rule's title, "Each counter-argument sub-section
≥ 150 CJK characters …"), and the title gave way to it. The box now keeps a fixed room (its list drops down as wide
as its entries), and the title is whole at a laptop's width, in English and in Chinese."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui_support import window_with_history


def _history_after_a_save(qtbot, tmp_path, monkeypatch, sample_text, width):
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    window._show_panel(ctl.panel)
    with qtbot.waitSignal(ctl.recorded, timeout=10000):
        assert window.save()
    panel = ctl.panel
    qtbot.waitUntil(lambda: "1" in panel.title.text())
    window.resize(width, 860)
    window.resizeDocks([window.outline_dock, window.panels_dock], [200, 660], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: window.width() == width)
    QApplication.processEvents()
    return window, panel


def _shown(label) -> str:
    return super(type(label), label).text()  # what the label shows (its text() is the whole title)


@pytest.mark.parametrize("width", [1280, 1500])
def test_the_history_title_is_whole_beside_a_chart_of_rules(qtbot, tmp_path, monkeypatch, sample_text, width):
    window, panel = _history_after_a_save(qtbot, tmp_path, monkeypatch, sample_text, width)
    longest = max((panel.metric_box.itemText(i) for i in range(panel.metric_box.count())), key=len)
    assert len(longest) > 40  # the rules' titles are listed (the box would take their width)
    assert _shown(panel.title) == panel.title.text() == "survey.md: 1 snapshot"  # before: "surv…apshot"
    box = panel.metric_box
    box.setCurrentIndex(box.findText(longest))
    assert box.toolTip() == longest  # the entry shown is cut to the box, whole on hover
    box.showPopup()
    view = box.view()
    assert view.width() >= view.sizeHintForColumn(0)  # the list drops down with its entries whole
    box.hidePopup()
    window.shutdown()


def test_the_history_title_is_whole_in_chinese(qtbot, tmp_path, monkeypatch, sample_text, zh_translation):
    window, panel = _history_after_a_save(qtbot, tmp_path, monkeypatch, sample_text, 1280)
    assert _shown(panel.title) == panel.title.text() == "survey.md：1 个快照"
    window.shutdown()
