"""QA of a survey written from scratch (qa11): lines that read as headings but are prose, figures named for a place
before their label, and house wordings the pack did not read.

D1: "§一 CJK 11，与正文一致。" inside §八 was read as the heading of a second §一: §八 ended there (its right figure told
wrong, and Update Self-check Figures rewrote it) and every figure about §一 became "2 sections are numbered 一".
D5: "反方 CJK 实测 21", "元信息 CJK 实测 84", "§3.1 的 CJK 8" were read as the whole document's CJK.
D6: "CJK 合计 999", "⚠️ 共 99 处", "行数实测 99", "共 9 篇 arXiv", "| CJK | 999 |" … were not read at all.
D7: "CJK 2 字节编码", "英文的 CJK 3 倍", "覆盖 CJK 20,902 个汉字" (prose about CJK text) were read as totals."""

from __future__ import annotations

from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.document import heading_in_line, section_refs_in_line
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

PACK = house_pack()
TODAY = date(2026, 10, 2)

HEAD = "主题综述 · probe（2026-10-02）\n- 作者：spark\n§0 自检栏\n"
FOOT = "Spark · 2026-10-02 22:10 CST · v1 · 收尾"
BODY = ("一、主题脉络\n正文一段有十个汉字啊 ⚠️。\n二、核心工作\n2.1 推测解码\n正文二段八个汉字 ⚠️。\n三、反方\n3.1 主线 A\n"
        "(1) 机制：甲乙丙丁。\n3.2 主线 B\n(1) 机制：丁戊己庚辛壬。\n八、元信息\n8.1 自检\n九、引用\n")


def _claims(text: str):
    a = analyze(text, PACK, today=TODAY)
    return a, [(c.line, c.scope, c.claimed, c.measured, c.ok) for c in a.claims]


# ---- D1 ----

PHANTOM = (HEAD + "① §八 CJK 实测 25\n一、主题脉络\n正文一段有十个汉字啊 ⚠️。\n八、元信息\n元信息一节的正文共有十六个汉字。\n"
           "§一 CJK 11，与正文一致。\n九、引用\n" + FOOT)


def test_prose_starting_with_a_section_reference_is_no_heading():
    for line in ("§一 CJK 11，与正文一致。", "§八 仅统计实测值。", "§0 各项均为实测。", "§一 CJK 249，§二 CJK 208，§三 CJK 513。",
                 "§三 反方"):
        assert heading_in_line(line) is None, line
    for line in ("§0 自检栏（v2 · 9 维实测硬约束）", "§0 自检栏", "§1 Introduction"):
        assert heading_in_line(line) is not None, line
    assert [t for _, t, _ in section_refs_in_line("§一 CJK 11，与正文一致。")] == ["§一"]
    assert section_refs_in_line("§0 自检栏") == ()


def test_a_prose_line_naming_a_section_neither_cuts_its_section_nor_doubles_the_one_it_names():
    a, claims = _claims(PHANTOM)
    assert [(m.section.key, m.section.line, m.section.end_line) for m in a.sections if m.section.key in ("1", "8")] == [("1", 5, 6), ("8", 7, 9)]
    assert claims == [(4, "§八", 25, 25, True), (9, "§一", 11, 15, False)]
    assert "§八 CJK 实测 25" in updated_self_check_text(PHANTOM, a)  # was rewritten to 19


# ---- D4 ----

MD_TITLE = """# 主题综述 · probe（2026-10-02）
- 作者：spark
## §0 自检栏
① CJK 实测 29（§一 15 + header 6 + §0 6 + footer 2）
## 一、主题脉络
正文一段有十个汉字啊 ⚠️。
Spark · 2026-10-02 22:10 CST · v1 · 收尾"""


def test_a_markdown_title_with_author_lines_under_it_is_the_header():
    a, claims = _claims(MD_TITLE)
    assert [m.section.key for m in a.sections] == ["0", "1"]
    assert all(ok for *_, ok in claims) and ("header" in {c[1] for c in claims}), claims
    _, plain = _claims(MD_TITLE.replace("## ", "").replace("# ", ""))
    assert plain == claims


# ---- D5 ----

SCOPE_LABEL = HEAD + "① CJK 实测 84；反方 CJK 实测 21；元信息 CJK 实测 84\n" + BODY + FOOT


def test_a_scope_named_before_the_metric_is_that_scopes_figure():
    a, claims = _claims(SCOPE_LABEL)
    assert claims == [(4, "document", 84, 84, True), (4, "反方", 21, 21, True), (4, "元信息", 84, 31, False)]
    updated = updated_self_check_text(SCOPE_LABEL, a)
    assert "反方 CJK 实测 21；元信息 CJK 实测 31" in updated  # the right 21 was rewritten to 84, the wrong 84 kept


