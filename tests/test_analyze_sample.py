"""The real sample survey must come out right: totals, section figures and every claim verdict.

Expected values were worked out by hand from the document (see the per-section sums in its §8.2).
"""

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack

TODAY = date(2026, 12, 2)


@pytest.fixture(scope="module")
def result(sample_text):
    return analyze(sample_text, house_pack(), file="sample.md", today=TODAY)


def rule(result, rid):
    return next(r for r in result.rules if r.id == rid)


def test_document_totals(result):
    m = result.metrics
    assert m["cjk"] == 3838
    assert m["cautions"] == 79
    assert m["bare_cautions"] == 3
    assert m["lines"] == 113
    assert m["arxiv_ids"] == 15
    assert m["privacy_hits"] == 0
    assert m["verifiability"] is None  # not measured before verification


def test_outline_header_footer(result):
    assert result.header_lines == (1, 7)
    assert result.footer_line == 113
    keys = [s.section.key for s in result.sections]
    assert keys[:3] == ["0", "1", "2"]
    assert "4.4" in keys and "9.3" in keys and len([k for k in keys if "." not in k]) == 10
    by = {s.section.key: s for s in result.sections}
    assert (by["3"].section.line, by["3"].section.end_line) == (31, 43)
    assert by["3.1"].section.parent == "3"
    assert by["9"].section.end_line == 112  # the footer is not part of §九


@pytest.mark.parametrize(
    "key,cjk",
    [("0", 165), ("1", 474), ("2", 498), ("3", 579), ("4", 464), ("5", 296), ("6", 346), ("7", 235),
     ("8", 189), ("9", 178), ("3.1", 159), ("3.2", 194), ("3.3", 207), ("4.4", 148)],
)
def test_section_cjk(result, key, cjk):
    by = {s.section.key: s.metrics for s in result.sections}
    assert by[key]["cjk"] == cjk


def test_rules(result):
    assert rule(result, "cjk-total").status == "pass" and rule(result, "cjk-total").measured == 3838
    assert rule(result, "caution-markers").status == "pass"
    assert rule(result, "line-count").measured == 113
    assert rule(result, "counter-argument-length").measured == [159, 194, 207]
    assert rule(result, "counter-argument-parts").status == "pass"
    assert rule(result, "legal-section").status == "pass"
    assert rule(result, "confluence-links").measured == 6
    # Four of the six §七 cross-links are shorter than 150 characters.
    links = rule(result, "confluence-link-length")
    assert links.status == "fail" and links.measured == [159, 137, 145, 136, 181, 79]
    assert [f.line for f in links.findings] == [79, 80, 81, 83]
    assert rule(result, "verifiability").status == "not-measured"
    assert rule(result, "privacy").status == "pass"
    assert rule(result, "no-exempt-sections").status == "pass"  # "禁「独立段不计」" is the prohibition itself
    assert rule(result, "arxiv-ids").status == "pass"
    assert rule(result, "claims").status == "fail"


def claim(result, line, metric, scope=None, kind="value"):
    found = [c for c in result.claims if c.line == line and c.metric == metric and c.kind == kind
             and (scope is None or c.scope == scope)]
    assert found, (line, metric, scope)
    return found[0]


def test_claims_that_hold(result):
    assert claim(result, 9, "cjk", "document").ok is True
    assert [claim(result, 9, "cjk", s).measured for s in ("§3.1", "§3.2", "§3.3")] == [159, 194, 207]
    assert claim(result, 9, "cautions").ok is True
    assert claim(result, 9, "privacy_hits").ok is True
    assert claim(result, 9, "list_items").measured == 6
    assert claim(result, 9, "ratio", kind="ratio").ok is True  # 4/6 = 67%
    for label, value in [("§一", 474), ("§二", 498), ("§三", 579), ("§四", 464), ("§五", 296), ("§六", 346),
                         ("§七", 235)]:
        c = claim(result, 92, "cjk", label)
        assert (c.claimed, c.measured, c.ok) == (value, value, True)
    assert claim(result, 92, "sum", kind="sum").ok is True  # 474+498+…+235 = 2,892
    assert claim(result, 95, "cjk").ok is True
    assert claim(result, 103, "arxiv_ids").measured == 11  # "11 件 arXiv" in §9.1
    assert claim(result, 103, "sum", kind="sum").ok is True  # 5 + 6
    assert claim(result, 113, "cautions").ok is True


