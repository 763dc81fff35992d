"""QA26b D2: when arXiv answered 429 or 503 with `Retry-After: 600`, the run said "asked to wait 10 min … try again
once that wait is over" and forgot it: the next Verify all, or `survey-check --verify` (another process), asked
again at once. The wait is now kept beside the shared request budget in the database: a run started inside it asks
nothing and says, per reference, until when (local time) and how long is left; cached answers still count; once it
is over (or arXiv answers) it is forgotten. Absurd waits and clock jumps are bounded.

Also: a spurious empty feed was asked about again as the whole batch; arxiv-api.md says "Re-ask missing ids once,
alone": each missing id is now asked once, alone, and the batch never again."""

from __future__ import annotations

import math
import sqlite3
from datetime import datetime, timezone
from email.utils import format_datetime

import pytest

from editor_app.config import Config
from editor_app.core.model import Reference
from editor_app.services import arxiv_cache
from editor_app.services.arxiv_client import MAX_RETRY_AFTER, ArxivClient, _retry_after
from editor_app.services.database import open_database
from editor_app.services.verification import verify_references
from editor_app.wording import EngineText

OK = "2609.11582"


def _stored(db_path) -> tuple:
    conn = sqlite3.connect(db_path)
    try:
        return conn.execute("SELECT wait_until, wait_asked_at, wait_status FROM arxiv_budget").fetchone()
    finally:
        conn.close()


def _until_said(wait_until: float) -> str:
    """The local HH:MM a kept deadline is said as (the minute it is over by)."""
    return datetime.fromtimestamp(math.ceil(wait_until / 60) * 60).strftime("%H:%M")


# -- survey-check, run after run on one database -----------------------------------------------------------------
def test_survey_check_inside_the_wait_asks_nothing_and_says_until_when(sample_path, tmp_path, fake_arxiv, capsys):
    from editor_app.cli import main as survey_check

    db = tmp_path / "h.db"
    argv = [str(sample_path), "--verify", "--arxiv-url", fake_arxiv.url, "--arxiv-interval", "0", "--db", str(db)]
    fake_arxiv.push_fault("429", times=1, seconds=600)
    survey_check(argv)
    first = capsys.readouterr().out
    assert "asked to wait 10 min before asking again" in first and len(fake_arxiv.api_requests()) == 1

    survey_check(argv)  # another run, as soon as the first said so
    second = capsys.readouterr().out
    assert len(fake_arxiv.api_requests()) == 1, "asked arXiv again inside the wait it asked for"
    until, asked_at, status = _stored(db)
    assert status == 429 and 599 <= until - asked_at <= 600
    rows = [line for line in second.splitlines() if line.startswith(("2609.", "2605.", "2606.", "2607.", "2608."))]
    assert len(rows) == 15 and all("rate limited" in line for line in rows)
    assert (f"arXiv answered 429 'Rate exceeded' earlier and asked to wait until {_until_said(until)} "
            "(10 min from now); not asked again before then.") in second

    with sqlite3.connect(db) as conn:  # the wait is over (as 10 minutes later)
        conn.execute("UPDATE arxiv_budget SET wait_until = wait_asked_at + 1, next_start = 0")
    survey_check(argv)
    third = capsys.readouterr().out
    assert [r["status"] for r in fake_arxiv.api_requests()] == [429, 200]
    assert "not asked again" not in third and "rate limited" not in third
    assert _stored(db) == (None, None, None)  # arXiv answered: the wait is forgotten


# -- verification: cached answers still count, per-reference honesty ---------------------------------------------
def _config(fake_arxiv) -> Config:
    return Config(arxiv_url=fake_arxiv.url, arxiv_interval=0.0, contact="tests@example.org")


def test_a_run_inside_a_503_wait_keeps_cached_verdicts_and_asks_nothing(fake_arxiv, tmp_path):
    path = tmp_path / "u.db"
    first_db, second_db = open_database(path).db, open_database(path).db  # two copies of the program
    cached = Reference(OK, None, [1], name="OmniKVQuant")
    asked = Reference("2606.03458", None, [2], name="KVarN")
    assert verify_references([cached], config=_config(fake_arxiv), db=first_db)[OK]["status"] == "verified"

    fake_arxiv.push_fault("503", times=1, seconds=600)
    verify_references([cached, asked], config=_config(fake_arxiv), db=first_db)
    assert len(fake_arxiv.api_requests()) == 2

    got = verify_references([cached, asked], config=_config(fake_arxiv), db=second_db)
    assert len(fake_arxiv.api_requests()) == 2
    assert got[OK]["status"] == "verified" and got[OK]["cached"]
    until = arxiv_cache.asked_wait(second_db, "127.0.0.1:%d" % fake_arxiv.port, datetime.now().timestamp()).until
    message = got["2606.03458"]["message"]
    assert got["2606.03458"]["status"] == "unavailable"  # a 503: arXiv is down, as the first run said
    assert message == (f"arXiv answered HTTP 503 earlier and asked to wait until {_until_said(until)} "
                       "(10 min from now); not asked again before then.")
    assert EngineText("zh_CN")(message) == (
        f"此前 arXiv 答复 HTTP 503，并要求等到 {_until_said(until)}（还有 10 分钟）；在此之前不再询问。")


