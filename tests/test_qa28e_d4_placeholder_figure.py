"""QA28e D4: a figure left half-written, "CJK 实测 3,1xx", was read as 31: "stated 3,1, measured 3,160", "stated as 3,1
here but as 3,160 on line 7", JSON "claimed": 31. It is now read as what it is, a placeholder: a finding of its own
("CJK of document: 3,1xx is a placeholder, not a figure: write the measured one"), `claimed` null, no disagreement
about a number nobody wrote, and Update Self-check Figures writes the measured figure in its place."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

PACK = house_pack()
ANCHOR = "8.5 实测方法学声明（反思棒 #50）\n"


def _with(sample_text: str, added: str) -> tuple[str, int]:
    at = sample_text.index(ANCHOR) + len(ANCHOR)
    return sample_text[:at] + added + "\n" + sample_text[at:], sample_text[:at].count("\n") + 1


@pytest.mark.parametrize("written, figure, what", [
    ("CJK 实测 3,1xx", "3,1xx", "CJK of document"),
    ("CJK 实测 3,xxx", "3,xxx", "CJK of document"),
    ("CJK 实测 31??", "31??", "CJK of document"),
    ("反方 CJK 实测 5xx", "5xx", "CJK of 反方"),
    ("⚠️ 实测 7X 处", "7X", "⚠️ of document"),
])
def test_a_placeholder_is_said_to_be_one(sample_text, written, figure, what):
    text, line = _with(sample_text, written)
    a = analyze(text, PACK)
    (c,) = [c for c in a.claims if c.line == line]
    assert (c.value_text, c.claimed, c.ok) == (figure, None, False)
    assert c.measured is not None
    message = f"{what}: {figure} is a placeholder, not a figure: write the measured one"
    assert [f.message for f in a.findings if f.line == line] == [message]
    assert a.to_dict()["claims"][a.claims.index(c)]["claimed"] is None


def test_update_self_check_figures_fills_it_in(sample_text):
    text, line = _with(sample_text, "CJK 实测 3,8xx；⚠️ 实测 7x 处")
    a = analyze(text, PACK)
    cjk, cautions = a.metrics["cjk"], a.metrics["cautions"]
    assert updated_self_check_text(text, a).split("\n")[line - 1] == f"CJK 实测 {cjk:,}；⚠️ 实测 {cautions} 处"


@pytest.mark.parametrize("written", ["**CJK 实测 3,838**", "CJK 实测 3,838*", "CJK 实测 3,838 xx"])
def test_a_whole_figure_before_other_marks_is_read_as_before(sample_text, written):
    text, line = _with(sample_text, written)
    a = analyze(text, PACK)
    assert [(c.value_text, c.claimed) for c in a.claims if c.line == line] == [("3,838", 3838)]
