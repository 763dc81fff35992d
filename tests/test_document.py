"""Document model: both heading styles, fences, setext, section references, suppression."""

from editor_app.core.analyze import analyze, split_lines
from editor_app.core.document import build_outline, heading_in_line, resolve_section_ref
from editor_app.core.rulepack import house_pack


def outline(text, styles=frozenset({"numbered", "markdown"})):
    lines = split_lines(text)
    return build_outline(lines, [heading_in_line(l) for l in lines], styles=styles)


def test_section_refs_resolve():
    assert resolve_section_ref("§3.1") == "3.1"
    assert resolve_section_ref("§三.1") == "3.1"
    assert resolve_section_ref("§八") == "8"
    assert resolve_section_ref("§0") == "0"
    assert resolve_section_ref("§十二") == "12"
    assert resolve_section_ref("see") is None


def test_markdown_atx_setext_and_fences():
    text = "intro\n# Title\ntext\n## 3.1 Counter\nx\n```\n# not a heading\n```\nSetext\n------\ny\n"
    o = outline(text)
    # (the one "#" heading, first, over "##" ones is the title: the header holds it, qa26a D3)
    assert [(s.key, s.level, s.line, s.end_line) for s in o.sections] == [("3.1", 2, 4, 8), ("h9", 2, 9, 11)]
    assert o.header == (1, 3)
    o = outline(text.replace("------", "======"))  # two "#" headings ("===" is one): sections, "# Title" one of them
    assert [(s.key, s.level, s.line, s.end_line) for s in o.sections] == [
        ("h2", 1, 2, 8), ("3.1", 2, 4, 8), ("h9", 1, 9, 11)]
    assert o.header == (1, 1)


def test_numbered_subsection_only_inside_its_top_section():
    text = "一、甲\n2.1 不是标题（在一之下）\n二、乙\n2.1 是标题\n"
    keys = [s.key for s in outline(text).sections]
    assert keys == ["1", "2", "2.1"]


def test_no_headings_everything_is_header():
    o = outline("just prose\nmore\n")
    assert o.sections == [] and o.header == (1, 2)


def test_crlf_and_trailing_newline():
    assert split_lines("a\r\nb\r\n") == ["a", "b"]
    assert split_lines("") == []
    assert split_lines("a\n\n") == ["a", ""]


def test_inline_suppression_and_unsuppressible():
    pack = house_pack()
    base = "§0 自检\n一、正文\n{}\n"
    a = analyze(base.format("⚠ 注意"), pack)
    assert any(f.rule == "bare-caution" for f in a.findings)
    a = analyze(base.format("⚠ 注意 <!-- survey-check disable bare-caution -->"), pack)
    assert not any(f.rule == "bare-caution" for f in a.findings)
    assert next(r for r in a.rules if r.id == "bare-caution").status == "suppressed"
    # Block form.
    a = analyze("§0 x\n<!-- survey-check disable bare-caution -->\n⚠ a\n⚠ b\n<!-- survey-check enable bare-caution -->\n⚠ c\n", pack)
    assert [f.line for f in a.findings if f.rule == "bare-caution"] == [6]
    # Unsuppressible rules refuse, and say so.
    a = analyze(base.format("独立段不计 <!-- survey-check disable no-exempt-sections -->"), pack)
    assert any(f.rule == "no-exempt-sections" and "forbidden" not in f.message and "refused" in f.message
               for f in a.findings)
    assert any(f.rule == "no-exempt-sections" and f.line == 3 and "refused" not in f.message for f in a.findings)
    a = analyze(base.format("x <!-- survey-check disable no-such-rule -->"), pack)
    assert any("unknown rule id" in f.message for f in a.findings)


def test_where_the_limit_is_passed():
    pack = house_pack()
    text = "§0 x\n" + "\n".join("中" * 1000 for _ in range(5)) + "\n"
    a = analyze(text, pack)
    f = next(f for f in a.findings if f.rule == "cjk-total")
    assert f.line == 5 and f.measured == 5000 and "1,100 over" in f.message


def test_section_references_resolve_against_the_outline(sample_text):
    a = analyze(sample_text, house_pack())
    refs = {(r.line, r.text): r.key for r in a.section_refs}
    assert refs[(9, "§3.1")] == "3.1"
    assert refs[(9, "§八.3")] == "8.3"
    assert refs[(80, "§二.1")] == "2.1"
    assert refs[(80, "§六")] == "6"
    assert (8, "§0") not in refs  # the heading itself is not a reference
    b = analyze("一、甲\n见 §3.1 与 §一\n", house_pack())
    assert [(r.text, r.key) for r in b.section_refs] == [("§3.1", None), ("§一", "1")]


