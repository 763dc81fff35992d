"""QA (CI): on a runner whose console is not UTF-8 (PYTHONIOENCODING=ascii, a Latin-1 locale, cp1252), every
`survey-check` output died on the first "·", "≤" or Chinese character with UnicodeEncodeError: a traceback, no
report, and a JSON/SARIF file cut off. JSON and SARIF are UTF-8 by their specifications, so they are written as
UTF-8 whatever the console; the terminal table shows what the console can't as "?"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(args, encoding, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "editor_app.cli", *args], capture_output=True, env=env,
                          cwd=tmp_path, timeout=120)


def test_machine_output_is_utf8_and_the_table_is_readable_on_a_latin1_console(tmp_path, sample_text):
    (tmp_path / "综述.md").write_text(sample_text, encoding="utf-8")
    got = _run(["综述.md", "--format", "json"], "latin-1", tmp_path)
    assert got.returncode == 1, got.stderr.decode(errors="replace")
    assert json.loads(got.stdout.decode("utf-8"))["file"] == "综述.md"

    got = _run(["综述.md", "--format", "sarif"], "ascii", tmp_path)
    assert got.returncode == 1, got.stderr.decode(errors="replace")
    run = json.loads(got.stdout.decode("utf-8"))["runs"][0]
    assert any("元信息" in r["message"]["text"] for r in run["results"])

    got = _run(["综述.md"], "ascii", tmp_path)
    assert got.returncode == 1 and b"Traceback" not in got.stderr, got.stderr.decode(errors="replace")
    first = got.stdout.decode("ascii").splitlines()[0]
    assert first.startswith("??.md ? pack llm-infra-survey ? CJK 3,838/3,900") and "1 rule failing, 1 rule warning" in first
