"""Two headings with one number (a section duplicated by a copy-paste slip, "3.3" retyped "3.1"): every place that
measures "§3.1" used to take the first of them without a word. A stated figure about it ("§3.1 159" in a sum, a
per-section list, a pattern's section scope) is now "ambiguous": not measured, neither right nor wrong, with a
finding that says why; a rule whose scope names it says it measured the first only; a heading scope measures each
of the two (the second was silently left out), named "§3.1 #1" and "§3.1 #2"."""

from __future__ import annotations

import json

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack, parse_pack
from editor_app.formats import text_report
from editor_app.wording import EngineText

PACK = house_pack()


def _twice_3_1(sample_text: str) -> str:
    assert "\n3.3 主线 C" in sample_text
    return sample_text.replace("\n3.3 主线 C", "\n3.1 主线 C")


def _heading_lines(text: str, prefix: str) -> list[int]:
    return [i + 1 for i, ln in enumerate(text.split("\n")) if ln.startswith(prefix)]


def _with_sum(text: str) -> str:
    """§0 gains the breakdown of the counter-arguments by sub-section, as an author writes it."""
    lines = text.split("\n")
    at = next(i for i, ln in enumerate(lines) if ln.startswith("① 字数三层一致"))
    lines[at] = lines[at].replace("| ② 私域", "| 反方 CJK 560（§3.1 159 + §3.2 194 + §3.3 207）| ② 私域", 1)
    return "\n".join(lines)


def test_a_sum_part_about_a_number_two_headings_share_is_ambiguous_not_ok(sample_text):
    text = _with_sum(_twice_3_1(sample_text))
    a = analyze(text, PACK)
    part = next(c for c in a.claims if c.kind == "value" and c.scope == "§3.1" and c.claimed == 159)
    assert (part.ok, part.measured, part.ambiguous) == (None, None, True)
    assert part.message == "CJK of §3.1: stated 159, not measured: 2 sections are numbered 3.1"
    # its own finding, at the figure, so the claims rule cannot pass on a guess
    claims_rule = next(r for r in a.rules if r.id == "claims")
    assert any(f.line == part.line and f.column == part.column and f.message == part.message
               for f in claims_rule.findings)
    assert claims_rule.status == "fail"
    # the §3.2 beside it names one section: measured as before
    assert next(c for c in a.claims if c.scope == "§3.2" and c.claimed == 194).ok is True
    # the JSON contract: ok null, the message says why
    row = next(c for c in json.loads(json.dumps(a.to_dict(), ensure_ascii=False))["claims"]
               if c["line"] == part.line and c["scope"] == "§3.1")
    assert row["ok"] is None and row["measured"] is None and "2 sections are numbered 3.1" in row["message"]
    # survey-check's table lists it with the wrong ones, saying what it is
    report = text_report(a, pack=PACK)
    assert "not measured: about a section number two headings share" in report
    assert any("ambiguous" in ln and "159" in ln for ln in report.splitlines())
    # and the Chinese window says it in Chinese
    assert EngineText("zh_CN", PACK)(part.message) == "§3.1的CJK：自报 159，未测量：2 节的编号都是 3.1"


def test_a_per_section_list_is_not_matched_to_sections_by_guess(sample_text):
    """"各主线 CJK 159/194/207" is told against §3.1, §3.2, §3.3 in turn. With §3.3 renumbered 3.1 the sections
    are 3.1, 3.1, 3.2: no figure of the list is about a section for sure (the third §3.1 figure used to be "no such
    place", the first measured on the first §3.1). With §3.3 renumbered 3.4 instead, the figures before it are
    measured as before. The rule measuring each counter-argument measures all three sections (the second 3.1 was
    left out: the rule passed on two)."""
    text = _twice_3_1(sample_text)
    a = analyze(text, PACK)
    listed = [c for c in a.claims if c.line == 9 and c.claimed in (159, 194, 207) and c.kind == "value"]
    assert [(c.scope, c.ok, c.measured) for c in listed] == [
        (f"counter-arguments #{k}", None, None) for k in (1, 2, 3)]
    assert all(c.message.endswith("not measured: 2 sections are numbered 3.1") for c in listed)
    twice_3_2 = sample_text.replace("\n3.3 主线 C", "\n3.2 主线 C")
    listed = [c for c in analyze(twice_3_2, PACK).claims if c.line == 9 and c.claimed in (159, 194, 207)
              and c.kind == "value"]
    assert [(c.scope, c.ok) for c in listed] == [("§3.1", True), ("counter-arguments #2", None),
                                                 ("counter-arguments #3", None)]
    rule = next(r for r in a.rules if r.id == "counter-argument-length")
    assert rule.measured == [159, 194, 207] and rule.note == "3 units measured"
    first, second = _heading_lines(text, "3.1 ")
    lines = text.split("\n")
    lines[second:second + 3] = ["(1) 机制：略", "(2) 数据：略", "(3) 截止日：略"]  # the second §3.1 cut short
    short = "\n".join(lines)
    r = next(r for r in analyze(short, PACK).rules if r.id == "counter-argument-length")
    assert r.status == "fail" and [(f.line, f.message.split(":")[0]) for f in r.findings] == [(second, "§3.1 #2")]
    assert first < second


