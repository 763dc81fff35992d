"""History tab: snapshots on save, autosave while dirty, chart with the limit, diff, undoable restore, recovery."""

from __future__ import annotations

import importlib.util
import os
import time
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QObject, Signal  # noqa: E402
from PySide6.QtGui import QTextCursor  # noqa: E402
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu, QPlainTextEdit, QSplitter, QTabWidget  # noqa: E402

from editor_app.config import Config  # noqa: E402
from editor_app.core.model import Analysis, RuleResult  # noqa: E402
from editor_app.services import database, history  # noqa: E402
from editor_app.services.database import MIGRATIONS, open_database  # noqa: E402
from editor_app.ui import history_panel  # noqa: E402


@pytest.fixture(autouse=True)
def _only_landed_migrations(monkeypatch):
    landed = [(v, t) for v, t in MIGRATIONS if importlib.util.find_spec(t.split(":")[0]) is not None]
    monkeypatch.setattr(database, "MIGRATIONS", landed)


def make_analysis(text: str) -> Analysis:
    cjk = sum(1 for c in text if "\u4e00" <= c <= "\u9fff")
    rules = [RuleResult(id="cjk-total", title="CJK", kind="count", level="error",
                        status="fail" if cjk > 20 else "pass", measured=cjk, limit="≤ 20")]
    return Analysis(file=None, pack="test", metrics={"cjk": cjk, "cautions": text.count("⚠️"),
                                                     "lines": text.count("\n") + 1},
                    sections=[], rules=rules, findings=[], claims=[], references=[], figures=[], privacy=[],
                    text_length=len(text))


class FakeStore(QObject):
    changed = Signal(object)

    def __init__(self, cfg: Config) -> None:
        super().__init__()
        self.cfg = cfg

    def config(self) -> Config:
        return self.cfg


class FakeWindow(QMainWindow):
    """The MainWindow contract history_panel.install relies on, and nothing more."""

    analysis_ready = Signal(object)
    document_opened = Signal(object)
    document_saved = Signal(object, object)

    def __init__(self, db_path: Path, autosave_seconds: int = 30) -> None:
        super().__init__()
        self.editor = QPlainTextEdit()
        self.tabs = QTabWidget()
        split = QSplitter()
        split.addWidget(self.editor)
        split.addWidget(self.tabs)
        self.setCentralWidget(split)
        self.current_path: Path | None = None
        self.latest_analysis: Analysis | None = None
        self.settings_store = FakeStore(Config(db_path=db_path, autosave_seconds=autosave_seconds))
        self.menu_file = self.menuBar().addMenu("File")
        self.menu_tools: QMenu = self.menuBar().addMenu("Tools")
        self.editor.textChanged.connect(self._analyse)
        self.show()

    def _analyse(self) -> None:
        self.latest_analysis = make_analysis(self.current_text())
        self.analysis_ready.emit(self.latest_analysis)

    def add_panel(self, widget, title: str) -> None:
        self.tabs.addTab(widget, title)

    def current_text(self) -> str:
        return self.editor.toPlainText()

    def set_text_undoable(self, text: str) -> None:
        cursor = self.editor.textCursor()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(text)

    def open(self, path: Path) -> None:
        self.current_path = path
        self.editor.setPlainText(path.read_text(encoding="utf-8"))
        self.editor.document().setModified(False)
        self.document_opened.emit(path)

    def save(self) -> None:
        text = self.current_text()
        self.current_path.write_text(text, encoding="utf-8")
        self.editor.document().setModified(False)
        self.document_saved.emit(self.current_path, text)

    def type(self, text: str) -> None:
        cursor = self.editor.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.insertText(text)


def drawn_curve(qtbot, panel):
    """The trend curve once drawn: pyqtgraph may still be loading off the GUI thread (chart_library)."""
    qtbot.waitUntil(lambda: panel.curve is not None, timeout=30000)
    return panel.curve


@pytest.fixture
def survey(tmp_path: Path) -> Path:
    p = tmp_path / "survey.md"
    p.write_text("§0 自检栏\n第一稿。\n", encoding="utf-8")
    return p


