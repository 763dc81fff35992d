"""QA29a D7: in "§3.1/§3.2/§3.3 CJK 18/3/3" with 18 wrong (8 measured, and stated as 8 in the footer), the editor
underlined "18/3/3" whole, so the right 3 and 3 looked wrong too. The figure's own underline was its number, but the
finding that it is stated otherwise elsewhere was drawn over the word at its column, and the word there is the whole
slash-joined list. A finding at a wrong figure now underlines that figure's number, as the figure's does."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.ui.code_editor import CodeEditor
from editor_app.ui.problem_spans import SpanCache, problem_spans

PACK = house_pack()


def survey(listed: str, footer: str) -> str:
    """§0 states each main line's CJK as a list (8/3/3 measured), the footer one of them again."""
    return "\n".join(["主题综述", "§0 自检栏", f"① §3.1/§3.2/§3.3 CJK {listed} ✅", "三、主线", "3.1 甲", "一二三四五六七",
                      "3.2 乙", "一二", "3.3 丙", "一二", f"Spark · 2026-10-08 · {footer}"])


CASES = [  # (the list, the footer, the members underlined as written)
    ("18/3/3", "§3.1 CJK 8", ["18"]),
    ("8/30/3", "§3.2 CJK 3", ["30"]),
    ("~18/3/3", "§3.1 CJK 8", ["18", "3", "3"]),  # every member an estimate, 18 wrong and stated otherwise too
]


def underlined_on_list_line(text: str, spans) -> list[tuple[int, str]]:
    """(column, text) of each underline on the list's line, none of them "the word at the column"."""
    line = text.split("\n")[2]
    out = []
    for s in spans:
        if s.line == 3:
            assert s.length > 0, f"{s.message!r} underlines the word at column {s.column}, not a figure"
            out.append((s.column, line[s.column - 1:s.column - 1 + s.length]))
    return out


@pytest.mark.parametrize("listed, footer, members", CASES)
def test_only_the_wrong_member_of_a_list_is_underlined(listed, footer, members):
    text = survey(listed, footer)
    a = analyze(text, PACK, today=date(2026, 12, 2))
    said = [f.message for f in a.findings if f.rule == "claims" and f.line == 3]
    assert any("stated as" in m for m in said)  # wrong (or an estimate) and stated otherwise
    figures = {(c.value_column, c.value_text) for c in a.claims if c.line == 3 and not c.ok}
    assert sorted(text for _, text in figures) == sorted(members)
    for cache in (None, SpanCache()):
        got = underlined_on_list_line(text, problem_spans(a, cache))
        assert set(got) == figures  # each underline is a figure's number exactly
        assert len(got) == len(said)  # every finding there is drawn, each once (a wrong figure's own by its claim)


def test_the_editor_draws_the_wrong_member_only(qtbot):
    text = survey("8/30/3", "§3.2 CJK 3")
    a = analyze(text, PACK, today=date(2026, 12, 2))
    editor = CodeEditor()
    qtbot.addWidget(editor)
    editor.resize(900, 300)
    editor.setPlainText(text)
    editor.show()
    qtbot.waitExposed(editor)
    editor.set_problems(problem_spans(a))
    drawn = [u for u in editor.underlines() if u.line == 3]
    assert drawn and {u.text for u in drawn} == {"30"}
    line = text.split("\n")[2]
    assert {(u.start, u.end) for u in drawn} == {(line.index("/30/") + 1, line.index("/30/") + 3)}


def test_a_kept_run_is_drawn_the_same_after_the_next_analysis():
    """The underlines of the claims rule are taken again when its findings are the same objects: the widths of the
    figures come back with them."""
    text = survey("18/3/3", "§3.1 CJK 8")
    a = analyze(text, PACK, today=date(2026, 12, 2))
    cache = SpanCache()
    first = problem_spans(a, cache)
    again = problem_spans(a, cache)
    assert again == first
    assert {shown for _, shown in underlined_on_list_line(text, again)} == {"18"}