def test_a_section_named_in_the_same_clause_before_the_metric_is_that_sections_figure():
    line = ("① §3.2 主线 CJK 实测 10；主线 B（§3.2）CJK 10；§3.1 的 CJK 8；§3.1（主线 A）CJK 8；§3.1 机制段 CJK 8；"
            "§3.1-§3.2 CJK 18；见 §3.1，CJK 实测 88")
    _, claims = _claims(HEAD + line + "\n" + BODY + FOOT)
    assert claims == [(4, "§3.2", 10, 10, True)] * 2 + [(4, "§3.1", 8, 8, True)] * 3 + [(4, "document", 88, 88, True)]


def test_a_word_that_names_no_scope_leaves_the_figure_the_documents():
    _, claims = _claims(HEAD + "① 全文 CJK 实测 82；非反方 CJK 实测 82\n" + BODY + FOOT)
    assert claims == [(4, "document", 82, 82, True)] * 2


# ---- D6 ----

WORDINGS = HEAD + """① CJK 合计 999
② ⚠️ 共 99 处
③ 行数实测 99
④ 9.1 共 9 篇 arXiv
⑤ CJK 实测 71
| 维度 | 实测 |
|---|---|
| CJK | 999 |
| ⚠️ | 99 |
| 行数 | 99 |
⑥ ⚠️ 99 处（三处一致）；⚠️=99；全文共 99 行；CJK 总计 999；CJK 字符数 999；arXiv 共 9 篇；9 个 arXiv id
⑦ ⚠️ 2 处引用未核验；表格共 3 行
一、主题脉络
正文一段有十个汉字啊 ⚠️。
Spark · 2026-10-02 22:10 CST · v1 · 收尾"""


def test_the_house_wordings_of_a_figure_are_read():
    _, claims = _claims(WORDINGS)
    got = [(line, claimed, ok) for line, _, claimed, _, ok in claims]
    assert got == [(4, 999, False), (5, 99, False), (6, 99, False), (7, 9, False), (8, 71, True),
                   (11, 999, False), (12, 99, False), (13, 99, False)] + [(14, v, False) for v in (99, 99, 99, 999, 999, 9, 9)]


def test_the_counter_arguments_listed_under_other_names_are_read():
    """"两主线 CJK 9/12" and "反方各小节 CJK 9/12" were not read (only "各主线" / "三主线"): both wrong here."""
    text = HEAD + "① 两主线 CJK 9/12\n② 反方各小节 CJK 8/10\n" + BODY + FOOT
    _, claims = _claims(text)
    assert [(line, scope, claimed, measured, ok) for line, scope, claimed, measured, ok in claims] == [
        (4, "§3.1", 9, 8, False), (4, "§3.2", 12, 10, False), (5, "§3.1", 8, 8, True), (5, "§3.2", 10, 10, True)]


def test_a_list_whose_places_are_named_one_by_one_is_read():
    """"§3.1/§3.2 CJK 99/99" was not read: each figure is now its own place's, in order (a figure beyond the places
    named is not read)."""
    text = (HEAD + "① §3.1/§3.2 CJK 9/10\n② §3.1、§三.2 的 CJK 实测 8、12\n③ §3.2/§3.1 CJK 10/8/7\n" + BODY + FOOT)
    _, claims = _claims(text)
    assert [(line, scope, claimed, measured, ok) for line, scope, claimed, measured, ok in claims] == [
        (4, "§3.1", 9, 8, False), (4, "§3.2", 10, 10, True), (5, "§3.1", 8, 8, True), (5, "§三.2", 12, 10, False),
        (6, "§3.2", 10, 10, True), (6, "§3.1", 8, 8, True)]
    az = Analyzer(PACK, today=TODAY)
    az.analyze(text)
    edited = text.replace("9/10", "8/10")
    assert az.analyze(edited) == analyze(edited, PACK, today=TODAY)


# ---- D7 ----

def test_prose_about_cjk_text_states_no_figure_of_the_survey():
    text = HEAD + "① CJK 实测 37\n一、主题脉络\n分词器对 CJK 2 字节编码的文本，KV 体积约为英文的 CJK 3 倍，覆盖 CJK 20,902 个汉字。\n" + FOOT
    _, claims = _claims(text)
    assert [c[0] for c in claims] == [4]


def test_incremental_passes_match_a_fresh_analysis():
    az = Analyzer(PACK, today=TODAY)
    for text in (MD_TITLE, MD_TITLE.replace("## §0", "§0"), PHANTOM, PHANTOM.replace("§一 CJK 11，", "§一 CJK 11 "), SCOPE_LABEL, WORDINGS, PHANTOM):
        assert az.analyze(text) == analyze(text, PACK, today=TODAY)
