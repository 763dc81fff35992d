"""QA: each house rule broken the way an author breaks it, and where the program says it fails.

- A private IP or key, or an impossible arXiv id, was underlined twice at one place: the rule's finding and the scan's
  own span, so its tooltip said the same thing twice ("[privacy] private data (ip): 10*******" then "private data
  (ip): 10*******"; in Chinese the second line kept the English "impossible id").
- §4.4 renumbered §4.5: the legal-section finding named §4 and pointed at the chapter heading.
- 「独立段不计」 added: the finding read "forbidden: `(?<!禁「)(?<!禁止「)独立段不计`".
- §0's ⚠️ count changed on line 9: "stated as 13 here but as 79 on line 9", the other statement on that same line.
- The JSON rule's "line" was where its scope starts (1 for a CJK total over the limit), not where the row goes.
- A rule's tooltip listed two findings of one line as "L9: …" twice.
"""

from __future__ import annotations

import re

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.ui.problem_spans import problem_spans


def _with_line_added(sample_text: str, starts: str, added: str) -> tuple[str, int]:
    lines = sample_text.split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith(starts))
    lines[i] += added
    return "\n".join(lines), i + 1


def test_private_data_and_a_bad_arxiv_id_are_underlined_once_with_the_rules_words(sample_text):
    text, line = _with_line_added(sample_text, "优先级 1", " 测试机 10.12.3.4 另见 arXiv:2613.99999。")
    a = analyze(text, house_pack())
    body = text.split("\n")[line - 1]
    ip_col = body.index("10.12.3.4") + 1
    id_col = body.index("arXiv:2613.99999") + 1
    spans = [s for s in problem_spans(a) if s.line == line]
    at_ip = [s for s in spans if s.column == ip_col]
    at_id = [s for s in spans if s.column == id_col]
    assert len(at_ip) == 1 and at_ip[0].message.startswith("[privacy] private data (ip)")
    assert at_ip[0].length == len("10.12.3.4") and at_ip[0].level == "error"
    assert len(at_id) == 1 and at_id[0].message.startswith("[arxiv-ids] impossible arXiv id arXiv:2613.99999")
    assert at_id[0].length == len("arXiv:2613.99999")


def test_a_hit_the_rule_allows_is_still_underlined_by_the_scan(sample_text, tmp_path):
    """With `max = 1` the privacy rule passes and says nothing: the hit keeps its own underline."""
    from editor_app.core.rulepack import load_pack
    from editor_app.resources_path import house_pack_path

    pack_text = house_pack_path().read_text(encoding="utf-8")
    assert 'kind = "privacy"\nmax = 0' in pack_text
    pack_file = tmp_path / "survey-rules.toml"
    pack_file.write_text(pack_text.replace('kind = "privacy"\nmax = 0', 'kind = "privacy"\nmax = 1'), encoding="utf-8")
    text, line = _with_line_added(sample_text, "优先级 1", " 测试机 10.12.3.4")
    a = analyze(text, load_pack(pack_file))
    assert next(r for r in a.rules if r.id == "privacy").status == "pass"
    col = text.split("\n")[line - 1].index("10.12.3.4") + 1
    at_ip = [s for s in problem_spans(a) if (s.line, s.column) == (line, col)]
    assert [s.message for s in at_ip] == ["private data (ip): 10*******"]


def _legal_finding(text: str):
    a = analyze(text, house_pack())
    rule = next(r for r in a.rules if r.id == "legal-section")
    assert rule.status == "fail" and len(rule.findings) == 1
    return rule.findings[0]


def test_a_legal_section_renumbered_is_pointed_at_not_the_chapter_above_it(sample_text):
    """§4.4 renumbered §4.5: the finding named §4 (whose title "… / 法律" matches too) and sent the author to line 44,
    not to the §4.5 heading that needs its number back."""
    lines = sample_text.split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith("4.4 法律"))
    lines[i] = lines[i].replace("4.4", "4.5", 1)
    f = _legal_finding("\n".join(lines))
    assert (f.line, f.column) == (i + 1, 1)
    assert f.message == "a section matches `法律|监管` (§4.5) but §4.4 is missing"


