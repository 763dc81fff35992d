"""Opening a long survey keeps the window going (QA19 D9: one stall of 0.6 s at 1 MB, 0.3-0.8 s at 8 MB while the
file opened and when its first analysis came): File → Open reads and decodes the file on a worker thread while the
status bar says "Opening …", the mirror takes the lines split there instead of copying the document out, the
watcher takes the fingerprint of the bytes read, history's look at the survey and the analysis come after the
text is in, and the first result's column fitting is spread over turns of the event loop."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QTableView  # noqa: E402

from editor_app.core.analyze import analyze  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402
from editor_app.services import files  # noqa: E402
from editor_app.ui import file_watch, outline_panel, selfcheck_panel  # noqa: E402
from editor_app.ui.text_mirror import TextMirror  # noqa: E402
from tests.ui_support import open_window, repeated_sample, wait_analysis  # noqa: E402

OTHER = "# 另一篇综述\n\n## 一、引言\n\n正文一句。\n"


def _menu_open(window, path) -> None:
    """File → Open, the dialog answered with `path`."""
    window.choose_open_path = lambda start: str(path)
    window._open_dialog()


def test_file_open_reads_the_file_off_the_gui_thread_and_says_so_meanwhile(qtbot, tmp_path, sample_path,
                                                                          monkeypatch):
    window = open_window(qtbot, sample_path)
    other = tmp_path / "other.md"
    other.write_text(OTHER, encoding="utf-8")
    gate = threading.Event()
    read_on = []
    real = files._read_bytes

    def slow_disk(*args):
        read_on.append(threading.current_thread() is threading.main_thread())
        gate.wait(3)
        return real(*args)

    monkeypatch.setattr(files, "_read_bytes", slow_disk)
    before = window.current_text()
    _menu_open(window, other)
    assert window.statusBar().currentMessage() == "Opening other.md…"
    qtbot.wait(100)  # the event loop goes on while the file is read: nothing opened yet
    assert window.current_text() == before and window.current_path != other.resolve()
    gate.set()
    with wait_analysis(qtbot, window):
        qtbot.waitUntil(lambda: window.current_path == other.resolve(), timeout=10000)
    assert read_on == [False]
    assert window.current_text() == OTHER and not window.editor.document().isModified()
    assert window.statusBar().currentMessage() == ""  # "Opening …" gone with the file open
    window.shutdown()


def test_a_second_open_replaces_one_still_being_read(qtbot, tmp_path, sample_path):
    window = open_window(qtbot, sample_path)
    first, second = tmp_path / "first.md", tmp_path / "second.md"
    first.write_text("# 第一篇\n", encoding="utf-8")
    second.write_text(OTHER, encoding="utf-8")
    opened = []
    window.document_opened.connect(opened.append)
    _menu_open(window, first)
    _menu_open(window, second)  # before the first was read: the worker reads one after the other
    assert window.current_path == sample_path.resolve()  # both being read
    qtbot.waitUntil(lambda: window.current_path == second.resolve(), timeout=10000)
    qtbot.wait(300)
    assert opened == [second.resolve()]  # the first never took the editor
    assert window.current_path == second.resolve() and window.current_text() == OTHER
    window.shutdown()


def test_a_file_found_unreadable_on_the_worker_is_said_and_the_text_stays(qtbot, tmp_path, sample_path):
    window = open_window(qtbot, sample_path)
    errors = []
    window.show_error = lambda title, message: errors.append(message)
    binary = tmp_path / "image.md"
    binary.write_bytes(bytes(range(256)) * 40)
    before = window.current_text()
    _menu_open(window, binary)
    assert errors == []  # not known until it is read
    qtbot.waitUntil(lambda: bool(errors), timeout=10000)
    assert "binary" in errors[0]
    assert window.current_text() == before and window.current_path == sample_path.resolve()
    assert window.statusBar().currentMessage() == ""
    window.shutdown()


def test_the_mirror_takes_the_lines_read_instead_of_copying_the_document(qtbot, tmp_path, sample_path, monkeypatch):
    """The copy (toRawText and its split) cost an 8 MB survey ~150-200 ms of GUI thread after setPlainText."""
    window = open_window(qtbot, sample_path)
    copies = []
    real = TextMirror.resync
    monkeypatch.setattr(TextMirror, "resync", lambda self: (copies.append(1), real(self))[1])
    plain = tmp_path / "plain.md"
    plain.write_text("标题\u00a0不换行\n😀 星外字符\n行内\u2028分隔\n\n末行", encoding="utf-8")
    assert window.open_path(plain)
    assert copies == []
    assert window.mirror.lines == window.editor.document().toRawText().split("\u2029")
    assert window.current_text() == plain.read_text(encoding="utf-8")
    # A U+2029 is read as a line break by the loader (QA26b D5): the lines are the text's, taken as they are.
    paragraphs = tmp_path / "paragraphs.md"
    paragraphs.write_text("前\u2029后\n下一行\n", encoding="utf-8")
    assert window.open_path(paragraphs)
    assert copies == []
    assert window.mirror.lines == window.editor.document().toRawText().split("\u2029") == ["前", "后", "下一行", ""]
    # U+FDD0 (a noncharacter) is a block break to Qt too: the lines are not the text's, and the document is copied.
    odd = tmp_path / "odd.md"
    odd.write_text("前\ufdd0后\n下一行\n", encoding="utf-8")
    assert window.open_path(odd)
    assert copies == [1]
    raw = window.editor.document().toRawText()
    assert window.mirror.lines == raw.split("\u2029") == ["前", "后", "下一行", ""]
    window.shutdown()


def test_the_watcher_takes_the_fingerprint_of_the_bytes_read(qtbot, tmp_path, sample_path, monkeypatch):
    """The file was read and hashed a second time after opening (~15 ms of an 8 MB survey's GUI thread)."""
    window = open_window(qtbot, sample_path)
    survey = tmp_path / "survey.md"
    survey.write_text(OTHER, encoding="utf-8")
    reread = []
    monkeypatch.setattr(file_watch, "file_fingerprint", lambda p: reread.append(p) or files.file_fingerprint(p))
    assert window.open_path(survey)
    assert survey.resolve() not in reread  # (the pack files beside it are watched too)
    assert window.watcher.fingerprint == files.file_fingerprint(survey) == window._loaded_on_disk
    window.ask_external_change = lambda path: "keep"  # (the watcher notices the change below too)
    survey.write_text(OTHER + "别人加的\n", encoding="utf-8")
    assert window.watcher.differs()
    window.shutdown()


def test_the_headline_says_the_opened_survey_is_being_checked_in_the_same_box(qtbot, tmp_path, sample_path):
    """The last survey's verdict stayed in the headline for the seconds a long survey's first analysis takes; and
    "Analysing…" a pixel lower than a verdict made the whole window lay out and repaint as the first result came."""
    window = open_window(qtbot, sample_path)
    verdict_height = window.headline_label.sizeHint().height()
    other = tmp_path / "other.md"
    other.write_text(OTHER, encoding="utf-8")
    with wait_analysis(qtbot, window):
        assert window.open_path(other)
        assert window.headline_label.text() == "Analysing…"
        assert window.headline_label.sizeHint().height() == verdict_height
    assert window.headline_label.text() != "Analysing…"
    window.shutdown()


def test_history_and_the_analysis_come_after_the_turn_that_opens_the_file(qtbot, tmp_path, sample_path):
    """In the open's turn, history's look (hashing a survey new to it) and the analysis worker (sharing the GIL)
    made it 2-5 times as long at 8 MB."""
    window = open_window(qtbot, sample_path)
    other = tmp_path / "other.md"
    other.write_text(OTHER, encoding="utf-8")
    told, submitted, after_turn = [], [], []
    window.document_opened.connect(lambda path: told.append(path))
    real = window.runner._thread.submit
    window.runner._thread.submit = lambda *a: (submitted.append(a[0]), real(*a))[1]
    show = window._show_document
    window._show_document = lambda *a, **k: (show(*a, **k), after_turn.append((list(told), list(submitted))))[0]
    with wait_analysis(qtbot, window):
        _menu_open(window, other)
        qtbot.waitUntil(lambda: bool(after_turn), timeout=10000)
    assert after_turn == [([], [])]  # neither in the turn that put the text in
    assert told == [other.resolve()] and submitted
    window.shutdown()


def test_the_first_results_columns_are_fitted_a_table_a_turn(qtbot, sample_text, monkeypatch):
    """Fitting reads 100 rows of every column (~15 ms a column): the three self-check tables at once froze the
    window ~300 ms as a long survey's first result came."""
    analysis = analyze("\n".join([sample_text] * 20), house_pack())
    fitted = []
    real = selfcheck_panel.fit_columns
    monkeypatch.setattr(selfcheck_panel, "fit_columns", lambda view, *a: (fitted.append(view.objectName()),
                                                                          real(view, *a))[1])
    panel = _shown_panel(qtbot)
    panel.show_analysis(analysis)
    assert fitted == [] and not panel.columns_fitted  # not in the turn that shows the result
    assert not panel.claims_view.updatesEnabled()  # nor its rows seen in columns not yet fitted
    qtbot.waitUntil(lambda: panel.columns_fitted, timeout=5000)
    assert fitted == ["rules_table", "claims_table", "sections_table"]
    assert all(v.updatesEnabled() for v in _tables(panel))
    # the widths come out as fitting the three at once made them
    monkeypatch.setattr(selfcheck_panel, "QTimer", _AtOnce)
    at_once = _shown_panel(qtbot)
    at_once.show_analysis(analysis)
    assert at_once.columns_fitted
    assert [_widths(v) for v in _tables(panel)] == [_widths(v) for v in _tables(at_once)]
    assert _widths(panel.claims_view)[0] >= panel.claims_view.fontMetrics().horizontalAdvance("ambiguous") + 40


class _AtOnce:
    @staticmethod
    def singleShot(_ms, _context, call):  # noqa: N802 (Qt's name)
        call()


def _shown_panel(qtbot):
    panel = selfcheck_panel.SelfCheckPanel()
    qtbot.addWidget(panel)
    panel.resize(660, 800)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def _tables(panel) -> list[QTableView]:
    return [panel.rules_view, panel.claims_view, panel.sections_view]


def _widths(view: QTableView) -> list[int]:
    header = view.horizontalHeader()
    return [header.sectionSize(i) for i in range(header.count() - 1)]  # (the last takes the room left)


def test_the_outline_labels_are_made_in_the_analysis_worker(qtbot, tmp_path, sample_text, monkeypatch):
    made_on = set()
    real = outline_panel.section_label

    def spy(*args):
        made_on.add(threading.current_thread() is threading.main_thread())
        return real(*args)

    monkeypatch.setattr(outline_panel, "section_label", spy)
    window = open_window(qtbot, repeated_sample(tmp_path, sample_text, copies=3))
    assert made_on == {False}
    signature = outline_panel.outline_signature(window.latest_analysis)
    assert window.outline.model.stringList() == [real(*entry) for entry in signature]
    window.shutdown()
