"""The report read by the editor-in-chief who decides whether the survey goes out: the contents list shows the
headings as they read, page 1 says what blocks publishing and where, and every problem leads to its place."""

from __future__ import annotations

import re

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
