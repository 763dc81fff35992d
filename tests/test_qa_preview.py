"""QA: the Preview tab with real-world Markdown: links, images, code blocks, a 2 MB survey."""

from __future__ import annotations

import http.server
import os
import subprocess
import sys
import threading

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, Qt, QUrl  # noqa: E402
from PySide6.QtGui import QColor, QDesktopServices, QImage  # noqa: E402

from editor_app.ui.preview_panel import (  # noqa: E402
    MAX_PREVIEW_CHARS,
    PreviewPanel,
    lines_around,
    render_html,
    survey_markdown,
)


@pytest.fixture
def panel(qtbot):
    p = PreviewPanel()
    qtbot.addWidget(p)
    p.resize(700, 500)
    p.show()
    qtbot.waitExposed(p)
    yield p
    p.shutdown()


def show(qtbot, panel, text: str, marker: str, **kwargs) -> None:
    panel.show_document(text, None, **kwargs)
    qtbot.waitUntil(lambda: marker in panel.html, timeout=10000)


def click_text(qtbot, browser, text: str) -> None:
    """A real mouse click on the first occurrence of `text` in the preview."""
    cursor = browser.document().find(text)
    assert not cursor.isNull(), text
    cursor.setPosition(cursor.selectionStart() + 1)
    browser.ensureCursorVisible()
    browser.setTextCursor(cursor)
    browser.ensureCursorVisible()
    rect = browser.cursorRect(cursor)
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.center().x(), rect.center().y()))


