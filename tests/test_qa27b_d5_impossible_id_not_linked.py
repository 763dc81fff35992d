"""QA27b D5: an impossible id ("arXiv:2613.12345", month 13) was linked to arxiv.org in the report's text and in
the references appendix, whose row said "impossible id": a dead link in a publish-ready report. A malformed or
impossible id is linked nowhere now; a possible one still is."""

from __future__ import annotations

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html


def test_an_impossible_id_is_not_linked(sample_text):
    text = sample_text.replace("\n3.1 ", "\nQuantX（arXiv:2613.12345）是一种量化方法。\n3.1 ", 1)
    pack = house_pack()
    analysis = Analyzer(pack).analyze(text)
    ref = next(r for r in analysis.references if r.id == "2613.12345")
    assert ref.status == "impossible id"
    html = build_report_html(analysis, text, pack_name=pack.name, pack_source=pack.source, pack=pack)
    assert "arXiv:2613.12345" in html
    assert "arxiv.org/abs/2613.12345" not in html
    good = next(r for r in analysis.references if r.status != "impossible id")
    assert f"https://arxiv.org/abs/{good.id}" in html  # the possible ones keep their links
