"""QA (References tab after Verify all, the sample at 1440x900): the table read arXiv id · Name in the survey ·
Occurrences · Status, and arXiv's title began at the panel's right edge ("OmniKVQuant: Modality…", ~85 px): a
reader told "compare that with the title by hand" (推理引擎可复现性, name not compared) had to scroll sideways to
find it. The title now stands beside the survey's name, the status after it, and a verdict that asks for a
comparison by hand ends its tooltip with arXiv's whole title."""

from __future__ import annotations

from PySide6.QtCore import Qt
from ui_support import verified_references_window

from editor_app.resources_path import sample_survey_path


def _headers(panel) -> list[str]:
    model = panel.view.model()
    return [model.headerData(i, Qt.Orientation.Horizontal) for i in range(5)]


def test_the_title_stands_beside_the_name_and_the_status_in_view(qtbot, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path,
                                               sample_survey_path().read_text(encoding="utf-8"))
    window.resize(1440, 900)
    assert _headers(panel) == ["arXiv id", "Name in the survey", "Title on arXiv", "Status", "Occurrences"]
    view = panel.view
    header = view.horizontalHeader()
    assert header.sectionSize(2) >= 150  # room for the start of a title, next to the name
    status_end = header.sectionPosition(3) + header.sectionSize(3)
    assert status_end <= 600  # the panel of a 1440 px window shows the verdict without scrolling
    window.shutdown()


def test_a_name_to_compare_by_hand_has_the_title_in_its_tooltip(qtbot, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path,
                                               "一、正文\n推理引擎可复现性（arXiv:2605.19537）与 HiSparse（arXiv:2608.07009）。\n")
    model = panel.view.model()
    rows = {model.index(r, 0).data(): (model.index(r, 2).data(), model.index(r, 3).data(), model.index(r, 3).data(3))
            for r in range(model.rowCount())}
    title, status, tip = rows["2605.19537"]
    assert status == "name not compared" and "Inference Engine" in title
    assert tip.endswith("\narXiv's title: " + title)
    _title, status, tip = rows["2608.07009"]
    assert status == "verified" and "arXiv's title" not in tip  # nothing to compare: not repeated
    window.shutdown()
