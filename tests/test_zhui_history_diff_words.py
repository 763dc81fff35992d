"""History's side-by-side comparison in the Chinese window said "No differences." (and "… 40 more rows not shown.")
in English: textdiff wrote them into its table, while the unified view beside it said 没有差异。 The window now
passes the table's sentences in its language (history_panel.diff_words), to the comparison and to the recovery
offer."""

from __future__ import annotations

from editor_app.ui.history_panel import DIFF_ROWS, compare_drafts, compare_for_recovery


def test_no_differences_in_chinese(zh_translation):
    _title, comparison = compare_drafts("同一行\n", "同一行\n", "保存 10:00", "编辑器")
    assert "没有差异。" in comparison.side_by_side and "No differences" not in comparison.side_by_side
    assert comparison.unified == ""  # (the unified view says 没有差异。 itself)


def test_rows_left_out_in_chinese(zh_translation):
    old = "".join(f"旧{i}\n" for i in range(DIFF_ROWS + 40))
    new = "".join(f"新{i}\n" for i in range(DIFF_ROWS + 40))
    _summary, side_by_side = compare_for_recovery(old, new, "文件", "自动保存")
    assert "另有" in side_by_side and "行未显示" in side_by_side and "not shown" not in side_by_side


def test_english_as_before():
    _title, comparison = compare_drafts("a\n", "a\n", "Save 10:00", "Editor")
    assert "<i>No differences.</i>" in comparison.side_by_side
