"""QA: the exported report's references appendix named arXiv's fields as the program stores them ("primary_category:
cs.LG", "latest_version: v1", "fetched_at: …", "abs_url: …"); the Chinese report left "fetched_at" so and kept the
verdict's sentence in English ("说明：Found on arXiv (v1, just fetched): the survey's name 'HiSparse' appears in the
title."), which the References tab of the same window says in Chinese. Now: "primary category", "fetched", "abstract
page" in English; 获取时间 and "arXiv 上找到（v1，刚刚获取）：…" in Chinese. Since the appendix reads as a reference list
(test_refpdf_reference_list.py) fields are no longer named: the version and category are one small line, "v1 · cs.LG"."""

from __future__ import annotations

import html as html_lib
import re

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.services.verification import verify_references

SURVEY = "主题综述 · 测试（2026-10-02）\n一、正文\nHiSparse（arXiv:2608.07009）分层稀疏注意力 ⚠️。\n"


def _details(arxiv_config, arxiv_db, language: str) -> str:
    pack = house_pack()
    first = analyze(SURVEY, pack)
    verdicts = verify_references(first.references, config=arxiv_config, db=arxiv_db)
    assert verdicts["2608.07009"]["status"] == "verified"
    analysis = analyze(SURVEY, pack, verdicts=verdicts)
    html = build_report_html(analysis, SURVEY, pack_name=pack.name, pack_source=pack.source, language=language,
                             pack=pack)
    part = html[html.index('id="appendix-references"'):]
    part = part[: part.index("</table>")]
    return html_lib.unescape(re.sub(r"<[^>]+>", "", part.replace("<br>", "\n").replace("</td>", "\n")))


def test_english_field_names(arxiv_config, arxiv_db):
    seen = _details(arxiv_config, arxiv_db, "en")
    assert "\nv1 · cs.LG\n" in seen
    assert not re.search(r"\b(primary_category|latest_version|fetched_at|abs_url)\b", seen)
    assert "\nFound on arXiv (v1, just fetched): the survey's name 'HiSparse' appears in the title.\n" in seen


def test_chinese_details(arxiv_config, arxiv_db):
    seen = _details(arxiv_config, arxiv_db, "zh_CN")
    assert "fetched_at" not in seen and "\nv1 · cs.LG\n" in seen
    assert "Found on arXiv" not in seen and "\narXiv 上找到（v1，刚刚获取）：综述中的名称 'HiSparse' 出现在标题中。\n" in seen