def test_a_fence_is_closed_only_by_its_own_kind_of_fence():
    # "```" inside a "~~~" block, or inside a "````" block, is code: the headings after it stay code.
    for opening, inner in (("~~~", "```"), ("````", "```"), ("```", "``` not a close")):
        text = f"# A\n{opening}\n# code 1\n{inner}\n# code 2\n{opening.split()[0]}\n# B\n"
        o = outline(text)
        assert [(s.title, s.line, s.end_line) for s in o.sections] == [("A", 1, 6), ("B", 7, 7)], opening
        assert o.not_prose == ((2, 6),)
    # "```x```" on a line of its own is inline code, not a fence that would swallow the rest of the survey.
    assert [s.title for s in outline("# A\n```x```\n# B\n").sections] == ["A", "B"]


def test_an_underline_after_a_list_item_html_or_indented_code_is_a_rule_not_a_heading():
    for before in ("1. item", "2) item", "+ item", "<!-- survey-check disable bare-caution -->", "<div>", "    code"):
        o = outline(f"# A\n\n{before}\n---\nafter\n")
        assert [s.title for s in o.sections] == ["A"], before
    # A paragraph line followed by the underline still is a heading, as Markdown renders it.
    assert [s.title for s in outline("## A\n\nSummary\n---\n").sections] == ["A", "Summary"]
    assert [s.title for s in outline("## A\n\n**Summary**\n---\n").sections] == ["A", "**Summary**"]
    assert [s.title for s in outline("## A\n\n<5 ms 的延迟\n---\n").sections] == ["A", "<5 ms 的延迟"]  # no HTML


def test_section_references_with_full_width_or_padded_sub_numbers_resolve():
    assert resolve_section_ref("§３.１") == "3.1"
    assert resolve_section_ref("§3.01") == "3.1"
    a = analyze("§0 x\n三、反方\n3.1 甲\n见 §３.１ 与 §3.01\n", house_pack())
    assert [(r.text, r.key) for r in a.section_refs] == [("§３.１", "3.1"), ("§3.01", "3.1")]
    assert not any(f.rule == "section-refs" for f in a.findings)


def test_section_references_and_suppression_comments_in_code_blocks_are_code():
    pack = house_pack()
    text = ("§0 x\n一、甲\n```\n见 §9\n<!-- survey-check disable bare-caution -->\n```\n"
            "⚠ 注意\n~~~\n<!-- survey-check disable no-such-rule -->\n~~~\n见 §8\n")
    a = analyze(text, pack)
    assert [(r.line, r.text) for r in a.section_refs] == [(11, "§8")]
    assert [f.line for f in a.findings if f.rule == "bare-caution"] == [7]
    assert next(r for r in a.rules if r.id == "bare-caution").status == "fail"
    assert not any(f.rule == "suppression" for f in a.findings)
    assert [f.line for f in a.findings if f.rule == "section-refs"] == [11]


def test_two_suppression_comments_alone_on_a_line_each_open_a_block():
    pack = house_pack()
    text = ("§0 x\n一、甲\n<!-- survey-check disable bare-caution --> <!-- survey-check disable section-refs -->\n"
            "⚠ a 见 §9\n")
    a = analyze(text, pack)
    assert not any(f.rule in ("bare-caution", "section-refs") for f in a.findings)
    assert {r.id: r.status for r in a.rules if r.id in ("bare-caution", "section-refs")} == {
        "bare-caution": "suppressed", "section-refs": "suppressed"}


def test_the_footer_is_found_above_a_closing_comment_or_a_rule():
    footer = "Spark · 2026-09-14 21:30 CST · CJK 实测 10"
    for after in ("<!-- survey-check enable bare-caution -->", "\n---", "***"):
        a = analyze(f"标题\n§0 x\n一、甲\n正文\n{footer}\n{after}\n", house_pack())
        assert a.footer_line == 5, after
        assert [(sm.section.key, sm.section.end_line) for sm in a.sections] == [("0", 2), ("1", 4)]
    # A comment is not a signature line of its own.
    assert analyze("§0 x\n一、甲\n<!-- Spark · 2026-09-14 -->\n", house_pack()).footer_line is None


def test_the_sample_with_markdown_headings_has_the_same_outline_and_verdicts(sample_text):
    """`## §0 自检栏`, `## 一、…`, `### 2.1 …`: the same survey in the other heading style reads the same."""
    lines = []
    for line in sample_text.split("\n"):
        h = heading_in_line(line)
        prefix = {"numbered-top": "## ", "numbered-sub": "### "}.get(h.style, "") if h else ""
        lines.append(prefix + line)
    pack = house_pack()
    numbered, markdown = analyze(sample_text, pack), analyze("\n".join(lines), pack)
    assert [sm.section for sm in markdown.sections] == [sm.section for sm in numbered.sections]
    assert markdown.sections[0].section.number == "§0"
    assert [(r.id, r.status, r.measured) for r in markdown.rules] == [(r.id, r.status, r.measured) for r in numbered.rules]


