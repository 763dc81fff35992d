"""QA27f D1: Update Self-check Figures rewrote the total of a stated sum that added up, so the sum became wrong, and
the dialog did not say so. "① CJK 实测 28（20 + 8）" measured 30 was offered as "line 3: CJK 28 → 30" and nothing
else; after Apply the survey read "30（20 + 8）", a new wrong figure ("CJK=4,189（越线 3,900 硬约束 +289）" became
"11,346（…）" in the tester's scenario). The dialog only named the sums that were wrong before the update.

Now a rewrite that would make a stated sum that adds up stop adding up (its total rewritten and not its parts, or
parts and not the total) is held back, with the statement's other rewrites, and the dialog names it under what it
leaves for the user, with its line; rewrites of a total and its parts to measured values that still add up are made.
Applying never leaves a figure wrong that was right: survey-check's claims after it say so."""

from __future__ import annotations

import json

import pytest

from editor_app.cli import main as survey_check
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

HEAD = "主题综述 · 测试\n§0 自检栏\n"
BODY = "一、正文\n这是一段中文正文内容用于测试。\n"
FOOT = "Spark · 2026-09-14 21:30 CST · CJK 实测 99"  # wrong in every case: rewritten

# the §0 line(s) -> the rewrites held back: (line, old, new, role, the line the sum is told on, that of its total);
# each sum adds up before the update
HELD = {
    "the total of a sum that adds up": ("① CJK 实测 28（20 + 8）\n", [(3, "28", "30", "total", 3)]),
    "the tester's line": ("① CJK=28（越线 20 硬约束 +8）\n", [(3, "28", "33", "total", 3)]),
    "the total of a sum kept open over two lines": ("① CJK 实测 28（20\n+ 8）\n", [(3, "28", "30", "total", 3)]),
    "parts rewritten and not the total": ("① CJK（header 6 + §0 5 + §一 15 + footer 2）| 28\n",
                                          [(3, "5", "4", "part", 3), (3, "15", "17", "part", 3)]),
    "parts over two lines and not the total": ("① CJK（header 6 + §0 5\n+ §一 15 + footer 2）| 28\n",
                                               [(3, "5", "4", "part", 4), (4, "15", "17", "part", 4)]),
}
# rewritten whole: the total and its parts to measured values that still add up
CONSISTENT = {
    "a total and its parts": "① CJK 实测 28（header 6 + §0 5 + §一 15 + footer 2）\n",
    "a total and its parts over two lines": "① CJK 实测 28（header 6 + §0 5\n+ §一 15 + footer 2）\n",
}


def _checked(path, capsys) -> list[dict]:
    """survey-check --format json's claims of the file."""
    capsys.readouterr()
    survey_check(["--format", "json", str(path)])
    return json.loads(capsys.readouterr().out)["claims"]


def _wrong(claims: list[dict]) -> set[tuple]:
    return {(c["line"], c["kind"], c["metric"], c["scope"]) for c in claims if c["ok"] is False}


def _applied(tmp_path, capsys, text: str) -> tuple[list[dict], list[dict], str]:
    """survey-check's claims before and after the update is applied to `text`, and the text after."""
    before_path, after_path = tmp_path / "before.md", tmp_path / "after.md"
    before_path.write_text(text, encoding="utf-8")
    new = updated_self_check_text(text, analyze(text, house_pack()))
    after_path.write_text(new, encoding="utf-8")
    return _checked(before_path, capsys), _checked(after_path, capsys), new


@pytest.mark.parametrize("case", sorted(HELD))
def test_a_rewrite_that_would_break_a_right_sum_is_held_back(case):
    from editor_app.core.selfcheck_update import self_check_update

    lines, expected = HELD[case]
    text = HEAD + lines + BODY + FOOT
    plan = self_check_update(text, analyze(text, house_pack()))
    assert [(h.update.line, h.update.old, h.update.new, h.role, h.stated_line, h.kind) for h in plan.held] == \
        [(*e, "sum") for e in expected]
    # the figure no sum holds is rewritten all the same: the footer's CJK
    assert [(u.line, u.old) for u in plan.updates] == [(len(text.split("\n")), "99")]


@pytest.mark.parametrize("case", sorted(HELD) + sorted(CONSISTENT))
def test_applying_the_update_makes_no_right_figure_wrong(tmp_path, capsys, case):
    text = HEAD + (HELD[case][0] if case in HELD else CONSISTENT[case]) + BODY + FOOT
    before, after, new = _applied(tmp_path, capsys, text)
    assert new != text  # (the footer at least is rewritten)
    assert [c for c in before if c["kind"] == "sum"] and all(c["ok"] for c in before if c["kind"] == "sum")
    assert _wrong(after) <= _wrong(before), _wrong(after) - _wrong(before)  # before: "30（20 + 8）" wrong
    assert all(c["ok"] for c in after if c["kind"] == "sum")
    if case in CONSISTENT:  # the total and its parts written together: nothing left wrong
        assert not _wrong(after)
        assert "① CJK 实测 31（header 6 + §0 6" in new


