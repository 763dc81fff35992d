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


def _unmarked(html: str) -> str:
    """The table without the marks of changed characters (they split a line's text)."""
    import re

    return re.sub(r"<span style=[^>]*>|</span>", "", html)


def test_side_by_side_html_escapes_markup():
    html = _unmarked(side_by_side_html("<script>alert(1)</script>\n", "<b>x</b>\n", "a & b", "c"))
    assert "<script>" not in html and "&lt;script&gt;" in html and "a &amp; b" in html
    assert "No differences." in side_by_side_html("同\n", "同\n")


def test_change_summary_counts_lines():
    assert change_summary(OLD, NEW) == "+2 −2 lines"


def test_every_diff_is_a_shortest_one():
    """As few lines deleted and inserted as possible (the longest common subsequence kept), even when lines repeat."""
    import random

    def longest_common(a: list[str], b: list[str]) -> int:
        row = [0] * (len(b) + 1)
        for x in a:
            diagonal, row[0] = 0, 0
            for j, y in enumerate(b, 1):
                diagonal, row[j] = row[j], diagonal + 1 if x == y else max(row[j], row[j - 1])
        return row[-1]

    rng = random.Random(5)
    for _ in range(500):
        pool = ["| --- |", "", "⚠️ 待核", "第一行", "第二行"][: rng.randint(1, 5)]
        a = [rng.choice(pool) for _ in range(rng.randint(0, 14))]
        b = [rng.choice(pool) for _ in range(rng.randint(0, 14))]
        old, new = "\n".join(a), "\n".join(b)
        rows = side_by_side_rows(old, new, context=None)
        kept = sum(1 for r in rows if r.tag == "equal")
        assert kept == longest_common(old.splitlines(), new.splitlines()), (a, b)


def test_side_by_side_html_can_leave_out_rows_beyond_a_limit():
    old = "".join(f"旧{i}\n" for i in range(50))
    new = "".join(f"新{i}\n" for i in range(50))
    html = _unmarked(side_by_side_html(old, new, max_rows=10))
    assert "旧9" in html and "旧10" not in html and "40 more rows not shown" in html
    assert "not shown" not in side_by_side_html(old, new)
