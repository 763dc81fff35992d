"""QA: diffs of two drafts of a long survey (History, crash recovery) no longer take difflib's minutes when the
drafts share most of their lines; every diff still pairs each line with itself and reads as before."""

from __future__ import annotations

import random
import time

from editor_app.core.textdiff import change_summary, side_by_side_html, side_by_side_rows, unified_diff


def test_a_long_survey_edited_in_one_place_is_compared_at_once(sample_text):
    lines = sample_text.split("\n") * 300  # 5 MB, 33,900 lines, each repeated 300 times: difflib's worst case
    edited = list(lines)
    edited[16950] += "（改）"
    old, new = "\n".join(lines), "\n".join(edited)
    started = time.perf_counter()
    assert change_summary(old, new) == "+1 −1 lines"
    html = side_by_side_html(old, new, "save", "editor")
    diff = unified_diff(old, new, "save", "editor")
    assert time.perf_counter() - started < 3.0  # was ~11 s
    assert "（改）" in html and diff.startswith("--- save\n+++ editor\n@@ -16948,7 +16948,7 @@")


def test_every_diff_still_pairs_the_lines_of_both_drafts(sample_text):
    pool = sample_text.split("\n") + ["", "| --- | --- |"]
    rng = random.Random(11)
    for _ in range(400):
        a = [rng.choice(pool) for _ in range(rng.randint(0, 25))]
        b = list(a)
        for _ in range(rng.randint(0, 5)):
            op = rng.random()
            if op < 0.4 and b:
                b[rng.randrange(len(b))] += "改"
            elif op < 0.7:
                b.insert(rng.randint(0, len(b)), rng.choice(pool))
            elif b:
                del b[rng.randrange(len(b))]
        old, new = "\n".join(a), "\n".join(b)
        rows = side_by_side_rows(old, new, context=None)
        assert [r.old_text for r in rows if r.old_line] == old.splitlines()
        assert [r.new_text for r in rows if r.new_line] == new.splitlines()
        assert all(r.old_text == r.new_text for r in rows if r.tag == "equal")
        diff = unified_diff(old, new)
        minus = sum(1 for x in diff.split("\n") if x.startswith("-") and not x.startswith("---"))
        plus = sum(1 for x in diff.split("\n") if x.startswith("+") and not x.startswith("+++"))
        assert change_summary(old, new) == f"+{plus} −{minus} lines"
        assert (diff == "") == (old.splitlines() == new.splitlines())


def test_an_autosave_edited_at_both_ends_pairs_the_copies_of_a_repeated_survey(sample_text):
    """Recovery of a long draft: no common first or last line, every line repeated. difflib paired the wrong copies
    and showed half the survey as changed (16,951 rows, 17 M characters of HTML at 8 MB, a 27 s freeze)."""
    lines = sample_text.rstrip("\n").split("\n") * 100
    edited = list(lines)
    edited[0] += "（崩溃前改）"
    edited[-1] += "（尾）"
    edited.insert(len(lines) // 2, "崩溃前在中间加的一行")
    old, new = "\n".join(lines), "\n".join(edited)
    changed = [(r.tag, r.old_line, r.new_line) for r in side_by_side_rows(old, new) if r.tag not in ("equal", "gap")]
    middle = len(lines) // 2
    assert changed == [("replace", 1, 1), ("insert", None, middle + 1), ("replace", len(lines), len(edited))]
    assert change_summary(old, new) == "+3 −2 lines"
    assert len(side_by_side_html(old, new)) < 20_000


def test_history_compare_of_two_long_drafts_shows_a_bounded_side_by_side():
    """History → compare of two drafts that differ everywhere laid out every row (17,000 froze the window ~20 s, as
    the recovery offer did); the side-by-side is cut like the offer's, the unified diff stays whole."""
    from editor_app.ui import history_panel

    old = "\n".join(f"第 {i} 行 旧" for i in range(5000))
    new = "\n".join(f"第 {i} 行 新" for i in range(5000))
    title, comparison = history_panel.compare_drafts(old, new, "a", "b")
    side, unified = comparison.side_by_side, comparison.unified
    assert side.count("<tr>") <= history_panel.DIFF_ROWS + 3
    assert unified.count("\n+第") == 5000 and "+5000 −5000 lines" in title


def test_lines_that_start_like_a_diffs_headers_are_counted():
    """A removed Markdown rule `---` and an added `++i` line were left out of "+N −M lines" (the count read the
    unified diff's text and took them for its `---`/`+++` headers): the recovery offer said +0 −0 for them."""
    from editor_app.core.textdiff import change_counts, counted_side_by_side

    old = "# 标题\n---\n正文\n--flag 旧\n"
    new = "# 标题\n正文\n++i\n--flag 新\n"
    assert change_counts(old, new) == (2, 2)  # "++i" and "--flag 新" added; "---" and "--flag 旧" removed
    added, removed, html = counted_side_by_side(old, new)
    assert (added, removed) == (2, 2) and "++i" in html
    assert change_summary(old, new) == "+2 −2 lines"