def test_a_suppression_comment_the_checker_cannot_read_is_reported():
    from editor_app.wording import EngineText

    pack = house_pack()
    for comment in ("<!-- survey-check disabel bare-caution -->", "<!-- survey-check disable  -->",
                    "<!-- survey-check disable bare-caution"):
        a = analyze(f"§0 x\n一、甲\n⚠ 注意 {comment}\n", pack)
        said = [(f.line, f.column, f.message) for f in a.findings if f.rule == "suppression"]
        assert said == [(3, 6, "suppression comment not understood: write <!-- survey-check disable RULE -->, "
                                "disable-next-line or enable, with rule ids, on one line")], comment
        assert next(r for r in a.rules if r.id == "bare-caution").status == "fail"
        assert EngineText("zh_CN")(said[0][2]).startswith("无法识别的豁免注释")
    # One that is understood says nothing more.
    a = analyze("§0 x\n一、甲\n⚠ 注意 <!-- survey-check disable bare-caution -->\n", pack)
    assert not any(f.rule == "suppression" for f in a.findings)


def test_a_markdown_title_line_above_the_numbered_sections_is_the_header(sample_text):
    """`# 主题综述 …` (or the title underlined with ===) is the survey's title line: the header keeps it, and the
    header's figures (the story of earlier versions) stay out of the audit as they do without the `#`."""
    pack = house_pack()
    plain = analyze(sample_text, pack)
    first, rest = sample_text.split("\n", 1)
    for titled in ("# " + sample_text, f"{first}\n===\n{rest}"):
        a = analyze(titled, pack)
        assert a.sections[0].section.key == "0" and a.header_lines == (1, a.sections[0].section.line - 1)
        verdicts = [(r.id, r.status, r.measured) for r in a.rules if r.id != "line-count"]  # (=== is a line)
        assert verdicts == [(r.id, r.status, r.measured) for r in plain.rules if r.id != "line-count"]
        assert [(c.text, c.measured, c.ok) for c in a.claims if c.metric != "lines"] == [
            (c.text, c.measured, c.ok) for c in plain.claims if c.metric != "lines"]
    # So is a Markdown survey's one "#" heading over its "##" sections (qa26a D3: tests/test_qa26a_markdown_header.py).
    for text, keys in (("# Title\nintro\n## Background\n", ["h3"]), ("# Title\nintro\n## 1 Background\n", ["1"])):
        o = outline(text)
        assert [s.key for s in o.sections] == keys and o.header == (1, 2)


def test_front_matter_is_not_a_section():
    text = "---\ntitle: KV cache survey\ndate: 2026-09-14\n---\n\n# KV cache\n\n## 1 Background\n见 §1\n"
    o = outline(text)
    assert [(s.title, s.line) for s in o.sections] == [("Background", 8)]  # (the title "# KV cache" in the header)
    assert o.header == (1, 7) and o.not_prose == ((1, 4),)
    # A rule at the top with a heading before the next one is a rule: what follows is read as usual.
    o = outline("---\n§0 自检\n一、甲\n正文\n---\n")
    assert [s.key for s in o.sections] == ["0", "1", "h4"] and o.not_prose == ()


def test_a_number_glued_to_its_title_is_not_cut_at_its_dot():
    # "## 3.1主线" was section 3 titled "1主线": a second §3, and no §3.1.
    h = heading_in_line("## 3.1主线 A")
    assert (h.key, h.title) == ("", "3.1主线 A")
    assert (heading_in_line("## 3.主线").key, heading_in_line("## 3.1. 主线").key) == ("3", "3.1")
    keys = [s.key for s in outline("## 三、反方\n## 3.1主线 A\n正文\n").sections]
    assert keys == ["3", "h2"]


def test_a_bold_markdown_heading_keeps_its_number():
    # "## **4.4 法律 / 监管**" is the legal section the house rules ask for, as the preview shows it.
    a = analyze("§0 x\n## 四、视角\n## **4.4 法律 / 监管**\n正文\n", house_pack())
    assert [(sm.section.key, sm.section.title) for sm in a.sections][-1] == ("4.4", "法律 / 监管")
    assert next(r for r in a.rules if r.id == "legal-section").status == "pass"
    assert heading_in_line("## **a** and **b**").title == "**a** and **b**"


def test_a_section_commented_out_is_no_section():
    text = "§0 自检\n一、甲\n<!--\n二、旧的一节\n2.1 旧小节 见 §9\n-->\n正文\n二、乙\n2.1 新\n"
    a = analyze(text, house_pack())
    assert [(sm.section.key, sm.section.line, sm.section.end_line) for sm in a.sections] == [
        ("0", 1, 1), ("1", 2, 7), ("2", 8, 9), ("2.1", 9, 9)]
    assert a.section_refs == [] and not any(f.rule == "section-refs" for f in a.findings)
    # A comment closed at the end of a line of text is not followed: it hides nothing rather than the rest.
    assert [s.key for s in outline("一、甲\n<!-- 旧\n二、旧\n旧 -->\n二、乙\n").sections] == ["1", "2", "2#2"]
