"""The publish-ready HTML report: sanitised, self-contained, with the measured figures in its appendix."""

from __future__ import annotations

import base64
import re
from datetime import datetime, timezone

import pytest
from report_support import hand_analysis, real_engine, sample_analysis, walk

from editor_app.services.report import build_report_html

PACK_SOURCE = '[pack]\nname = "llm-infra-survey"\n# <script>alert("pack")</script>\n'
PNG_1x1 = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)
INJECTED = "\n".join(
    [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "[x](javascript:alert(1))",
        '<a href="JaVaScRiPt:alert(2)" onclick="steal()">y</a>',
        '<svg onload="alert(3)"><circle r="1"/></svg>',
        '<iframe src="https://evil.example/"></iframe>',
        '<p style="background:url(javascript:alert(4))" onmouseover="alert(5)">hover</p>',
        "[z](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    ]
)


def _report(text, analysis=None, **kw):
    kw.setdefault("pack_name", "llm-infra-survey")
    kw.setdefault("pack_source", PACK_SOURCE)
    return build_report_html(analysis or hand_analysis(text), text, **kw)


@pytest.fixture(scope="module")
def sample_report(sample_text):
    analysis = sample_analysis(sample_text)
    when = datetime(2026, 9, 14, 21, 30, tzinfo=timezone.utc)
    html = build_report_html(
        analysis, sample_text, pack_name="llm-infra-survey", pack_source=PACK_SOURCE,
        charts=[("throughput (tok/s) on H100", PNG_1x1)], generated_at=when,
    )
    return analysis, html


@pytest.mark.parametrize("where", ["header", "section", "table"])
def test_injected_markup_cannot_run(sample_text, where):
    lines = sample_text.split("\n")
    at = {"header": 3, "section": 20, "table": 55}[where]  # line 55 sits just above the 5.1 table rows
    text = "\n".join(lines[:at] + INJECTED.split("\n") + lines[at:])
    page = walk(_report(text))
    tags = [t for t, _ in page.tags]
    assert "script" not in tags and "iframe" not in tags and "svg" not in tags
    assert tags.count("img") == 0  # no chart passed; the injected <img> is gone
    for tag, attrs in page.tags:
        for name, value in attrs.items():
            assert not name.lower().startswith("on"), (tag, name)
            if name in ("href", "src"):
                assert not value.strip().lower().startswith(("javascript:", "data:text")), (tag, value)
        if tag == "p":
            assert "style" not in attrs
    visible = "".join(page.text)
    assert "steal()" not in visible and "alert(1)</script>" not in visible
    assert "hover" in visible  # the harmless text survives


def test_survey_rendered_with_numbered_headings_tables_and_cautions(sample_text, sample_report):
    analysis, html = sample_report
    page = walk(html)
    title = sample_text.split("\n")[0].strip()
    assert re.search(r"<title>主题综述 · llm-infra（2026-09-14）</title>", html)
    assert f'<h1 id="survey-title">{title}</h1>' in html
    headings = {a.get("id"): t for t, a in page.tags if t in ("h2", "h3", "h4")}
    keys = {s.section.key for s in analysis.sections}
    assert {"0", "1", "2.1", "3.1", "4.4", "8.2"} <= keys
    for key in ("0", "1", "2.1", "3.1", "4.4", "8.2"):
        anchor = "sec-" + key.replace(".", "-")
        assert anchor in page.ids
        assert headings[anchor] == ("h2" if "." not in key else "h3")
    assert re.search(r'<h2 id="sec-0">§0 自检栏', html)
    assert re.search(r'<h3 id="sec-4-4">4\.4 法律', html)
    # pipe tables written straight under a line of prose still render as tables (5.1, 5.2, 8.2)
    survey = html[html.index('<div class="survey">') : html.index('<div class="appendix">')]
    assert survey.count("<table") == 3
    table_rows = walk(survey).rows[""]
    assert ["#", "arXiv", "标题", "立标等级", "抽检事实"] in table_rows
    total = ["合计", "3,838 CJK（≤3,900 硬约束守约，[一-鿿] 正则严格统计）"]
    assert any(row[:2] == total for row in table_rows)
    # every ⚠️ of the survey is marked (plus the bare ⚠ ones)
    cautions = sample_text.count("\u26a0")
    assert survey.count('<span class="caution">') == cautions
    # "- #1 …" list items stay list items, not giant headings
    assert "<h1>1 KV Cache" not in survey and "#1 KV Cache 量化三维演进" in "".join(walk(survey).text)
    assert 'class="survey-footer"' in survey and "Spark · 2026-09-14 21:30 CST" in survey


def test_table_of_contents_links_every_section_and_the_appendix(sample_report):
    analysis, html = sample_report
    page = walk(html)
    toc = html[html.index('<div class="toc"') : html.index("</div>", html.index('<div class="toc"'))]
    targets = re.findall(r'href="#([^"]+)"', toc)
    assert len([t for t in targets if t.startswith("sec-")]) == len(analysis.sections)
    for anchor in targets:
        assert anchor in page.ids, anchor
    for part in ("appendix-self-check", "appendix-claims", "appendix-references", "appendix-figures",
                 "appendix-pack"):
        assert part in targets


def _numbers(cell: str) -> str:
    return cell.replace(",", "")


def test_self_check_table_holds_every_rule_with_its_measured_figure(sample_text, sample_report):
    analysis, html = sample_report
    rows = walk(html).rows["rules"]
    assert rows[0] == ["Rule", "Measured", "Limit", "Status", "Line"]
    body = rows[1:]
    assert len(body) == len(analysis.rules) > 0
    for rule, row in zip(analysis.rules, body):
        assert row[0].startswith(rule.id) and rule.level in row[0]
        assert row[2] == (rule.limit or "—")
        assert row[3].endswith({("fail", "info"): "note", ("fail", "warning"): "warning"}.get((rule.status, rule.level),
                                                                                               rule.status))
    measured = {_numbers(r[1]) for r in body}
    cjk = sum(1 for c in sample_text if "\u4e00" <= c <= "\u9fff")
    assert cjk == 3838
    assert {"3838", "79", "113"} <= measured  # CJK total, ⚠️ markers, lines of the sample


def test_claims_audit_lists_claimed_measured_and_line(sample_report):
    analysis, html = sample_report
    rows = walk(html).rows["claims"]
    assert rows[0][:6] == ["Metric", "As written", "Claimed", "Measured", "Verdict", "Line"]
    assert len(rows) - 1 == len(analysis.claims) > 0
    for claim, row in zip(analysis.claims, rows[1:]):
        assert row[5] == str(claim.line)
        assert row[4] == {True: "agrees", False: "disagrees", None: "not measured"}[claim.ok]
    cjk_rows = [r for r in rows[1:] if r[0].lower().startswith("cjk") and _numbers(r[2]) == "3838"]
    assert cjk_rows and all(_numbers(r[3]) == "3838" for r in cjk_rows)


def test_references_link_to_abstract_pages_with_verdicts(sample_report):
    analysis, html = sample_report
    rows = walk(html).rows["references"]
    assert len(rows) - 1 == len(analysis.references) > 0
    hrefs = {a.get("href") for t, a in walk(html).tags if t == "a"}
    for ref in analysis.references:
        if ref.status != "malformed":
            assert f"https://arxiv.org/abs/{ref.id}" in hrefs
    assert {r[3] for r in rows[1:]} <= {r.status for r in analysis.references}


def test_verification_details_appear(sample_text):
    html = _report(sample_text)
    rows = walk(html).rows["references"]
    verified = next(r for r in rows if r[0].startswith("2609.11582"))
    assert verified[1] == "OmniKVQuant" and verified[3] == "verified"
    assert "OmniKVQuant: modality-aware KV quantisation" in verified[4] and "A. Kim, B. Lee" in verified[4]


def test_self_contained_images_as_data_uris_and_no_outside_resources(sample_report):
    _, html = sample_report
    page = walk(html)
    images = [a for t, a in page.tags if t == "img"]
    assert len(images) == 1
    assert images[0]["src"] == "data:image/png;base64," + base64.b64encode(PNG_1x1).decode()
    assert not [t for t, _ in page.tags if t in ("link", "script", "iframe", "object")]
    assert not re.search(r"""(src|url)\s*[=(]\s*["']?https?:""", html)
    assert "font-family:" in html and "Noto Sans CJK SC" in html and "WenQuanYi Micro Hei" in html


def test_rule_pack_source_is_shown_escaped_with_the_generation_time(sample_report):
    _, html = sample_report
    assert '# &lt;script&gt;alert(&quot;pack&quot;)&lt;/script&gt;' in html
    pre = re.search(r'<h3 id="appendix-pack">.*?<pre class="source">(.*?)</pre>', html, re.S)
    assert pre and "name = &quot;llm-infra-survey&quot;" in pre.group(1)
    assert "2026-09-14 21:30:00+00:00" in html


def test_summary_box_lists_failures_and_privacy_hits_on_the_first_page(sample_text):
    html = _report(sample_text, hand_analysis(sample_text, failing=True, privacy=True))
    box = html[html.index('<table class="summary') : html.index('<div class="toc"')]
    assert html.index('id="summary"') < html.index('<div class="survey">')
    assert "Not ready to publish" in box and "verifiability" in box and "10.*.*.7" in box
    # a warning-level failure is not a blocker: it is named after the blockers, under its own heading, as a warning
    blockers, warned = box.split("warning-level rule fails")
    assert "verifiability" in blockers and "legal-section" not in blockers
    assert "does not block publishing" in warned and "<b>legal-section</b>" in warned


def test_clean_survey_gets_a_clean_summary(sample_text):
    html = _report(sample_text, hand_analysis(sample_text))
    box = html[html.index('<table class="summary') : html.index('<div class="toc"')]
    assert 'class="summary clean"' in box and "Clean." in box and "Not ready" not in box


def test_markdown_headings_and_hard_wrapped_paragraphs():
    text = "# A survey\n\nSome *emphasis*\nwrapped line.\n\n## 1 Part one\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    analysis = hand_analysis(text)
    html = _report(text, analysis)
    # The title (one "#" over "##" sections: the header's) heads the report, once; the contents list the sections.
    assert '<h1 id="survey-title">A survey</h1>' in html and html.count(">A survey</h") == 1
    assert '<a href="#sec-1">1 Part one</a>' in html and 'href="#sec-h1"' not in html
    assert re.search(r'<h\d id="sec-1">1 Part one</h\d>', html)
    assert '<p><a id="L3"></a>Some <em>emphasis</em>\n<a id="L4"></a>wrapped line.</p>' in html  # one paragraph
    assert "<td><a id=\"L10\"></a>1</td>" in html


@pytest.mark.skipif(real_engine() is None, reason="the analysis engine has not landed yet")
def test_report_of_the_real_engine_runs_fast_enough(sample_text):
    import time

    analyze, house_pack = real_engine()
    analysis = analyze(sample_text, house_pack())
    start = time.perf_counter()
    build_report_html(analysis, sample_text, pack_name="house", pack_source=house_pack().source)
    assert time.perf_counter() - start < 1.0


def test_section_references_in_the_prose_link_to_their_headings(sample_report):
    _, html = sample_report
    survey = html[html.index('<div class="survey">') : html.index('<div class="appendix">')]
    assert '<a href="#sec-3-1">§三.1</a>' in survey and '<a href="#sec-8-3">§八.3</a>' in survey
    assert '<a href="#sec-4-4">§4.4</a>' in survey and '<a href="#sec-0">§0</a>' in survey
    # "W37 §4" and "arXiv:2609.11582 §3" cite other works: left as text
    assert "W37 §4 G1" in survey and '<a href="#sec-4">§4</a>' not in survey


@pytest.mark.skipif(real_engine() is None, reason="the analysis engine has not landed yet")
def test_verification_verdicts_of_the_engine_reach_the_reference_table(sample_text):
    analyze, house_pack = real_engine()
    verdicts = {
        "2609.11582": {"status": "verified", "title": "OmniKVQuant: modality-aware KV cache quantisation",
                       "authors": ["Ji-woo Kim", "Min Park"]},
        "2609.04263": {"status": "name mismatch", "title": "An unrelated title"},
    }
    analysis = analyze(sample_text, house_pack(), verdicts=verdicts)
    rows = {r[0]: r for r in walk(_report(sample_text, analysis)).rows["references"][1:]}
    omni = next(r for k, r in rows.items() if k.startswith("2609.11582"))
    assert omni[3] == "verified" and "OmniKVQuant: modality-aware" in omni[4] and "Ji-woo Kim, Min Park" in omni[4]
    assert "OmniKVQuant" in omni[1]
    low_rank = next(r for k, r in rows.items() if k.startswith("2609.04263"))
    assert low_rank[3] == "name mismatch" and "An unrelated title" in low_rank[4]


def test_private_data_is_masked_in_the_survey_body_too():
    """A report exported anyway never publishes the private data it warns about."""
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack
    from editor_app.services.report import build_report_html

    text = "标题\n§0 自检\n联系 10.2.3.4 与 PRJ-1234 与 /home/alice/notes.md\n"
    a = analyze(text, house_pack())
    assert len(a.privacy) == 3
    html = build_report_html(a, text, pack_name="p", pack_source="")
    for secret in ("10.2.3.4", "PRJ-1234", "/home/alice"):
        assert secret not in html
