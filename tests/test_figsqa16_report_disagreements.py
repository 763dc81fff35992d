"""QA (an editor checking engine figures before publishing): the exported report said only "figure-consistency 7
disagreeing" on page 1; no message said which figures disagree, and its figures table marked none of them. Part D
now lists each disagreement with its line and message, and marks the values they name."""

from __future__ import annotations

import re

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html

SURVEY = "\n".join(["主题综述 · t（2026-10-02）", "§0 自检栏", "一、主题",
                    "成本 NIM $110,940 vs vLLM $59,940/年。", "吞吐：SGLang ~16,200 vs vLLM ~12,500 tok/s on H100。",
                    "NIM 约 12.1 万美元/年。", "SGLang 比 vLLM 快 2 倍。", "qa · v1"])


def part_d(language: str = "en") -> str:
    pack = house_pack()
    page = build_report_html(analyze(SURVEY, pack), SURVEY, pack_name=pack.name, pack_source="", language=language)
    return page[page.index('id="appendix-figures"'):page.index('id="appendix-privacy"')]


def test_each_disagreement_is_listed_with_its_line():
    d = part_d()
    listed = re.findall(r'<li class="warn">(.*?)</li>', d)
    assert len(listed) == 2
    assert listed[0] == ('<a href="#L6">line 6 · §一</a>: NIM cost: 约 12.1 万 $/年 at line 6 disagrees with '
                         '$110,940/年 at line 4')
    assert listed[1].startswith('<a href="#L7">line 7 · §一</a>: SGLang throughput vs vLLM on H100: 2 倍 at line 7')
    assert "(1.30×)" in listed[1]
    assert "Figures that disagree (2):" in d


def test_the_values_a_disagreement_names_are_marked_in_the_table():
    """Both sides of it (QA25: line 4's NIM cost was plain in the table while the charts outlined it red); line 5's
    throughput is another quantity than line 7's speed-up, as the charts have it."""
    marked = re.findall(r'<td class="warn">⚠ (.*?)</td>', part_d())
    assert marked == ["NIM $110,940 vs vLLM $59,940", "NIM 约 12.1 万", "SGLang 2 倍 vs vLLM"]


def test_in_chinese():
    d = part_d("zh_CN")
    assert "不一致的数字（2 处）：" in d and "NIM 成本：第 6 行的 约 12.1 万 $/年 与第 4 行的 $110,940/年 不一致" in d


def test_a_survey_whose_figures_agree_lists_none(sample_text):
    pack = house_pack()
    page = build_report_html(analyze(sample_text, pack), sample_text, pack_name=pack.name, pack_source="")
    assert "Figures that disagree" not in page and '<td class="warn">⚠' not in page


def test_the_report_charts_mark_the_values_that_disagree(qapp):
    """The report's charts drew every bar alike: the wrong restatement did not stand out. Its caption starts "⚠" and
    its bar is outlined red; the captions name a measure in the report's words (吞吐 was "吞吐" in an English report).
    Line 6's cost stands beside line 4's in one chart, both marked, as in the Figures tab."""
    from PySide6.QtGui import QImage

    from editor_app.ui import charts_render

    analysis = analyze(SURVEY, house_pack())
    charts = charts_render.render_figure_charts(analysis)
    captions = [c for c, _ in charts]
    assert captions == ["⚠ cost ($/年), approximate: lines 4, 6", "throughput (tok/s) on H100, approximate: line 5",
                        "⚠ Stated speed-ups (×)"]
    image = QImage.fromData(dict(charts)["⚠ Stated speed-ups (×)"])
    reds = sum(1 for x in range(0, image.width(), 4) for y in range(image.height())  # (the outline's rows)
               if image.pixelColor(x, y).name() == "#c0392b")
    assert reds > 20
    assert all(QImage.fromData(png).pixelColor(x, y).name() != "#c0392b"
               for c, png in charts if not c.startswith("⚠") for x, y in ((300, 150), (200, 200)))
