"""QA (qa12): suppression comments that silence nothing, and one that silences too much.

- D7: a comment shown in inline code (`<!-- survey-check disable no-todo -->`) or in an indented code block is an
  example, as one in a fenced code block is: it silenced its line.
- D13: a `disable` block never closed silenced the rest of the file without a word; now a warning on its line.
"""

from __future__ import annotations

from pack_support import MINIMAL

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import parse_pack
from editor_app.core.suppression import directives_in_line, in_indented_code

PACK = MINIMAL + ('[[rules]]\nid = "no-todo"\nkind = "forbidden-pattern"\npattern = "TODO"\nlevel = "warning"\n'
                  '[[rules]]\nid = "no-secret"\nkind = "forbidden-pattern"\npattern = "SECRET"\n'
                  "unsuppressible = true\n")


def _todo_lines(text: str, analyzer: Analyzer | None = None) -> list[int]:
    analysis = (analyzer or Analyzer(parse_pack(PACK, "t.toml"))).analyze(text)
    return [f.line for f in analysis.findings if f.rule == "no-todo"]


def test_a_comment_in_inline_code_silences_nothing():
    assert _todo_lines("一、引言\nWrite `<!-- survey-check disable no-todo -->` after a TODO line.\n") == [2]
    assert _todo_lines("一、引言\nA TODO ``x <!-- survey-check disable no-todo --> y``.\n") == [2]
    # outside the code span it still silences, and a lone backtick opens no span
    assert _todo_lines("一、引言\nA TODO in `code`. <!-- survey-check disable no-todo -->\n") == []
    assert _todo_lines("一、引言\nA TODO, a ` tick. <!-- survey-check disable no-todo -->\n") == []
    assert directives_in_line("`<!-- survey-check disabel x -->`") == ()  # an example of a wrong one: not said


def test_a_comment_in_an_indented_code_block_silences_nothing():
    text = "一、引言\n\n    TODO indented code <!-- survey-check disable no-todo -->\n"
    assert _todo_lines(text) == [3]
    fenced_then_indented = "一、引言\n~~~\nx\n~~~\n    TODO code <!-- survey-check disable no-todo -->\n"
    assert _todo_lines(fenced_then_indented) == [5]


def test_an_indented_comment_in_a_list_item_or_a_paragraph_still_silences():
    assert _todo_lines("一、引言\n- item\n\n    TODO more <!-- survey-check disable no-todo -->\n") == []
    assert _todo_lines("一、引言\nA paragraph\n    TODO on <!-- survey-check disable no-todo -->\n") == []
    lines = ["一、引言", "A paragraph", "    TODO"]
    assert not in_indented_code(lines, 3) and not in_indented_code(lines, 2)


def test_a_line_made_blank_above_an_indented_comment_is_seen_by_the_next_pass():
    analyzer = Analyzer(parse_pack(PACK, "t.toml"))
    before = "一、引言\nA paragraph\n    TODO on <!-- survey-check disable no-todo -->\n文字\n"
    after = "一、引言\n\n    TODO on <!-- survey-check disable no-todo -->\n文字\n"
    assert _todo_lines(before, analyzer) == []
    assert _todo_lines(after, analyzer) == [3] == _todo_lines(after)


def _suppression(text: str) -> list[tuple[int, str]]:
    analysis = Analyzer(parse_pack(PACK, "t.toml")).analyze(text)
    return [(f.line, f.message) for f in analysis.findings if f.rule == "suppression"]


def test_a_disable_block_never_closed_is_said_on_its_line():
    text = "一、引言\n\n<!-- survey-check disable no-todo -->\nA TODO.\n\nMuch later, another TODO.\n"
    assert _suppression(text) == [(3, "<!-- survey-check disable no-todo --> is never closed: no-todo is silenced "
                                      "to the end of the file (close it with <!-- survey-check enable no-todo -->)")]
    assert _todo_lines(text) == []  # it still silences, as documented: the warning says so
    closed = text.replace("\n\nMuch", "\n<!-- survey-check enable no-todo -->\nMuch")
    assert _suppression(closed) == [] and _todo_lines(closed) == [6]
    # a rule that refuses (its refusal is said) or an unknown id (said as such) gets no second warning
    assert [m for _, m in _suppression("一、引言\n<!-- survey-check disable no-secret -->\nx\n")] == []
    assert [m.split(" in ")[0] for _, m in _suppression("一、引言\n<!-- survey-check disable no-tod -->\nx\n")] == [
        "unknown rule id 'no-tod'"]
