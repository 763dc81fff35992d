"""History benchmarks: a snapshot write for the sample (target <= 20 ms) and the History tab opening on 10,000
snapshots and drawing its chart (target <= 500 ms).

    python bench/bench_history.py [--writes 50] [--snapshots 10000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from editor_app.resources_path import sample_survey_path  # noqa: E402
from editor_app.services import history  # noqa: E402
from editor_app.services.database import open_database  # noqa: E402


def sample_analysis(text: str) -> dict:
    """The real analysis of the sample when the engine is there, else a dict of the same shape and size."""
    try:
        from editor_app.core.analyze import analyze
        from editor_app.core.rulepack import house_pack

        return analyze(text, house_pack(), file=str(sample_survey_path())).to_dict()
    except Exception as exc:  # noqa: BLE001 - the benchmark still measures the store
        print(f"(engine unavailable: {exc}; using a synthetic analysis)")
        return {
            "pack": "llm-infra-survey",
            "metrics": {"cjk": 3838, "cautions": 79, "lines": 113, "chars": len(text)},
            "rules": [{"id": f"r{i}", "status": "pass", "level": "error", "measured": i, "limit": "≤ 10"} for i in range(20)],
            "findings": [{"rule": "x", "line": i, "column": 1, "message": "m" * 60} for i in range(200)],
        }


def bench_writes(db, text: str, analysis: dict, n: int) -> list[float]:
    path = Path(tempfile.gettempdir()) / "bench-survey.md"
    times = []
    for i in range(n):
        t = text + f"\n<!-- draft {i} -->\n"
        started = time.perf_counter()
        sid = history.record_snapshot(db, path=path, text=t, analysis=analysis, kind="save", now=1.7e9 + i)
        times.append((time.perf_counter() - started) * 1000)
        assert sid is not None
    return times


def fill(db, path: Path, text: str, analysis: dict, n: int) -> None:
    """10,000 snapshots straight into the tables (recording each through the API would take minutes)."""
    import json

    doc = history.document_id(db, path, create=True, now=1.7e9)
    blob = zlib.compress(json.dumps(analysis, ensure_ascii=False).encode(), 6)
    metrics = history.chartable_metrics(analysis)
    figures = history.headline_figures(analysis)
    with db.conn:
        hashes = []
        for k in range(20):
            t = text + f"\n<!-- variant {k} -->\n"
            h = history.text_hash(t)
            hashes.append(h)
            db.conn.execute("INSERT OR IGNORE INTO texts (hash, chars, data) VALUES (?, ?, ?)",
                            [h, len(t), zlib.compress(t.encode(), 6)])
        rows = []
        for i in range(n):
            cjk = (figures["cjk"] or 3800) + (i % 300) - 150
            rows.append((doc, 1.7e9 + i * 600, "save" if i % 3 else "autosave", hashes[i % 20], "bench", blob,
                         cjk, figures["cautions"], figures["lines"], figures["failing"], figures["errors"]))
        db.conn.executemany(
            "INSERT INTO snapshots (document_id, time, kind, text_hash, pack, cjk, cautions, lines, failing,"
            " errors) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [r[:5] + r[6:] for r in rows])
        ids = [r[0] for r in db.conn.execute("SELECT id FROM snapshots WHERE document_id = ?", [doc])]
        db.conn.executemany("INSERT INTO snapshot_analyses (snapshot_id, data) VALUES (?, ?)", [(sid, blob) for sid in ids])
        db.conn.executemany("INSERT INTO snapshot_metrics VALUES (?, ?, ?)",
                            [(sid, m, v) for sid in ids for m, v in metrics.items()])


def bench_panel(db_path: Path, survey: Path) -> dict[str, float]:
    from PySide6.QtCore import Signal
    from PySide6.QtWidgets import QApplication, QMainWindow, QPlainTextEdit, QTabWidget

    from editor_app.config import Config
    from editor_app.ui import history_panel

    app = QApplication.instance() or QApplication([])
    t = time.perf_counter()
    from editor_app.ui.charts import pyqtgraph

    pyqtgraph()  # the main window's Figures tab has imported it long before the History tab opens
    print(f"(pyqtgraph import, paid once per program start: {(time.perf_counter() - t) * 1000:.0f} ms)")

    class Window(QMainWindow):
        analysis_ready = Signal(object)
        document_opened = Signal(object)
        document_saved = Signal(object, str)

        def __init__(self) -> None:
            super().__init__()
            self.editor = QPlainTextEdit(survey.read_text(encoding="utf-8"))
            self.tabs = QTabWidget()
            self.setCentralWidget(self.tabs)
            self.config = Config(db_path=db_path)
            self.current_path = None
            self.latest_analysis = None
            self.menu_file = self.menuBar().addMenu("File")
            self.menu_tools = self.menuBar().addMenu("Tools")

        def add_panel(self, w, title):
            self.tabs.addTab(w, title)

        def current_text(self):
            return self.editor.toPlainText()

        def set_text_undoable(self, text):
            self.editor.setPlainText(text)

    w = Window()
    w.resize(1200, 800)
    w.show()
    app.processEvents()
    out = {}
    t0 = time.perf_counter()
    ctl = history_panel.install(w)
    t1 = time.perf_counter()
    w.current_path = survey
    w.document_opened.emit(survey)  # lists the snapshots, fills the metric chooser, reads and draws the trend
    ctl.panel.chart.grab()  # force the chart to paint now
    app.processEvents()
    t2 = time.perf_counter()
    out["install: tab, chart, open + check the DB"] = (t1 - t0) * 1000
    out["open: list + chart + paint"] = (t2 - t1) * 1000
    out["total"] = (t2 - t0) * 1000
    out["db MB"] = db_path.stat().st_size / 1e6
    out["rows"] = ctl.panel.model.total
    out["points"] = len(ctl.panel.curve.getData()[0])
    t3 = time.perf_counter()
    ctl.panel.metric_box.setCurrentIndex(ctl.panel.metric_box.findData("lines"))
    ctl.panel.chart.grab()
    out["switch metric + repaint"] = (time.perf_counter() - t3) * 1000
    ctl.close_database()
    w.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--writes", type=int, default=50)
    ap.add_argument("--snapshots", type=int, default=10_000)
    args = ap.parse_args()
    text = sample_survey_path().read_text(encoding="utf-8")
    analysis = sample_analysis(text)
    with tempfile.TemporaryDirectory() as d:
        db = open_database(Path(d) / "bench.db").db
        times = bench_writes(db, text, analysis, args.writes)
        times.sort()
        print(f"snapshot write (sample, {len(text):,} chars, analysis JSON {len(str(analysis)):,} chars), "
              f"{args.writes} writes to a file DB (WAL):")
        print(f"  median {statistics.median(times):.2f} ms · p95 {times[int(len(times) * 0.95) - 1]:.2f} ms · "
              f"max {times[-1]:.2f} ms   (target <= 20 ms)")
        db.conn.close()

        db_path = Path(d) / "panel.db"
        db = open_database(db_path).db
        survey = Path(d) / "survey.md"
        survey.write_text(text, encoding="utf-8")
        fill(db, survey, text, analysis, args.snapshots)
        db.conn.close()
        figures = bench_panel(db_path, survey)
        print(f"history panel with {figures['rows']:,} snapshots ({figures['points']:,} chart points, "
              f"database {figures['db MB']:.0f} MB):")
        for k in ("install: tab, chart, open + check the DB", "open: list + chart + paint", "total", "switch metric + repaint"):
            print(f"  {k}: {figures[k]:.0f} ms")
        print("  (target: opens and draws its chart <= 500 ms)")


if __name__ == "__main__":
    main()
