"""QA28b D7: "Counters per section" ordered its columns by the house pack's order for every pack (METRIC_ORDER):
the English pack, which declares words, lines, ⚠️, TODO, got ⚠️ | lines | words | list items | TODO, its main
counter third after a ⚠️ it has no rule for. The columns follow the pack's counters in its order, list items last."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack, load_pack
from editor_app.ui.main_window import counter_labels
from editor_app.ui.selfcheck_panel import SelfCheckPanel

ENGLISH_PACK = Path(__file__).resolve().parent.parent / "resources/rulepacks/english-markdown.toml"


def _heads(qtbot, text: str, pack) -> list[str]:
    panel = SelfCheckPanel()
    qtbot.addWidget(panel)
    panel.show_analysis(analyze(text, pack), counter_labels=counter_labels(pack))
    model = panel.sections_model
    return [model.headerData(k, Qt.Orientation.Horizontal) for k in range(2, model.columnCount())]


def test_the_english_pack_s_columns_are_in_its_order(qtbot):
    heads = _heads(qtbot, "# Survey\n\n## 1 Intro\n\nSome words. TODO ⚠️\n\n- an item\n", load_pack(ENGLISH_PACK))
    assert heads[:4] == ["words", "lines", "⚠️", "TODO"]
    assert len(heads) == 5  # and list items last


def test_the_house_pack_s_columns_are_in_its_order(qtbot, sample_text):
    pack = house_pack()
    labels = counter_labels(pack)
    assert _heads(qtbot, sample_text, pack)[:len(pack.counters)] == [labels[n] for n in pack.counters]
