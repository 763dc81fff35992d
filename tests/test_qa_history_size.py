"""QA: every save stored the whole survey (~10 KB compressed) and its whole analysis (~8 KB) again, though two
saves differ in a line or two: a survey saved 2,000 times over the months took ~36 MB, a year of surveys hundreds.
A save now stores its delta from the document's latest save when that is much smaller; every draft reads back
exactly, pruning autosaves never breaks one, and a draft is never more than MAX_DELTA_DEPTH deltas from a whole."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.services import deltas, history
from editor_app.services.database import open_database


def _edited(text: str, rng: random.Random) -> str:
    """One edit an author makes between two saves: a sentence added, a figure changed, a line removed."""
    lines = text.split("\n")
    i = rng.randrange(10, len(lines) - 2)
    choice = rng.random()
    if choice < 0.5:
        lines[i] += "⚠️ 该数字尚未复核。"
    elif choice < 0.8:
        lines.insert(i, f"SGLang ~{rng.randrange(10, 20)},200 vs vLLM ~12,500 tok/s on H100。")
    else:
        del lines[i]
    return "\n".join(lines)


def _drafts(sample_text: str, n: int, seed: int = 5) -> list[tuple[str, dict]]:
    rng = random.Random(seed)
    analyzer = Analyzer(house_pack())
    text, out = sample_text, []
    for _ in range(n):
        out.append((text, json.loads(history.analysis_json(analyzer.analyze(text).to_dict()))))
        text = _edited(text, rng)
    return out


def test_saves_are_stored_as_deltas_and_read_back_exactly(tmp_path: Path, sample_text: str):
    db = open_database(tmp_path / "h.db").db
    survey = tmp_path / "survey.md"
    drafts = _drafts(sample_text, 16)
    ids = [history.record_snapshot(db, path=survey, text=t, analysis=a, kind="save", now=1000.0 + i)
           for i, (t, a) in enumerate(drafts)]
    for sid, (text, analysis) in zip(ids, drafts):
        assert history.get_snapshot_text(db, sid) == text
        assert history.get_snapshot_analysis(db, sid) == analysis
    whole = [history.prepare_snapshot(t, a) for t, a in drafts]
    texts = db.execute("SELECT sum(length(data)) FROM texts").fetchone()[0]
    assert texts < 1.5 * len(whole[0].text_blob)  # before: 16 whole drafts
    assert db.execute("SELECT count(*) FROM texts WHERE base IS NULL").fetchone()[0] == 1
    # An inserted line moves the line numbers of every later finding: an analysis' delta is larger, still a saving.
    analyses = db.execute("SELECT sum(length(data)) FROM snapshot_analyses").fetchone()[0]
    assert analyses < 0.85 * sum(len(w.analysis_blob) for w in whole)


def test_a_draft_is_never_more_than_the_cap_of_deltas_from_a_whole(tmp_path: Path, sample_text: str, monkeypatch):
    monkeypatch.setattr(history, "MAX_DELTA_DEPTH", 3)
    db = open_database(tmp_path / "h.db").db
    drafts = _drafts(sample_text, 10)
    ids = [history.record_snapshot(db, path=tmp_path / "s.md", text=t, analysis=a, kind="save", now=1.0 + i)
           for i, (t, a) in enumerate(drafts)]
    assert db.execute("SELECT max(depth) FROM texts").fetchone()[0] == 3
    assert db.execute("SELECT max(depth) FROM snapshot_analyses").fetchone()[0] <= 3
    assert [history.get_snapshot_text(db, i) for i in ids] == [t for t, _ in drafts]
    assert [history.get_snapshot_analysis(db, i) for i in ids] == [a for _, a in drafts]


def test_pruned_autosaves_never_break_a_draft_stored_as_a_delta(tmp_path: Path, sample_text: str, monkeypatch):
    monkeypatch.setattr(history, "AUTOSAVES_KEPT", 2)
    db = open_database(tmp_path / "h.db").db
    survey = tmp_path / "s.md"
    drafts = _drafts(sample_text, 24, seed=9)
    kept: dict[int, tuple[str, dict]] = {}
    for i, (text, analysis) in enumerate(drafts):
        kind = "save" if i % 4 == 3 else "autosave"
        sid = history.record_snapshot(db, path=survey, text=text, analysis=analysis, kind=kind, now=100.0 + i)
        kept[sid] = (text, analysis)
    listed = history.list_snapshots(db, survey)
    assert sum(r["kind"] == "autosave" for r in listed) < 18  # some were pruned
    for row in listed:
        text, analysis = kept[row["id"]]
        assert history.get_snapshot_text(db, row["id"]) == text
        assert history.get_snapshot_analysis(db, row["id"]) == analysis
    # nothing left behind: every text is a snapshot's or the base of one that is
    assert db.execute("SELECT count(*) FROM texts WHERE hash NOT IN (SELECT text_hash FROM snapshots)"
                      " AND hash NOT IN (SELECT base FROM texts WHERE base IS NOT NULL)").fetchone()[0] == 0


def test_long_drafts_are_stored_whole(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(history, "DELTA_MAX_CHARS", 100)
    db = open_database(tmp_path / "h.db").db
    text = "一、正文\n" + "第一行，足够长的一行。\n" * 20
    history.record_snapshot(db, path=tmp_path / "s.md", text=text, analysis={}, kind="save", now=1.0)
    history.record_snapshot(db, path=tmp_path / "s.md", text=text + "加一行\n", analysis={}, kind="save", now=2.0)
    assert db.execute("SELECT count(*) FROM texts WHERE base IS NOT NULL").fetchone()[0] == 0


def test_a_missing_base_is_a_database_error_the_window_reports(tmp_path: Path, sample_text: str):
    db = open_database(tmp_path / "h.db").db
    (t1, a1), (t2, a2) = _drafts(sample_text, 2)
    history.record_snapshot(db, path=tmp_path / "s.md", text=t1, analysis=a1, kind="save", now=1.0)
    second = history.record_snapshot(db, path=tmp_path / "s.md", text=t2, analysis=a2, kind="save", now=2.0)
    with db.conn:
        db.execute("DELETE FROM texts WHERE hash = ?", [history.text_hash(t1)])
    history._RECENT.clear()
    with pytest.raises(sqlite3.DatabaseError, match="can't be rebuilt"):
        history.get_snapshot_text(db, second)


_PIECE = st.sampled_from(["a\n", "b\n", "一行\n", "\n", "}, ", "], ", "x", "{", "[1, 2], ", "⚠️"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECE, max_size=30), st.lists(_PIECE, max_size=30))
def test_a_delta_rebuilds_exactly_what_it_was_taken_of(old, new):
    old_text, new_text = "".join(old), "".join(new)
    for pieces in (deltas.TEXT_PIECES, deltas.JSON_PIECES):
        base = deltas.split(old_text, pieces)
        delta = deltas.make_delta(base, deltas.split(new_text, pieces))
        assert delta is not None and deltas.apply_delta(base, delta) == new_text


def test_a_draft_too_long_to_keep_in_memory_still_reads_back(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(history, "DELTA_MAX_CHARS", 10)  # so this draft is "long": stored whole, not remembered
    db = open_database(tmp_path / "h.db").db
    text = "一、正文\n" + "很长的一行。\n" * 30
    analysis = {"metrics": {"cjk": 180}, "rules": [{"id": "cjk-total", "measured": 180}]}
    sid = history.record_snapshot(db, path=tmp_path / "s.md", text=text, analysis=analysis, kind="save")
    history._RECENT.clear()
    assert history.get_snapshot_text(db, sid) == text
    assert history.get_snapshot_analysis(db, sid) == analysis
