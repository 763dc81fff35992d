"""QA: "CJK 实测 3 838" — thousands set apart by a space, a thin space (U+2009) or a narrow no-break space (U+202F),
as many editors and the SI write them — was read as 3: the footer's figure called wrong ("stated 3, measured
3,838"), its stated sum "3 838（主体 2 892 + …）" never read (its parts never checked), and the three places said
to disagree. A space of those between a short first group and groups of exactly three digits is now read as a
thousands separator; the figure is shown and rewritten as written. Two figures side by side ("159 194 207",
"v2 345", "§3 579") are read as before."""

from __future__ import annotations

import re

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.claims import claims_in_line, compile_patterns
from editor_app.core.numbers import thousands_read
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import figure_updates, updated_self_check_text

_GROUP = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
CLAIM_LINES = (9, 92, 95, 101, 113)  # §0 ①, the §八.2 table, §八.5's "= 3,838", the footer


def _spaced(text: str, space: str) -> str:
    out = text.split("\n")
    for n in CLAIM_LINES:
        assert _GROUP.search(out[n - 1]), n
        out[n - 1] = _GROUP.sub(space, out[n - 1])
    return "\n".join(out)


def _verdicts(a):
    return [(c.line, c.kind, c.metric, c.scope, c.claimed, c.measured, c.ok) for c in a.claims]


@pytest.mark.parametrize("space", [" ", "\u2009", "\u202f"], ids=["space", "thin", "narrow-nbsp"])
def test_the_samples_figures_grouped_by_spaces_are_read_whole(sample_text, space):
    pack = house_pack()
    typed = _spaced(sample_text, space)
    assert f"CJK 实测 3{space}838（主体 2{space}892 + 反方 579 + 元信息 950）≤3{space}900" in typed.split("\n")[112]
    before, after = analyze(sample_text, pack), analyze(typed, pack)
    assert _verdicts(after) == _verdicts(before)
    grouped = re.compile(rf"(?<=\d){space}(?=\d{{3}}(?!\d))")
    assert [grouped.sub(",", f.message) for f in after.findings if f.rule == "claims"] == \
        [f.message for f in before.findings if f.rule == "claims"]
    assert f"stated sum 3{space}838 but the parts add up to 4,421" in [f.message for f in after.findings]
    footer = next(c for c in after.claims if c.line == 113 and c.metric == "cjk" and c.scope == "document")
    assert (footer.claimed, footer.value_text, footer.ok) == (3838, f"3{space}838", True)
    part = next(c for c in after.claims if c.line == 113 and c.scope == "主体")
    assert (part.claimed, part.value_text, part.text) == (2892, f"2{space}892", f"主体 2{space}892")


@pytest.mark.parametrize("space", [" ", "\u2009", "\u202f"], ids=["space", "thin", "narrow-nbsp"])
def test_a_wrong_figure_so_written_is_named_and_rewritten_with_its_space(sample_text, space):
    lines = _spaced(sample_text, space).split("\n")
    lines[112] = lines[112].replace(f"CJK 实测 3{space}838", f"CJK 实测 3{space}839", 1)
    typed = "\n".join(lines)
    a = analyze(typed, house_pack())
    footer = typed.split("\n")[112]
    said = [(f.column, f.message) for f in a.findings if f.rule == "claims" and f.line == 113]
    assert (footer.index(f"3{space}839") + 1, f"CJK of document: stated 3{space}839, measured 3,838") in said
    assert not any("stated 3," in m for _col, m in said)  # never "stated 3"
    assert [(u.old, u.new) for u in figure_updates(typed, a) if u.line == 113][0] == (f"3{space}839", f"3{space}838")
    fixed = updated_self_check_text(typed, a).split("\n")[112]
    assert f"CJK 实测 3{space}838（主体 2{space}892 + 反方 579 + 元信息 946）" in fixed, fixed


def test_figures_side_by_side_are_not_one_number():
    pack = house_pack()
    compiled = compile_patterns(pack.claim_patterns)

    def read(line):
        return [(c.kind, c.metric, c.claimed, c.value_text) for c in
                claims_in_line(line, compiled, pack.sum_metric, pack.sum_context)]

    assert read("CJK 实测 3 838") == [("value", "cjk", 3838, "3 838")]
    assert read("CJK 实测 12\u202f345") == [("value", "cjk", 12345, "12\u202f345")]
    assert read("CJK 实测 123\u2009456") == [("value", "cjk", 123456, "123\u2009456")]  # a thin space only groups
    assert read("各主线 CJK 159 194 207")[0][2] != 159194  # three digits first, plain spaces: figures side by side
    for line in ("v2 345", "§3 579 字", "9-8 123", "Opus 5 365B", "GPU 8 128%", "第 5 1234 行", "3.1 415"):
        assert thousands_read(line) is line, line
    assert thousands_read("NIM $110 940 vs vLLM $59 940") == "NIM $110,940 vs vLLM $59,940"
    assert thousands_read("3 838 CJK，1 234 567 字") == "3,838 CJK，1,234,567 字"


def test_engine_figures_grouped_by_spaces_are_read_whole():
    """The Figures tab reads numbers as the audit does: "SGLang ~16 200 vs vLLM ~12 500 tok/s" was 200 and 500."""
    from editor_app.core.figures import figures_in_line

    for space in (" ", "\u2009"):
        line = f"实测精修 = SGLang ~16{space}200 vs LMDeploy ~16{space}200 vs vLLM ~12{space}500 tok/s on H100"
        groups = figures_in_line(line)
        assert [(v.engine, v.value) for g in groups for v in g.values] == [
            ("SGLang", 16200), ("LMDeploy", 16200), ("vLLM", 12500)]