def test_a_link_to_a_file_never_takes_the_preview_away_from_the_survey(qtbot, panel, tmp_path, monkeypatch):
    # Before: QTextBrowser followed "other.md" and "/etc/hostname" by showing that file in place of the survey.
    (tmp_path / "other.md").write_text("# Another file\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toString()) or True)
    show(qtbot, panel, "主题综述\n\n[另一个文件](other.md) [系统文件](/etc/hostname) [论文](https://arxiv.org/abs/2609.11582)",
         "另一个文件", folder=tmp_path)
    browser = panel.browser
    for label in ("另一个文件", "系统文件"):
        click_text(qtbot, browser, label)
        qtbot.wait(100)
        assert browser.source() == QUrl()
        assert "主题综述" in browser.toPlainText() and "Another file" not in browser.toPlainText()
    assert opened == []
    click_text(qtbot, browser, "论文")
    qtbot.waitUntil(lambda: opened == ["https://arxiv.org/abs/2609.11582"], timeout=2000)  # a web link opens outside
    assert "主题综述" in browser.toPlainText()


def test_an_anchor_link_scrolls_the_preview_and_stays_on_the_survey(qtbot, panel):
    body = "".join(f"<p>段落 {i}</p>" for i in range(200))
    panel.browser.setHtml('<p><a href="#end">到结尾</a></p>' + body + '<p><a name="end"></a>结尾</p>')
    bar = panel.browser.verticalScrollBar()
    assert bar.value() == 0
    click_text(qtbot, panel.browser, "到结尾")
    qtbot.waitUntil(lambda: bar.value() > 0, timeout=2000)
    assert panel.browser.source() == QUrl() and "段落 1" in panel.browser.toPlainText()


class _Recorder(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):  # noqa: N802
        self.hits.append(self.path)
        self.send_response(404)
        self.end_headers()

    def log_message(self, *args):
        pass


def test_an_image_path_is_read_only_from_a_regular_file_never_a_pipe_or_the_network(qtbot, panel, tmp_path):
    # Before: ![](/dev/zero) was read until memory ran out (the editor aborted), a pipe was read from until it closed.
    # A pipe stands for every file that is not a regular one here (the test must not eat the machine's memory).
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    seen = tmp_path / "opened"
    # Opening a pipe to write succeeds only while something has it open to read; a writer of its own process, as the
    # window waits in that read holding the interpreter's lock. It closes at once: the reader gets an empty file.
    writer = subprocess.Popen([sys.executable, "-c", (
        "import os, sys, time\n"
        "while True:\n"
        "    try: fd = os.open(sys.argv[1], os.O_WRONLY | os.O_NONBLOCK)\n"
        "    except OSError: time.sleep(0.01); continue\n"
        "    open(sys.argv[2], 'a').write('x'); os.close(fd)\n"), str(fifo), str(seen)])
    server = http.server.HTTPServer(("127.0.0.1", 0), _Recorder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    try:
        show(qtbot, panel, f"图一\n![管道]({fifo})\n![远程]({url}/a.png)\n<img src=\"{url}/b.png\">\n完",
             "完", folder=tmp_path)
        qtbot.wait(300)
    finally:
        panel.hide()
        panel.browser.clear()  # nothing left to draw that could open the pipe again once the writer stops
        writer.kill()
        writer.wait()
        server.shutdown()
    assert not seen.exists()
    assert _Recorder.hits == []


def _red_pixels(widget) -> int:
    image = widget.grab().toImage()
    red = QColor("red").rgb()
    return sum(1 for y in range(0, image.height(), 2) for x in range(0, image.width(), 2) if image.pixel(x, y) == red)


def test_a_relative_image_is_read_from_the_survey_folder(qtbot, panel, tmp_path, monkeypatch):
    # Before: "![](fig.png)" was looked for in the folder the program was started from, and showed a broken image.
    folder = tmp_path / "survey"
    folder.mkdir()
    image = QImage(60, 40, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    assert image.save(str(folder / "fig.png"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    show(qtbot, panel, "图一\n![图](fig.png)\n完", "完", folder=folder)
    qtbot.waitUntil(lambda: _red_pixels(panel.browser.viewport()) > 200, timeout=3000)


def test_a_fenced_code_block_keeps_its_lines_and_indentation():
    # Before: the lines of a ``` block ran together in one paragraph ("python def f(): return 1").
    text = "说明\n```python\ndef f():\n    return 1\n| not | a table |\n```\n完"
    html = render_html(survey_markdown(text, None))
    assert "<pre><code" in html
    assert "def f():\n    return 1\n| not | a table |" in html
    assert "<table" not in html
    # a fence never closed runs to the end, as the analysis reads it
    assert "<pre><code>one\n# not a heading" in render_html(survey_markdown("~~~\none\n# not a heading", None))


def test_a_two_megabyte_survey_shows_a_bounded_part_around_the_cursor(qtbot, panel):
    # Before: 2 MB in long lines was all laid out on the GUI thread after every pause in typing (3-5 s frozen).
    line = "中文 KV Cache 量化 ⚠️ arXiv:2609.11582 SGLang ~16,200 tok/s " * 20
    lines = [f"{i} {line}" for i in range(1, 2001)]
    assert len("\n".join(lines).encode()) > 2_000_000
    first, shown = lines_around(lines, 1500)
    assert first <= 1500 < first + len(shown)
    assert sum(len(s) + 1 for s in shown) <= MAX_PREVIEW_CHARS
    show(qtbot, panel, "\n".join(lines), "Long document", cursor_line=1500)
    assert "1500 中文" in panel.html and len(panel.html) < 2 * MAX_PREVIEW_CHARS
    # one line of 2 MB is cut
    first, shown = lines_around(["甲" * 2_000_000], 1)
    assert first == 1 and len(shown) == 1 and len(shown[0]) <= MAX_PREVIEW_CHARS + 2
    assert lines_around([], 1) == (1, [])
    assert lines_around(["a", "b"], 9) == (1, ["a", "b"])


def test_the_window_shows_the_images_beside_the_survey_file(qtbot, tmp_path, monkeypatch):
    from ui_support import open_window

    image = QImage(60, 40, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    assert image.save(str(tmp_path / "fig.png"))
    path = tmp_path / "survey.md"
    path.write_text("# 综述\n\n![图](fig.png)\n\n完\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path.parent)
    window = open_window(qtbot, path)
    window.tabs.setCurrentWidget(window.preview)
    qtbot.waitUntil(lambda: "完" in window.preview.html, timeout=10000)
    qtbot.waitUntil(lambda: _red_pixels(window.preview.browser.viewport()) > 200, timeout=3000)
    window.shutdown()


def test_a_long_survey_shows_the_line_being_written(qtbot, panel):
    # Before: the part around the cursor was shown from its top (lines 1174-1180 of a part around line 1200): the line
    # being written was out of sight, and moving to another part kept the old part's scroll place.
    lines = [f"{i} " + "中文 KV Cache 量化 ⚠️ SGLang ~16,200 tok/s " * 20 for i in range(1, 2001)]
    for cursor in (1200, 300):
        show(qtbot, panel, "\n".join(lines), f"{cursor} 中文", cursor_line=cursor)
        found = panel.browser.document().find(f"{cursor} 中文")
        rect = panel.browser.cursorRect(found)
        assert 0 <= rect.top() and rect.bottom() <= panel.browser.viewport().height(), cursor


def test_the_samples_lists_are_lists_and_its_numbered_items_no_headings(qtbot, sample_path):
    # Before: §9.3's "- #1 KV Cache …" items were drawn as five huge headings "1 KV Cache …" (the '#' lost), and
    # the footer as part of the last list item.
    from ui_support import open_window

    window = open_window(qtbot, sample_path)
    window.tabs.setCurrentWidget(window.preview)
    qtbot.waitUntil(lambda: "主题综述" in window.preview.html, timeout=10000)
    html = window.preview.html
    assert "<li>#1 KV Cache 量化三维演进" in html and "<li>#5 推理引擎平台化收敛" in html
    assert "<h1>1 KV Cache" not in html and "<h1>5 " not in html
    assert "<li>作者：spark</li>" in html
    assert "<li>KV Cache 异构模态感知。" in html  # §一's "1. …" lines after a paragraph line
    assert "<p>Spark · 2026-09-14" in html  # the footer is a paragraph of its own
    window.shutdown()


def _link_colour(browser) -> QColor:
    cursor = browser.document().find("论文链接")
    assert cursor.charFormat().isAnchor()
    return cursor.charFormat().foreground().color()


def test_links_read_on_a_dark_theme(qtbot, qapp, panel):
    # Before: a dark palette that keeps Qt's link blue showed the links dark blue on near-black (contrast ~2.3).
    from PySide6.QtGui import QPalette

    from editor_app.ui.theme import READABLE, contrast

    show(qtbot, panel, "正文 [论文链接](https://arxiv.org/abs/2609.11582)", "论文链接")
    light = _link_colour(panel.browser)
    assert light == panel.palette().color(QPalette.ColorRole.Link)  # a light theme keeps its link colour
    was = qapp.palette()
    dark = QPalette(was)
    for role, colour in {QPalette.ColorRole.Window: "#2d2d2d", QPalette.ColorRole.WindowText: "#dcdcdc",
                         QPalette.ColorRole.Base: "#1e1e1e", QPalette.ColorRole.Text: "#dcdcdc",
                         QPalette.ColorRole.Link: "#0000ff"}.items():
        dark.setColor(role, QColor(colour))
    qapp.setPalette(dark)
    try:
        qtbot.waitUntil(lambda: contrast(_link_colour(panel.browser), QColor("#1e1e1e")) >= READABLE, timeout=2000)
    finally:
        qapp.setPalette(was)
