"""QA (histqa2): a long survey's history stored the whole text at every save and autosave. An 8 MB survey took
~4 MB compressed each time: 20 saves, each changing a line, made an 80 MB database, and since every autosave newer
than the latest save is kept, an afternoon of editing without saving gigabytes. The window's record thread now works
out a long draft's delta from the latest save's text (or the text as opened) and the database stores that: a few
hundred bytes, a whole copy again every LONG_MAX_DELTA_DEPTH drafts so reading one back stays quick."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from editor_app.config import Config  # noqa: E402
from editor_app.services import history  # noqa: E402
from editor_app.services.database import open_database  # noqa: E402
from editor_app.ui import history_panel  # noqa: E402
from tests.ui_support import open_window, repeated_sample, type_text, wait_analysis  # noqa: E402


def _long_text(lines: int = 30_000) -> str:
    return "".join(f"第{i}行：推理引擎的吞吐与延迟。\n" for i in range(lines))


def _stored(db, digest: str) -> tuple[int, str | None]:
    return db.execute("SELECT length(data), base FROM texts WHERE hash = ?", [digest]).fetchone()


def test_a_long_draft_prepared_against_the_latest_save_is_stored_as_its_delta(tmp_path: Path):
    db = open_database(tmp_path / "h.db").db
    survey = tmp_path / "s.md"
    first = _long_text()
    assert len(first) > history.DELTA_MAX_CHARS
    saved = history.prepare_snapshot(first, {})
    history.write_snapshot(db, path=survey, prepared=saved, kind="save", now=1.0)
    drafts = {}
    for i, kind in enumerate(["autosave", "save", "autosave"]):
        text = first.replace("第100行", f"第100行（改{i}）")
        prepared = history.prepare_snapshot(text, {}, base=(saved.text_hash, first))
        sid = history.write_snapshot(db, path=survey, prepared=prepared, kind=kind, now=2.0 + i)
        drafts[sid] = text
        size, base = _stored(db, prepared.text_hash)
        assert base == saved.text_hash and size < 1000  # was ~40 KB here, ~4 MB for an 8 MB survey
        if kind == "save":
            first, saved = text, prepared
    history._RECENT.clear()
    for sid, text in drafts.items():
        assert history.get_snapshot_text(db, sid) == text


def test_a_delta_from_another_text_than_the_latest_save_is_not_used(tmp_path: Path):
    db = open_database(tmp_path / "h.db").db
    survey = tmp_path / "s.md"
    text = _long_text()
    history.write_snapshot(db, path=survey, prepared=history.prepare_snapshot(text, {}), kind="save", now=1.0)
    other = text.replace("第5行", "第五行")  # edited outside the program, say: not what the history holds
    prepared = history.prepare_snapshot(text + "新的一行\n", {}, base=(history.text_hash(other), other))
    sid = history.write_snapshot(db, path=survey, prepared=prepared, kind="save", now=2.0)
    assert _stored(db, prepared.text_hash)[1] is None  # stored whole
    assert history.get_snapshot_text(db, sid) == text + "新的一行\n"


def test_a_long_draft_is_stored_whole_again_past_its_depth(tmp_path: Path):
    db = open_database(tmp_path / "h.db").db
    survey = tmp_path / "s.md"
    text = _long_text(12_000)
    prepared = history.prepare_snapshot(text, {})
    history.write_snapshot(db, path=survey, prepared=prepared, kind="save", now=0.0)
    depths = []
    for i in range(history.LONG_MAX_DELTA_DEPTH + 2):
        base = (prepared.text_hash, text)
        text += f"第{i}次保存\n"
        prepared = history.prepare_snapshot(text, {}, base=base)
        history.write_snapshot(db, path=survey, prepared=prepared, kind="save", now=1.0 + i)
        depths.append(db.execute("SELECT depth FROM texts WHERE hash = ?", [prepared.text_hash]).fetchone()[0])
    assert max(depths) == history.LONG_MAX_DELTA_DEPTH and 0 in depths


def test_the_window_stores_a_long_surveys_saves_and_autosaves_as_deltas(qtbot, tmp_path, sample_text):
    path = repeated_sample(tmp_path, sample_text)
    assert path.stat().st_size > history_panel.SYNC_RECORD_CHARS
    db_path = tmp_path / "h.db"
    # the survey's last save, from an earlier session
    history.write_snapshot(open_database(db_path).db, path=path, kind="save", now=1.0,
                           prepared=history.prepare_snapshot(path.read_text(encoding="utf-8"), {}))
    cfg = Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0, db_path=db_path,
                 autosave_seconds=3600)
    window = open_window(qtbot, path, cfg)
    ctl = history_panel.install(window)
    try:
        qtbot.waitUntil(lambda: ctl.looked, timeout=20000)
        kept = {}
        for words, kind in (("自动保存的修改", "autosave"), ("保存的修改", "save"), ("再次自动保存", "autosave")):
            window.goto_line(40)
            with wait_analysis(qtbot, window):
                type_text(window.editor, words)
            with qtbot.waitSignal(ctl.recorded, timeout=20000) as sig:
                assert ctl.autosave_now() is None if kind == "autosave" else window.save()
            assert sig.args[1] == kind
            kept[sig.args[0]] = window.current_text()
        for sid, text in kept.items():
            digest = history.text_hash(text)
            size, base = _stored(ctl.db, digest)
            assert base is not None and size < 2000, (sid, size)  # was stored whole: ~100 KB here
            history._RECENT.clear()
            assert history.get_snapshot_text(ctl.db, sid) == text
    finally:
        window.editor.document().setModified(False)
        window.shutdown()
