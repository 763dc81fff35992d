"""QA: Tools → Update self-check figures a second time on the sample said "Every figure the survey states about
itself matches what is measured" while the self-check panel still listed two wrong stated sums (3,838 =
2,892 + 579 + 946); it now says that nothing can be rewritten and how many figures are still wrong."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from ui_support import accepting_updates, open_window, wait_analysis


def test_the_second_update_does_not_say_everything_matches(qtbot, monkeypatch, sample_path):
    window = open_window(qtbot, sample_path)
    actions = accepting_updates(window, monkeypatch)
    with wait_analysis(qtbot, window):
        assert actions.update_self_check_figures()
    wrong = [c for c in window.latest_analysis.claims if c.wrong]
    assert [c.kind for c in wrong] == ["sum", "sum"]

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text, *a: told.append(text))
    assert not actions.update_self_check_figures()
    assert len(told) == 1
    assert "matches what is measured" not in told[0]  # before: every figure "matches"
    assert "2 self-reported figures are still wrong" in told[0]


def test_the_update_dialog_counts_in_words_not_figure_s(qtbot):
    """The dialog read "8 stated figure(s) will be replaced" (and "1 stated figure(s)"); the status bar too."""
    from PySide6.QtWidgets import QLabel

    from editor_app.ui.export_actions import SelfCheckDiffDialog

    heads = []
    for count in (1, 8):
        dialog = SelfCheckDiffDialog("--- a\n+++ b\n", "line 9: CJK 950 → 946", count)
        qtbot.addWidget(dialog)
        heads.append(dialog.findChildren(QLabel)[0].text())
    assert heads == ["1 stated figure will be replaced by the measured value:",
                     "8 stated figures will be replaced by the measured value:"]
