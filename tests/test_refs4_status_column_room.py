"""QA (References tab after Verify all, a 1280 px window): the Status column stayed as wide as it was fitted before
arXiv answered ("unverified"), and the verdicts read "name mis…", "check by h…", "v3 not fou…" (in Chinese the
column ran off the panel's right edge). The column now takes the width of the statuses the verdicts bring, and
arXiv's title, whose tooltip holds it whole, gives up that room."""

from __future__ import annotations

import pytest
from arxiv_fixtures import TEST_SURVEY
from ui_support import open_window

from editor_app.config import Config
from editor_app.ui.references_panel import STATUS_COLUMN, TITLE_COLUMN, TITLE_MIN

SURVEY = TEST_SURVEY + "12. OmniKVQuant（arXiv:2609.11582v1）再次。\n"


def _verified_at_1280(qtbot, fake_arxiv, tmp_path):
    survey = tmp_path / "s.md"
    survey.write_text(SURVEY, encoding="utf-8")
    cfg = Config(arxiv_url=fake_arxiv.url, arxiv_interval=0.0, contact="tests@example.org", db_path=tmp_path / "u.db")
    window = open_window(qtbot, survey, cfg)
    window.resize(1280, 800)
    qtbot.wait(50)
    panel = window.references
    window.tabs.setCurrentWidget(panel)
    assert panel.verify()
    qtbot.waitUntil(lambda: panel.worker is None, timeout=20000)
    return window, panel


def _statuses_read_whole(panel) -> None:
    view, model = panel.view, panel.view.model()
    header = view.horizontalHeader()
    statuses = [model.index(r, STATUS_COLUMN).data() for r in range(model.rowCount())]
    assert any(" · " in s for s in statuses)  # the long ones are there: "name mismatch · withdrawn?", "v3 not found…"
    widest = max(view.fontMetrics().horizontalAdvance(s) for s in statuses)
    assert header.sectionSize(STATUS_COLUMN) >= widest + 6  # (Qt elides a text with less than 3 px each side)
    assert header.sectionPosition(STATUS_COLUMN) + header.sectionSize(STATUS_COLUMN) <= view.viewport().width()
    assert header.sectionSize(TITLE_COLUMN) >= TITLE_MIN


def test_statuses_read_whole_at_1280_px(qtbot, fake_arxiv, tmp_path):
    window, panel = _verified_at_1280(qtbot, fake_arxiv, tmp_path)
    _statuses_read_whole(panel)
    window.shutdown()


def test_statuses_read_whole_at_1280_px_in_chinese(qtbot, chinese, fake_arxiv, tmp_path):
    window, panel = _verified_at_1280(qtbot, fake_arxiv, tmp_path)
    assert any("不存在" in panel.view.model().index(r, STATUS_COLUMN).data()
               for r in range(panel.view.model().rowCount()))  # the statuses are in Chinese
    _statuses_read_whole(panel)
    window.shutdown()
