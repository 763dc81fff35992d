"""QA29b D3: a YAML "# comment" line in a front matter block (Obsidian's and Hugo's templates write them) stopped the
block being read as front matter: the comment line, "title: …" (its closing "---" read as a setext underline) and the
survey's title line became sections."""

from __future__ import annotations

from datetime import date

from editor_app.core.analyze import Analyzer, analyze, split_lines
from editor_app.core.document import build_outline, heading_in_line
from editor_app.core.rulepack import house_pack

PACK = house_pack()
D3 = "---\n# 模板注释\ntitle: 综述\n---\n§0 自检栏\n① 各项实测\n一、主题脉络\n正文。\n"
FM3 = ("---\n# Obsidian 模板生成\ntitle: 主题综述\n---\n# 主题综述 · llm-infra\n- 作者：spark\n## §0 自检栏\n"
       "① CJK 实测 30 ✅\n## 一、主题脉络\n正文一段中文内容。\n")


def _outline(text):
    lines = split_lines(text)
    return build_outline(lines, [heading_in_line(line) for line in lines])


def test_a_comment_line_in_front_matter_makes_no_section():
    o = _outline(D3)
    assert [(s.key, s.line) for s in o.sections] == [("0", 5), ("1", 7)]
    assert o.not_prose == ((1, 4),) and o.header == (1, 4)
    from editor_app.core.document import front_matter_end  # (what the Preview and the report leave out)

    assert front_matter_end(split_lines(D3)) == 4


def test_the_title_line_after_such_a_front_matter_is_the_header():
    a = analyze(FM3, PACK)
    assert [sm.section.key for sm in a.sections] == ["0", "1"]
    assert a.header_lines == (1, 6)


def test_a_yaml_list_in_such_a_front_matter_is_no_list_item():
    text = "---\n# 注释\ntitle: 主题综述\ntags:\n  - llm\n---\n§0 自检栏\n正文\n一、主题脉络\n正文\n"
    assert analyze(text, PACK).metrics["list_items"] == 0


def test_a_block_of_nothing_but_headings_is_still_a_rule_a_heading_and_a_rule():
    o = _outline("---\n# 标题\n---\n正文\n")
    assert o.not_prose == () and [s.title for s in o.sections] == ["标题"]


def test_typing_the_comment_line_in_gives_what_a_fresh_analysis_gives():
    az = Analyzer(PACK, today=date(2026, 12, 2))
    without = D3.replace("# 模板注释\n", "")
    for text, keys in ((without, ["0", "1"]), (D3, ["0", "1"]), (without, ["0", "1"])):
        got = az.analyze(text)
        assert got == analyze(text, PACK, today=date(2026, 12, 2))
        assert [sm.section.key for sm in got.sections] == keys
