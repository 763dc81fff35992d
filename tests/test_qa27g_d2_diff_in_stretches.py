"""QA27g D2: the side-by-side comparison was one table, which Qt lays out whole (100-370 ms of the GUI thread at
8 MB, at every new comparison while typing). It is now one table per stretch of rows between gaps, laid out as they
come on screen; Next / Previous change still find every change across the tables."""

from __future__ import annotations

from editor_app.ui.history_panel import HistoryPanel


def _drafts() -> tuple[str, str]:
    old = [f"第 {i} 行的句子。" for i in range(200)]
    new = list(old)
    for i in (20, 90, 160):
        new[i] += "改过"
    return "\n".join(old), "\n".join(new)


def test_the_side_by_side_comparison_is_laid_out_in_stretches(qtbot):
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    panel.resize(700, 500)
    panel.show()
    panel.show_diff(*_drafts(), "autosave", "editor")
    document = panel.diff_html.document()
    tables = [f for f in document.rootFrame().childFrames() if hasattr(f, "cellAt")]
    assert len(tables) == 3  # the titles and the first change; each later change from its "…" row on
    assert sum(t.rows() for t in tables) == 1 + 3 * 7 + 2  # titles, 3 changes in context, 2 gaps: as one table had
    text = panel.diff_html.toPlainText()
    assert all(f"第 {i} 行的句子。改过" in text for i in (20, 90, 160))
    view = panel.diff_html
    assert panel.changes.count(view) == 3
    seen = []
    for index in range(3):  # each change, in whichever table it is, scrolled to
        assert panel.changes.go(view, index)
        seen.append(view.verticalScrollBar().value())
    assert seen == sorted(seen) and len(set(seen)) == 3
    assert panel.changes._cell(1 + 3 * 7 + 2, 1) is None  # past the last row


def test_a_table_without_gaps_stays_one():
    from editor_app.core.textdiff import in_stretches

    side_by_side = in_stretches('<table width="100%" cellspacing="0" cellpadding="2" style="font-family: monospace;">'
                                "<tr><th></th></tr></table>")
    assert side_by_side.count("<table") == 1  # no gap: one table, as before
