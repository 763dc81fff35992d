"""QA (the Chinese window, keyboard only): a rule's tooltip began "cjk-total (count, error)": the level is the
program's word, in the window's language now ("错误", "警告", "提示"); the id and kind stay as the pack writes them."""

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
    assert tips["cjk-total"] == "cjk-total (count, 错误)"
    assert tips["confluence-link-length"] == "confluence-link-length (count, 警告)"
    assert tips["bare-caution"] == "bare-caution (forbidden-pattern, 提示)"


def test_the_english_window_keeps_the_packs_words(qtbot, sample_path):
    assert _first_lines(open_window(qtbot, sample_path))["cjk-total"] == "cjk-total (count, error)"
