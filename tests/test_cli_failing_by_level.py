"""survey-check's first line counts the rules failing at the fail level apart from the warnings below it.

It said "2 rules failing" for the sample at the default --fail-level error, where one of the two (a §7 link item
under 150 characters) is a warning that leaves the exit code alone; a CI log then read as two blockers."""

from __future__ import annotations

from editor_app.cli import main
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.formats import rules_failing


def test_the_first_line_tells_failing_from_warning_at_each_fail_level(sample_path, capsys):
    assert main([str(sample_path)]) == 1
    assert capsys.readouterr().out.splitlines()[0].endswith("· 1 rule failing, 1 rule warning")
    assert main([str(sample_path), "--fail-level", "warning"]) == 1
    assert capsys.readouterr().out.splitlines()[0].endswith("· 2 rules failing")


def test_only_a_warning_failing_exits_0_and_says_no_rule_fails(sample_text, capsys, tmp_path):
    a = analyze(sample_text, house_pack())
    assert [r.id for r in a.rules if r.status == "fail" and r.level != "info"] == ["confluence-link-length", "claims"]
    # the claims rule silenced for the whole file: only the link-length warning is left
    p = tmp_path / "s.md"
    p.write_text("<!-- survey-check disable claims -->\n" + sample_text, encoding="utf-8")
    code = main([str(p)])
    first = capsys.readouterr().out.splitlines()[0]
    b = analyze(p.read_text(encoding="utf-8"), house_pack())
    assert rules_failing(b) == "0 rules failing, 1 rule warning" and first.endswith(rules_failing(b))
    assert code == 0


def test_the_rules_table_marks_a_warning_as_the_first_line_counts_it(sample_path, capsys):
    """The table said "✘ FAIL" on the link-length row under a first line calling it a warning."""
    def status_of(rule_id: str) -> str:
        row = next(line for line in out.splitlines() if line.startswith(rule_id + " "))
        return row.split()[1:3]

    main([str(sample_path)])
    out = capsys.readouterr().out
    assert status_of("confluence-link-length") == ["⚠", "warning"]
    assert status_of("claims") == ["✘", "FAIL"]
    assert status_of("bare-caution") == ["ℹ", "note"]
    main([str(sample_path), "--fail-level", "warning"])
    out = capsys.readouterr().out
    assert status_of("confluence-link-length") == ["✘", "FAIL"]
