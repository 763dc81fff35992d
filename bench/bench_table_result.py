"""One analysis result shown in the Self-check panel, with its claims table sorted by a column or not (QA D7/D8):
the GUI thread's CPU time of show_analysis plus the events it leaves (the proxy's re-sort, the repaint).

    PYTHONPATH=. python bench/bench_table_result.py [SURVEY.md] [COLUMN]   (COLUMN -1: unsorted; default 3)

Analyses SURVEY (default /tmp/qa19/work/survey-1mb.md) and the same with one character typed in its middle, shows
the first in a 660x800 SelfCheckPanel (offscreen), sorts the claims table by COLUMN (0 OK, 3 Measured, 4 Line),
then shows the two analyses in turn, 4 times; prints the CPU time of each (time.thread_time: it does not swell on
a loaded machine as wall time does). NOPROF=1 (default) runs it without cProfile; NOPROF=0 prints the profile.
"""
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["SURVEY_EDITOR_LANG"] = "en"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import Qt  # noqa: E402

from editor_app.core.analyze import Analyzer  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402
from editor_app.ui.app import make_application  # noqa: E402


def main() -> int:
    import cProfile
    import pstats

    app = make_application(["bench"])
    from editor_app.ui.selfcheck_panel import SelfCheckPanel

    path = sys.argv[1] if len(sys.argv) > 1 else "/tmp/qa19/work/survey-1mb.md"
    column = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    text = Path(path).read_text(encoding="utf-8")
    analyzer = Analyzer(house_pack())
    a = analyzer.analyze(text)
    mid = len(text) // 2
    b = analyzer.analyze(text[:mid] + "写" + text[mid:])
    panel = SelfCheckPanel()
    panel.resize(660, 800)
    panel.show()
    app.processEvents()
    panel.show_analysis(a)
    app.processEvents()
    if column >= 0:
        panel.claims_view.sortByColumn(column, Qt.SortOrder.AscendingOrder)
        app.processEvents()
    profile = os.environ.get("NOPROF", "1") == "0"
    took = []
    for k in range(4):
        pr = cProfile.Profile()
        start = time.thread_time()
        if profile:
            pr.enable()
        panel.show_analysis(b if k % 2 == 0 else a)
        app.processEvents()
        pr.disable()
        took.append((time.thread_time() - start) * 1000)
    print(f"claims {len(panel.claims_model.rows):,}, sorted by column {column}: CPU of a result "
          + " / ".join(f"{t:.0f}" for t in took) + " ms")
    if profile:
        pstats.Stats(pr).sort_stats("tottime").print_stats(12)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