@pytest.fixture
def window(qtbot, tmp_path: Path):
    w = FakeWindow(tmp_path / "history.db")
    qtbot.addWidget(w)
    return w


def test_save_records_a_snapshot_with_headline_figures(qtbot, window, survey):
    ctl = history_panel.install(window)
    assert window.tabs.tabText(0) == "History" and window.history is ctl
    window.open(survey)
    window.type("新增⚠️一句。\n")
    with qtbot.waitSignal(ctl.recorded, timeout=2000) as sig:
        window.save()
    assert sig.args[1] == "save"
    rows = ctl.panel.model.rows
    assert len(rows) == 1 and rows[0]["kind"] == "save"
    assert rows[0]["cjk"] == sum(1 for c in survey.read_text(encoding="utf-8") if "\u4e00" <= c <= "\u9fff")
    assert rows[0]["cautions"] == 1
    assert ctl.panel.model.data(ctl.panel.model.index(0, 1)) == "save"
    assert "1 snapshot" in ctl.panel.title.text() and "snapshots" not in ctl.panel.title.text()


def _survey_check_metrics(path: Path, capsys) -> dict:
    """The figures `survey-check --format json` reports for the file at `path`."""
    import json

    from editor_app import cli

    capsys.readouterr()
    cli.main([str(path), "--format", "json"])
    return json.loads(capsys.readouterr().out)["metrics"]


def test_a_save_whose_analysis_lags_is_measured_to_the_saved_texts_figures(qtbot, window, survey, capsys):
    from editor_app.core.rulepack import house_pack

    window.pack = house_pack()  # what the record thread measures with, as the editor's window has
    ctl = history_panel.install(window)
    window.open(survey)
    window.editor.blockSignals(True)  # the analysis lags behind the text
    window.type("很多很多新的汉字内容。⚠️\n")
    window.editor.blockSignals(False)
    with qtbot.waitSignal(ctl.measured, timeout=20000):
        window.save()
    ctl.shutdown()  # the record thread ends with the test
    row = history.get_snapshot(ctl.db, ctl.panel.model.rows[0]["id"])
    metrics = _survey_check_metrics(survey, capsys)
    assert (row["cjk"], row["cautions"], row["lines"]) == (metrics["cjk"], metrics["cautions"], metrics["lines"])
    assert row["cjk"] != window.latest_analysis.metrics["cjk"]  # not the figures of the text before


def test_a_save_is_in_the_history_as_soon_as_it_returns(qtbot, window, survey):
    """Before, a save made while the analysis on screen was out of date waited up to 3 s for its own analysis before
    its row was written: a crash in those seconds lost the row."""
    from editor_app.core.rulepack import house_pack

    window.pack = house_pack()
    ctl = history_panel.install(window)
    window.open(survey)
    window.editor.blockSignals(True)  # no analysis of the saved text comes
    window.type("很多很多新的汉字内容。\n")
    window.editor.blockSignals(False)
    window.save()
    saves = history.list_snapshots(ctl.db, survey, kinds=["save"])
    assert len(saves) == 1 and history.get_snapshot_text(ctl.db, saves[0]["id"]) == survey.read_text(encoding="utf-8")
    assert ctl.panel.model.rows[0]["kind"] == "save" and not ctl.panel.model.rows[0]["measured"]
    qtbot.waitSignal(ctl.measured, timeout=20000).wait()  # measured after, off the GUI thread
    ctl.shutdown()


def test_autosave_only_while_dirty_and_never_touches_the_file(qtbot, window, survey):
    ctl = history_panel.install(window)
    window.open(survey)
    before = survey.read_bytes()
    assert ctl.autosave_now() is None  # not modified
    window.type("未保存的修改。\n")
    sid = ctl.autosave_now()
    assert sid is not None
    assert ctl.autosave_now() is None  # same text again
    assert survey.read_bytes() == before
    assert [r["kind"] for r in ctl.panel.model.rows] == ["autosave"]
    assert not history.list_snapshots(ctl.db, survey, kinds=["save"])


