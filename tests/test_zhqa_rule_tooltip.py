"""QA (the Chinese window, keyboard only): a rule's tooltip began "cjk-total (count, error)": the level is the
program's word, in the window's language now ("错误", "警告", "提示"); the id stays as the pack writes it, the kind is
named in Chinese before the pack's keyword (QA26c D4, test_qa26c_d4_rule_kind_words)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor_app.ui.table_models import ROW_ROLE
from ui_support import open_window


def _first_lines(window) -> dict[str, str]:
    model = window.selfcheck.rules_view.model()
    return {model.index(r, 0).data(ROW_ROLE).id: model.index(r, 0).data(Qt.ItemDataRole.ToolTipRole).split("\n")[0]
            for r in range(model.rowCount())}


def test_the_rule_tooltip_says_the_level_in_chinese(qtbot, chinese, zh_translation, sample_path):
    tips = _first_lines(open_window(qtbot, sample_path))
    assert tips["cjk-total"] == "cjk-total（计数 count，错误）"
    assert tips["confluence-link-length"] == "confluence-link-length（计数 count，警告）"
    assert tips["bare-caution"] == "bare-caution（禁用模式 forbidden-pattern，提示）"


def test_the_english_window_keeps_the_packs_words(qtbot, sample_path):
    assert _first_lines(open_window(qtbot, sample_path))["cjk-total"] == "cjk-total (count, error)"