def test_a_legal_section_cut_still_points_at_the_chapter_it_belongs_in(sample_text):
    lines = sample_text.split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith("4.4 法律"))
    del lines[i:i + 2]
    chapter = next(n for n, line in enumerate(lines, 1) if line.startswith("四、"))
    f = _legal_finding("\n".join(lines))
    assert f.line == chapter
    # (QA21 M3: not "a section matches `法律|监管` (§四) but §4.4 is missing", as if §四 were the legal section)
    assert f.message == "§4.4 is missing: §四 holds no section whose heading matches `法律|监管`"


# ----- a forbidden pattern names the text it found, not its regular expression -----

_TWO_WORDS = '''schema = 1
name = "t"
[counters.chars]
builtin = "chars"
[[rules]]
id = "no-todo"
kind = "forbidden-pattern"
patterns = ['\\bTODO\\b', '\\bFIXME\\b', '密钥\\s*\\S+']
'''


def _forbidden(a, rule: str = "no-todo"):
    return [(f.line, f.column, f.message) for f in a.findings if f.rule == rule]


def test_the_house_rule_against_exempt_sections_quotes_the_words(sample_text):
    """It said 'forbidden: `(?<!禁「)(?<!禁止「)独立段不计`': the author had to read look-behinds to see what to cut."""
    text, line = _with_line_added(sample_text, "8.2 CJK", "（§九 独立段不计）")
    col = text.split("\n")[line - 1].index("独立段不计") + 1
    assert _forbidden(analyze(text, house_pack()), "no-exempt-sections") == [(line, col, 'forbidden: "独立段不计"')]


def test_of_several_patterns_the_one_found_is_named_and_follows_an_edit():
    """With `patterns = [TODO, FIXME]` a FIXME was reported as "forbidden: `\\bTODO\\b`"; and the text found follows
    the edit that changes it in place (the pass reuses a rule whose lines did not change)."""
    from editor_app.core.analyze import Analyzer
    from editor_app.core.rulepack import parse_pack

    az = Analyzer(parse_pack(_TWO_WORDS))
    text = "# Survey\n\nFIXME: measure.\n\nmore prose\n"
    assert _forbidden(az.analyze(text)) == [(3, 1, 'forbidden: "FIXME"')]
    assert _forbidden(az.analyze(text.replace("FIXME", "TODO "))) == [(3, 1, 'forbidden: "TODO"')]


def test_private_data_a_forbidden_pattern_matched_is_quoted_masked():
    from editor_app.core.rulepack import parse_pack

    a = analyze("# Survey\n\n测试 密钥 sk-proj-Ab3dE5fG7hJ9kL1mN3pQ5rS7 已轮换\n", parse_pack(_TWO_WORDS))
    [(line, col, message)] = _forbidden(a)
    assert (line, col) == (3, 4)
    assert "Ab3dE5" not in message and message.startswith('forbidden: "密钥 sk-p')


def test_the_chinese_window_says_it_in_chinese():
    from editor_app.wording import EngineText

    say = EngineText("zh_CN", house_pack())
    assert say('[no-exempt-sections] forbidden: "独立段不计"') == "[no-exempt-sections] 禁用：「独立段不计」"


# ----- a figure stated otherwise on its own line says which of the two -----

def _thirteen_in_section_0(sample_text: str) -> tuple[str, int, int]:
    lines = sample_text.split("\n")
    i = next(i for i, line in enumerate(lines) if "⚠️ ≥10 处实测 79 处" in line)
    lines[i] = lines[i].replace("⚠️ ≥10 处实测 79 处", "⚠️ ≥10 处实测 13 处")
    return "\n".join(lines), i + 1, lines[i].index("13 处") + 1


def _stated_otherwise(a) -> list[tuple[int, int, str]]:
    return [(f.line, f.column, f.message) for f in a.findings if "here but as" in f.message]


