"""The figures of one line, and the claims rule's findings, in the order they are written.

Before: a line's figures came in the order the pack's patterns were tried, then the stated sums, then the ratios:
§0's line 9 listed "各主线 CJK … 195" (column 157) before "主体 2,893" (column 26) in the JSON's claims, in
survey-check's table of wrong figures and in the Self-check panel; and the claims rule's findings (the Self-check
row's tooltip, the line the row goes to) ended with the disagreements, after the findings of the last line."""

from __future__ import annotations

import json
from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.formats import text_report
from editor_app.ui.claims_order import claims_parts

PACK = house_pack()
TODAY = date(2026, 12, 3)


def _edited(sample_text: str) -> str:
    text = sample_text.replace("各主线 CJK 159/194/207", "各主线 CJK 159/195/207", 1)
    text = text.replace("CJK 实测 3,838（主体 2,892 + ", "CJK 实测 3,838（主体 2,893 + ", 1)
    lines = text.split("\n")
    assert "（GitHub 已验 7 件 + " in lines[8]
    lines[8] = lines[8].replace("（GitHub 已验 7 件 + ", "（GitHub 已验 8 件 + ")  # 7 on lines 101 and 113
    return "\n".join(lines)


def _in_order(places: list[tuple[int, int]]) -> bool:
    return places == sorted(places)


def test_a_lines_figures_are_listed_left_to_right(sample_text):
    text = _edited(sample_text)
    az = Analyzer(PACK, today=TODAY)
    az.analyze(sample_text)
    for a in (analyze(text, PACK, today=TODAY), az.analyze(text)):
        assert _in_order([(c.line, c.column) for c in a.claims])
        line9 = [c.value_text for c in a.claims if c.line == 9 and c.ok is False]
        assert line9.index("2,893") < line9.index("195")
        # the JSON's claims, in that order
        rows = json.loads(json.dumps(a.to_dict(), ensure_ascii=False))["claims"]
        texts = [r["text"] for r in rows if r["line"] == 9]
        assert texts.index("主体 2,893") < texts.index("各主线 CJK 159/195/207")
        # survey-check's table of wrong figures
        report = text_report(a, pack=PACK)
        assert report.index("主体 2,893") < report.index("各主线 CJK 159/195/207")
        # the Self-check panel's table
        shown = [c.value_text for c in claims_parts(a)[1] if c.line == 9 and c.ok is False]
        assert shown.index("2,893") < shown.index("195")


def test_the_claims_rules_findings_are_in_line_and_column_order(sample_text):
    text = _edited(sample_text)
    az = Analyzer(PACK, today=TODAY)
    az.analyze(sample_text)
    for a in (analyze(text, PACK, today=TODAY), az.analyze(text)):
        rule = next(r for r in a.rules if r.id == "claims")
        places = [(f.line, f.column) for f in rule.findings]
        assert _in_order(places)
        said = [f.message for f in rule.findings]
        assert "GitHub verified (stated only) of document stated as 8 here but as 7 on line 101" in said
        assert rule.where() == (9, 17)
        # the findings of all rules are the same findings, in the same order
        assert [f for f in a.findings if f.rule == "claims"] == rule.findings
