"""QA (histqa2): history is kept by the survey's path, so a survey renamed or moved in a file manager opened with
an empty History tab (its snapshots still in the database, listed by no window), and the autosaves a crash left of
it were never offered. A survey with no history of its own whose text is the latest save of a survey whose file is
gone now takes that history over, in the window and in `survey-check --record`; a copy (both files there) starts
its own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from editor_app.cli import main
from editor_app.config import Config
from editor_app.services import history
from editor_app.services.database import open_database


def _saved(db, path: Path, text: str, now: float = 1.0) -> int:
    return history.record_snapshot(db, path=path, text=text, analysis={}, kind="save", now=now)


def test_a_renamed_survey_keeps_its_history(tmp_path: Path):
    db = open_database(tmp_path / "h.db").db
    old, new = tmp_path / "a.md", tmp_path / "sub" / "b.md"
    old.write_text("一、正文\n第二稿\n", encoding="utf-8")
    _saved(db, old, "一、正文\n第一稿\n", 1.0)
    sid = _saved(db, old, "一、正文\n第二稿\n", 2.0)
    new.parent.mkdir()
    old.rename(new)
    assert history.follow_move(db, new, "一、正文\n第二稿\n") == str(old)
    assert [r["id"] for r in history.list_snapshots(db, new)][0] == sid
    assert history.list_snapshots(db, old) == []
    from editor_app.ui.engine_text import EngineText

    assert EngineText("zh_CN", None)(history.moved_message(str(old), new)) == f"历史：{old} 已不在原处；它的快照随这份综述转到 {new}。"


def test_a_copy_or_other_text_or_an_ambiguous_one_starts_its_own_history(tmp_path: Path):
    db = open_database(tmp_path / "h.db").db
    text = "一、正文\n同一段文字\n"
    kept = tmp_path / "kept.md"
    kept.write_text(text, encoding="utf-8")
    _saved(db, kept, text)
    assert history.follow_move(db, tmp_path / "copy.md", text) is None  # the original is still there
    assert history.follow_move(db, tmp_path / "other.md", "另一段\n") is None
    for name in ("gone1.md", "gone2.md"):  # two gone surveys saved with this text: whose history is it?
        _saved(db, tmp_path / name, "模板\n")
    assert history.follow_move(db, tmp_path / "new.md", "模板\n") is None
    assert history.list_snapshots(db, tmp_path / "new.md") == []


def test_survey_check_record_follows_a_renamed_survey(tmp_path: Path, sample_text: str, capsys):
    db_path = tmp_path / "h.db"
    old, new = tmp_path / "survey.md", tmp_path / "renamed.md"
    old.write_text(sample_text, encoding="utf-8")
    main([str(old), "--record", "--db", str(db_path)])
    old.rename(new)
    capsys.readouterr()
    main([str(new), "--record", "--db", str(db_path)])
    err = capsys.readouterr().err
    assert f"{old} is no longer there; its snapshots follow the survey to {new}" in err
    assert "unchanged since the last snapshot" in err  # the snapshot it had is the renamed survey's
    main(["history", str(new), "--db", str(db_path)])
    assert "cli" in capsys.readouterr().out


def test_the_window_lists_a_moved_surveys_history_and_offers_its_crash(qtbot, tmp_path, sample_text, monkeypatch):
    pytest.importorskip("pytestqt")
    from editor_app.ui import history_panel
    from tests.ui_support import open_window

    db_path = tmp_path / "h.db"
    old = tmp_path / "survey.md"
    old.write_text(sample_text, encoding="utf-8")
    db = open_database(db_path).db
    _saved(db, old, sample_text, os.stat(old).st_mtime - 60)
    crashed = sample_text + "崩溃前没来得及保存的一段。\n"
    history.record_snapshot(db, path=old, text=crashed, analysis={}, kind="autosave",
                            now=os.stat(old).st_mtime + 60, writer="999999999:1")  # a program no longer running
    db.conn.close()
    new = tmp_path / "moved" / "survey-v2.md"
    new.parent.mkdir()
    old.rename(new)  # mv keeps the file's time: the autosave is still newer than the file

    monkeypatch.setattr(history_panel, "STARTUP_DELAY_MS", 0)
    window = open_window(qtbot, new, Config(db_path=db_path, arxiv_url="http://127.0.0.1:9/api/query",
                                            arxiv_interval=0.0))
    said: list[str] = []
    try:
        ctl = history_panel.install(window)
        ctl.message.connect(said.append)
        with qtbot.waitSignal(ctl.recovery_offered, timeout=10000) as offered:
            pass
        assert any("its snapshots follow the survey to" in s for s in said)
        window._show_panel(ctl.panel)
        qtbot.waitUntil(lambda: ctl.panel.title.text() == "survey-v2.md: 2 snapshots")  # the save, the autosave
        offered.args[0].restore_button.click()
        assert window.current_text() == crashed
    finally:
        window.editor.document().setModified(False)
        window.shutdown()
