"""QA28d D3: one damaged row in the arXiv cache broke every verification: `survey-check --verify` (and
`--force-refresh`) ended in a traceback with exit 1, which CI reads as "the survey fails", and nothing on stdout; in
the window Verify all and Verify all again failed every time with a bare JSONDecodeError naming no file. A cached
answer whose fields are not what the cache writes (JSON that isn't, a list that is a number, a time that is text) is
now no answer: dropped, asked again and stored afresh, and said once with the database file and the ids; a budget
row's unreadable time is no claim and no wait. A database that still stops the run makes survey-check say so in one
line and exit 2."""

from __future__ import annotations

import sqlite3
import time

import pytest

from editor_app.services import arxiv_cache
from editor_app.services.database import open_database
from editor_app.services.verification import verify_references

FIRST = "(SELECT min(rowid) FROM arxiv_papers)"
DAMAGE = {
    "authors": f"UPDATE arxiv_papers SET authors = '{{garbage' WHERE rowid = {FIRST}",
    "authors null": f"UPDATE arxiv_papers SET authors = 'null' WHERE rowid = {FIRST}",
    "categories": f"UPDATE arxiv_papers SET categories = '5' WHERE rowid = {FIRST}",
    "version_titles": f"""UPDATE arxiv_papers SET version_titles = '{{"x":"t"}}' WHERE rowid = {FIRST}""",
    "fetched_ts": f"UPDATE arxiv_papers SET fetched_ts = 'abc' WHERE rowid = {FIRST}",
}
BUDGET_DAMAGE = {
    "next_start": "UPDATE arxiv_budget SET next_start = 'abc'",
    "wait_until": "UPDATE arxiv_budget SET wait_until = 'x', wait_asked_at = 1, wait_status = 429",
}


def _damage(db_path, sql: str) -> str:
    """Damage the cache as the QA did; the id of the first row."""
    with sqlite3.connect(db_path) as conn:
        first = conn.execute(f"SELECT id FROM arxiv_papers WHERE rowid = {FIRST}").fetchone()[0]
        conn.execute(sql)
    conn.close()
    return first


def _cached(db_path, source: str, ids: list[str]) -> dict:
    opened = open_database(db_path)
    try:
        return arxiv_cache.load(opened.db, ids, time.time(), source)
    finally:
        opened.db.conn.close()


@pytest.fixture
def verified(sample_path, fake_arxiv, arxiv_config, tmp_path):
    """A cache filled by one verification of the sample: (db path, references, config, {id: status})."""
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack

    refs = analyze(sample_path.read_text(encoding="utf-8"), house_pack()).references
    path = tmp_path / "v.db"
    opened = open_database(path)
    first = verify_references(refs, config=arxiv_config, db=opened.db)
    opened.db.conn.close()
    return path, refs, arxiv_config, {k: v["status"] for k, v in first.items()}


@pytest.mark.parametrize("force", [False, True], ids=["verify", "force-refresh"])
@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_cached_answer_is_asked_again_rewritten_and_said_once(verified, fake_arxiv, kind, force):
    path, refs, cfg, before = verified
    damaged_id = _damage(path, DAMAGE[kind])
    said: list[str] = []
    asked_before = len(fake_arxiv.api_requests())
    opened = open_database(path)
    verdicts = verify_references(refs, config=cfg, db=opened.db, force=force, damaged=said.append)
    opened.db.conn.close()
    assert verdicts[damaged_id]["status"] == before[damaged_id] and not verdicts[damaged_id]["cached"]
    assert said == [f"The arXiv cache in {path} held 1 damaged answer ({damaged_id}): dropped and asked again."]
    assert len(fake_arxiv.api_requests()) > asked_before
    source = cfg.arxiv_url.rstrip("/")
    assert damaged_id in _cached(path, source, [damaged_id])  # rewritten: readable again
    said.clear()
    opened = open_database(path)
    again = verify_references(refs, config=cfg, db=opened.db, damaged=said.append)
    opened.db.conn.close()
    assert said == [] and again[damaged_id]["cached"]


def test_many_damaged_answers_are_said_in_one_line(verified):
    path, refs, cfg, before = verified
    _damage(path, "UPDATE arxiv_papers SET authors = 'null'")
    said: list[str] = []
    opened = open_database(path)
    verdicts = verify_references(refs, config=cfg, db=opened.db, damaged=said.append)
    opened.db.conn.close()
    assert len(said) == 1 and said[0].startswith(f"The arXiv cache in {path} held 15 damaged answers (")
    assert said[0].endswith(", …): dropped and asked again.")
    assert {k: v["status"] for k, v in verdicts.items()} == before