def test_autosave_timer_fires(qtbot, tmp_path, survey):
    w = FakeWindow(tmp_path / "h.db", autosave_seconds=1)
    qtbot.addWidget(w)
    ctl = history_panel.install(w)
    assert ctl.autosave_timer.interval() == 1000
    w.open(survey)
    w.type("计时器自动保存。\n")
    with qtbot.waitSignal(ctl.recorded, timeout=3000) as sig:
        pass
    assert sig.args[1] == "autosave"


def test_chart_draws_the_metric_and_the_rule_limit(qtbot, window, survey):
    ctl = history_panel.install(window)
    window.open(survey)
    for i in range(3):
        window.type(f"第{i}次修改。\n")
        window.save()
    panel = ctl.panel
    idx = panel.metric_box.findData("cjk")
    panel.metric_box.setCurrentIndex(idx)
    xs, ys = drawn_curve(qtbot, panel).getData()
    assert list(ys) == [r["cjk"] for r in reversed(panel.model.rows)]
    assert [line.value() for line in panel.limit_lines] == [3900.0]  # the house pack's limit for cjk
    panel.metric_box.setCurrentIndex(panel.metric_box.findData("rule:cjk-total"))
    assert len(panel.curve.getData()[1]) == 3
    assert [line.value() for line in panel.limit_lines]  # from the pack, else the analysis' "≤ 20"


def test_two_snapshots_diff_and_undoable_restore(qtbot, window, survey):
    ctl = history_panel.install(window)
    window.open(survey)
    window.type("第二稿的句子。\n")
    window.save()
    window.type("第三稿的句子。\n")
    window.save()
    rows = ctl.panel.model.rows
    newer, older = rows[0]["id"], rows[1]["id"]
    ctl.panel.select_ids([newer, older])
    assert "+1 −0 lines" in ctl.panel.diff_title.text()
    assert "第三稿的句子。" in ctl.panel.diff_html.toPlainText()
    ctl.panel.unified.setChecked(True)
    assert ctl.panel.diff_stack.currentWidget() is ctl.panel.diff_text
    assert "+第三稿的句子。" in ctl.panel.diff_text.toPlainText()
    assert not ctl.panel.restore_button.isEnabled()

    window.type("还没保存的第四稿。\n")
    current = window.current_text()
    ctl.panel.select_ids([older])
    assert ctl.panel.restore_button.isEnabled()
    assert "editor" in ctl.panel.diff_title.text()
    ctl.panel.restore_button.click()
    assert window.current_text() == history.get_snapshot_text(ctl.db, older)
    window.editor.undo()
    assert window.current_text() == current


def reopened_with_offer(qtbot, db_path: Path, survey: Path):
    """A second program (window, history controller) opening the survey after the first "died": the recovery offer
    it makes (waited for)."""
    second = FakeWindow(db_path)
    qtbot.addWidget(second)
    ctl = history_panel.install(second)
    with qtbot.waitSignal(ctl.recovery_offered, timeout=2000) as sig:
        second.open(survey)
    return second, ctl, sig.args[0]


def test_crash_recovery_offers_and_restores(qtbot, tmp_path, survey):
    db_path = tmp_path / "history.db"
    first = FakeWindow(db_path)
    qtbot.addWidget(first)
    ctl1 = history_panel.install(first)
    first.open(survey)
    first.type("崩溃前的修改。\n")
    assert ctl1.autosave_now()
    unsaved = first.current_text()
    ctl1.close_database()  # the process "dies" without saving

    second, ctl2, dialog = reopened_with_offer(qtbot, db_path, survey)
    assert dialog is ctl2.recovery_dialog and dialog.isVisible()
    assert "崩溃前的修改。" in dialog.diff.toPlainText()
    assert "+1 −0 lines" in dialog.message.text()
    dialog.restore_button.click()
    assert second.current_text() == unsaved
    assert second.editor.document().isModified()
    second.editor.undo()
    assert second.current_text() == survey.read_text(encoding="utf-8")


