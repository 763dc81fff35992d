"""QA: the exported report names the rules as the window does.

The report called the info-level 'bare ⚠' rule '✗ fail' (the self-check panel and survey-check say 'note') and
counted it among '3 fail (1 error, 2 warning/info)' while the status bar said '2 rules failing'; a failing
rule's line was where its scope starts (line 1 for a document over 3,900 CJK), not where it fails."""

from __future__ import annotations

from report_support import sample_analysis, walk

from editor_app.services.report import build_report_html


def _rules(html: str) -> dict[str, list[str]]:
    return {row[0].split()[0]: row for row in walk(html).rows["rules"][1:]}


def test_an_info_level_rule_is_a_note_not_a_failure(sample_text):
    analysis = sample_analysis(sample_text)
    html = build_report_html(analysis, sample_text, pack_name="llm-infra-survey", pack_source="")
    rows = _rules(html)
    assert rows["bare-caution"][3].endswith("note")  # before: "✗ fail"
    assert rows["claims"][3].endswith("fail")
    assert rows["confluence-link-length"][3].endswith("warning")  # a warning-level rule that fails: before "✗ fail"
    box = html[html.index('<table class="summary'): html.index('<div class="toc"')]
    # as the status bar and survey-check say "1 rule failing, 1 rule warning" (before: "2 fail (1 error, 1 warning)"
    # and, earlier, "3 fail (1 error, 2 warning/info)")
    assert "Rules: 12 pass · 1 fail · 1 warning · 1 note · 1 not measured · 0 no match." in box


def test_a_failing_rule_gives_the_line_where_it_fails(sample_text):
    lines = sample_text.split("\n")
    lines.insert(20, "补" * 120)
    text = "\n".join(lines)
    analysis = sample_analysis(text)
    cjk = next(r for r in analysis.rules if r.id == "cjk-total")
    assert cjk.status == "fail" and cjk.findings[0].line > 21
    html = build_report_html(analysis, text, pack_name="llm-infra-survey", pack_source="")
    assert _rules(html)["cjk-total"][4] == str(cjk.findings[0].line)  # before: 1
    box = html[html.index('<table class="summary'): html.index('<div class="toc"')]
    assert f'(<a href="#L{cjk.findings[0].line}">line {cjk.findings[0].line} · ' in box
