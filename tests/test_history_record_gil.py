"""The record thread prepares a long survey's snapshot without holding up the GUI thread: after Ctrl+S or an autosave
of an 8 MB survey the window froze ~100 ms about 1.5 s later. Not the snapshot's inserts (3-9 ms): the record
thread's single long steps (joining, encoding, splitting the whole text or its analysis' 16 M characters of JSON in
one call, dropping the dict made of the analysis at once), which hold the GIL 20-70 ms each, and the GUI thread's
collector scanning the hundreds of thousands of objects that dict is made of. Speed is bench/bench_save.py's and
bench/bench_snapshot_gil.py's; these tests hold the ways it is done, and that what is stored is the same."""

from __future__ import annotations

import hashlib
import json
import random
import threading
import time
import zlib

import pytest

pytest.importorskip("pytestqt")

from editor_app.core.file_names import printable  # noqa: E402
from editor_app.services import deltas, history  # noqa: E402
from editor_app.ui import gui_gc, history_panel  # noqa: E402


class PieceByPiece(list):
    """A list that notes each deletion of a slice of it (dismantle's way of emptying a container)."""

    def __init__(self, items, deleted: list[int]) -> None:
        super().__init__(items)
        self.deleted = deleted

    def __delitem__(self, index) -> None:
        before = len(self)
        super().__delitem__(index)
        self.deleted.append(before - len(self))


class AnAnalysis:
    """An analysis whose to_dict notes whether the GUI thread's collector was held off while it was made, and whose
    dict's findings note how they were let go of (in lists of the test's: the measurer empties the analysis too)."""

    def __init__(self, held: list[int], deleted: list[int]) -> None:
        self.held = held
        self.deleted = deleted

    def to_dict(self) -> dict:
        self.held.append(gui_gc._held[0])
        findings = PieceByPiece(({"rule": "r", "line": i, "message": f"第 {i} 行"} for i in range(10_000)),
                                self.deleted)
        return {"pack": "p", "metrics": {"cjk": 5, "lines": 2}, "findings": findings}


@pytest.fixture
def record_thread(qapp):
    thread = history_panel._RecordThread()
    thread.start()
    yield thread
    thread.stop()


def _results(thread, count: int = 1, timeout: float = 20.0) -> list[dict]:
    out: list[dict] = []
    end = time.monotonic() + timeout
    while len(out) < count and time.monotonic() < end:
        time.sleep(0.01)
        out += thread.take_results()
    assert len(out) == count, out
    return out


def _job(text, analysis, number: int = 1, kind: str = "save") -> dict:
    return {"kind": kind, "text": text, "analysis": analysis, "path": "/tmp/survey.md", "now": 1.0, "writer": "w",
            "number": number}


def test_a_long_snapshot_is_prepared_held_from_the_gui_threads_collections(record_thread):
    """The GUI thread's collector (gui_gc) scanned the dict made of an 8 MB survey's analysis 50-80 ms at a time
    while the record thread made it, and found nothing: the preparation is held from it, as an analysis pass is."""
    held: list[int] = []
    record_thread.submit(_job("正文\n" * 150_000, AnAnalysis(held, [])))
    (job,) = _results(record_thread)
    assert "error" not in job
    assert held and all(n >= 1 for n in held)
    assert gui_gc._held[0] == 0  # let go of once prepared
    stored = json.loads(zlib.decompress(job["prepared"].analysis_blob))
    assert len(stored["findings"]) == 10_000 and stored["metrics"] == {"cjk": 5, "lines": 2}


def test_the_dict_made_of_an_analysis_is_let_go_of_in_steps(record_thread):
    """Dropped at once, the dict made of an 8 MB survey's analysis was freed in one cascade that held the GIL
    ~40 ms; it is emptied a chunk at a time. A dict given in its place is the giver's, and left whole."""
    deleted: list[int] = []
    record_thread.submit(_job(["正文"] * 150_000, AnAnalysis([], deleted)))
    _results(record_thread)
    assert len(deleted) > 1 and sum(deleted) == 10_000
    given = {"pack": "p", "findings": [{"line": i} for i in range(5000)]}
    record_thread.submit(_job("别的正文\n" * 60_000, given, number=2))
    (job,) = _results(record_thread)
    assert "error" not in job and len(given["findings"]) == 5000


def test_the_measurer_lets_go_of_its_dict_in_steps(record_thread, monkeypatch):
    """A snapshot stored "measuring" is measured on the measurer's thread: the same holds there."""
    held: list[int] = []
    deleted: list[int] = []
    monkeypatch.setattr(history_panel, "_analysed", lambda text, recipe, analyzer=None: AnAnalysis(held, deleted))
    record_thread.submit({**_job("正文\n" * 150_000, None, kind="autosave"), "analyse": (object(), None)})
    stored, measured = _results(record_thread, 2)
    assert not stored["prepared"].measured and measured["measure_job"] == 1
    assert held and all(n >= 1 for n in held)
    assert len(deleted) > 1 and sum(deleted) == 10_000
    assert json.loads(zlib.decompress(measured["measurement"].analysis_blob))["pack"] == "p"


