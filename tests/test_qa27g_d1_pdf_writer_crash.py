"""QA27g D1: the PDF writer child crashed (SIGSEGV in Qt on an 8 MB survey's report) and the message said it
"was stopped (signal 11)", as if somebody had stopped it."""

from __future__ import annotations

import errno
import signal
import sys

import pytest

from editor_app.ui import pdf_export
from editor_app.wording import EngineText

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSEGV") or sys.platform == "win32", reason="POSIX signals")


def _child_that_dies_of(monkeypatch, number: int) -> None:
    command = [sys.executable, "-c", f"import os; os.kill(os.getpid(), {int(number)})"]
    monkeypatch.setattr(pdf_export, "_child_command", lambda html_path, out_path: command)


def test_a_child_that_segfaults_is_reported_as_a_crash(tmp_path, monkeypatch):
    _child_that_dies_of(monkeypatch, signal.SIGSEGV)
    out = tmp_path / "r.pdf"
    with pytest.raises(OSError) as caught:
        pdf_export.write_pdf_in_child("<html></html>", out)
    exc = caught.value
    assert exc.errno != errno.ECANCELED
    assert "crashed (segmentation fault, signal 11)" in exc.strerror
    assert "the HTML report can still be exported" in exc.strerror
    assert "stopped" not in exc.strerror
    assert not out.exists() and list(tmp_path.iterdir()) == []
    assert EngineText("zh_CN")(exc.strerror) == "PDF 写入程序崩溃了（段错误，信号 11）；仍可导出 HTML 报告"


def test_a_child_that_aborts_is_reported_as_a_crash(tmp_path, monkeypatch):
    _child_that_dies_of(monkeypatch, signal.SIGABRT)
    with pytest.raises(OSError, match=r"crashed \(aborted, signal 6\)"):
        pdf_export.write_pdf_in_child("<html></html>", tmp_path / "r.pdf")


def test_only_a_child_we_stopped_is_reported_as_stopped(tmp_path, monkeypatch):
    """A SIGTERM nobody here sent is no stop of ours either; stop_writers' is (test_big_export checks it whole)."""
    _child_that_dies_of(monkeypatch, signal.SIGTERM)
    with pytest.raises(OSError) as caught:
        pdf_export.write_pdf_in_child("<html></html>", tmp_path / "r.pdf")
    assert "stopped" not in caught.value.strerror and caught.value.errno != errno.ECANCELED
    assert pdf_export.why_it_ended(15, True) == "the PDF writer was stopped (signal 15)"
    assert EngineText("zh_CN")(pdf_export.why_it_ended(15, True)) == "PDF 写入程序已被停止（信号 15）"


def test_the_window_says_the_crash_in_chinese():
    from editor_app.ui.export_actions import why_not_written

    exc = OSError(errno.EIO, pdf_export.why_it_ended(signal.SIGSEGV, False), "/tmp/r.pdf")
    assert why_not_written(exc, EngineText("zh_CN")) == "PDF 写入程序崩溃了（段错误，信号 11）；仍可导出 HTML 报告"
