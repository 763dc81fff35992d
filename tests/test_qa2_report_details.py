"""QA: the exported report's references appendix showed Python's words in every verified row ("cached: False"
fifteen times in the sample's PDF). A false flag was left out and a true one read "yes"; since the appendix reads as a
reference list (test_refpdf_reference_list.py) neither flag nor the name similarity is printed at all."""

from __future__ import annotations

from dataclasses import replace

from report_support import hand_analysis, walk

from editor_app.services.report import build_report_html


def test_reference_details_hold_no_python_booleans(sample_text):
    analysis = hand_analysis(sample_text)
    fresh, cached = analysis.references[0], analysis.references[1]
    refs = [replace(fresh, details={**fresh.details, "cached": False, "similarity": 1.0}),
            replace(cached, status="verified", details={"title": "Speculative Decoding in Production", "cached": True})]
    html = build_report_html(replace(analysis, references=refs), sample_text, pack_name="p", pack_source="")
    rows = walk(html).rows["references"]
    details = {r[0]: r[4] for r in rows[1:]}
    assert "False" not in details["2609.11582v1"] and "cached" not in details["2609.11582v1"]
    assert "OmniKVQuant: modality-aware KV quantisation" in details["2609.11582v1"]
    assert "similarity" not in details["2609.11582v1"] and "1.0" not in details["2609.11582v1"]
    assert "Speculative Decoding in Production" in details["2607.26627"]
    assert "cached" not in details["2607.26627"] and "True" not in details["2607.26627"]
