"""The status-bar headline and the preview's Markdown, from a real analysis of small texts."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.ui.headline import headline
from editor_app.ui.preview_panel import survey_markdown


def test_headline_is_green_only_when_nothing_fails(qapp, sample_text):
    pack = house_pack()
    text, ok = headline(analyze(sample_text, pack), pack)
    # as survey-check's first line says it: the §七 link-length rule is a warning (before: "2 rules failing")
    assert not ok and text.startswith("CJK 3,838/3,900 · ⚠️ 79 · 113/200 lines · 1 rule failing, 1 rule warning · ")
    tiny = analyze("一、正文\n短文。\n", pack)
    text, ok = headline(tiny, pack)
    assert text.startswith("CJK 5/3,900 · ⚠️ 0 · 2/200 lines")
    assert not ok and "rules failing" in text  # fewer than 10 ⚠️, no legal section...: red

    from editor_app.core.rulepack import load_pack
    from editor_app.resources_path import resource_path

    english = load_pack(resource_path("rulepacks", "english-markdown.toml"))
    body = " ".join(["word"] * 125)
    clean = (f"# Serving notes\n\nvLLM and SGLang are both fine. Lines: 11\n\n## Limitations\n\n{body}\n\n"
             "## References\n\nNone.\n")
    text, ok = headline(analyze(clean, english), english)
    assert ok and text == "138/2,500 words · 11/300 lines · all rules pass"


def test_preview_markdown_turns_numbered_sections_into_headings(sample_text):
    pack = house_pack()
    analysis = analyze(sample_text, pack)
    md = survey_markdown(sample_text, analysis)
    assert "\n## 一、主题脉络" in md and "\n### 2.1 推理引擎方法学主线" in md
    assert "\n\n| # | arXiv | 标题 |" in md  # tables set off by a blank line
    lines = sample_text.split("\n")
    part = survey_markdown("\n".join(lines[18:30]), analysis, first_line=19)  # a window of a long survey
    assert part.lstrip().startswith("### 2.1 推理引擎方法学主线")