def test_the_tester_files(tmp_path, capsys):
    """min/sum.md as the tester wrote it: nothing to rewrite but the total, which is held back; the file after the
    update is the file before."""
    text = HEAD + "① CJK 实测 28（20 + 8）\n" + BODY + "Spark · 2026-09-14 21:30 CST · CJK 实测 30"
    before, after, new = _applied(tmp_path, capsys, text)
    assert new == text
    assert _wrong(before) == _wrong(after) == {(3, "value", "cjk", "document")}


def test_a_sum_wrong_before_is_still_rewritten_as_before():
    """A sum already wrong is no reason to hold its total back: it is named as before, among the wrong sums left."""
    from editor_app.core.selfcheck_update import self_check_update

    text = HEAD + "① CJK 实测 28（20 + 9）\n" + BODY + FOOT
    plan = self_check_update(text, analyze(text, house_pack()))
    assert not plan.held
    assert [(u.line, u.old) for u in plan.updates][0] == (3, "28")


# ---- the window ---------------------------------------------------------------------------------------------------

pytest.importorskip("pytestqt")


def _update_in_window(qtbot, monkeypatch, path, rewrites=True):
    from PySide6.QtWidgets import QDialog, QLabel, QMessageBox

    from editor_app.ui import export_actions
    from ui_support import open_window, wait_analysis

    window = open_window(qtbot, path)
    actions = export_actions.install(window)
    shown: dict = {}

    def fake_exec(dialog):
        note = dialog.findChild(QLabel, "left_alone")
        shown["left_alone"] = note.text() if note is not None else None
        shown["changes"] = dialog.findChild(export_actions.QPlainTextEdit, "changes").toPlainText()
        return QDialog.DialogCode.Accepted

    told: list[str] = []
    monkeypatch.setattr(export_actions.SelfCheckDiffDialog, "exec", fake_exec)
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text, *a: told.append(text))
    if not rewrites:
        return window, actions.update_self_check_figures(), shown, told
    with wait_analysis(qtbot, window):
        applied = actions.update_self_check_figures()
    return window, applied, shown, told


def test_the_dialog_names_the_total_it_holds_back_and_apply_makes_nothing_wrong(qtbot, monkeypatch, tmp_path,
                                                                                capsys):
    path = tmp_path / "s.md"
    text = HEAD + "① CJK=28（越线 20 硬约束 +8）\n" + BODY + FOOT
    path.write_text(text, encoding="utf-8")
    before = _checked(path, capsys)
    window, applied, shown, _told = _update_in_window(qtbot, monkeypatch, path)
    assert applied
    assert shown["changes"] == "line 6: CJK 99 → 33"  # before: "line 3: CJK 28 → 33" too
    note = shown["left_alone"]
    assert note is not None  # before: no note at all
    assert note.startswith("Left as written: 1 figure in a stated sum or ratio that is right now")
    assert "line 3: CJK 28 → 33, the total of the stated sum 28（越线 20 硬约束 +8）" in note
    assert window.save()
    after = _checked(path, capsys)
    assert _wrong(after) == _wrong(before) - {(6, "value", "cjk", "document")}  # the footer's, rewritten
    assert _wrong(after) == {(3, "value", "cjk", "document")}  # the total held back: still wrong, and said
    assert path.read_text(encoding="utf-8").split("\n")[2] == "① CJK=28（越线 20 硬约束 +8）"


def test_the_parts_held_back_are_named_with_the_sum_and_its_line(qtbot, monkeypatch, tmp_path):
    path = tmp_path / "s.md"
    path.write_text(HEAD + HELD["parts over two lines and not the total"][0] + BODY + FOOT, encoding="utf-8")
    _window, _applied_, shown, _told = _update_in_window(qtbot, monkeypatch, path)
    note = shown["left_alone"]
    assert note.startswith("Left as written: 2 figures in stated sums or ratios")
    assert "line 4: CJK (§一) 15 → 17, a part of the stated sum CJK（header 6 + §0 5 + §一 15 + footer 2）| 28 " \
           "(line 4)" in note


def test_nothing_rewritten_says_what_is_held_back(qtbot, monkeypatch, tmp_path):
    """The tester's min/sum.md: its one rewrite is held back; the message says which and why."""
    path = tmp_path / "s.md"
    text = HEAD + "① CJK 实测 28（20 + 8）\n" + BODY + "Spark · 2026-09-14 21:30 CST · CJK 实测 30"
    path.write_text(text, encoding="utf-8")
    window, applied, shown, told = _update_in_window(qtbot, monkeypatch, path, rewrites=False)
    assert not applied and not shown
    assert len(told) == 1 and "line 3: CJK 28 → 30, the total of the stated sum 28（20 + 8）" in told[0]
    assert window.current_text() == text


def test_the_note_in_chinese(qtbot, monkeypatch, tmp_path, chinese, zh_translation):
    path = tmp_path / "s.md"
    path.write_text(HEAD + "① CJK=28（越线 20 硬约束 +8）\n" + BODY + FOOT, encoding="utf-8")
    _window, _applied_, shown, _told = _update_in_window(qtbot, monkeypatch, path)
    note = shown["left_alone"]
    assert "Left as written" not in note and "the total of" not in note
    assert note.startswith("保留原样：1 处数字属于目前正确的声明加和或比例")
    assert "第 3 行" in note and "28（越线 20 硬约束 +8）" in note
