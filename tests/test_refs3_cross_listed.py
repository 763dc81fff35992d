"""QA: the report's references appendix showed a paper's primary category only. A survey stating a category arXiv
cross-lists the paper in ("cs.DC" for a cs.LG paper) read "2026-07-30 · cs.DC" in its Stated column beside "v1 · cs.LG"
with no word why that is fine. The small line now lists the paper's categories as arXiv's answer does ("cs.LG,
cross-listed in cs.DC"), and the verdict's sentence says the survey's category is one arXiv cross-lists it in."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.services.verification import verify_references

# 2607.26627 (the fake arXiv's sample data): primary cs.LG, also listed in cs.DC
SURVEY = "主题综述 · 测试（2026-10-02）\n一、正文\nSpeculative Decoding（arXiv:2607.26627，cs.DC，2026-07-30）推测解码 ⚠️。\n"


@pytest.fixture
def verified(arxiv_config, arxiv_db):
    pack = house_pack()
    verdicts = verify_references(analyze(SURVEY, pack).references, config=arxiv_config, db=arxiv_db)
    return analyze(SURVEY, pack, verdicts=verdicts), pack


def _appendix(verified, language: str) -> str:
    analysis, pack = verified
    html = build_report_html(analysis, SURVEY, pack_name=pack.name, pack_source=pack.source, language=language,
                             pack=pack)
    part = html[html.index('id="appendix-references"'):]
    part = part[: part.index("</table>")]
    return html_lib.unescape(re.sub(r"<[^>]+>", "", part.replace("<br>", "\n").replace("</td>", "\n")))


def test_a_cross_listed_category_is_verified_and_said_why(verified):
    (ref,) = verified[0].references
    assert ref.status == "verified"
    assert ref.details["categories"] == ["cs.LG", "cs.DC"]
    assert ref.details["message"].endswith(
        "the survey's cs.DC is a category arXiv cross-lists it in (its primary category is cs.LG).")


def test_the_report_lists_the_paper_s_categories(verified):
    seen = _appendix(verified, "en")
    assert "\n2026-07-30 · cs.DC\n" in seen  # what the survey states
    assert "\nv1 · cs.LG, cross-listed in cs.DC\n" in seen  # what arXiv says, side by side
    assert "the survey's cs.DC is a category arXiv cross-lists it in (its primary category is cs.LG)." in seen


def test_the_chinese_report_too(verified):
    seen = _appendix(verified, "zh_CN")
    assert "\nv1 · cs.LG，交叉列入 cs.DC\n" in seen
    assert "综述写的 cs.DC 是 arXiv 交叉列入的分类（其主分类为 cs.LG）。" in seen
