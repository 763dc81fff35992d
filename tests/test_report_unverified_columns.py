"""The report's references appendix shows the "On arXiv" column once there is something from arXiv to show."""

from __future__ import annotations

import re
from datetime import date

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html

TODAY = date(2026, 12, 2)


def _reference_heads(html: str) -> list[str]:
    table = html[html.index('id="appendix-references"'):]
    head = table[table.index("<thead>"):table.index("</thead>")]
    return re.findall(r"<th[^>]*>([^<]*)</th>", head)


def test_before_verification_the_empty_on_arxiv_column_is_left_out(sample_text):
    pack = house_pack()
    html = build_report_html(analyze(sample_text, pack, today=TODAY), sample_text, pack_name=pack.name, pack_source="", pack=pack)
    assert _reference_heads(html) == ["arXiv", "Name in survey", "Stated", "Verdict", "Lines"]


def test_once_a_paper_is_verified_arxivs_record_gets_its_column(sample_text):
    pack = house_pack()
    verdicts = {"2609.11582": {"status": "verified", "title": "OmniKVQuant: Unified KV Cache Quantization",
                               "authors": ["A. Author"], "published": "2026-09-10T17:59:01Z"}}
    html = build_report_html(analyze(sample_text, pack, today=TODAY, verdicts=verdicts), sample_text, pack_name=pack.name,
                             pack_source="", pack=pack)
    assert _reference_heads(html) == ["arXiv", "Name in survey", "Stated", "Verdict", "On arXiv", "Lines"]
    assert "OmniKVQuant: Unified KV Cache Quantization" in html
