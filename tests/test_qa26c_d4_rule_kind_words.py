"""QA26c D4 (the Chinese window): a rule's tooltip kept its kind in English beside a Chinese level ("cjk-total
(count, 错误)"). The kind is now named in Chinese, the pack's keyword after it for the pack's author ("计数 count");
the English window shows the keyword alone, as before."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor_app.ui.table_models import ROW_ROLE
from ui_support import open_window


def _first_lines(window) -> dict[str, tuple[str, str]]:
    """Each rule's (kind, first line of its tooltip)."""
    model = window.selfcheck.rules_view.model()
    rows = [model.index(r, 0) for r in range(model.rowCount())]
    return {i.data(ROW_ROLE).id: (i.data(ROW_ROLE).kind, i.data(Qt.ItemDataRole.ToolTipRole).split("\n")[0])
            for i in rows}


def test_the_chinese_tooltip_names_the_kind_in_chinese_and_keeps_the_keyword(qtbot, chinese, zh_translation,
                                                                             sample_path):
    tips = _first_lines(open_window(qtbot, sample_path))
    assert tips["cjk-total"][1] == "cjk-total（计数 count，错误）"  # before: "cjk-total (count, 错误)"
    assert tips["bare-caution"][1] == "bare-caution（禁用模式 forbidden-pattern，提示）"
    assert tips["arxiv-ids"][1] == "arxiv-ids（引用 references，错误）"
    for kind, first in tips.values():  # every kind the house pack uses: a Chinese word before the keyword
        words = first[first.index("（") + 1:first.index(f" {kind}，")]
        assert words and all("\u4e00" <= ch <= "\u9fff" for ch in words), first


def test_the_english_tooltip_keeps_the_keyword_alone(qtbot, sample_path):
    tips = _first_lines(open_window(qtbot, sample_path))
    assert tips["cjk-total"][1] == "cjk-total (count, error)"
    assert all(first.endswith(f" ({kind}, {first.rsplit(', ', 1)[1]}") for kind, first in tips.values())
