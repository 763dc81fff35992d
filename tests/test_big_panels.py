"""Publishing an analysis of a long survey costs the GUI thread little: what the panels need sorted is sorted in
the analysis worker (the self-check panel sorted an 8 MB survey's 18,000 claims on the GUI thread: 30-400 ms of
stall after every pause in typing)."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QTextCursor  # noqa: E402

from editor_app.ui import prepared_view, selfcheck_panel  # noqa: E402
from tests.claims_support import plain_disagreements, plain_order  # noqa: E402
from tests.ui_support import open_window, repeated_sample, type_text, wait_analysis  # noqa: E402


@pytest.fixture
def big(tmp_path, sample_text, qtbot):
    path = repeated_sample(tmp_path, sample_text)
    window = open_window(qtbot, path)
    yield window
    window.shutdown()


def test_the_claims_are_put_in_the_panels_order_off_the_gui_thread(qtbot, big, monkeypatch):
    window = big
    sorted_on: set[str] = set()

    def spy(real):
        def ordering(*args):
            sorted_on.add(threading.current_thread().name)
            return real(*args)

        return ordering

    # the panel's own ordering, were it asked to, and the worker's
    monkeypatch.setattr(selfcheck_panel, "claims_parts", spy(selfcheck_panel.claims_parts))
    monkeypatch.setattr(prepared_view, "claims_parts", spy(prepared_view.claims_parts))
    window.goto_line(300)
    with wait_analysis(qtbot, window):
        type_text(window.editor, "\n")  # every claim below moves down a line
    assert sorted_on and threading.main_thread().name not in sorted_on
    rows = window.selfcheck.claims_model.rows
    assert len(rows) == len(window.latest_analysis.claims) > 1000
    analysis = window.latest_analysis
    assert rows == plain_order(analysis.claims, plain_disagreements(analysis))
    assert any(c.ok is False for c in rows) and rows[0].ok is False  # wrong figures first


def test_an_enter_that_only_moves_sections_does_not_repaint_the_outline(qtbot, big):
    """Any dataChanged makes the outline's QListView lay out all its rows again (~140 ms at 8 MB)."""
    window = big
    model = window.outline.model
    signals: list[str] = []
    model.dataChanged.connect(lambda *a: signals.append("dataChanged"))
    model.modelReset.connect(lambda: signals.append("reset"))
    window.goto_line(3)
    with wait_analysis(qtbot, window):
        type_text(window.editor, "\n")  # every section moves down a line, none is renamed
    assert signals == []
    sections = window.latest_analysis.sections
    assert [sm.section.line for sm in model.rows] == [sm.section.line for sm in sections]
    target = sections[len(sections) // 2].section
    window.goto_line(target.line)  # the outline follows the cursor with the sections' new lines
    selected = model.rows[window.outline.view.currentIndex().row()].section
    assert selected.line <= target.line <= selected.end_line and selected.level >= target.level
    window.goto_line(target.line)
    window.editor.moveCursor(QTextCursor.MoveOperation.EndOfBlock)
    with wait_analysis(qtbot, window):
        type_text(window.editor, "改")  # a heading renamed: its row is repainted
    assert signals


def test_fitting_the_columns_reads_a_sample_of_the_rows(qtbot, big):
    """resizeColumnsToContents over an 8 MB survey's 18,600 claims read 1,000 rows per column (2-4 s at open)."""
    window = big
    views = [window.selfcheck.rules_view, window.selfcheck.claims_view, window.selfcheck.sections_view,
             window.references.view]
    assert all(v.horizontalHeader().resizeContentsPrecision() == selfcheck_panel.SIZING_ROWS <= 100 for v in views)
    qtbot.waitUntil(lambda: window.selfcheck.columns_fitted, timeout=5000)  # (a table a turn of the event loop)
    header = window.selfcheck.claims_view.horizontalHeader()
    assert all(20 <= header.sectionSize(i) <= 110 for i in range(header.count() - 1))  # still fitted, within caps


def test_the_window_keeps_no_old_analysis_alive_as_enter_is_pressed(qtbot, big):
    """Panels, models, the history hook and the runner let each analysis go once a newer one is shown (the
    analyzer once kept every pass an Enter moved: 760 MB after 40 Enters in 8 MB)."""
    import weakref

    window = big
    history_panel = pytest.importorskip("editor_app.ui.history_panel")
    history_panel.install(window)
    seen: list[weakref.ref] = []
    window.analysis_ready.connect(lambda a: seen.append(weakref.ref(a)))
    window.goto_line(200)
    for _ in range(6):
        with wait_analysis(qtbot, window):
            type_text(window.editor, "\n")
    # the worker lets go of each replaced analysis in steps, once the window has drawn the newer one
    qtbot.waitUntil(lambda: not window.runner._thread.has_idle_work(), timeout=10000)
    window.runner.collect_garbage()
    alive = [i for i, ref in enumerate(seen) if ref() is not None]
    assert len(seen) == 6 and alive and max(alive) == 5
    assert len(alive) <= 2, f"analyses still alive: {alive}"  # the one shown and the analyzer's last pass


def test_restoring_a_whole_draft_copies_the_document_once(qtbot, big, monkeypatch):
    """The text mirror walked all 230,000 blocks of a restored 8 MB draft one by one (~180 ms on the GUI thread);
    a whole copy takes half that. Lines stay exact."""
    window = big
    mirror = window.mirror
    copies = []
    real = mirror.resync
    monkeypatch.setattr(mirror, "resync", lambda: (copies.append(1), real())[1])
    draft = window.current_text().replace("SGLang", "SGLang⚠️")
    window.set_text_undoable(draft)
    assert copies == [1] and mirror.text() == draft == window.current_text()
    window.editor.undo()
    assert mirror.lines == window.editor.document().toRawText().split("\u2029")
    copies.clear()
    window.goto_line(50)
    type_text(window.editor, "字\n")  # ordinary edits still update only the blocks they touch
    assert copies == [] and mirror.lines == window.editor.document().toRawText().split("\u2029")
