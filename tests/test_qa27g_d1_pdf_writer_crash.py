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


# A report taller than Qt's layout can place (2**23 device pixels, ~1,340 pages), made in seconds: a few hundred
# paragraphs with a tall margin each, then tables whose first column cuts a word (what widen_cut_columns widens).
_TABLE = ('<table border="1" width="100%"><tr><th width="10%">Stated</th><th width="90%">x</th></tr>'
          '<tr><td width="10%">2026-09-09-averyveryverylongwordhere</td><td width="90%">b</td></tr></table>')
_PAST_THE_LIMIT = ("<html><body>" + "".join(f'<p style="margin-top:5000px">para {i}</p>' for i in range(400))
                   + _TABLE + _TABLE + "<p>THE END</p></body></html>")


def test_a_report_past_the_layout_limit_is_refused_not_crashed_nor_cut_short(tmp_path):
    """The 8 MB survey's report crashed the writer (SIGSEGV) after minutes; the 2 MB one's PDF (1,341 pages) lacked
    its last ~11,000 characters. Both now fail with a clear reason, and nothing is written."""
    out = tmp_path / "r.pdf"
    with pytest.raises(OSError) as caught:
        pdf_export.write_pdf_in_child(_PAST_THE_LIMIT, out)
    exc = caught.value
    assert exc.errno == errno.EFBIG, exc
    assert exc.strerror == (f"the report is too long for a PDF: more than {pdf_export.most_pages():,} pages, the most "
                            "the PDF writer can lay out; export the HTML report instead")
    assert list(tmp_path.iterdir()) == []
    assert EngineText("zh_CN")(exc.strerror) == (f"报告太长，无法生成 PDF：超过 PDF 写入程序最多能排版的 "
                                                 f"{pdf_export.most_pages():,} 页；请改为导出 HTML 报告")


def test_the_limit_is_about_1300_pages():
    assert 1_250 <= pdf_export.most_pages() <= 1_340


def test_a_report_far_too_long_is_refused_before_any_layout(tmp_path, monkeypatch):
    """The 8 MB survey's report (17.9 M characters of HTML, ~5,300 pages) is refused at once, no child started."""
    started = []
    monkeypatch.setattr(pdf_export.subprocess, "Popen", lambda *a, **k: started.append(a) or 1 / 0)
    monkeypatch.setattr(pdf_export, "HTML_PER_PAGE_AT_MOST", 1)
    html = "<html><body>" + "<p>x</p>" * (pdf_export.most_pages() // 8 + 1) + "</body></html>"
    with pytest.raises(OSError) as caught:
        pdf_export.write_pdf_in_child(html, tmp_path / "r.pdf")
    assert caught.value.errno == errno.EFBIG and not started
    assert "too long for a PDF: about" in caught.value.strerror
    assert "export the HTML report instead" in caught.value.strerror
    assert list(tmp_path.iterdir()) == []
    assert EngineText("zh_CN")(caught.value.strerror).startswith("报告太长，无法生成 PDF：约 ")


def test_the_8mb_surveys_report_size_is_refused_at_once():
    assert pdf_export.too_long_for_a_pdf("x" * 17_930_648)  # (the 8 MB survey's report HTML, QA27g)
    assert pdf_export.too_long_for_a_pdf("x" * 4_555_145) is None  # the 2 MB one's: the layout decides
