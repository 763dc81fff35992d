"""QA of the References tab as an editor uses it before publishing: an edit that changes a cited id left the counts
line saying what the table no longer held ("not found 1" with no such row); an impossible id's reason was said twice
in its tooltip ("month 13 does not exist | month 13 does not exist"); the row's menu could copy the id but not the
title arXiv gave."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from ui_support import verified_references_window, wait_analysis

SURVEY = """\
一、正文
1. KVarN（arXiv:2606.03458）归一化方差。
2. Ghost（arXiv:2601.09999）不存在。
3. 坏月份 arXiv:2613.00001 写错了。
"""


def _rows(panel) -> dict[str, tuple[str, str]]:
    m = panel.view.model()
    return {m.index(r, 0).data(): (m.index(r, 3).data(), m.index(r, 3).data(3)) for r in range(m.rowCount())}


def test_an_edited_id_updates_the_row_and_the_counts_and_keeps_the_other_verdicts(qtbot, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    assert "not found 1" in panel.message.text()
    cursor = window.editor.document().find("2601.09999")
    with wait_analysis(qtbot, window):
        cursor.insertText("2601.00017")  # the author fixes the id
    rows = _rows(panel)
    assert "2601.09999" not in rows and rows["2601.00017"][0] == "unverified"
    assert rows["2606.03458"][0] == "verified"  # the others keep their verdicts
    assert "not found" not in panel.message.text() and "unverified 1" in panel.message.text()
    assert "verified 1" in panel.message.text()
    window.shutdown()


def test_a_failure_message_is_not_replaced_by_the_counts_on_an_edit(qtbot, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    panel._on_failed("boom")
    with wait_analysis(qtbot, window):
        window.editor.document().find("归一化").insertText("归一")
    assert panel.message.text() == "Verification failed: boom"
    window.shutdown()


def test_an_impossible_id_says_why_once(qtbot, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    status, tip = _rows(panel)["2613.00001"]
    assert status == "impossible id" and tip == "month 13 does not exist"
    window.shutdown()


def test_the_row_menu_copies_the_title(qtbot, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    for rid, enabled in (("2606.03458", True), ("2601.09999", False)):
        proxy = panel.view.model()
        row = next(r for r in range(proxy.rowCount()) if proxy.index(r, 0).data() == rid)
        panel._context_menu(panel.view.visualRect(proxy.index(row, 0)).center())
        menu = panel.findChildren(QMenu)[-1]
        action = {a.text().replace("&", ""): a for a in menu.actions()}["Copy title"]
        assert action.isEnabled() is enabled
        if enabled:
            action.trigger()
            assert QGuiApplication.clipboard().text() == (
                "KVarN: Normalized Variance Keeps Quantized KV Caches Stable in Long Reasoning")
        menu.close()
    window.shutdown()


def test_fetched_is_the_users_clock_time(qtbot, fake_arxiv, tmp_path, monkeypatch):
    """The Fetched column showed arXiv's UTC stamp cut before its 'Z' ("2026-12-03T15:54:03"): in Beijing, eight
    hours off the clock on the wall. It shows local time now."""
    import time
    from datetime import datetime, timedelta

    monkeypatch.setenv("TZ", "Asia/Shanghai")
    time.tzset()
    try:
        window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
        ref = next(r for r in panel.model.rows if r.id == "2606.03458")
        stamp = panel.verdicts["2606.03458"]["fetched_at"]
        utc = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ")
        m = panel.view.model()
        row = next(r for r in range(m.rowCount()) if m.index(r, 0).data() == ref.id)
        assert m.index(row, 8).data() == (utc + timedelta(hours=8)).strftime("%Y-%m-%d %H:%M:%S")
        window.shutdown()
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