POINTED = """schema = 1
name = "pointed"
[counters.cjk]
regex = '[一-鿿]'
[[rules]]
id = "a-section"
kind = "count"
counter = "cjk"
scope = { section = "3.1" }
min = 1
[[rules]]
id = "each-of-three"
kind = "count"
counter = "cjk"
scope = { sections = ["3.1", "3.2"], each = true }
min = 1
[[rules]]
id = "no-todo"
kind = "forbidden-pattern"
pattern = 'TODO'
scope = { section = "3.1" }
[[rules]]
id = "parts"
kind = "required-pattern"
pattern = '机制'
scope = { section = "3.1" }
[[rules]]
id = "claims"
kind = "claims"
[[claims.patterns]]
metric = "cjk"
scope = { section = "3.1" }
pattern = '§3\\.1 字数\\s*(?P<value>\\d+)'
"""


def test_a_rule_scope_naming_a_shared_number_says_it_measured_the_first_only(sample_text):
    pack = parse_pack(POINTED)
    text = _twice_3_1(sample_text)
    first, second = _heading_lines(text, "3.1 ")
    why = (f"§3.1 is ambiguous: the sections at lines {first} and {second} have that number; "
           "measured the first only")
    a = analyze(text, pack)
    for rid in ("a-section", "each-of-three", "no-todo", "parts"):
        r = next(r for r in a.rules if r.id == rid)
        assert r.status == "fail", rid
        assert [(f.line, f.message) for f in r.findings] == [(second, why)], rid
    zh = EngineText("zh_CN", pack)
    assert zh(why) == f"§3.1 有歧义：第 {first} 行和第 {second} 行的节都是这个编号；只测量了第一节"
    # the same survey with its numbers right passes them all
    assert all(r.status == "pass" for r in analyze(sample_text, pack).rules if r.id != "claims")


def test_a_claim_pattern_scoped_to_a_shared_number_is_ambiguous(sample_text):
    pack = parse_pack(POINTED)
    text = _twice_3_1(sample_text).replace("④ ⚠️", "§3.1 字数 159 ④ ⚠️", 1)
    c = next(c for c in analyze(text, pack).claims if c.claimed == 159)
    assert (c.ok, c.ambiguous, c.message) == (None, True, "cjk of §3.1: stated 159, not measured: 2 sections are "
                                                          "numbered 3.1")
    c = next(c for c in analyze(sample_text.replace("④ ⚠️", "§3.1 字数 159 ④ ⚠️", 1), pack).claims
             if c.claimed == 159)
    assert c.ok is True


def test_a_named_scope_holding_a_duplicated_section_is_ambiguous(sample_text):
    """"反方" is {section = "3"}: a second 三、 (the section pasted twice) makes "反方 579" about either."""
    lines = sample_text.split("\n")
    start = next(i for i, ln in enumerate(lines) if ln.startswith("三、"))
    end = next(i for i, ln in enumerate(lines) if ln.startswith("四、"))
    text = "\n".join(lines[:end] + lines[start:end] + lines[end:])
    a = analyze(text, PACK)
    stated = [c for c in a.claims if c.kind == "value" and c.scope == "反方"]
    assert stated and all(c.ok is None and c.message.endswith("not measured: 2 sections are numbered 三")
                          for c in stated)


def test_the_claims_table_says_ambiguous_and_why(qtbot, sample_text):
    from editor_app.ui.selfcheck_panel import SelfCheckPanel

    a = analyze(_with_sum(_twice_3_1(sample_text)), PACK)
    part = next(c for c in a.claims if c.scope == "§3.1" and c.claimed == 159)
    panel = SelfCheckPanel()
    qtbot.addWidget(panel)
    panel.show_analysis(a)
    model = panel.claims_model
    row = model.rows.index(part)
    assert row < sum(1 for c in a.claims if c.wrong or c.ambiguous)  # listed with the wrong ones, first
    assert model.data(model.index(row, 0)) == "ambiguous"  # not "—", as a figure nothing can measure
    assert model.data(model.index(row, 6)) == part.message


