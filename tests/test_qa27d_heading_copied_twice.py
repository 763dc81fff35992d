"""QA27d D1: a section heading copied further down ("5.1 立标池主表…" pasted again in §五, two "## 3.1" in a Markdown
survey) was taken without a word when no § reference named it: section-refs passed, and a scope or a claim about
that number was only ambiguous where one existed. The section-refs rule now says it at the copy, with both lines:
"section 5.1 is headed twice, on lines 54 and 67"; claims naming the number stay "not measured" (ambiguous), and
the editor's analyzer, edit by edit, agrees with a fresh analysis."""

from __future__ import annotations

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack, parse_pack
from editor_app.formats import verdict
from editor_app.wording import EngineText

HEADING_5_1 = "5.1 立标池主表（5 件主轴 arXiv + 立标等级 + 抽检事实）"


def _copied(sample_text: str, heading_start: str, before: str) -> tuple[str, int, int]:
    """The sample with the heading line starting `heading_start` pasted again right before the line starting
    `before`; (text, the heading's line, the copy's line)."""
    lines = sample_text.split("\n")
    first = next(i for i, ln in enumerate(lines) if ln.startswith(heading_start))
    at = next(i for i, ln in enumerate(lines) if ln.startswith(before))
    assert first < at
    lines.insert(at, lines[first])
    return "\n".join(lines), first + 1, at + 1


def _refs(a):
    return next(r for r in a.rules if r.kind == "section-refs")


def _face(a):
    return [(r.id, r.status, r.measured, r.note, [(f.line, f.column, f.message) for f in r.findings]) for r in a.rules]


def test_a_copied_heading_no_reference_names_is_a_warning_with_both_lines(sample_text):
    text, first, copy = _copied(sample_text, "5.1 ", "5.3 ")
    assert text.split("\n")[copy - 1] == HEADING_5_1
    a = analyze(text, house_pack())
    r = _refs(a)
    said = [f for f in r.findings if "headed" in f.message]
    assert [(f.line, f.column, f.level, f.message) for f in said] == [
        (copy, 1, "warning", f"section 5.1 is headed twice, on lines {first} and {copy}")]
    assert r.status == "fail" and r.measured == 1
    assert r.note == "1 section number headed more than once; 69 § references, 0 naming no section"
    assert "section-refs" in {rr.id for rr in verdict(a).warning_rules}  # (a warning: blocks nothing)
    # the sample as it is: nothing of the kind
    assert _refs(analyze(sample_text, house_pack())).status == "pass"


def test_claims_naming_the_copied_number_are_ambiguous_not_measured(sample_text):
    text, first, copy = _copied(sample_text, "3.1 ", "四、")
    a = analyze(text, house_pack())
    heads = [(f.line, f.message) for f in _refs(a).findings if "headed" in f.message]
    assert heads == [(copy, f"section 3.1 is headed twice, on lines {first} and {copy}")]
    about = [c for c in a.claims if c.line == 9 and c.claimed in (159, 194, 207)]
    assert len(about) == 3 and all(c.ambiguous and c.measured is None for c in about)


def test_three_headings_and_the_chinese_words(sample_text):
    text, first, second = _copied(sample_text, "5.1 ", "5.2 ")
    lines = text.split("\n")
    third = next(i for i, ln in enumerate(lines) if ln.startswith("5.3 ")) + 1
    lines.insert(third - 1, HEADING_5_1)
    a = analyze("\n".join(lines), house_pack())
    heads = [f for f in _refs(a).findings if "headed" in f.message]
    assert [(f.line, f.message) for f in heads] == [
        (second, f"section 5.1 is headed 3 times (lines {first}, {second}, {third})")]
    zh = EngineText("zh_CN")
    assert zh(heads[0].message) == f"第 5.1 节的标题出现了 3 次（第 {first}、{second}、{third} 行）"
    assert zh(f"section 5.1 is headed twice, on lines {first} and {second}") == \
        f"第 5.1 节的标题出现了两次：第 {first} 行和第 {second} 行"
    assert zh(_refs(a).note) == "1 个节号用在了多个标题上；69 处 § 引用，0 处指向不存在的节"


PACK = """\
schema = 1
name = "t"
[document]
heading_styles = ["markdown"]
[counters.words]
builtin = "words"
[scopes]
batching = { section = "3.1" }
[[rules]]
id = "claims"
kind = "claims"
[[rules]]
id = "refs"
kind = "section-refs"
level = "warning"
[[claims.patterns]]
metric = "words"
pattern = 'Batching words:\\s*(?P<value>\\d+)'
scope = "batching"
"""

MARKDOWN = """\
## 1 Intro

Intro words here.

## 3 Methods

## 3.1 Batching

Batching text with several words. Batching words: 7

## 3.2 Paging

Paging text.

## 3.1 Batching

Copied heading text.
"""


def test_two_markdown_headings_numbered_3_1():
    a = analyze(MARKDOWN, parse_pack(PACK, "t.toml"))
    r = _refs(a)
    assert [(f.line, f.level, f.message) for f in r.findings] == [
        (15, "warning", "section 3.1 is headed twice, on lines 7 and 15")]
    claim = next(c for c in a.claims if c.claimed == 7)
    assert claim.ambiguous and claim.measured is None
    assert claim.message.endswith("not measured: 2 sections are numbered 3.1")


def test_silenced_inline_the_note_counts_it_apart(sample_text):
    text, first, copy = _copied(sample_text, "5.1 ", "5.3 ")
    lines = text.split("\n")
    lines.insert(copy - 1, "<!-- survey-check disable-next-line section-refs -->")
    r = _refs(analyze("\n".join(lines), house_pack()))
    assert r.status == "suppressed" and r.measured == 0
    assert r.note == "69 § references, 0 naming no section; 1 suppressed inline"


def test_the_editors_analyzer_agrees_edit_by_edit(sample_text):
    text, _first, copy = _copied(sample_text, "5.1 ", "5.3 ")
    lines = text.split("\n")
    enter_above = "\n".join(lines[:20] + [""] + lines[20:])  # the copy moves a line down
    typed = "\n".join(lines[:copy - 1] + [lines[copy - 1] + "改"] + lines[copy:])  # its title edited
    renumbered = text.replace("\n" + HEADING_5_1, "\n5.4 立标池主表", 1)  # the first renumbered: none twice
    pack = house_pack()
    az = Analyzer(pack)
    for t in (sample_text, text, enter_above, typed, renumbered, text, sample_text):
        assert _face(az.analyze(t)) == _face(analyze(t, pack))
    moved = _refs(Analyzer(pack).analyze(enter_above))
    assert [f.line for f in moved.findings if "headed" in f.message] == [copy + 1]