# -- the client with its clock: over, clock jumps, absurd waits, cleared by an answer -----------------------------
class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _client(fake, db, clock) -> ArxivClient:
    return ArxivClient(fake.url, contact="tests@example.org", interval=0.0, backoff=0.01, db=db, clock=clock)


def test_the_wait_holds_until_it_is_over_then_arxiv_is_asked(fake_arxiv, arxiv_db):
    clock = Clock(1_900_000_000.0)
    fake_arxiv.push_fault("429", times=1, seconds=600)
    assert _client(fake_arxiv, arxiv_db, clock).fetch([OK]).failed[OK][0] == "rate limited"
    clock.now += 300
    status, message = _client(fake_arxiv, arxiv_db, clock).fetch([OK]).failed[OK]
    assert status == "rate limited" and "(5 min from now)" in message
    assert len(fake_arxiv.api_requests()) == 1
    clock.now += 301
    assert OK in _client(fake_arxiv, arxiv_db, clock).fetch([OK]).found
    assert len(fake_arxiv.api_requests()) == 2
    assert arxiv_cache.asked_wait(arxiv_db, f"127.0.0.1:{fake_arxiv.port}", clock.now) is None


@pytest.mark.parametrize("seconds", [31_536_000, 10**30])  # a year; a number no clock reaches
def test_an_absurd_wait_is_kept_an_hour_at_most(fake_arxiv, arxiv_db, seconds):
    clock = Clock(1_900_000_000.0)
    fake_arxiv.push_fault("429", times=1, seconds=seconds)
    _client(fake_arxiv, arxiv_db, clock).fetch([OK])
    wait = arxiv_cache.asked_wait(arxiv_db, f"127.0.0.1:{fake_arxiv.port}", clock.now)
    assert wait is not None and wait.left == arxiv_cache.MAX_KEPT_WAIT == 3600
    clock.now += 3601
    assert OK in _client(fake_arxiv, arxiv_db, clock).fetch([OK]).found


def test_a_clock_set_back_does_not_make_the_wait_longer(fake_arxiv, arxiv_db):
    clock = Clock(1_900_000_000.0)
    fake_arxiv.push_fault("503", times=1, seconds=600)
    _client(fake_arxiv, arxiv_db, clock).fetch([OK])
    clock.now -= 86_400  # set back a day: "until" is now a day and 10 min away
    assert OK in _client(fake_arxiv, arxiv_db, clock).fetch([OK]).found
    assert len(fake_arxiv.api_requests()) == 2
    clock.now += 86_400  # and forward again: the wait arXiv's answer ended stays forgotten
    assert arxiv_cache.asked_wait(arxiv_db, f"127.0.0.1:{fake_arxiv.port}", clock.now) is None


def test_a_short_wait_is_kept_for_others_then_cleared_by_the_answer(fake_arxiv, arxiv_db):
    fake_arxiv.push_fault("429", times=1, seconds=1)
    out = ArxivClient(fake_arxiv.url, contact="tests@example.org", interval=0.0, backoff=0.01, db=arxiv_db).fetch([OK])
    assert OK in out.found and [r["status"] for r in fake_arxiv.api_requests()] == [429, 200]
    row = arxiv_db.execute("SELECT wait_until, wait_asked_at, wait_status FROM arxiv_budget").fetchone()
    assert row == (None, None, None)


def test_another_copys_short_wait_is_waited_out_not_skipped(fake_arxiv, arxiv_db):
    clock = Clock(1_900_000_000.0)
    host = f"127.0.0.1:{fake_arxiv.port}"
    arxiv_cache.keep_asked_wait(arxiv_db, host, 30, 429, clock.now)  # another copy was told: 30 s
    slept: list[float] = []
    said: list[str] = []
    client = ArxivClient(fake_arxiv.url, contact="tests@example.org", interval=0.0, db=arxiv_db, clock=clock,
                         on_retry=said.append)

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.now += seconds

    client._sleep = sleep  # type: ignore[method-assign]
    assert OK in client.fetch([OK]).found
    assert slept[0] == 30 and len(fake_arxiv.api_requests()) == 1
    assert said and said[0].startswith("arXiv asked to wait until ") and said[0].endswith("asking in 30 s")
    assert EngineText("zh_CN")(said[0]).endswith("30 秒后再问")
    assert 30 <= MAX_RETRY_AFTER


