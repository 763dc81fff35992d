"""QA (packager): the PyInstaller survey-check exports its report.

Before: packaging/survey-editor.spec builds survey-check without Qt (PySide6, shiboken6, pyqtgraph excluded), but its
--export draws the charts and the PDF with Qt: `survey-check survey.md --export report.html --force` from the built
folder aborted ("Fatal Python error: libshiboken/signature: could not initialize part 2", exit 134) and wrote
nothing. Building Qt into survey-check instead makes every check start ~150 ms later (PyInstaller's Qt hook imports
QtCore at start-up). Now the built survey-check (entry_survey_check.py: export_via_editor=True) hands a command with
--export to the survey-editor beside it, `survey-editor --survey-check ARGS…`, which has Qt and runs it whole.

Here the built folder is imitated: sys.executable is a survey-check in a folder whose survey-editor is a script
starting this Python's `-m editor_app`, so the real hand-over runs, without a PyInstaller build.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"

# Runs survey-check's main as the built program does; reports the exit status and the Qt modules it loaded.
_CHECK = """
import json, sys
sys.executable = sys.argv[1]  # the built survey-check's path: survey-editor is looked for beside it
from editor_app.cli import main
rc = main(sys.argv[2:], export_via_editor=True)
qt = sorted(m for m in sys.modules if m.startswith(("PySide6", "shiboken6", "pyqtgraph")))
sys.stderr.write("\\nRESULT " + json.dumps({"rc": rc, "qt": qt}) + "\\n")
"""


def _bundle(tmp_path: Path, *, with_editor: bool = True) -> Path:
    """A folder like the built one: survey-editor (if asked) logs its arguments and runs this checkout's program."""
    folder = tmp_path / "survey-editor-app"
    folder.mkdir()
    if with_editor:
        editor = folder / "survey-editor"
        editor.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{folder}/editor-args"\n'
                          f'exec "{sys.executable}" -m editor_app "$@"\n', encoding="utf-8")
        editor.chmod(0o755)
    return folder


def _built_check(folder: Path, *args) -> tuple[dict, str, str]:
    done = subprocess.run([sys.executable, "-c", _CHECK, str(folder / "survey-check"), *map(str, args)],
                          capture_output=True, text=True, timeout=240)
    err, _, result = done.stderr.rpartition("\nRESULT ")
    assert result, done.stderr
    return json.loads(result), done.stdout, err


@pytest.mark.parametrize("suffix", [".html", ".pdf"])
def test_built_survey_check_exports_through_survey_editor(tmp_path, sample_path, suffix):
    folder = _bundle(tmp_path)
    report = tmp_path / f"report{suffix}"
    result, out, err = _built_check(folder, sample_path, "--force", "--export", report)
    assert result["rc"] == 1  # as an installed survey-check: the report written, the sample's rules still failing
    assert result["qt"] == []  # survey-check itself never loaded Qt
    assert (folder / "editor-args").read_text(encoding="utf-8").splitlines() == [
        "--survey-check", str(sample_path), "--force", "--export", str(report)]
    assert f"survey-check: wrote {report}" in err
    assert "pack llm-infra-survey" in out and "claims" in out  # the table, printed by survey-editor's run
    if suffix == ".html":
        assert "data:image/png;base64," in report.read_text(encoding="utf-8")  # charts drawn with Qt
    else:
        assert report.read_bytes().startswith(b"%PDF-")


def test_built_survey_check_without_survey_editor_says_what_is_missing(tmp_path, sample_path):
    folder = _bundle(tmp_path, with_editor=False)
    report = tmp_path / "report.html"
    result, _, err = _built_check(folder, sample_path, "--force", "--export", report)
    assert result == {"rc": 2, "qt": []}
    assert str(folder / "survey-editor") in err and "Qt" in err and "Traceback" not in err
    assert not report.exists()


def test_built_survey_check_checks_in_place_without_export(tmp_path, sample_path):
    folder = _bundle(tmp_path)
    result, out, _ = _built_check(folder, sample_path, "--format", "json")
    assert result == {"rc": 1, "qt": []}
    assert json.loads(out)["pack"] == "llm-infra-survey"
    assert not (folder / "editor-args").exists()  # no survey-editor started for a plain check


def test_survey_editor_runs_a_survey_check_command_line(tmp_path, sample_path):
    """`survey-editor --survey-check ARGS` is survey-check ARGS: same output and exit status."""
    args = [str(sample_path), "--format", "json"]
    via_editor = subprocess.run([sys.executable, "-m", "editor_app", "--survey-check", *args],
                                capture_output=True, text=True, timeout=120)
    direct = subprocess.run([sys.executable, "-m", "editor_app.cli", *args], capture_output=True, text=True,
                            timeout=120)
    assert via_editor.returncode == direct.returncode == 1
    assert via_editor.stdout == direct.stdout and json.loads(via_editor.stdout)["metrics"]


def _call_keywords(tree: ast.AST, name: str) -> list[dict[str, ast.expr]]:
    return [{k.arg: k.value for k in node.keywords} for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name]


def test_spec_leaves_qt_out_of_survey_check_only_with_the_hand_over():
    """The spec's Qt-less survey-check and its entry script's export_via_editor=True go together."""
    spec = ast.parse((PACKAGING / "survey-editor.spec").read_text(encoding="utf-8"))
    cli = [kw for kw in _call_keywords(spec, "Analysis") if "hiddenimports" in kw and "editor_app.ui" in
           ast.unparse(kw["hiddenimports"])]
    assert len(cli) == 1
    qt_left_out = "PySide6" in ast.unparse(cli[0]["excludes"])
    entry = ast.parse((PACKAGING / "entry_survey_check.py").read_text(encoding="utf-8"))
    (main_call,) = _call_keywords(entry, "main")
    hands_over = "export_via_editor" in main_call and ast.literal_eval(main_call["export_via_editor"]) is True
    assert qt_left_out and hands_over
