"""QA: edits that were autosaved and then undone back to the saved text are not offered as "unsaved changes"
the next time the survey is opened."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from editor_app.config import Config
from editor_app.ui import history_panel
from ui_support import open_window, type_text


def _autosaved_edit(qtbot, tmp_path, sample_text, line: str):
    """A window on a saved survey, a line typed at its end and autosaved: (survey, config, window, history)."""
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    cfg = Config(db_path=tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query")
    window = open_window(qtbot, survey, cfg)
    ctl = history_panel.install(window)
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, line)
    assert ctl.autosave_now()  # the autosave timer fired while the edit was in the editor
    return survey, cfg, window, ctl


def test_undone_edits_are_not_offered_for_recovery_after_a_clean_quit(qtbot, tmp_path, sample_text):
    survey, cfg, first, ctl = _autosaved_edit(qtbot, tmp_path, sample_text, "\n试写一句")
    while first.editor.document().isModified():
        first.editor.undo()  # the author thinks better of it: back to the text on disk
    assert first.current_text() == sample_text
    ctl._about_to_quit()  # a normal quit: nothing unsaved
    ctl.close_database()

    second = open_window(qtbot, survey, cfg)
    ctl2 = history_panel.install(second)
    assert ctl2.check_recovery(str(survey.resolve())) is None  # before: "recover unsaved changes?" with 试写一句


def test_undone_edits_are_not_offered_after_a_crash_either(qtbot, tmp_path, sample_text):
    """Typed, autosaved, undone back to the text on disk, then the program dies: nothing was unsaved, so nothing
    is offered (the autosave of the undone edit was)."""
    survey, cfg, first, ctl = _autosaved_edit(qtbot, tmp_path, sample_text, "\n试写一句")
    while first.editor.document().isModified():
        first.editor.undo()
    ctl.close_database()  # the process dies: no aboutToQuit

    second = open_window(qtbot, survey, cfg)
    ctl2 = history_panel.install(second)
    assert ctl2.check_recovery(str(survey.resolve())) is None


def test_a_real_crash_is_still_offered(qtbot, tmp_path, sample_text):
    survey, cfg, _, ctl = _autosaved_edit(qtbot, tmp_path, sample_text, "\n崩溃前的一句")
    ctl.close_database()  # the process dies: no aboutToQuit

    second = open_window(qtbot, survey, cfg)
    ctl2 = history_panel.install(second)
    dialog = ctl2.check_recovery(str(survey.resolve()))
    assert dialog is not None and "崩溃前的一句" in dialog.diff.toPlainText()
    dialog.done(0)


def test_a_long_autosave_is_offered_at_once_and_compared_off_the_gui_thread(qtbot, tmp_path, sample_text, monkeypatch):
    """An 8 MB draft's comparison froze the window for ~27 s before the offer appeared; now the offer opens saying
    it is comparing, and the diff arrives from a worker thread."""
    import threading

    survey, cfg, edited = _long_draft_crashed(tmp_path, sample_text)
    compared_on = []
    real = history_panel.counted_side_by_side
    monkeypatch.setattr(history_panel, "counted_side_by_side", lambda *a, **k: (
        compared_on.append(threading.current_thread() is threading.main_thread()), real(*a, **k))[1])
    window = open_window(qtbot, survey, cfg)
    ctl = history_panel.install(window)
    # the offer the start makes (a second one asked for here raced it: two comparisons, when the look came late)
    qtbot.waitUntil(lambda: ctl.looked, timeout=20000)
    dialog = ctl.recovery_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: "崩溃前在中间加的一行" in dialog.diff.toPlainText(), timeout=20000)
    assert "(+3 −2 lines)" in dialog.message.text()
    assert compared_on == [False]  # on the worker thread, never on the GUI thread
    with qtbot.waitSignal(dialog.finished):
        dialog.restore_button.click()
    assert window.current_text() == edited
    ctl.shutdown()


def test_a_long_autosave_answered_before_its_diff_arrives(qtbot, tmp_path, sample_text, monkeypatch):
    import threading

    survey, cfg, _ = _long_draft_crashed(tmp_path, sample_text)
    window = open_window(qtbot, survey, cfg)
    ctl = history_panel.install(window)
    compared = threading.Event()  # set by the worker once its diff is sent
    answered = threading.Event()  # the worker compares only once the user answered (however late the offer came)
    work = history_panel._RecoveryCompareThread.work
    monkeypatch.setattr(history_panel._RecoveryCompareThread, "work",
                        lambda self, job: (answered.wait(20), work(self, job), compared.set()))
    qtbot.waitUntil(lambda: ctl.looked, timeout=20000)  # the offer the start makes
    dialog = ctl.recovery_dialog
    assert dialog.comparing
    dialog.keep_button.click()  # the user keeps the file before the comparison is done
    answered.set()
    qtbot.waitUntil(compared.is_set, timeout=20000)
    qtbot.wait(50)  # the diff is delivered now
    assert ctl.recovery_dialog is None and dialog.comparing  # the late diff went nowhere
    assert ctl.check_recovery(str(survey.resolve())) is None  # declined: not offered again
    ctl.shutdown()


def _long_draft_crashed(tmp_path, sample_text):
    """A long survey on disk and the autosave a crash left a minute later, edited at both ends and in the middle:
    (survey, config, autosaved text)."""
    from editor_app.services import history
    from editor_app.services.database import open_database

    lines = sample_text.rstrip("\n").split("\n") * 15  # long enough to be compared on a worker thread
    assert 2 * len("\n".join(lines)) > history_panel.SYNC_DIFF_CHARS
    edited = list(lines)
    edited[0] += "（崩溃前改）"
    edited[-1] += "（尾）"
    edited.insert(len(lines) // 2, "崩溃前在中间加的一行")
    survey = tmp_path / "survey.md"
    survey.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cfg = Config(db_path=tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query")
    opened = open_database(cfg.db_path)
    history.record_snapshot(opened.db, path=survey, text="\n".join(edited) + "\n", analysis={}, kind="autosave",
                            now=survey.stat().st_mtime + 60)
    opened.db.conn.close()
    return survey, cfg, "\n".join(edited) + "\n"


def test_recover_unsaved_changes_sits_above_quit(qtbot, tmp_path, sample_text):
    survey, cfg, window, ctl = _autosaved_edit(qtbot, tmp_path, sample_text, "字")
    texts = [a.text() for a in window.menu_file.actions() if not a.isSeparator()]
    assert texts.index(ctl.recover_action.text()) < texts.index(window.action_quit.text()) == len(texts) - 1


def test_the_recovery_summary_is_said_in_chinese(qapp):
    """The offer's "(+1 −1 lines)" stayed English in the Chinese window (core's summary is English for the CLI)."""
    from PySide6.QtCore import QCoreApplication, QTranslator

    from editor_app.resources_path import resource_path

    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "survey_editor_zh_CN.qm")))
    QCoreApplication.installTranslator(translator)
    try:
        assert history_panel.change_summary("甲\n乙\n", "甲\n丙\n丁\n") == "+2 −1 行"
    finally:
        QCoreApplication.removeTranslator(translator)
    assert history_panel.change_summary("甲\n乙\n", "甲\n丙\n丁\n") == "+2 −1 lines"
