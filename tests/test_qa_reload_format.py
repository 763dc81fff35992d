"""QA: a survey reloaded after another program rewrote it in another encoding (GBK → UTF-8 with CRLF): the status
bar names the encoding and newline style the next save will use, not the ones the file had when it was opened."""

from __future__ import annotations

from ui_support import open_window


def test_reloading_a_file_rewritten_in_another_encoding_updates_the_status_bar(qtbot, tmp_path, sample_text):
    text = sample_text.replace("⚠️", "!")
    survey = tmp_path / "survey.md"
    survey.write_bytes(text.encode("gbk", errors="replace"))
    window = open_window(qtbot, survey)
    assert window.format_label.text().startswith("GBK")
    window.ask_external_change = lambda path: "reload"
    survey.write_bytes((text + "\n⚠️ 新增\n").replace("\n", "\r\n").encode("utf-8"))
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        assert window.watcher.check()
    assert window.current_text().endswith("⚠️ 新增\n")
    assert window.format_label.text() == window.loaded.label
    assert "UTF-8" in window.format_label.text() and "CRLF" in window.format_label.text()
