"""QA (References tab, Verify all while arXiv answers 429 asking for a 5 min wait): every row turned "rate limited"
and the line above the table read only "rate limited 15"; why, and for how long, was in each row's tooltip. The
line now says it once: "arXiv gave no answer: arXiv answered 429 'Rate exceeded' and asked to wait 5 min …"."""

from __future__ import annotations

import time

from editor_app.ui.references_panel import wait_over_at
from ui_support import verified_references_window

SURVEY = "一、正文\nHiSparse（arXiv:2608.07009）与 FreeToken（arXiv:2608.16157）。\n"


def test_the_line_above_the_table_says_why_arxiv_gave_no_answer(qtbot, fake_arxiv, tmp_path):
    fake_arxiv.push_fault("429", times=1, seconds=300)
    asked = time.time()
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    over = {wait_over_at(asked + 300), wait_over_at(time.time() + 300)}  # (and until when: QA29c D5)
    assert panel.message.text() in {(
        "arXiv gave no answer: arXiv answered 429 'Rate exceeded' and asked to wait 5 min before asking again, longer "
        f"than a run waits (120 s): stopped asking after attempt 1 of 4; try again once that wait is over. That wait "
        f"is over at {at}.\nrate limited 2") for at in over}  # (the counts on a line of their own: QA25 D8)
    window.shutdown()


def test_answered_rows_say_nothing_of_the_kind(qtbot, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    assert panel.message.text() == "verified 2"
    window.shutdown()