@pytest.mark.parametrize("header, seconds", [
    ("600", 600.0), (" 5 ", 5.0), ("-5", None), ("5.5", None), ("soon", None), ("", None), ("²", None),
    ("99999999999", 3600.0),
    (format_datetime(datetime.fromtimestamp(1_900_000_300, tz=timezone.utc), usegmt=True), 300.0),  # an HTTP-date
    (format_datetime(datetime.fromtimestamp(1_899_999_000, tz=timezone.utc), usegmt=True), 0.0),  # gone by
    (format_datetime(datetime.fromtimestamp(1_990_000_000, tz=timezone.utc), usegmt=True), 3600.0),  # years ahead
])
def test_retry_after_forms_are_read_and_bounded(header, seconds):
    assert _retry_after(header, 1_900_000_000.0) == seconds


def test_a_negative_retry_after_keeps_no_wait(fake_arxiv, arxiv_db):
    fake_arxiv.push_fault("429", times=1, seconds=-5)
    out = ArxivClient(fake_arxiv.url, contact="tests@example.org", interval=0.0, backoff=0.01, db=arxiv_db).fetch([OK])
    assert OK in out.found
    assert arxiv_cache.asked_wait(arxiv_db, f"127.0.0.1:{fake_arxiv.port}", 0.0) is None


# -- the window: Verify all again inside the wait ----------------------------------------------------------------
def test_verify_all_again_inside_the_wait_asks_nothing(qtbot, fake_arxiv, tmp_path):
    from ui_support import verified_references_window

    fake_arxiv.push_fault("429", times=1, seconds=600)
    window, panel = verified_references_window(
        qtbot, fake_arxiv, tmp_path, "一、正文\nHiSparse（arXiv:2608.07009）与 FreeToken（arXiv:2608.16157）。\n")
    assert len(fake_arxiv.api_requests()) == 1
    assert panel.verify()
    qtbot.waitUntil(lambda: panel.worker is None, timeout=20000)
    assert len(fake_arxiv.api_requests()) == 1, "Verify all asked arXiv again inside the wait it asked for"
    assert {v["status"] for v in panel.verdicts.values()} == {"rate limited"}
    assert panel.message.text().startswith(
        "arXiv gave no answer: arXiv answered 429 'Rate exceeded' earlier and asked to wait until ")
    assert panel.message.text().endswith("(10 min from now); not asked again before then.\nrate limited 2")
    window.shutdown()


# -- a spurious empty feed: the missing ids asked once, alone ----------------------------------------------------
def test_a_spurious_empty_feed_is_asked_again_id_by_id_not_as_the_batch(fake_arxiv):
    ids = ["2609.11582", "2609.04263", "2606.03458", "2605.19537", "2609.10226", "2607.05708", "2606.02964",
           "2606.19746", "2608.01526", "2607.08028", "2605.15040", "2609.11561", "2607.26627", "2608.07009",
           "2608.16157"]
    fake_arxiv.push_fault("empty", times=1)
    out = ArxivClient(fake_arxiv.url, contact="tests@example.org", interval=0.0).fetch(ids)
    assert set(out.found) == set(ids) and not out.not_found
    assert [r["ids"] for r in fake_arxiv.api_requests()] == [ids] + [[i] for i in ids]


def test_an_earlier_versions_database_gets_the_wait_columns_and_keeps_its_budget(tmp_path):
    import sqlite_utils

    from editor_app.services.database import latest_version, migrate, schema_version

    path = tmp_path / "old.db"
    old = sqlite_utils.Database(path)
    migrate(old, upto=6)  # the schema before the wait was kept
    old.execute("INSERT INTO arxiv_budget (host, next_start) VALUES ('export.arxiv.org', 123.0)")
    old.conn.commit()
    old.conn.close()
    db = open_database(path).db
    assert schema_version(db) == latest_version() >= 7
    assert db.execute("SELECT host, next_start, wait_until FROM arxiv_budget").fetchall() == [
        ("export.arxiv.org", 123.0, None)]
    arxiv_cache.keep_asked_wait(db, "export.arxiv.org", 600, 503, 1000.0)
    assert arxiv_cache.reserve_request_slot(db, "export.arxiv.org", 3.0, lambda: 1000.0) == 1000.0
    wait = arxiv_cache.asked_wait(db, "export.arxiv.org", 1000.0)  # claiming a slot leaves the wait as it was
    assert wait is not None and wait.left == 600 and wait.http_status == 503
