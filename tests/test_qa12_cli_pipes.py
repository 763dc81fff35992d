"""QA (qa12, D1 and D2): survey-check's exit status stands whatever happens to stdout and stderr.

- D1: `survey-check a.md b.md 2>&1 | head -1`: a message written to stderr after the reader had gone raised a
  broken pipe that ended the run with exit 0, so a failing pipeline went green.
- D2: a report that can't be written (`> /dev/full`, `>&-`) gave a traceback and exit 1 ("the survey fails");
  now one line on stderr and exit 2 (unusable), as for an unwritable --export.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from editor_app import cli
from pack_support import lines_pack

ROOT = Path(__file__).resolve().parent.parent
MINI = lines_pack("""id = "no-secret"
kind = "forbidden-pattern"
pattern = 'SECRET'
""")


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def _surveys(tmp_path, sample_text, n: int = 6) -> list[str]:
    out = []
    for i in range(n):  # checking these takes a while: the reader is gone before the last message is written
        f = tmp_path / f"s{i}.md"
        f.write_text(sample_text, encoding="utf-8")
        out.append(str(f))
    return out


def _stops_after_one_line(args: list[str]) -> int:
    """Exit status of `survey-check ARGS 2>&1 | head -1`."""
    proc = subprocess.Popen([sys.executable, "-m", "editor_app.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=_env())
    assert proc.stdout.readline()
    proc.stdout.close()  # as `head -1` does
    return proc.wait(timeout=120)


def test_a_reader_of_stdout_and_stderr_that_stops_early_keeps_exit_2(tmp_path, sample_text):
    binary = tmp_path / "bin.md"
    binary.write_bytes(b"\x7fELF\x00\x00" * 50)
    args = [str(tmp_path / "missing.md"), *_surveys(tmp_path, sample_text), str(binary)]
    assert _stops_after_one_line(args) == 2


def test_a_reader_of_stdout_and_stderr_that_stops_early_keeps_exit_1(tmp_path, sample_text):
    pack = tmp_path / "w.toml"
    pack.write_text(MINI + '[i18n.zh_CN]\n"line-budgett" = "行数"\n', encoding="utf-8")  # a warning first
    bad = tmp_path / "bad.md"
    bad.write_text("# B\n\nSECRET\n", encoding="utf-8")
    damaged = tmp_path / "damaged.md"
    damaged.write_bytes("# 综述\n\n这是一个很长的中文句子，包含很多汉字以便检测。\n坏字节 ".encode() + b"\xe4\xb8"
                        + " 在这里\n".encode())  # "not valid UTF-8" on stderr, last
    args = ["--pack", str(pack), str(bad), *_surveys(tmp_path, sample_text), str(damaged)]
    assert _stops_after_one_line(args) == 1


def test_messages_to_a_stderr_that_is_gone_lose_the_message_not_the_verdict(tmp_path, monkeypatch, capsys):
    class Gone:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            raise BrokenPipeError(32, "Broken pipe")

    bad = tmp_path / "bad.md"
    bad.write_text("# B\n\nSECRET\n", encoding="utf-8")
    pack = tmp_path / "p.toml"
    pack.write_text(MINI, encoding="utf-8")
    monkeypatch.setattr(sys, "stderr", Gone())
    assert cli.main(["--pack", str(pack), str(tmp_path / "missing.md"), str(bad), "--format", "json"]) == 2
    assert [d.get("error", "") != "" for d in json.loads(capsys.readouterr().out)] == [True, False]


def _shell(command: str, tmp_path) -> subprocess.CompletedProcess:
    good = tmp_path / "good.md"
    good.write_text("# G\n\nfine\n", encoding="utf-8")
    pack = tmp_path / "p.toml"
    pack.write_text(MINI, encoding="utf-8")
    run = f"{sys.executable} -m editor_app.cli --pack {pack} {good}"
    return subprocess.run(["sh", "-c", command.format(run=run)], capture_output=True, text=True, env=_env())


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("fmt", ["sarif", "json", "text"])
def test_a_report_on_a_full_disk_is_said_in_one_line_and_exits_2(tmp_path, fmt):
    done = _shell("{run} --format " + fmt + " > /dev/full", tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == "survey-check: can't write the report: No space left on device"


def test_a_closed_stdout_is_said_in_one_line_and_exits_2(tmp_path):
    done = _shell("{run} --format json >&-", tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == "survey-check: can't write the report: stdout is closed"


def test_a_closed_stderr_keeps_messages_out_of_the_json(tmp_path):
    done = _shell("{run} " + str(tmp_path / "missing.md") + " --format json 2>&-", tmp_path)
    assert done.returncode == 2
    assert [bool(d.get("error")) for d in json.loads(done.stdout)] == [False, True]
