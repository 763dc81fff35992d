"""The Python cost of one repaint of the self-check claims table: python bench/bench_table_data.py

A view asks every visible cell for about ten roles while it paints (display, icon, font, alignment, colours,
check state, size hint…); RowsModel.data answers the few it serves and returns at once for the rest. This calls
data() the way a repaint of 12 rows × 7 columns does, with the sample's claims, and prints the best of 5 runs.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from editor_app.core.analyze import analyze  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402
from editor_app.ui.selfcheck_panel import SelfCheckPanel  # noqa: E402

ROLES = [int(r) for r in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.FontRole,
                          Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.BackgroundRole,
                          Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.CheckStateRole,
                          Qt.ItemDataRole.SizeHintRole, Qt.ItemDataRole.StatusTipRole, Qt.ItemDataRole.WhatsThisRole)]


def main() -> None:
    app = QApplication.instance() or QApplication([])  # noqa: F841 (kept alive)
    text = (ROOT / "resources/samples/llm-infra-2026-09-14.md").read_text(encoding="utf-8")
    panel = SelfCheckPanel()
    panel.show_analysis(analyze(text, house_pack()))
    model = panel.claims_model
    cells = [model.index(r, c) for r in range(min(12, model.rowCount())) for c in range(model.columnCount())]
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(20):
            for index in cells:
                for role in ROLES:
                    model.data(index, role)
        best = min(best, (time.perf_counter() - t) / 20)
    print(f"claims table, one repaint's data() calls ({len(cells)} cells x {len(ROLES)} roles): {best * 1000:.2f} ms")


if __name__ == "__main__":
    main()
