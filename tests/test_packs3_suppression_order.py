"""A suppression comment's own findings ("unknown rule id …", "suppression refused: … unsuppressible") were listed
after every other finding, in the JSON `findings`, the CLI text and the Self-check panel's rule tooltip: a comment on
line 3 came after a finding on line 9. They are now in line order with the rest, also after an edit."""

from __future__ import annotations

import json

from pack_support import MINIMAL

from editor_app import cli
from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import parse_pack

PACK = MINIMAL + ('[[rules]]\nid = "no-todo"\nkind = "forbidden-pattern"\npattern = "TODO"\nlevel = "warning"\n'
                  "unsuppressible = true\n")
SURVEY = ("一、引言\n"
          "文字 <!-- survey-check disable no-tdo -->\n"  # line 2: an unknown id
          "TODO 一\n"
          "<!-- survey-check disable-next-line no-todo -->\n"  # line 4: refused
          "TODO 二\n"
          "文字\n"
          "TODO 三\n")


def _places(findings) -> list[tuple[int, int]]:
    return [(f.line, f.column) for f in findings]


def test_suppression_findings_are_in_line_order_in_the_analysis_and_the_rule(tmp_path):
    analyzer = Analyzer(parse_pack(PACK, "team.toml"))
    analysis = analyzer.analyze(SURVEY)
    said = [(f.line, f.rule, f.message.split(":")[0]) for f in analysis.findings if f.rule in ("no-todo", "suppression")]
    assert said == [(2, "suppression", "unknown rule id 'no-tdo' in suppression comment; did you mean \"no-todo\"?"),
                    (3, "no-todo", "forbidden"), (4, "no-todo", "suppression refused"), (5, "no-todo", "forbidden"),
                    (7, "no-todo", "forbidden")]
    assert _places(analysis.findings) == sorted(_places(analysis.findings))
    rule = next(r for r in analysis.rules if r.id == "no-todo")  # the Self-check panel lists the rule's own
    assert [f.line for f in rule.findings] == [3, 4, 5, 7]
    # typing elsewhere (the incremental pass) keeps the order
    again = analyzer.analyze(SURVEY.replace("文字\nTODO 三", "文字文字\nTODO 三"))
    assert _places(again.findings) == sorted(_places(again.findings))
    assert [f.line for f in again.findings if f.rule == "suppression"] == [2]


def test_the_cli_lists_them_in_line_order_in_text_and_json(tmp_path, capsys):
    pack = tmp_path / "team.toml"
    pack.write_text(PACK, encoding="utf-8")
    survey = tmp_path / "s.md"
    survey.write_text(SURVEY, encoding="utf-8")
    cli.main([str(survey), "--pack", str(pack), "--format", "json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    lines = [f["line"] for f in findings]
    assert lines == sorted(lines) and 2 in lines and 4 in lines
    cli.main([str(survey), "--pack", str(pack)])
    out = capsys.readouterr().out.splitlines()
    text_lines = [int(l.strip()[len(str(survey)) + 1:].split(":")[0]) for l in out if l.strip().startswith(f"{survey}:")]
    assert text_lines == sorted(text_lines) and len(text_lines) == len(findings)