def test_declined_recovery_is_not_offered_again_but_file_menu_can(qtbot, tmp_path, survey):
    db_path = tmp_path / "history.db"
    w1 = FakeWindow(db_path)
    qtbot.addWidget(w1)
    c1 = history_panel.install(w1)
    w1.open(survey)
    w1.type("被拒绝的恢复。\n")
    c1.autosave_now()
    w2 = FakeWindow(db_path)
    qtbot.addWidget(w2)
    c2 = history_panel.install(w2)
    w2.open(survey)
    c2.recovery_dialog.keep_button.click()
    assert w2.current_text() == survey.read_text(encoding="utf-8")
    w2.open(survey)
    assert c2.recovery_dialog is None
    dialog = c2.offer_recovery_again()
    assert dialog is not None and dialog.result() == 0
    dialog.done(QDialog.DialogCode.Accepted)
    assert "被拒绝的恢复。" in w2.current_text()


def test_a_crash_s_autosave_is_offered_though_another_program_wrote_the_file_since(qtbot, tmp_path, survey):
    """QA25 D1: the file's mtime hid the autosave (a sync tool's touch, another editor's save after a crash): the
    crash's text was left unsaved and nothing said so. It is offered, saying the file changed since."""
    db_path = tmp_path / "history.db"
    w1 = FakeWindow(db_path)
    qtbot.addWidget(w1)
    c1 = history_panel.install(w1)
    w1.open(survey)
    w1.type("自动保存后又被另一个程序保存。\n")
    c1.autosave_now()
    time.sleep(0.02)
    survey.write_text("别的程序写的内容\n", encoding="utf-8")
    later = time.time() + 5
    os.utime(survey, (later, later))
    w2 = FakeWindow(db_path)
    qtbot.addWidget(w2)
    c2 = history_panel.install(w2)
    w2.open(survey)
    dialog = c2.recovery_dialog
    assert dialog is not None and "自动保存后又被另一个程序保存" in dialog.autosave["text"]
    assert "The file on disk was changed after this autosave" in dialog.message.text()
    dialog.reject()


def test_corrupt_database_gives_a_message_and_editing_goes_on(qtbot, tmp_path, survey):
    db_path = tmp_path / "history.db"
    db_path.write_bytes(b"not a database at all " * 100)
    w = FakeWindow(db_path)
    qtbot.addWidget(w)
    ctl = history_panel.install(w)
    w.open(survey)
    assert "moved to" in w.statusBar().currentMessage()
    w.type("照常编辑。\n")
    w.save()
    assert [r["kind"] for r in ctl.panel.model.rows] == ["save"]
    assert any(".corrupt-" in p.name for p in tmp_path.iterdir())


def test_unusable_database_location_pauses_history_only(qtbot, tmp_path, survey):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    w = FakeWindow(blocker / "history.db")
    qtbot.addWidget(w)
    ctl = history_panel.install(w)
    w.open(survey)
    assert "History can't be written to" in w.statusBar().currentMessage()
    w.type("历史暂停，编辑继续。\n")
    w.save()
    assert survey.read_text(encoding="utf-8").endswith("历史暂停，编辑继续。\n")
    # the save is kept in memory (stored in the file once it can be made: test_histretry_*), and the bar says so
    assert [r["kind"] for r in ctl.panel.model.rows] == ["save"] and not ctl.offline_label.isHidden()


def test_test_typing_hook_is_off_unless_asked(qtbot, window, survey):
    from editor_app.ui import test_hooks

    assert test_hooks.install(window, environ={}) is False
    window.open(survey)
    assert test_hooks.install(window, environ={test_hooks.ENV_TYPE: "钩子输入", test_hooks.ENV_DELAY: "10"})
    qtbot.waitUntil(lambda: window.current_text().endswith("钩子输入"), timeout=2000)
    assert window.editor.document().isModified()


