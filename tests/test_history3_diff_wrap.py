"""History → compare, side by side: a long Chinese line (changed or not) wraps where the same text wraps as plain text.

Before, every space of a line was written into the table as &nbsp;: "级 Agentic Workflow 持" could not be broken, and
a long line of the sample wrapped short beside the character marks ("… + 生产" / "级 Agentic Workflow …")."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument, QTextLayout, QTextOption

from editor_app.core.textdiff import side_by_side_html

WIDTH = 1000  # the History tab's comparison at a 1,000 px wide window


def _edited(sample_text: str) -> tuple[str, str]:
    lines = sample_text.splitlines()
    line = next(line for line in lines if "生产级 Agentic Workflow" in line)
    lines[lines.index(line)] = line.replace("隐性超参数正式", "隐性超参量正式")
    return line, "\n".join(lines)


def _cell_lines(document: QTextDocument, text: str) -> tuple[list[int], float, object]:
    """The lengths of the laid-out lines of the first table cell holding `text`, their width and font."""
    document.size()  # laid out
    block = document.begin()
    while block.isValid():
        if block.text().replace("\u00a0", " ") == text:
            layout = block.layout()
            lines = [layout.lineAt(i) for i in range(layout.lineCount())]
            return [line.textLength() for line in lines], lines[0].width(), block.begin().fragment().charFormat().font()
        block = block.next()
    raise AssertionError("the line is not in the table")


def _plain_lines(text: str, width: float, font, wrap) -> list[int]:
    """The same text laid out as plain text (break at spaces and between Chinese characters) in that width."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(wrap)
    layout.setTextOption(option)
    layout.beginLayout()
    out = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        out.append(line.textLength())
    layout.endLayout()
    return out


def test_a_changed_chinese_line_wraps_as_plain_text_does(qtbot, sample_text):
    from editor_app.ui.diff_browser import DiffBrowser

    old_line, edited = _edited(sample_text)
    new_line = old_line.replace("隐性超参数正式", "隐性超参量正式")
    view = DiffBrowser()  # as the History tab shows it
    qtbot.addWidget(view)
    view.resize(WIDTH, 600)
    view.show()
    view.setHtml(side_by_side_html(sample_text, edited, "#1", "#2"))
    for text in (old_line, new_line):
        lengths, width, font = _cell_lines(view.document(), text)
        assert len(lengths) > 3  # wrapped
        assert lengths == _plain_lines(text, width, font, view.wordWrapMode())


def test_spaces_are_kept_and_lines_break_at_them():
    from editor_app.core.textdiff import _cell

    assert _cell("a  b") == "a&nbsp; b"  # a run keeps its width, and its last space still lets the line break
    assert _cell("  indented ") == "&nbsp;&nbsp;indented&nbsp;"  # HTML would drop these at the line's ends
    assert _cell("级 Agentic 持", [(2, 9)], "#cc000000") == (
        '级 <span style="background-color:#cc000000; text-decoration:underline">Agentic</span> 持')
    assert _cell("") == "&nbsp;" and _cell("<b> &") == "&lt;b&gt; &amp;"
