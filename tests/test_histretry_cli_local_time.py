"""histretry: `survey-check history` listed each snapshot's time in UTC ("2026-12-04T07:02:11+00:00") while the
History tab shows local time ("2026-12-04 15:02:11"): the same save read eight hours apart in Beijing. The table
now shows the window's local time and says the zone's offset; --format json keeps its UTC times as they were."""

from __future__ import annotations

import json
import time
import pytest

from editor_app import cli
from editor_app.services import history
from editor_app.services.database import open_database

NOW = 1_796_367_731.0  # 2026-12-04 07:02:11 UTC
SUMMER = 1_783_000_000.0  # 2026-07-02 13:46:40 UTC


@pytest.fixture
def zone(monkeypatch):
    """Run in the time zone given (TZ), then back."""
    if not hasattr(time, "tzset"):
        pytest.skip("time.tzset: POSIX only")

    def use(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield use
    monkeypatch.undo()
    time.tzset()


def _history(tmp_path, *times: float):
    survey = tmp_path / "s.md"
    survey.write_text("# T\n", encoding="utf-8")
    db = open_database(tmp_path / "h.db").db
    for i, when in enumerate(times):
        history.record_snapshot(db, path=survey, text=f"第{i}稿\n", analysis={"metrics": {"cjk": 2}}, kind="cli",
                                now=when)
    db.conn.close()
    return survey


def _table(survey, tmp_path, capsys, *extra: str) -> str:
    assert cli.main(["history", str(survey), "--db", str(tmp_path / "h.db"), *extra]) == 0
    return capsys.readouterr().out


def test_times_are_local_as_in_the_window_with_the_zones_offset(tmp_path, capsys, zone):
    zone("Asia/Shanghai")
    survey = _history(tmp_path, NOW)
    out = _table(survey, tmp_path, capsys)
    assert "TIME (UTC+08:00)" in out
    assert "2026-12-04 15:02:11" in out and "07:02:11" not in out
    from editor_app.ui.history_panel import _fmt_time  # what the History tab shows

    assert _fmt_time(NOW) in out


def test_a_row_from_another_offset_says_its_own(tmp_path, capsys, zone):
    zone("Europe/Berlin")  # the header says the offset of now: summer's or winter's, the other row its own
    survey = _history(tmp_path, SUMMER, NOW)
    out = _table(survey, tmp_path, capsys)
    header = out.splitlines()[0]
    ours = "UTC+01:00" if "UTC+01:00" in header else "UTC+02:00"
    assert f"TIME ({ours})" in header
    rows = {line.split()[0]: line for line in out.splitlines()[2:]}
    summer, winter = rows["1"], rows["2"]
    assert "2026-07-02 15:46:40" in summer and "2026-12-04 08:02:11" in winter
    assert ("UTC+02:00" in summer) == (ours != "UTC+02:00") and ("UTC+01:00" in winter) == (ours != "UTC+01:00")


def test_json_keeps_its_utc_times(tmp_path, capsys, zone):
    zone("Asia/Shanghai")
    survey = _history(tmp_path, NOW)
    data = json.loads(_table(survey, tmp_path, capsys, "--format", "json"))
    (row,) = data["snapshots"]
    assert row["time"] == NOW and row["time_iso"] == "2026-12-04T07:02:11+00:00"
