"""A damaged history database is moved aside and a fresh one created: the History tab then started empty, though
one damaged page cost a few snapshots at most. Now the snapshots still readable are copied into the fresh one, and
the message names SQLite's first finding instead of its six-line report."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.services import database, history
from editor_app.services.database import open_database


def _history_of(tmp_path: Path, sample_text: str, count: int = 240) -> tuple[Path, Path, dict[int, str]]:
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    db_path = tmp_path / "h.db"
    opened = open_database(db_path)
    analyzer = Analyzer(house_pack())
    lines = sample_text.split("\n")
    texts = {}
    for i in range(count):
        lines[10 + i % 80] += f"第{i}次修改⚠️"
        text = "\n".join(lines)
        sid = history.record_snapshot(opened.db, path=survey, text=text, analysis=analyzer.analyze(text).to_dict(),
                                      kind="save", now=1_700_000_000 + i * 60)
        texts[sid] = text
    opened.db.conn.close()
    return survey, db_path, texts


def _damage_the_middle(path: Path) -> None:
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.seek(size // 2 // 4096 * 4096)
        fh.write(b"\xde\xad\xbe\xef" * 1024)  # one page of garbage


def test_the_readable_snapshots_of_a_damaged_database_are_kept(tmp_path, sample_text, monkeypatch):
    survey, db_path, texts = _history_of(tmp_path, sample_text)
    monkeypatch.setattr(database, "_CHECKED", set())  # checked whole once per program: this is the next program
    _damage_the_middle(db_path)
    damaged = hashlib.sha256(db_path.read_bytes()).hexdigest()
    opened = open_database(db_path)
    (moved,) = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert hashlib.sha256(moved.read_bytes()).hexdigest() == damaged  # read, never changed
    rows = history.list_snapshots(opened.db, survey)
    assert len(rows) > len(texts) // 2
    assert f"created with the snapshots still readable in it: {len(rows):,} kept, " in opened.warning
    assert "\n" not in opened.warning and "*** in database" not in opened.warning
    for row in rows:
        assert history.get_snapshot_text(opened.db, row["id"]) == texts[row["id"]]
        if row["measured"]:
            analysis = history.get_snapshot_analysis(opened.db, row["id"])
            assert row["cjk"] == analysis["metrics"]["cjk"]
            assert history.metric_series(opened.db, survey, "rule:cjk-total")  # the trend is there too
    assert opened.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # and the next save goes on from there
    assert history.record_snapshot(opened.db, path=survey, text=sample_text + "新", analysis={}, kind="save")


def test_an_unreadable_file_still_gets_a_fresh_database(tmp_path):
    db_path = tmp_path / "h.db"
    db_path.write_bytes(b"SQLite format 3\x00" + os.urandom(8192))
    opened = open_database(db_path)
    assert opened.path == db_path and "a fresh one was created" in opened.warning
    assert history.list_snapshots(opened.db, tmp_path / "survey.md") == []


def test_the_window_says_in_chinese_what_was_kept(qtbot, chinese, tmp_path, sample_text, monkeypatch):
    from editor_app.config import Config
    from editor_app.ui import history_panel
    from ui_support import open_window

    survey, db_path, texts = _history_of(tmp_path, sample_text, 120)
    monkeypatch.setattr(database, "_CHECKED", set())
    _damage_the_middle(db_path)
    window = open_window(qtbot, survey, Config(db_path=db_path, arxiv_url="http://127.0.0.1:9/api/query",
                                               autosave_seconds=3600))
    monkeypatch.setattr(history_panel, "STARTUP_DELAY_MS", 0)
    ctl = history_panel.install(window)
    qtbot.waitUntil(lambda: "历史数据库" in window.statusBar().currentMessage(), timeout=20000)
    message = window.statusBar().currentMessage()
    kept = history.count_snapshots(ctl.db, survey)
    assert 0 < kept and message.startswith(f"历史数据库 {db_path} 已损坏（")
    assert f"并用其中仍可读取的快照新建了一个：保留 {kept:,} 个，丢失 " in message and message.endswith("个（无法读取）。")
    window.tabs.setCurrentWidget(ctl.panel)
    assert ctl.panel.model.total == kept
    ctl.shutdown()
    window.shutdown()
