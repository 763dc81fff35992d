"""QA28f D2: Replace All with the text it finds ("CJK" -> "CJK", "⚠️" -> "⚠️") said "79 replaced", marked the survey
modified (closing asked to save a text byte for byte the file's) and cleared Redo. Now nothing is edited and the bar
says every match already reads so; Replace (one) likewise leaves such a match alone."""

from __future__ import annotations

from ui_support import open_window


def _bar(qtbot, sample_path, needle: str, replacement: str, *, regex: bool = False):
    window = open_window(qtbot, sample_path)
    bar = window.find_bar
    bar.open_bar()
    bar.field.setText(needle)
    bar.replacement.setText(replacement)
    bar.regex.setChecked(regex)
    return window, bar


def test_replace_all_with_the_same_text_changes_nothing(qtbot, sample_path):
    window, bar = _bar(qtbot, sample_path, "⚠️", "⚠️")
    before = window.current_text()
    assert not window.editor.document().isModified()
    assert bar.replace_all() == 0
    assert window.current_text() == before
    assert not window.editor.document().isModified()
    assert bar.status.text() == "79 found, each already reads so: nothing changed"


def test_a_regex_whose_replacement_rebuilds_the_match_changes_nothing(qtbot, sample_path):
    window, bar = _bar(qtbot, sample_path, r"CJK (\d)", r"CJK \1", regex=True)
    before = window.current_text()
    assert bar.replace_all() == 0 and window.current_text() == before
    assert not window.editor.document().isModified()


def test_other_matches_are_still_replaced_and_undone_in_one_step(qtbot, sample_path):
    window, bar = _bar(qtbot, sample_path, "KVarN", "KVarN2")
    before = window.current_text()
    count = bar.replace_all()
    assert count == before.count("KVarN") and window.current_text() == before.replace("KVarN", "KVarN2")
    window.editor.undo()
    assert window.current_text() == before


def test_replace_one_with_the_same_text_leaves_the_survey_unmodified(qtbot, sample_path):
    window, bar = _bar(qtbot, sample_path, "KVarN", "KVarN")
    assert bar.find_next()
    bar.replace_one()
    assert not window.editor.document().isModified()
