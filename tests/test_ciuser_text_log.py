"""CI user: the text report on several FILEs ran one survey's block into the next (the next file's first line
straight under "Claims: …"), and a long CI log ended on the last file's findings with no word on how the run went.
Blocks are now a blank line apart and the report ends on one line: how many files pass, fail at the fail level and
could not be checked, and the exit status."""

from __future__ import annotations

from editor_app import cli

PACK = '''schema = 1
name = "tiny"
[document]
heading_styles = ["markdown"]
[counters.lines]
builtin = "lines"
[[rules]]
id = "no-todo"
kind = "forbidden-pattern"
pattern = 'TODO'
scope = "document"
message = "TODO left"
level = "warning"
'''


def _folder(tmp_path, monkeypatch):
    (tmp_path / "survey-rules.toml").write_text(PACK, encoding="utf-8")
    (tmp_path / "ok.md").write_text("# T\n\n## 1 Intro\n\nHello.\n", encoding="utf-8")
    (tmp_path / "warn.md").write_text("# T\n\n## 1 Intro\n\nHello TODO.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)


def test_blocks_are_apart_and_the_last_line_sums_up_the_run(tmp_path, monkeypatch, capsys):
    _folder(tmp_path, monkeypatch)
    assert cli.main(["ok.md", "warn.md", "gone.md"]) == 2
    lines = capsys.readouterr().out.splitlines()
    second = next(i for i, line in enumerate(lines) if line.startswith("warn.md · pack tiny"))
    assert lines[second - 1] == "" and lines[second - 2].startswith("Claims:")
    assert lines[-1] == "3 files: 2 pass, 0 fail at --fail-level error, 1 not checked (exit 2)"


def test_the_last_line_follows_the_fail_level(tmp_path, monkeypatch, capsys):
    _folder(tmp_path, monkeypatch)
    assert cli.main(["ok.md", "warn.md", "--fail-level", "warning"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "2 files: 1 pass, 1 fail at --fail-level warning, " \
                                                       "0 not checked (exit 1)"


def test_nothing_checked_still_ends_on_the_summary_and_one_file_has_none(tmp_path, monkeypatch, capsys):
    _folder(tmp_path, monkeypatch)
    assert cli.main(["gone.md", "also-gone.md"]) == 2
    assert capsys.readouterr().out == "2 files: 0 pass, 0 fail at --fail-level error, 2 not checked (exit 2)\n"
    assert cli.main(["ok.md"]) == 0
    assert "files:" not in capsys.readouterr().out  # its first line is the summary
