"""QA27f (a user's wish): the find bar had no "whole word" and no "regular expression" option, so renumbering a
section with Replace All "5.1" → "6.1" on the sample replaced 30 matches, not 1: every arXiv id "2605.19537" /
"2605.15040" and every "SGLang v0.5.19" too. "Match whole number/word" finds a match not glued to a digit, a letter
or "." on either side (a CJK character glues to nothing); "Regular expression" reads the text as a pattern, "\\1" in
the replacement its first group. Replace All stays one undo step."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from ui_support import open_window  # noqa: E402


def _bar(qtbot, sample_path, needle: str, replacement: str = "", *, whole=False, regex=False, case=False):
    window = open_window(qtbot, sample_path)
    bar = window.find_bar
    bar.open_bar(replace=True)
    bar.field.setText(needle)
    bar.replacement.setText(replacement)
    bar.whole.setChecked(whole)
    bar.regex.setChecked(regex)
    bar.case.setChecked(case)
    return window, bar


def test_replace_all_a_whole_number_leaves_arxiv_ids_and_versions_alone(qtbot, sample_path):
    window, bar = _bar(qtbot, sample_path, "5.1", "6.1", whole=True)
    before = window.current_text()
    assert before.count("5.1") == 30  # what the tester's Replace All replaced
    assert bar.replace_all() == 1  # before: no such option
    after = window.current_text()
    assert after == before.replace("5.1 立标池主表", "6.1 立标池主表")
    assert after.count("2605.19537") == before.count("2605.19537") and "v0.5.19" in after
    assert bar.status.text() == "1 replaced"
    window.editor.undo()  # one step takes it back
    assert window.current_text() == before


def test_without_the_option_every_match_is_replaced_as_before(qtbot, sample_path):
    window, bar = _bar(qtbot, sample_path, "5.1", "6.1")
    assert bar.replace_all() == 30


def test_a_whole_number_is_found_beside_cjk_and_brackets_not_inside_a_longer_one(qtbot, sample_path):
    from editor_app.ui.find_bar import search_pattern

    rx = search_pattern("5.1", case=False, whole=True, regex=False)
    assert [t for t in ("§5.1 立标池", "见5.1节", "（5.1）", "5.1", "2605.19537", "v0.5.19", "5.1.2", "x5.1", "5.10")
            if rx.match(t).hasMatch()] == ["§5.1 立标池", "见5.1节", "（5.1）", "5.1"]
    word = search_pattern("vllm", case=False, whole=True, regex=False)
    assert [t for t in ("用vLLM推理", "vLLM-Omni", "vLLMs", "my_vllm") if word.match(t).hasMatch()] == \
        ["用vLLM推理", "vLLM-Omni"]


def test_find_next_and_replace_with_a_whole_number(qtbot, sample_path):
    window, bar = _bar(qtbot, sample_path, "5.1", "6.1", whole=True)
    assert bar.find_next()
    cursor = window.editor.textCursor()
    assert cursor.selectedText() == "5.1" and cursor.blockNumber() == 53  # line 54, the heading
    assert bar.find_next()  # the only one: found again (wrapped)
    assert window.editor.textCursor().blockNumber() == 53
    before = window.current_text()
    bar.replace_one()
    assert window.current_text() == before.replace("5.1 立标池主表", "6.1 立标池主表")


def test_a_regular_expression_with_groups_in_the_replacement(qtbot, sample_path):
    window, bar = _bar(qtbot, sample_path, r"^5\.([123]) ", r"6.\1 ", regex=True)
    before = window.current_text()
    assert bar.replace_all() == 3  # the three subsection headings, nothing else
    after = window.current_text()
    for n in "123":
        assert f"\n6.{n} " in after and f"\n5.{n} " not in after
    assert after.count("2605.19537") == before.count("2605.19537")
    window.editor.undo()
    assert window.current_text() == before


def test_regex_and_whole_together_and_case(qtbot, sample_path):
    window, bar = _bar(qtbot, sample_path, r"SGLANG v\d+\.\d+\.\d+", "X", regex=True, whole=True, case=True)
    assert bar.replace_all() == 0 and bar.status.text() == "Not found"  # "SGLang …": the case is matched
    bar.case.setChecked(False)
    count = window.current_text().lower().count("sglang v0.5.19")
    assert count and bar.replace_all() == count


def test_an_invalid_or_empty_matching_expression(qtbot, sample_path):
    window, bar = _bar(qtbot, sample_path, "5.1(", "x", regex=True)
    before = window.current_text()
    assert not bar.find_next()
    assert bar.status.text().startswith("Invalid regular expression: ")
    assert bar.replace_all() == 0 and window.current_text() == before
    bar.field.setText("(?=。)")  # matches empty text only: no endless loop, nothing replaced
    assert bar.replace_all() == 0 and window.current_text() == before


def test_the_options_in_chinese(qtbot, sample_path, zh_translation):
    _window, bar = _bar(qtbot, sample_path, "5.1")
    assert bar.whole.text() != "Match whole number/word" and bar.regex.text() != "Regular expression"
    assert "2605.19537" in bar.whole.toolTip()
