"""QA28b D4: an English wording of an earlier version's figure ("The previous draft had Word count: 2,310",
"Earlier draft, Words: 2,310") was audited as the survey's own, and Update Self-check Figures offered to rewrite the
history to today's count: only 上一版/旧版/前版/初版 were known. Previous/earlier/last/old/prior/original/first
version/draft/revision/edition before a figure, and a version with a verb in the past ("v1 had"), now say it is
history, as 上一版 does; "v1 word count: …" still says nothing about which version is the survey's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack, load_pack
from editor_app.core.selfcheck_update import updated_self_check_text

ENGLISH_PACK = Path(__file__).resolve().parent.parent / "resources/rulepacks/english-markdown.toml"
SURVEY = "# Survey\n\nAuthor: Jane · Word count: {total}\n\n## 1 Body\n\nSome words stand here.\n\n{line}\n"


def _stated(line: str) -> list[float]:
    """The figures the English pack's claims audit reads in `line` (the title block's own figure left out)."""
    text = SURVEY.format(total=2, line=line)
    at = text.count("\n", 0, text.index(line)) + 1
    return [c.claimed for c in analyze(text, load_pack(ENGLISH_PACK)).claims if c.line == at]


@pytest.mark.parametrize("line", [
    "The previous draft had Word count: 2,310 before we cut the evaluation section.",
    "Previous version word count: 2,310.",
    "Earlier draft, Words: 2,310.",
    "In the last version, Words: 2,310.",
    "The old revision's word count: 2,310.",
    "v1 had Word count: 2,310.",
    "The first draft was Words: 2,310 long.",
])
def test_an_earlier_version_s_figure_is_no_claim(line):
    assert _stated(line) == []


@pytest.mark.parametrize("line", [
    "Word count: 2,310.",
    "v1 word count: 2,310.",  # (which version is this one? not said: audited)
    "The previous section had Words: 2,310.",  # (a section, not a version)
    "Our draft has Word count: 2,310.",
])
def test_other_figures_are_still_claims(line):
    assert _stated(line) == [2310]


def test_an_earlier_version_s_figure_is_left_out_of_the_update_and_the_findings():
    text = SURVEY.format(total=22, line="The previous draft had Word count: 2,310 before the cut.")
    analysis = analyze(text, load_pack(ENGLISH_PACK))
    messages = [f.message for f in analysis.findings]
    assert not any("2,310" in m for m in messages), messages
    assert "had Word count: 2,310 before" in updated_self_check_text(text, analysis)


def test_the_house_s_earlier_versions_stay_so():
    text = "# 综述\n\n## 一、正文\n\n上一版 CJK 实测 4,189。\n\n旧版本 v2 的 CJK 4,000。\n\nCJK 4,189。\n"
    stated = [c.claimed for c in analyze(text, house_pack()).claims if c.metric == "cjk"]
    assert stated == [4189]
