"""QA: Tools → Update self-check figures whose diff is on screen while the survey changes underneath (another
program's change reloaded from disk, a recovered autosave). Before, accepting wrote the update of the text as it
was before over the change, which was gone without a word; now nothing is rewritten and the author is told."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from ui_support import open_window, wait_analysis


def test_an_update_accepted_after_a_reload_keeps_the_reloaded_text(qtbot, monkeypatch, tmp_path, sample_text):
    from editor_app.ui import export_actions

    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    actions = export_actions.install(window)
    elsewhere = "另一个程序在开头加了一行\n" + sample_text
    window.ask_external_change = lambda path: "reload"

    def reload_while_shown(dialog):
        survey.write_text(elsewhere, encoding="utf-8")
        assert window.watcher.check()  # the question came up over the dialog; the author chose Reload
        return QDialog.DialogCode.Accepted

    told: list[str] = []
    monkeypatch.setattr(export_actions.SelfCheckDiffDialog, "exec", reload_while_shown)
    monkeypatch.setattr(export_actions.QMessageBox, "information", lambda parent, title, text: told.append(text))
    assert not actions.update_self_check_figures()
    assert window.current_text() == elsewhere  # before: the sample with its figures updated, the reload gone
    assert told and "nothing was rewritten" in told[0]
    assert not window.editor.document().isModified()  # what is shown is the file

    # Asked again, the update is of the survey as it is now, and applies.
    monkeypatch.setattr(export_actions.SelfCheckDiffDialog, "exec", lambda dialog: QDialog.DialogCode.Accepted)
    with wait_analysis(qtbot, window):
        window.runner.analyse_now()
    assert actions.update_self_check_figures()
    updated = window.current_text()
    assert updated.startswith("另一个程序在开头加了一行\n") and updated != elsewhere
    with wait_analysis(qtbot, window):
        window.editor.undo()
    assert window.current_text() == elsewhere  # one step back to the reloaded file
