"""A report's PDF is laid out in a child process: Qt's layout keeps the GIL for the whole document, so exporting
an 8 MB survey froze the window ~80 s and kept ~1 GB after it, and a widget deleted on the GUI thread meanwhile
deadlocked the program (seen in tests/test_export_ui.py: the pool thread in QTextDocument.pageCount holding the GIL,
waiting for a Qt lock; the GUI thread in ~QObject holding it, waiting for the GIL)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from editor_app.ui import export, pdf_export


@pytest.fixture
def analysis_of(sample_text):
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack

    return analyze(sample_text, house_pack())


def test_the_report_is_written_by_a_child_process(tmp_path, monkeypatch, sample_text, analysis_of):
    def not_here(*_a, **_k):
        raise AssertionError("laid out in the program's own process")

    monkeypatch.setattr(pdf_export, "write_pdf", not_here)
    out = tmp_path / "report.pdf"
    export.export_report_file(analysis_of, sample_text, out, pack_name="house", pack_source="", charts=[])
    assert out.read_bytes().startswith(b"%PDF")
    assert not list(tmp_path.glob(".report.pdf.tmp*"))
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
        assert "Self-check" in text and "1 /" in text


def test_a_frozen_build_starts_itself_as_the_child(tmp_path, monkeypatch, sample_text):
    """Its executable is the program (no `python -m`): it is started with --write-pdf, which the entry point
    hands to the PDF writer."""
    monkeypatch.setattr(pdf_export.sys, "frozen", True, raising=False)
    command = pdf_export._child_command("in.html", "out.pdf")
    assert command == [pdf_export.sys.executable, "--write-pdf", "in.html", "out.pdf"]
    from editor_app.__main__ import main

    html = tmp_path / "in.html"
    html.write_text("<html><head><title>t</title></head><body><p>自检 report</p></body></html>", encoding="utf-8")
    assert main(["--write-pdf", str(html), str(tmp_path / "out.pdf")]) == 0
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF")


def test_a_failing_child_is_reported(tmp_path, monkeypatch):
    """As the same OSError, with its reason (not the child's traceback)."""
    with pytest.raises(FileNotFoundError, match="No such file or directory"):
        pdf_export.write_pdf_in_child("<html></html>", tmp_path / "no-such-folder" / "r.pdf")


def test_quitting_stops_a_pdf_still_being_written(tmp_path, sample_text, analysis_of):
    """The program's exit waits for the export, which waits for its child: quitting during a long report's PDF
    left the program running unseen for minutes. stop_writers (called at quit) stops the child; the export fails
    with ECANCELED and leaves neither the PDF nor the child's temporary file."""
    import errno
    import threading
    import time

    html = export.report_html(analysis_of, "\n".join([sample_text] * 10), pack_name="house", pack_source="",
                              charts=[])  # ~200 pages: ~20 s of layout
    out = tmp_path / "report.pdf"
    failed: list[OSError] = []

    def write() -> None:
        try:
            pdf_export.write_pdf_in_child(html, out)
        except OSError as exc:
            failed.append(exc)

    writer = threading.Thread(target=write)
    writer.start()
    start = time.monotonic()
    while not pdf_export._writers and time.monotonic() - start < 30:
        time.sleep(0.01)
    time.sleep(1.0)  # the child is laying the report out (and may have opened its temporary file)
    assert pdf_export.stop_writers() == 1
    writer.join(30)
    assert not writer.is_alive()
    assert failed and failed[0].errno == errno.ECANCELED
    assert not out.exists() and not list(tmp_path.glob(".report.pdf.tmp*"))
    assert pdf_export.stop_writers() == 0  # none left running