# (the split of the whole text at once, as it was: the pieces must be the same)
_split_at_once = deltas._split


def test_a_long_text_is_split_in_parts_into_the_same_pieces(monkeypatch):
    """deltas.split cuts a long text a part at a time (one str.split of 8 MB held the GIL 20-40 ms): the pieces
    are those of one split, wherever a part ends (on a mark, between two, in a run of them, past the last)."""
    monkeypatch.setattr(deltas, "SPLIT_PART_CHARS", 7)
    rng = random.Random(5)
    texts = ["", "\n", "\n\n\n", "abc", "没有换行的一长行" * 5, "行\n" * 40, "a\n" * 3 + "b" * 30,
             "{}, ], [}, ], " * 9]
    texts += ["".join(rng.choice(["x", "字", "\n", "}, ", "], ", ",", "]"]) for _ in range(rng.randrange(200)))
              for _ in range(300)]
    for text in texts:
        for after in (deltas.TEXT_PIECES, deltas.JSON_PIECES):
            pieces = deltas.split(text, after)
            assert pieces == _split_at_once(text, after), (text, after)
            assert "".join(pieces) == text


def test_a_long_text_is_hashed_and_compressed_a_piece_at_a_time_the_same(monkeypatch):
    """Encoded a piece at a time (one str.encode of 8 MB held the GIL 40-60 ms), a text's hash and stored bytes are
    those of the whole text encoded at once."""
    monkeypatch.setattr(history, "ENCODE_PIECE_CHARS", 5)
    for text in ["", "a", "二十个字", "综述正文，第 3 节。\n" * 7, "é" * 11 + "😀" * 3]:
        assert history.text_hash(text) == hashlib.sha256(text.encode("utf-8")).hexdigest()
        prepared = history.prepare_snapshot(text, {})
        assert prepared.text_hash == history.text_hash(text)
        assert prepared.text_blob == zlib.compress(text.encode("utf-8"), 6)


def test_an_analysis_json_is_made_and_compressed_in_pieces_the_same(monkeypatch):
    """The analysis JSON comes in pieces of a few hundred items (joined whole, 16 M characters at 8 MB, then encoded
    twice, it held the GIL 40-60 ms a step); what is stored is the JSON made at once, with a file name's
    undecodable bytes (a lone surrogate, a pair of them that reads as "é") replaced as printable replaces them."""
    monkeypatch.setattr(history, "JSON_PIECE_ITEMS", 3)
    odd = "caf\udcc3\udca9-\udce9.md"
    analysis = {"file": odd, "pack": "p", "metrics": {"cjk": 1}, "sections": [], "rules": [{"id": "r"}],
                "findings": [{"line": i, "file": odd if i % 4 else "a.md"} for i in range(10)], "last": 3}
    pieces = list(history.analysis_json_pieces(analysis))
    whole = json.dumps(analysis, ensure_ascii=False, default=str)
    assert "".join(pieces) == whole and history.analysis_json(analysis) == whole
    assert len(pieces) > 4
    measurement = history.prepare_measurement(analysis)
    assert zlib.decompress(measurement.analysis_blob).decode("utf-8") == printable(whole)
    assert list(history.analysis_json_pieces({})) == ["{}"]


def test_an_analysis_the_window_let_go_of_meanwhile_is_let_go_of_in_steps(record_thread):
    """A save's snapshot reads the analysis shown at Ctrl+S for seconds (at 8 MB); typing on, the window shows a
    newer one and lets go of that one, leaving it to the record thread's reference (the analysis worker frees only
    what nobody else holds). Dropped at the end, it was freed in one cascade there (20-100 ms of GIL); it is emptied
    in steps. One the window still shows is left whole."""
    deleted: list[int] = []
    window_let_go = threading.Event()

    class Shown:
        def __init__(self) -> None:
            self.findings = PieceByPiece(({"line": i, "rule": "r"} for i in range(10_000)), deleted)

        def to_dict(self) -> dict:
            window_let_go.wait(10)
            return {"pack": "p", "metrics": {"cjk": 1}, "findings": [{"line": i} for i in range(100)]}

    shown = Shown()
    record_thread.submit(_job("正文\n" * 150_000, shown))
    shown = None  # a newer analysis is shown: the window lets go of this one
    window_let_go.set()
    (job,) = _results(record_thread)
    assert "error" not in job
    assert len(deleted) > 1 and sum(deleted) == 10_000
    deleted.clear()
    still_shown = Shown()
    record_thread.submit(_job("别的正文\n" * 60_000, still_shown, number=2))
    (job,) = _results(record_thread)
    assert "error" not in job and deleted == [] and len(still_shown.findings) == 10_000
