"""QA: where the report can't go. A PDF on a full disk was left truncated where the report belonged and
`survey-check` said "wrote"; a PDF aimed at a folder left a `.NAME.pdf.tmpPID` file beside it and a Python traceback
as its message; a read-only report (chmod a-w) was silently replaced."""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys

import pytest
from report_support import sample_analysis

from editor_app.ui.export import export_report_file


def _export(sample_text, out):
    export_report_file(sample_analysis(sample_text), sample_text, out, pack_name="llm-infra-survey",
                       pack_source='[pack]\nname = "llm-infra-survey"\n')


def _leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if ".tmp" in p.name)


@pytest.mark.parametrize("suffix", [".html", ".pdf"])
def test_a_read_only_report_is_not_written_over(sample_text, tmp_path, suffix):
    out = tmp_path / f"report{suffix}"
    out.write_text("the report the editor signed off", encoding="utf-8")
    out.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    with pytest.raises(PermissionError, match="read-only"):
        _export(sample_text, out)
    assert out.read_text(encoding="utf-8") == "the report the editor signed off"
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("suffix", [".html", ".pdf"])
def test_a_folder_is_named_as_one_and_nothing_is_left_beside_it(sample_text, tmp_path, suffix):
    out = tmp_path / f"report{suffix}"
    out.mkdir()
    with pytest.raises(IsADirectoryError) as caught:
        _export(sample_text, out)
    assert caught.value.strerror == "it is a folder, not a file"
    assert _leftovers(tmp_path) == [] and list(out.iterdir()) == []


def _small_disk():
    """In the child: files may grow to 300 KB (the sample's HTML report is ~200 KB, its PDF ~470 KB)."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (300_000, 300_000))


def test_a_pdf_that_does_not_fit_on_the_disk_is_not_left_half_written(sample_path, tmp_path):
    out = tmp_path / "report.pdf"
    env = dict(os.environ, SURVEY_EDITOR_NO_REGEX_CACHE="1", QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-m", "editor_app.cli", str(sample_path), "--force", "--export", str(out)],
                          capture_output=True, text=True, env=env, preexec_fn=_small_disk, timeout=300)
    assert done.returncode == 2, done.stderr
    assert f"can't write {out}" in done.stderr and "wrote" not in done.stderr
    assert "Traceback" not in done.stderr and "PDF writer stopped" not in done.stderr
    assert not out.exists() and _leftovers(tmp_path) == []
    html = tmp_path / "report.html"  # the same limit lets the smaller HTML report through: the limit is the cause
    subprocess.run([sys.executable, "-m", "editor_app.cli", str(sample_path), "--force", "--export", str(html)],
                   capture_output=True, env=env, preexec_fn=_small_disk, timeout=300)
    assert html.stat().st_size > 100_000


def test_the_chinese_window_says_why_in_chinese(qtbot, chinese, sample_text, tmp_path, monkeypatch):
    """The reason came in English after the window's Chinese "无法写入报告：" ("…/report.pdf: it is a folder")."""
    from PySide6.QtWidgets import QMessageBox
    from report_support import hand_analysis
    from test_export_ui import ContractWindow

    from editor_app.ui.export_actions import install

    window = ContractWindow(sample_text, hand_analysis(sample_text), tmp_path / "survey.md")
    qtbot.addWidget(window)
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    (tmp_path / "report.pdf").mkdir()
    actions = install(window)
    for target in (tmp_path / "report.pdf", tmp_path / "missing" / "report.html"):
        with qtbot.waitSignal(actions.export_failed, timeout=15000):
            actions.export_to(target)
    assert f"{tmp_path / 'report.pdf'}: 它是文件夹，不是文件" in shown[0]
    assert f"文件夹 {tmp_path / 'missing'} 不存在" in shown[1]