def test_a_cache_only_run_leaves_a_damaged_answer_for_the_next_run_that_asks(verified, fake_arxiv):
    path, refs, cfg, _before = verified
    damaged_id = _damage(path, DAMAGE["authors"])
    said: list[str] = []
    opened = open_database(path)
    verdicts = verify_references(refs, config=cfg, db=opened.db, cache_only=True, damaged=said.append)
    opened.db.conn.close()
    assert damaged_id not in verdicts and said == []


@pytest.mark.parametrize("kind", list(BUDGET_DAMAGE))
def test_a_damaged_request_budget_is_no_claim_and_no_wait(verified, fake_arxiv, kind):
    path, refs, cfg, _before = verified
    _damage(path, BUDGET_DAMAGE[kind])
    opened = open_database(path)
    verdicts = verify_references(refs, config=cfg, db=opened.db, force=True)
    host = fake_arxiv.url.split("//", 1)[1].split("/", 1)[0]
    row = opened.db.execute("SELECT next_start, wait_until FROM arxiv_budget WHERE host = ?", [host]).fetchone()
    opened.db.conn.close()
    assert verdicts["2609.11582"]["status"] == "verified"
    assert isinstance(row[0], float) and row[1] is None  # written over with readable values


def test_survey_check_verifies_with_a_damaged_cache(verified, sample_path, fake_arxiv, capsys):
    import json

    from editor_app.cli import main as survey_check

    path, _refs, _cfg, _before = verified
    argv = [str(sample_path), "--verify", "--format", "json", "--arxiv-url", fake_arxiv.url, "--arxiv-interval", "0",
            "--db", str(path)]

    def statuses(out: str) -> dict:
        return {r["id"]: r["status"] for r in json.loads(out)["references"]}

    clean_status = survey_check(argv)  # (the sample's own findings decide it: 1)
    clean = statuses(capsys.readouterr().out)
    damaged_id = _damage(path, DAMAGE["authors"])
    for force in ([], ["--force-refresh"]):
        status = survey_check(argv + force)
        out, err = capsys.readouterr()
        assert status == clean_status and statuses(out) == clean  # was a traceback, exit 1 and nothing on stdout
        assert "Traceback" not in err
        if not force:
            assert f"survey-check: The arXiv cache in {path} held 1 damaged answer ({damaged_id}): dropped and " \
                   "asked again." in err
        else:
            assert "damaged" not in err  # said once: the answer was stored afresh


def test_survey_check_says_in_one_line_when_the_database_stops_verification(sample_path, fake_arxiv, tmp_path,
                                                                             capsys, monkeypatch):
    import editor_app.services.verification as verification
    from editor_app.cli import main as survey_check

    def broken(*_a, **_k):
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(verification, "verify_references", broken)
    status = survey_check([str(sample_path), "--verify", "--arxiv-url", fake_arxiv.url, "--db",
                           str(tmp_path / "h.db")])
    out, err = capsys.readouterr()
    assert status == 2 and "Traceback" not in err
    assert (f"{sample_path}: not verified: the arXiv cache in {tmp_path / 'h.db'} can't be used (database disk "
            "image is malformed)") in err
    assert out.startswith(str(sample_path))  # the report is still printed


def test_verify_all_and_verify_all_again_work_with_a_damaged_cache(qtbot, sample_path, fake_arxiv, tmp_path):
    from editor_app.config import Config
    from ui_support import open_window

    cfg = Config(arxiv_url=fake_arxiv.url, arxiv_interval=0.0, contact="tests@example.org", db_path=tmp_path / "u.db")
    window = open_window(qtbot, sample_path, cfg)
    panel = window.references
    for force in (False, True):
        assert panel.verify(force=force)
        qtbot.waitUntil(lambda: panel.worker is None, timeout=30000)
        damaged_id = _damage(tmp_path / "u.db", DAMAGE["authors"])
        assert panel.verify(force=force)
        qtbot.waitUntil(lambda: panel.worker is None, timeout=30000)
        text = panel.message.text()
        assert "Verification failed" not in text and "JSONDecodeError" not in text
        assert f"The arXiv cache in {tmp_path / 'u.db'} held 1 damaged answer ({damaged_id})" in text
        assert panel.status_of(next(r for r in panel.model.rows if r.id == damaged_id)) != "unverified"


def test_the_chinese_window_says_it_in_chinese():
    from editor_app.wording import EngineText

    said = EngineText("zh_CN")("The arXiv cache in /tmp/u.db held 2 damaged answers (2609.11582, 2605.19537): "
                               "dropped and asked again.")
    assert said == "/tmp/u.db 中的 arXiv 缓存有 2 条已损坏的答复（2609.11582, 2605.19537）：已删除并重新询问 arXiv。"