def test_claims_that_are_wrong(result):
    total = claim(result, 9, "sum", kind="sum")
    assert (total.claimed, total.measured, total.ok) == (3838, 4421, False)  # 主体 + 反方 double-counts §三
    meta = claim(result, 94, "sum", kind="sum")
    assert (meta.claimed, meta.measured) == (950, 1026)
    assert claim(result, 94, "cjk", "元信息").measured == 946
    assert claim(result, 94, "cjk", "§八").measured == 189
    assert claim(result, 94, "cjk", "§九").measured == 178
    assert claim(result, 94, "cjk", "footer").measured == 167
    assert claim(result, 94, "cjk", "header").ok is True
    lines = claim(result, 101, "lines")
    assert (lines.claimed, lines.measured, lines.ok) == (200, 113, False)
    assert claim(result, 113, "lines").ok is False
    wrong = {(c.line, c.kind, c.scope) for c in result.claims if c.ok is False}
    assert len(wrong) == 11


def test_unmeasurable_claims_still_agree(result):
    gh = [c for c in result.claims if c.metric == "github_verified"]
    assert {c.claimed for c in gh} == {7} and all(c.ok is None for c in gh)
    assert not [f for f in result.findings if "stated as" in f.message]


def test_verdicts_make_verifiability_real(sample_text):
    ids = ["2609.11582", "2607.05708", "2609.10226"]
    verdicts = {i: {"status": "verified", "title": "t"} for i in ids}
    verdicts["2605.19537"] = {"status": "not found"}
    verdicts["2609.04263"] = {"status": "name mismatch"}
    a = analyze(sample_text, house_pack(), verdicts=verdicts, today=TODAY)
    r = rule(a, "verifiability")
    assert r.status == "pass" and r.measured == "3/5 = 60%"
    assert a.metrics["verifiability"] == 60.0
    # The survey's own "67%" is now checkable and wrong.
    assert any(c.metric == "verifiability" and c.ok is False and c.measured == 60 for c in a.claims)
    ref = next(x for x in a.references if x.id == "2609.11582")
    assert ref.status == "verified" and ref.details["title"] == "t"


def test_incremental_equals_fresh(sample_text):
    az = Analyzer(house_pack(), today=TODAY)
    az.analyze(sample_text)
    edited = sample_text.replace("⚠️ OmniKVQuant", "⚠️ OmniKVQuant ⚠️", 1) + "\n新增一行中文"
    assert az.analyze(edited).to_dict() == analyze(edited, house_pack(), today=TODAY).to_dict()
    again = az.analyze(edited)
    assert again.metrics["cautions"] == 80 and again.metrics["cjk"] == 3838 + 6


def test_arxiv_failures_are_not_a_zero_score(sample_text):
    """arXiv down (503 / 429) leaves verifiability unmeasured, never 0 %."""
    main = ["2609.11582", "2607.05708", "2609.10226", "2605.19537", "2609.04263"]
    down = {i: {"status": "unavailable"} for i in main}
    a = analyze(sample_text, house_pack(), verdicts=down, today=TODAY)
    r = rule(a, "verifiability")
    assert r.status == "not-measured" and "no answer" in r.note
    assert a.metrics["verifiability"] is None
    assert not any(c.metric == "verifiability" and c.ok is False for c in a.claims)
    partly = {**down, "2609.11582": {"status": "verified"}, "2607.05708": {"status": "rate limited"}}
    r = rule(analyze(sample_text, house_pack(), verdicts=partly, today=TODAY), "verifiability")
    assert r.status == "not-measured" and r.measured == "≥ 1/5" and "could not be checked" in r.note