def test_hidden_tab_reads_nothing_until_shown(qtbot, window, survey):
    other = QPlainTextEdit()
    window.tabs.addTab(other, "Other")
    ctl = history_panel.install(window)
    window.tabs.setCurrentWidget(other)
    window.open(survey)
    window.type("隐藏时保存。\n")
    window.save()
    assert ctl.panel.model.rows == [] and ctl._stale  # recorded, but the hidden list was not re-read
    assert len(history.list_snapshots(ctl.db, survey)) == 1
    window.tabs.setCurrentWidget(ctl.panel)
    assert [r["kind"] for r in ctl.panel.model.rows] == ["save"]
    assert len(drawn_curve(qtbot, ctl.panel).getData()[0]) == 1


def test_panel_opens_with_ten_thousand_snapshots(qtbot, window, survey):
    opened = open_database(window.settings_store.cfg.db_path)
    text = survey.read_text(encoding="utf-8")
    for i in range(700):  # the 10,000 case is timed in bench/bench_history.py
        history.record_snapshot(opened.db, path=survey, text=text + str(i), analysis=make_analysis(text + str(i)).to_dict(),
                                kind="save", now=1_700_000_000 + i * 60)
    opened.db.conn.close()
    ctl = history_panel.install(window)
    window.open(survey)
    model = ctl.panel.model
    assert model.total == 700 and len(model.rows) == model.PAGE  # read page by page as the table scrolls
    assert "700 snapshots" in ctl.panel.title.text()
    assert len(drawn_curve(qtbot, ctl.panel).getData()[0]) == 700  # the chart shows them all
    while model.canFetchMore():
        model.fetchMore()
    assert len(model.rows) == 700 and len({r["id"] for r in model.rows}) == 700
    assert [r["time"] for r in model.rows] == sorted((r["time"] for r in model.rows), reverse=True)


def _history_is_wired() -> bool:
    app_module = Path(__file__).resolve().parent.parent / "editor_app" / "ui" / "app.py"
    return app_module.exists() and "editor_app.ui.history_panel" in app_module.read_text(encoding="utf-8")


def _autosave_rows(db_path: Path) -> list[tuple]:
    import sqlite3

    if not db_path.exists():
        return []
    try:
        conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=1)
        try:
            return conn.execute("SELECT id, time FROM snapshots WHERE kind = 'autosave'").fetchall()
        finally:
            conn.close()
    except sqlite3.Error:
        return []  # not created or not migrated yet


