"""The report read by the editor-in-chief who decides whether the survey goes out: the contents list shows the
headings as they read, page 1 says what blocks publishing and where, and every problem leads to its place."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from report_support import hand_analysis

from editor_app.services.report import build_report_html

HEADINGS = (
    "# 综述\n\n## 1 **粗体** 标题\n\n正文。\n\n## 2 安全 \\<script\\> 标签\n\n正文。\n\n"
    "## 3 直接 <script>alert(1)</script> 注入\n\n## 4 `代码` 与 [链接](https://x.org) & 符号\n"
)


def _toc(html: str) -> str:
    start = html.index('<div class="toc"')
    return html[start: html.index("</div>", start)]


def _entries(html: str) -> dict[str, str]:
    return dict(re.findall(r'<li><a href="#(sec-[^"]+)">(.*?)</a></li>', _toc(html)))


def test_contents_list_shows_headings_as_the_reader_sees_them():
    html = build_report_html(hand_analysis(HEADINGS), HEADINGS, pack_name="p", pack_source="")
    entries = _entries(html)
    # before: "1 **粗体** 标题", "`代码` 与 [链接](https://x.org)", "&lt;script&gt;alert(1)&lt;/script&gt;"
    assert entries["sec-1"] == "1 粗体 标题"
    assert entries["sec-4"] == "4 代码 与 链接 &amp; 符号"
    assert entries["sec-3"] == "3 直接 注入"  # the heading drops the script: so does its entry
    assert "&lt;script&gt;" in entries["sec-2"] and "<script" not in _toc(html)  # shown as text, still escaped
    for anchor, shown in entries.items():  # each entry reads as its heading does
        heading = re.search(rf'<h\d id="{anchor}">(.*?)</h\d>', html).group(1)
        assert re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", heading)).strip() == shown


def _sample_html(sample_text, language="en"):
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack

    analysis = analyze(sample_text, house_pack())
    return analysis, build_report_html(analysis, sample_text, pack_name="llm-infra-survey", pack_source="",
                                       language=language)


def _box(html: str) -> str:
    return html[html.index('<table class="summary'): html.index('<div class="toc"')]


def _text(fragment: str) -> str:
    import html as html_module

    return html_module.unescape(re.sub(r"<[^>]+>", " ", fragment))


def test_page_one_lists_every_wrong_figure_with_line_claimed_and_measured(sample_text):
    analysis, html = _sample_html(sample_text)
    box = _box(html)
    wrong = [c for c in analysis.claims if c.wrong]
    assert len(wrong) == 11 and "11 self-reported figures are wrong" in box  # before: only "11 disagree"
    rows = re.findall(r"<tr>(.*?)</tr>", box[box.index('class="wrong-figures"'):], re.S)[1:]
    assert len(rows) == len(wrong)
    for claim, row in zip(wrong, rows):
        cells = [_text(c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        assert cells[0] == f"line {claim.line}"
        assert cells[3] == claim.value_text and cells[4] == f"{claim.measured:,.0f}"
    assert "footer 76" in box and ">167<" in box  # the footer's CJK: stated 76, measured 167


def test_page_one_names_the_unmeasured_rule_and_says_no_private_data_was_found(sample_text):
    analysis, html = _sample_html(sample_text)
    assert {r.id: r.status for r in analysis.rules}["verifiability"] == "not-measured" and not analysis.privacy
    box = _text(_box(html))
    # before: "1 not measured" in the tally, verifiability unnamed; nothing said about private data
    assert "1 error-level rule could not be measured" in box and "verifiability" in box
    assert "No private data found" in box


def test_each_problem_leads_to_its_line_in_the_survey(sample_text):
    analysis, html = _sample_html(sample_text)
    survey = html[html.index('<div class="survey">'): html.index('<div class="appendix">')]
    ids = set(re.findall(r'id="([^"]+)"', survey))
    box = _box(html)
    for claim in (c for c in analysis.claims if c.wrong):
        assert f'<a href="#L{claim.line}">line {claim.line}</a>' in box  # before: no link at all
    assert '<a href="#L9">line 9 · §0</a>' in box  # the failing rule's line, and its section
    # the sentence the link leads to is the one stating the figure: "footer 76" is on line 94
    assert '<a id="L94"></a>' in survey and "footer 76" in survey[survey.index('<a id="L94"></a>'):][:600]
    assert 'id="L113"' in survey  # the footer line
    appendix = html[html.index('<div class="appendix">'):]
    targets = set(re.findall(r'href="#(L\d+)"', box + appendix))
    assert targets and targets <= ids  # every line link of page 1 and the appendix lands in the survey
    claims = appendix[appendix.index('id="appendix-claims"'):appendix.index('id="appendix-references"')]
    assert '<td><a href="#L94">94</a></td>' in claims


def test_line_anchors_change_nothing_a_reader_sees():
    text = ("标题\n§0 自检\n- 列表项 **粗体**\n  1. 子项\n> 引用\n| a | b |\n|---|:-:|\n| 1 | 2 |\n```\ncode\n```\n"
            "    缩进代码\n---\n正文 arXiv:2609.11582 §0\n")
    html = build_report_html(hand_analysis(text), text, pack_name="p", pack_source="")
    survey = html[html.index('<div class="survey">'): html.index('<div class="appendix">')]
    assert "\ue000" not in html and "\ue001" not in html
    bare = re.sub(r'<a id="L\d+"></a>', "", survey)
    assert "<li>列表项 <strong>粗体</strong>" in bare and "<blockquote>" in bare and "<table>" in bare
    assert '<th align="center">b</th>' in bare and "<pre><code>code\n</code></pre>" in bare and "<hr" in bare
    assert "<pre><code>缩进代码" in bare
    assert '<a href="https://arxiv.org/abs/2609.11582"' in bare and '<a href="#sec-0">§0</a>' in bare


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) absent")
def test_the_chinese_pdf_says_on_page_one_what_blocks_publishing(tmp_path, sample_text):
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack
    from editor_app.ui.export import export_report_file

    out = tmp_path / "report.pdf"
    export_report_file(analyze(sample_text, house_pack()), sample_text, out, pack_name="llm-infra-survey",
                       pack_source="", language="zh_CN", pack=house_pack())
    page1 = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(out), "-"], check=True, capture_output=True,
                           text=True).stdout
    flat = re.sub(r"\s+", "", page1)
    assert "尚不能发布" in flat and "11处自报数字与实测不符" in flat  # before: page 1 only counted "11 处不一致"
    assert re.search(r"第94行·第(\d+)页", flat) and "footer76" in flat  # where (and on which page), as written …
    assert "1条错误级规则无法测量" in flat and "verifiability" in flat and "未发现私域数据" in flat
    for english in ("line ", "Where", "Figure", "Claimed", "Measured", "stated", "No private", "document"):
        assert english not in page1


def test_the_chinese_figures_table_names_what_each_speed_up_measures_in_chinese(sample_text):
    _, html = _sample_html(sample_text, language="zh_CN")
    figures = html[html.index('id="appendix-figures"'):html.index('id="appendix-privacy"')]
    figures = re.sub(r'<img[^>]*>', "", figures)
    # before: "加速比 · throughput", "加速比 · request rate", "加速比 · build", "加速比 · load"
    for english in ("throughput", "request rate", "build", "load"):
        assert f"加速比 · {english}<" not in figures
    assert "加速比 · 吞吐<" in figures and "加速比 · 请求率<" in figures and "加速比 · 构建<" in figures


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) absent")
def test_the_pdf_says_on_which_page_each_contents_entry_and_wrong_figure_is(tmp_path, sample_text):
    """A PDF reader can't follow the report's links within it: the contents and page 1 give the page."""
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack
    from editor_app.ui.export import export_report_file

    pack = house_pack()
    out = tmp_path / "report.pdf"
    export_report_file(analyze(sample_text, pack), sample_text, out, pack_name="llm-infra-survey",
                       pack_source=pack.source)
    pages = subprocess.run(["pdftotext", "-layout", str(out), "-"], check=True, capture_output=True,
                           text=True).stdout.split("\f")

    def flat(text):
        return re.sub(r"\s+", "", text)

    front = pages[0] + pages[1]
    m = re.search(r"line 94 · p\. (\d+)", front)  # before: no page at all
    assert m and "元信息（header247+§0165+§八193" in flat(pages[int(m.group(1)) - 1])  # the §8.2 table row of line 94
    entries = re.findall(r"^\s*(\S.*?) · p\. (\d+)\s*$", front, re.M)
    assert len(entries) >= 30  # every section and appendix part
    for title, page in entries:
        assert flat(title)[:12] in flat(pages[int(page) - 1]), (title, page)  # (a long heading may end overleaf)
    # the page numbers' new layout reaches the end: the pack's last line is printed, nothing cut
    last = [line for line in pack.source.strip().splitlines() if line.strip()][-1]
    assert flat(last) in flat("".join(pages[-3:]))
