"""histretry: history.copy_snapshot stores a snapshot of the history kept in memory in the file as it is, once."""

from __future__ import annotations

from editor_app.services import history
from editor_app.services.database import open_database


def test_a_copy_keeps_everything_and_is_made_once(tmp_path):
    memory = open_database(memory=True).db
    survey = tmp_path / "s.md"
    base = "# 标题\n\n" + "正文一句。\n" * 300
    history.record_snapshot(memory, path=survey, text=base, analysis={"metrics": {"cjk": 1500, "lines": 302},
                            "rules": [{"id": "r", "measured": 3, "status": "fail", "level": "error"}]},
                            kind="save", now=100.0)
    edited = base + "多一句。\n"  # stored as its delta from the save
    history.record_snapshot(memory, path=survey, text=edited, analysis={"metrics": {"cjk": 1504}}, kind="autosave",
                            now=130.0, writer="7:1")
    measuring = history.prepare_snapshot(edited + "再多。\n", None, measured=False,
                                         measure_with=history.PackToMeasureWith("p", "/p.toml", "schema = 1"))
    history.write_snapshot(memory, path=survey, prepared=measuring, kind="autosave", now=160.0, writer="7:1")
    history.dismiss_autosaves(memory, survey, writer="7:1", before=140.0)
    assert memory.execute("SELECT base IS NOT NULL FROM texts WHERE hash = ?",
                          [history.text_hash(edited)]).fetchone()[0]

    file_db = open_database(tmp_path / "h.db").db
    ids = history.snapshots_in_order(memory)
    copies = [history.copy_snapshot(memory, sid, file_db) for sid in ids]
    assert [fresh for _, fresh in copies] == [True, True, True]
    assert [history.copy_snapshot(memory, sid, file_db) for sid in ids] == [(new, False) for new, _ in copies]
    src = list(reversed(history.list_snapshots(memory, survey)))
    dst = list(reversed(history.list_snapshots(file_db, survey)))
    same = ("time", "kind", "text_hash", "chars", "pack", *history.HEADLINE, "dismissed", "measured")
    assert [{k: r[k] for k in same} for r in dst] == [{k: r[k] for k in same} for r in src]
    assert [r["dismissed"] for r in dst] == [False, True, False]
    for a, b in zip(src, dst):
        assert history.get_snapshot_text(file_db, b["id"]) == history.get_snapshot_text(memory, a["id"])
        assert history.get_snapshot_analysis(file_db, b["id"]) == history.get_snapshot_analysis(memory, a["id"])
    assert history.metric_series(file_db, survey, "rule:r") == [(100.0, 3.0)]
    assert history.pack_to_measure_with(file_db, dst[2]["id"]).source == "schema = 1"
    assert history.unmeasured_snapshots(file_db, survey) == [dst[2]["id"]]
    writers = [w for (w,) in file_db.execute("SELECT writer FROM snapshots ORDER BY time")]
    assert writers == [None, "7:1", "7:1"]


def test_a_dismissal_before_a_time_leaves_later_autosaves_to_be_offered(tmp_path):
    db = open_database(tmp_path / "h.db").db
    survey = tmp_path / "s.md"
    history.record_snapshot(db, path=survey, text="一\n", analysis={}, kind="autosave", now=10.0, writer="7:1")
    history.record_snapshot(db, path=survey, text="二\n", analysis={}, kind="autosave", now=20.0, writer="7:1")
    assert history.dismiss_autosaves(db, survey, writer="7:1", before=15.0) == 1
    found = history.latest_autosave_newer_than(db, survey, mtime=0.0)
    assert found is not None and found["text"] == "二\n"
