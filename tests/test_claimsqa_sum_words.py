"""A stated sum whose part or total is labelled with a word that names no place ("其余 174", "三层（…）= 4,417").

Before: each was also taken for a statement about a place called 其余 / 三层, and told "CJK of 其余: stated 174, but
there is no such place in the survey" (an error the author cannot fix: it is not a place). Now the sum judges such a
part; a part labelled with a place the survey lacks ("§八 193" once §八 was cut) is still told so, naming it."""

from __future__ import annotations

from datetime import date

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

PACK = house_pack()
TODAY = date(2026, 12, 4)


def _without_section_8(sample_text: str) -> str:
    lines = sample_text.split("\n")
    a = next(i for i, l in enumerate(lines) if l.startswith("八、"))
    b = next(i for i, l in enumerate(lines) if l.startswith("九、"))
    return "\n".join(lines[:a] + lines[b:])


def test_a_word_that_names_no_place_is_no_place_claim(sample_text):
    text = _without_section_8(sample_text).replace(
        "CJK 实测 3,838（主体 2,892 + 反方 579 + 元信息 950）", "CJK 实测 3,838（主体 2,892 + 反方 579 + §八 193 + 其余 174）", 1)
    text = text.replace("9.2 工程锚点\n", "9.2 工程锚点\nCJK 三层（主体 2,892 + 反方 579 + 元信息 946）= 4,417\n", 1)
    a = analyze(text, PACK, today=TODAY)
    messages = [f.message for f in a.findings if f.rule == "claims"]
    assert not [m for m in messages if "其余" in m or "三层" in m], messages
    assert not [c for c in a.claims if c.kind == "value" and c.scope in ("其余", "三层")]
    assert "CJK of §八: stated 193, but there is no such place in the survey" in messages
    assert [(c.claimed, c.measured, c.ok) for c in a.claims if c.kind == "sum" and c.line == 9] == [(3838, 3838, True)]
    assert [(c.claimed, c.ok) for c in a.claims if c.kind == "sum" and "三层" in c.text] == [(4417, True)]


def test_the_sample_keeps_its_place_claims(sample_text):
    a = analyze(sample_text, PACK, today=TODAY)
    scopes = {c.scope for c in a.claims if c.kind == "value" and c.line == 94}
    assert {"header", "§0", "§八", "§九", "footer", "元信息"} <= scopes