@pytest.mark.skipif(not _history_is_wired(), reason="editor_app.ui.app does not install the history panel yet")
def test_real_process_killed_with_sigkill_then_recovered(qtbot, tmp_path, monkeypatch, sample_text):
    """Start the real program on a temp file, type, wait for the autosave, SIGKILL it, start again, recover."""
    import signal
    import subprocess
    import sys

    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    original = survey.read_bytes()
    db_path = tmp_path / "crash-history.db"
    typed = "\n崩溃恢复测试：这一段只在自动保存里。⚠️\n"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SURVEY_EDITOR_DB=str(db_path),
               SURVEY_EDITOR_AUTOSAVE_SECONDS="1", SURVEY_EDITOR_TEST_TYPE=typed)
    proc = subprocess.Popen([sys.executable, "-m", "editor_app", str(survey)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while not _autosave_rows(db_path):
            if proc.poll() is not None:
                pytest.fail(f"the program exited early ({proc.returncode}): {proc.stdout.read().decode()[-2000:]}")
            if time.monotonic() > deadline:
                pytest.fail("no autosave row appeared within 90 s")
            time.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    assert survey.read_bytes() == original  # autosave never touches the user's file

    from editor_app.config import from_environment
    from editor_app.ui.app import create_window

    monkeypatch.setenv("SURVEY_EDITOR_DB", str(db_path))
    window = create_window(survey, from_environment())
    qtbot.addWidget(window)
    try:
        with qtbot.waitSignal(window.history.recovery_offered, timeout=10000) as sig:
            pass
        dialog = sig.args[0]
        assert "崩溃恢复测试" in dialog.diff.toPlainText()
        dialog.restore_button.click()
        assert window.current_text() == sample_text + typed
        assert window.editor.document().isModified()
        assert survey.read_bytes() == original  # restored into the editor, not written until the user saves
    finally:
        window.editor.document().setModified(False)
        window.shutdown()
        window.history.close_database()


@pytest.mark.skipif(not _history_is_wired(), reason="editor_app.ui.app does not install the history panel yet")
def test_real_window_records_saves_with_the_engines_figures(qtbot, tmp_path, monkeypatch, sample_text):
    from editor_app.config import from_environment
    from editor_app.ui.app import create_window

    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    monkeypatch.setenv("SURVEY_EDITOR_DB", str(tmp_path / "real.db"))
    window = create_window(survey, from_environment())
    qtbot.addWidget(window)
    try:
        ctl = window.history
        assert any(window.tabs.tabText(i) == "History" for i in range(window.tabs.count()))
        window.show()
        window._show_panel(ctl.panel)
        window.set_text_undoable(sample_text + "\n新增一句⚠️\n")
        with qtbot.waitSignal(ctl.recorded, timeout=10000) as sig:
            assert window.save()
        assert sig.args[1] == "save"
        sid = sig.args[0]  # stored at once; measured off the GUI thread when the analysis was behind the text
        qtbot.waitUntil(lambda: history.get_snapshot(ctl.db, sid)["measured"], timeout=20000)
        qtbot.waitUntil(lambda: window.runner.published is window.latest_analysis
                        and window.runner.published_revision == window.runner.revision, timeout=20000)
        ctl.refresh(force=True)
        row = ctl.panel.model.rows[0]
        assert history.get_snapshot_analysis(ctl.db, row["id"])["metrics"] == window.latest_analysis.to_dict()["metrics"]
        metrics = window.latest_analysis.metrics
        assert row["cjk"] == metrics["cjk"] and row["cautions"] == metrics["cautions"]
        assert row["lines"] == metrics["lines"]
        assert row["failing"] == window.latest_analysis.metrics["failing_rules"]  # as the CLI counts (no info notes)
        assert history.get_snapshot_text(ctl.db, row["id"]) == survey.read_text(encoding="utf-8")
    finally:
        window.editor.document().setModified(False)
        window.shutdown()
        window.history.close_database()


def test_edits_discarded_by_opening_another_file_are_not_offered_later(qtbot, tmp_path, survey):
    db_path = tmp_path / "history.db"
    other = tmp_path / "other.md"
    other.write_text("另一篇\n", encoding="utf-8")
    w1 = FakeWindow(db_path)
    qtbot.addWidget(w1)
    c1 = history_panel.install(w1)
    w1.open(survey)
    w1.type("打开别的文件时被放弃的修改。\n")
    assert c1.autosave_now()
    w1.open(other)  # the real window asks first; reaching here means the edits were discarded
    w2 = FakeWindow(db_path)
    qtbot.addWidget(w2)
    c2 = history_panel.install(w2)
    w2.open(survey)
    assert c2.recovery_dialog is None
    assert [r["kind"] for r in history.list_snapshots(c2.db, survey)] == ["autosave"]  # still in the history


def test_typing_before_the_first_look_keeps_its_autosaves(qtbot, tmp_path, survey):
    """The first look at the database waits for the first analysis (seconds on a long survey), and the author may
    type and be autosaved before it. Before, that look took the file as just opened and dismissed those autosaves,
    so a crash from then on lost the typing (the real-process SIGKILL test failed whenever the look came late)."""
    db_path = tmp_path / "history.db"
    first = FakeWindow(db_path)
    qtbot.addWidget(first)
    first.open(survey)  # as the real window does: the file is open before the history is installed
    ctl = history_panel.install(first)
    first.type("打开后马上写的一句。\n")
    assert ctl.autosave_now()
    first.type("再写一句。\n")  # the autosave is behind the editor now: still not a crash's to offer
    qtbot.waitUntil(lambda: ctl.looked, timeout=10000)
    assert ctl.recovery_dialog is None  # its own autosave is not offered back to it
    ctl.close_database()  # the process "dies" without saving

    dialog = reopened_with_offer(qtbot, db_path, survey)[2]
    assert "打开后马上写的一句。" in dialog.diff.toPlainText()