def test_a_figure_stated_otherwise_on_the_same_line_says_later_or_earlier(sample_text):
    """§0 states the ⚠️ count twice on line 9 ("⚠️ ≥10 处实测 79 处" … "+ ⚠️ 79 处"); the first made 13, the finding
    at line 9 read "stated as 13 here but as 79 on line 9", the author reading line 9 left to look for it."""
    from editor_app.core.analyze import Analyzer
    from editor_app.wording import EngineText

    text, line, col = _thirteen_in_section_0(sample_text)
    said = "⚠️ of document stated as 13 here but as 79 later on line"
    assert _stated_otherwise(analyze(text, house_pack())) == [(line, col, f"{said} {line}")]
    az = Analyzer(house_pack())
    az.analyze(text)
    lines = text.split("\n")
    lines.insert(2, "- 备注：新增一行")  # in the header, above §0: the pass moves the last one's verdicts
    moved = az.analyze("\n".join(lines))
    assert _stated_otherwise(moved) == [(line + 1, col, f"{said} {line + 1}")]
    assert _stated_otherwise(moved) == _stated_otherwise(analyze("\n".join(lines), house_pack()))
    assert EngineText("zh_CN", house_pack())(f"{said} {line}") == (
        f"全文的⚠️此处写作 13，本行（第 {line} 行）后文写作 79")


def test_the_json_rule_line_is_where_the_self_check_row_goes(sample_text, tmp_path, capsys):
    """CJK over 3,900: the Self-check row and the report said line 114 (where the limit is passed), the JSON rule
    said line 1 (where its scope, the document, starts); a missing §4.4 said null."""
    import json

    from editor_app.cli import main

    lines = sample_text.split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith("5. Akashic"))
    lines.insert(i + 1, "补充段落：" + "推理引擎调度策略持续演进" * 10 + "。")
    i = next(i for i, line in enumerate(lines) if line.startswith("4.4 法律"))
    lines[i] = "4.4 经济维度（独立段）"
    survey = tmp_path / "survey.md"
    survey.write_text("\n".join(lines), encoding="utf-8")
    assert main([str(survey), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    rules = {r["id"]: r for r in data["rules"]}
    first = {f["rule"]: f["line"] for f in reversed(data["findings"])}
    assert rules["cjk-total"]["status"] == "fail" and rules["cjk-total"]["line"] == first["cjk-total"] > 100
    assert rules["legal-section"]["line"] == first["legal-section"] == i + 1
    a = analyze("\n".join(lines), house_pack())
    assert {r.id: r.where()[0] for r in a.rules} == {rid: r["line"] for rid, r in rules.items()}


def test_a_rules_tooltip_tells_two_findings_on_one_line_apart(qtbot, sample_text, tmp_path):
    """With 9 ⚠️ left, the claims row's tooltip read "L9: ⚠️ of document: stated 79, measured 9" twice (§0 states
    the count twice on line 9): which was which took a click on each."""
    from PySide6.QtCore import Qt

    from editor_app.core.model import RuleResult
    from editor_app.ui.table_models import ROW_ROLE
    from ui_support import open_window

    kept = [0]

    def keep_nine(m):
        kept[0] += 1
        return m.group(0) if kept[0] <= 9 else ""

    survey = tmp_path / "survey.md"
    survey.write_text(re.sub("⚠️", keep_nine, sample_text), encoding="utf-8")
    window = open_window(qtbot, survey)
    model = window.selfcheck.rules_view.model()
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data(ROW_ROLE).id == "claims")
    rule: RuleResult = model.index(row, 0).data(ROW_ROLE)
    twice = [f for f in rule.findings if f.message == "⚠️ of document: stated 79, measured 9"]
    assert len(twice) == 2 and twice[0].line == twice[1].line
    tip = model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole).split("\n")
    said = [t for t in tip if t.endswith("⚠️ of document: stated 79, measured 9")]
    assert said == [f"L{f.line}:{f.column}: {f.message}" for f in twice]
