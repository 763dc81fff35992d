"""QA: "CJK 实测 3，838" — the thousands typed with a Chinese input method's full-width comma — was read as 3: the
footer's figure called wrong ("stated 3, measured 3,838"), its stated sum "3，838（主体 2，892 + …）" said not to add
up, and the three places said to disagree. A "，" between a one- or two-digit group and groups of exactly three
digits is now read as a thousands separator; the figure is shown and rewritten as written ("3，838"). A list of
three-digit figures ("159，194") and the prose's commas ("共 6 处，其中 …") are read as before."""

from __future__ import annotations

import re

from editor_app.core.analyze import analyze
from editor_app.core.claims import claims_in_line, compile_patterns
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import figure_updates, updated_self_check_text

_GROUP = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
CLAIM_LINES = (9, 92, 95, 101, 113)  # §0 ①, the §八.2 table, §八.5's "= 3,838", the footer


def _typed_full_width(text: str, lines=CLAIM_LINES) -> str:
    out = text.split("\n")
    for n in lines:
        assert _GROUP.search(out[n - 1]), n
        out[n - 1] = _GROUP.sub("，", out[n - 1])
    return "\n".join(out)


def _verdicts(a):
    return [(c.line, c.kind, c.metric, c.scope, c.claimed, c.measured, c.ok) for c in a.claims]


def test_the_samples_figures_typed_with_full_width_commas_are_read_whole(sample_text):
    pack = house_pack()
    typed = _typed_full_width(sample_text)
    assert "CJK 实测 3，838（主体 2，892 + 反方 579 + 元信息 950）≤3，900" in typed.split("\n")[112]
    before, after = analyze(sample_text, pack), analyze(typed, pack)
    assert _verdicts(after) == _verdicts(before)
    # the same findings, each quoting the figure as it is written now
    assert [f.message.replace("，", ",") for f in after.findings if f.rule == "claims"] == \
        [f.message for f in before.findings if f.rule == "claims"]
    assert "stated sum 3，838 but the parts add up to 4,421" in [f.message for f in after.findings]
    footer = next(c for c in after.claims if c.line == 113 and c.metric == "cjk" and c.scope == "document")
    assert (footer.claimed, footer.value_text, footer.ok) == (3838, "3，838", True)
    part = next(c for c in after.claims if c.line == 113 and c.scope == "主体")
    assert (part.claimed, part.value_text, part.text) == (2892, "2，892", "主体 2，892")
    assert not any(u.line in CLAIM_LINES and "，" in u.old for u in figure_updates(typed, after))


def test_a_wrong_figure_so_written_is_named_and_rewritten_in_its_own_style(sample_text):
    pack = house_pack()
    typed = _typed_full_width(sample_text).split("\n")
    typed[112] = typed[112].replace("CJK 实测 3，838", "CJK 实测 3，839", 1)
    typed = "\n".join(typed)
    a = analyze(typed, pack)
    footer = typed.split("\n")[112]
    said = [(f.column, f.message) for f in a.findings if f.rule == "claims" and f.line == 113]
    assert (footer.index("3，839") + 1, "CJK of document: stated 3，839, measured 3,838") in said
    assert not any("stated 3," in m and "3，839" not in m for _col, m in said)  # never "stated 3"
    fixed = updated_self_check_text(typed, a).split("\n")[112]
    assert "CJK 实测 3，838（主体 2，892 + 反方 579 + 元信息 946）" in fixed, fixed  # (950 is wrong in the sample)


def test_lists_and_prose_commas_are_read_as_before():
    pack = house_pack()
    compiled = compile_patterns(pack.claim_patterns)

    def read(line):
        return [(c.kind, c.metric, c.claimed, c.value_text) for c in
                claims_in_line(line, compiled, pack.sum_metric, pack.sum_context)]

    assert read("CJK 159，194") == [("value", "cjk", 159, "159")]  # three digits first: a list, not 159,194
    assert read("⑦ §七 跨主线合流密度 6 处，其中 4 处 ≥150 字") == [("value", "list_items", 6, "6")]
    assert read("⚠️ 实测 79 处，6 个未核验") == [("value", "cautions", 79, "79")]
    assert read("CJK 实测 3，8380") == [("value", "cjk", 3, "3")]  # four digits after: no thousands group
    assert read("CJK 实测 12，500，其中主体 9，000") == [("value", "cjk", 12500, "12，500")]
    assert read("CJK 实测 3，838") == [("value", "cjk", 3838, "3，838")]


def test_a_list_typed_with_full_width_commas_is_read_as_the_list(sample_text):
    """§0 ③ "各主线 CJK 159，194，207" (the input method's commas between the three figures): before, the house pack
    read "CJK 159" as the whole survey's CJK, wrong ("stated 159, measured 3,838"), and the three sections' figures
    were never checked."""
    from test_qa8_claims_authoring import _edit_line

    edited = _edit_line(sample_text, 9, "各主线 CJK 159/194/207", "各主线 CJK 159，194，208")
    a = analyze(edited, house_pack())
    listed = [(c.scope, c.claimed, c.ok) for c in a.claims if c.line == 9 and c.text.startswith("各主线")]
    assert listed == [("§3.1", 159, True), ("§3.2", 194, True), ("§3.3", 208, False)]
    said = [f.message for f in a.findings if f.rule == "claims" and f.line == 9]
    assert "CJK of §3.3: stated 208, measured 207" in said
    assert not any("stated 159" in m for m in said)
    pack = house_pack()
    compiled = compile_patterns(pack.claim_patterns)
    # the prose's comma after a figure is still no list
    assert [c.claimed for c in claims_in_line("CJK 实测 3,838，6 处合流", compiled, pack.sum_metric,
                                              pack.sum_context)] == [3838]