def test_the_report_says_ambiguous_and_counts_it(sample_text):
    from editor_app.services.report import build_report_html

    text = _with_sum(_twice_3_1(sample_text))
    a = analyze(text, PACK)
    html = build_report_html(a, text, pack_name="house", pack_source=PACK.source)
    assert '<span class="fail">ambiguous</span>' in html  # not "not measured", as a figure nothing can measure
    assert "CJK of §3.1: stated 159, not measured: 2 sections are numbered 3.1" in html
    ambiguous = sum(1 for c in a.claims if c.ambiguous)
    assert f", {ambiguous} ambiguous (about a section number two headings share)" in html


def test_a_per_section_list_follows_the_numbers_not_the_text_order(sample_text):
    """§3.2 moved above §3.1 (a restructuring): "各主线 CJK 159/194/207" still states §3.1, §3.2, §3.3. It was told
    against the sections in text order: "CJK of §3.2: stated 159, measured 194" and "§3.1: stated 194, measured 159",
    two right figures called wrong (and Update self-check figures would have swapped them)."""
    lines = sample_text.split("\n")
    a, b, c = (next(i for i, ln in enumerate(lines) if ln.startswith(p)) for p in ("3.1 ", "3.2 ", "3.3 "))
    moved = "\n".join(lines[:a] + lines[b:c] + lines[a:b] + lines[c:])
    got = analyze(moved, PACK)
    listed = [c for c in got.claims if c.line == 9 and c.claimed in (159, 194, 207) and c.kind == "value"]
    assert [(c.scope, c.ok, c.measured) for c in listed] == [("§3.1", True, 159), ("§3.2", True, 194),
                                                             ("§3.3", True, 207)]
    assert got.wrong_count() == analyze(sample_text, PACK).wrong_count()
    # the rule measures them where they stand
    assert next(r for r in got.rules if r.id == "counter-argument-length").measured == [194, 159, 207]


def test_the_panel_summary_counts_the_ambiguous_figures_and_shows_the_word_whole(qtbot, sample_text):
    """§二 pasted twice: 4 figures about it were only in the claims table; the summary said "7 of 59 wrong" and the
    verdict column, sized for "wrong", showed "ambigu…"."""
    from editor_app.ui.selfcheck_panel import SelfCheckPanel

    lines = sample_text.split("\n")
    a, b = (next(i for i, ln in enumerate(lines) if ln.startswith(p)) for p in ("二、", "三、"))
    got = analyze("\n".join(lines[:b] + lines[a:b] + lines[b:]), PACK)
    panel = SelfCheckPanel()
    qtbot.addWidget(panel)
    panel.show_analysis(got)
    n = got.ambiguous_count()
    assert n == 4
    assert f", {n} ambiguous (a section number two headings share)" in panel.summary.text()
    qtbot.waitUntil(lambda: panel.columns_fitted, timeout=5000)  # (a table a turn of the event loop)
    view = panel.claims_view
    assert view.horizontalHeader().sectionSize(0) >= view.fontMetrics().horizontalAdvance("ambiguous") + 30
    panel.show_analysis(analyze(sample_text, PACK))
    assert "ambiguous" not in panel.summary.text()


def test_the_required_section_found_second_is_named_as_the_survey_numbers_it(sample_text):
    """A first 4.4 that is not the legal one, then the legal 4.4: the rule showed "§4.4#2 法律 / 监管 …", the
    outline's internal key."""
    legal = next(ln for ln in sample_text.split("\n") if ln.startswith("4.4 "))
    text = sample_text.replace(legal, "4.4 其他视角\n正文。\n" + legal, 1)
    r = next(r for r in analyze(text, PACK).rules if r.id == "legal-section")
    assert r.status == "pass" and r.measured.startswith("§4.4 法律") and r.line == _heading_lines(text, "4.4 ")[1]


def test_a_rule_scope_naming_a_section_the_survey_lacks_says_so(sample_text):
    """§3.3 cut: a rule over each of §3.1, §3.2, §3.3 measured the two left and passed, as if the pack named two."""
    pack = parse_pack(POINTED.replace('sections = ["3.1", "3.2"]', 'sections = ["3.1", "3.2", "3.3"]'))
    assert next(r for r in analyze(sample_text, pack).rules if r.id == "each-of-three").status == "pass"
    lines = sample_text.split("\n")
    a, b = (next(i for i, ln in enumerate(lines) if ln.startswith(p)) for p in ("3.3 ", "四、"))
    cut = "\n".join(lines[:a] + lines[b:])
    r = next(r for r in analyze(cut, pack).rules if r.id == "each-of-three")
    assert r.status == "fail" and r.measured == [159, 194]
    assert [f.message for f in r.findings] == ["each-of-three: §3.3 not found; measured without it"]
    assert EngineText("zh_CN", pack)(r.findings[0].message) == "each-of-three：未找到§3.3；测量时不含它"
