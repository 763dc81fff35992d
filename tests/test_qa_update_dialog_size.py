"""QA: the Update self-check figures dialog fits a 1280×720 screen however many figures it rewrites.

A long survey with 300 wrong figures listed each in a label: the dialog's minimum height was ~5,000 px, its
Apply/Cancel buttons below the bottom of the screen."""

from __future__ import annotations


def test_the_dialog_fits_with_300_changes(qtbot):
    from editor_app.ui.export_actions import SelfCheckDiffDialog

    summary = "\n".join(f"line {i}: CJK (§八) 193 → 189" for i in range(1, 301))
    dialog = SelfCheckDiffDialog("--- a\n+++ b\n", summary, 300)
    qtbot.addWidget(dialog)
    dialog.resize(900, 560)
    dialog.show()
    assert dialog.minimumSizeHint().height() < 700  # before: ~5,000
    assert dialog.height() < 720
    from PySide6.QtWidgets import QLabel

    text = dialog.findChild(QLabel, "changes").text()
    assert "line 1: CJK (§八) 193 → 189" in text and "line 300: CJK (§八) 193 → 189" in text  # all still listed
