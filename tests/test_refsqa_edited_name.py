"""QA: after Verify all, the author corrects a name the table called a mismatch ("FlashServe（arXiv:2601.00014）" to
"Tokenizer Drift（arXiv:…）"): the Name column changed, but the status stayed `name mismatch` and its tooltip still
quoted 'FlashServe' until the next Verify all. A verdict whose name, version, date or category the survey changes is
now judged again from the cache at once (nothing is asked of arXiv), and the other rows keep theirs."""

from __future__ import annotations

from ui_support import verified_references_window, wait_analysis

SURVEY = """\
一、正文
1. FlashServe（arXiv:2601.00014）服务引擎。
2. KVarN（arXiv:2606.03458）归一化方差。
3. DateKV（arXiv:2601.00016，2026-01-10）日期。
"""


def _row(panel, rid):
    m = panel.view.model()
    r = next(r for r in range(m.rowCount()) if m.index(r, 0).data().startswith(rid))
    return m.index(r, 1).data(), m.index(r, 3).data(), m.index(r, 3).data(3)


def test_a_corrected_name_is_judged_again_without_asking_arxiv(qtbot, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    assert _row(panel, "2601.00014")[1] == "name mismatch"
    assert _row(panel, "2601.00016")[1] == "verified"
    fake_arxiv.clear_log()

    with wait_analysis(qtbot, window):
        window.editor.document().find("FlashServe").insertText("Tokenizer Drift")
    qtbot.waitUntil(lambda: _row(panel, "2601.00014")[1] == "verified", timeout=10000)
    name, _status, tip = _row(panel, "2601.00014")
    assert name == "Tokenizer Drift" and "FlashServe" not in tip and "'Tokenizer Drift' appears in the title" in tip
    assert "verified 3" in panel.message.text() and "name mismatch" not in panel.message.text()

    with wait_analysis(qtbot, window):
        window.editor.document().find("2026-01-10").insertText("2026-03-01")  # now the stated date is wrong
    qtbot.waitUntil(lambda: _row(panel, "2601.00016")[1] == "check by hand", timeout=10000)
    assert "the survey says 2026-03-01" in _row(panel, "2601.00016")[2]
    assert _row(panel, "2606.03458")[1] == "verified"
    assert fake_arxiv.api_requests() == []  # judged again from the cache
    qtbot.waitUntil(lambda: panel._rejudger is None, timeout=5000)
    verifiability = next(r for r in window.latest_analysis.references if r.id == "2601.00014")
    assert verifiability.status == "verified"  # the analysis (report, JSON, verifiability) has the new verdict
    window.shutdown()
