"""QA27b D3: page 1 said "Self-stated figures: 41 agree, 11 disagree" of the sample's 61 figures: the 9 not measured
(the stated verifiability, before arXiv verification, and the GitHub counts nothing measures) were counted nowhere,
and their Note in appendix B was empty. Page 1 now says how many and why, and each row says why."""

from __future__ import annotations

import html
import re

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html


def _report(text: str, language: str = "en") -> str:
    pack = house_pack()
    analysis = Analyzer(pack).analyze(text)
    return build_report_html(analysis, text, pack_name=pack.name, pack_source=pack.source, language=language,
                             pack=pack)


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", fragment)))


def test_page_one_counts_the_figures_not_measured_and_says_why(sample_text):
    told = _text(_report(sample_text))
    assert ("Self-stated figures: 41 agree, 11 disagree, 9 not measured (verifiability % ×6: 5 main citations; run "
            "arXiv verification to measure · GitHub verified (stated only) ×3: no counter of the pack measures "
            "'github_verified').") in told


def test_page_one_in_chinese(sample_text):
    told = _text(_report(sample_text, "zh_CN"))
    assert "自报数字：41 处一致，11 处不一致，9 处未测量（可验证性 % ×6：5 篇主要引用；运行 arXiv 核验后才会测量" in told
    assert "GitHub 已验（仅自报） ×3：规则包中没有计数器测量 'github_verified'）" in told


def test_every_figure_not_measured_says_why_in_appendix_b(sample_text):
    html = _report(sample_text)
    appendix = html[html.index('id="appendix-claims"'):html.index('id="appendix-references"')]
    rows = [r for r in re.findall(r"<tr>.*?</tr>", appendix, re.S) if ">not measured<" in r]
    assert len(rows) == 9
    for row in rows:
        note = _text(row.split("<td>")[-1]).strip()
        assert note in ("5 main citations; run arXiv verification to measure",
                        "no counter of the pack measures 'github_verified'")
