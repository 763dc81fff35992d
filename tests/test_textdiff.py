"""Diffs of two drafts: unified text, aligned side-by-side rows, escaped HTML."""

from __future__ import annotations

from editor_app.core.textdiff import change_summary, side_by_side_html, side_by_side_rows, unified_diff

OLD = "".join(f"第{i}行\n" for i in range(1, 21))
NEW = OLD.replace("第5行\n", "第5行（改）\n").replace("第12行\n", "") + "新的一行\n"


def test_unified_diff_names_both_sides_and_the_changes():
    diff = unified_diff(OLD, NEW, "save 10:00", "editor")
    assert diff.startswith("--- save 10:00\n+++ editor")
    assert "-第5行\n+第5行（改）" in diff and "-第12行" in diff and "+新的一行" in diff
    assert unified_diff(OLD, OLD) == ""


def test_side_by_side_rows_align_lines_and_cut_unchanged_runs():
    rows = side_by_side_rows(OLD, NEW, context=1)
    changed = [r for r in rows if r.tag not in ("equal", "gap")]
    assert [(r.tag, r.old_line, r.new_line) for r in changed] == [
        ("replace", 5, 5), ("delete", 12, None), ("insert", None, 20)]
    assert any(r.tag == "gap" for r in rows)
    assert len(side_by_side_rows(OLD, NEW, context=None)) == 21  # every line, aligned


def test_side_by_side_html_escapes_markup():
    html = side_by_side_html("<script>alert(1)</script>\n", "<b>x</b>\n", "a & b", "c")
    assert "<script>" not in html and "&lt;script&gt;" in html and "a &amp; b" in html
    assert "No differences." in side_by_side_html("同\n", "同\n")


def test_change_summary_counts_lines():
    assert change_summary(OLD, NEW) == "+2 −2 lines"
