"""QA27b D2: a count rule failing in several places was named at its first failure only: with §3.1 and §3.3 both
short, page 1 said "measured 35 / 194 / 29, limit ≥ 150 (line 32 · §3.1)" and appendix A's Line "32"; §3.3 (line
40) was named nowhere. Every failing place is now listed under its rule on page 1 with its finding, as survey-check
lists them, and appendix A's Line names every failing line."""

from __future__ import annotations

import html
import re

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.services import report
from editor_app.services.report import build_report_html

PLACES_SHOWN = getattr(report, "PLACES_SHOWN", 8)  # (how many places page 1 lists with their findings)


def _cut(text: str, heading: str, keep: list[str]) -> str:
    """The three parts under the numbered heading ("3.1 主线 A …") replaced by `keep`."""
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(heading + " "))
    return "\n".join(lines[: at + 1] + keep + lines[at + 1 + len(keep):])


def _report(text: str, language: str = "en") -> tuple[str, object]:
    pack = house_pack()
    analysis = Analyzer(pack).analyze(text)
    return build_report_html(analysis, text, pack_name=pack.name, pack_source=pack.source, language=language,
                             pack=pack), analysis


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", fragment)))


def _page_one(html: str) -> str:
    return html[html.index('id="summary"'):html.index('id="contents"')]


def _two_short(sample_text: str) -> str:
    short = ["(1) 机制：异构值几何未给切换开销。", "(2) 数据：摘要级已抽查。", "(3) 截止日：9-25 前复核。"]
    return _cut(_cut(sample_text, "3.1", short), "3.3", short)


def test_page_one_names_every_place_a_count_rule_fails(sample_text):
    html, analysis = _report(_two_short(sample_text))
    rule = next(r for r in analysis.rules if r.id == "counter-argument-length")
    assert rule.status == "fail" and len(rule.findings) == 2
    first, second = rule.findings
    page = _page_one(html)
    told = _text(page)
    assert "2 places:" in told
    for f in (first, second):
        assert f.message in told  # "§3.3: 21 < 150 (129 short)"
        assert re.search(f'<a href="#[^"]+">line {f.line} · ', page)  # (§3.3's was linked nowhere in the report)
    assert f"(line {second.line} · §3.3)" in told


def test_appendix_a_names_every_failing_line(sample_text):
    html, analysis = _report(_two_short(sample_text))
    rule = next(r for r in analysis.rules if r.id == "counter-argument-length")
    appendix = html[html.index('id="appendix-self-check"'):html.index('id="appendix-claims"')]
    row = next(r for r in re.findall(r"<tr>.*?</tr>", appendix, re.S) if "counter-argument-length" in r)
    lines = [f.line for f in rule.findings]
    assert re.findall(r'<a href="#[^"]+">(\d+)</a>', row.split("</td>")[-2]) == [str(n) for n in lines]


def test_a_warning_rule_lists_its_places_in_chinese_too(sample_text):
    html, analysis = _report(sample_text, "zh_CN")
    rule = next(r for r in analysis.rules if r.id == "confluence-link-length")
    assert [f.line for f in rule.findings] == [79, 80, 81, 83]
    told = _text(_page_one(html))
    assert "4 处：" in told
    for n in (79, 80, 81, 83):
        assert f"第 {n} 行的列表项" in told and re.search(f'<a href="#[^"]+">第 {n} 行 · ', _page_one(html))


def test_many_places_are_listed_compactly(sample_text):
    """Past PLACES_SHOWN the rest are named by their lines, each a link."""
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("- ") and i + 1 > 78)  # §七's first item
    items = [f"- 短链 {n}：见 §3.1。" for n in range(PLACES_SHOWN + 4)]
    text = "\n".join(lines[:at] + items + lines[at:])
    html, analysis = _report(text)
    rule = next(r for r in analysis.rules if r.id == "confluence-link-length")
    failing = [f.line for f in rule.findings]
    assert len(failing) > PLACES_SHOWN + 2
    page = _page_one(html)
    told = _text(page)
    assert f"{len(failing) - PLACES_SHOWN} more: lines" in told
    for n in failing[:PLACES_SHOWN]:
        assert re.search(f'<a href="#[^"]+">line {n} · ', page)
    for n in failing[PLACES_SHOWN:PLACES_SHOWN + 3]:  # (lines, the first ones of the rest)
        assert re.search(f'<a href="#[^"]+">{n}</a>', page)
