"""QA26b D5: a U+2029 (PARAGRAPH SEPARATOR) in a UTF-8 survey was a line break in the window (Qt can only show it as
a new block: 114 lines) but a character to survey-check (113 lines), and a save after an edit turned it into "\\n"
without a word. Now the loader reads it as a line break for both, and says so; U+2028, which the editor keeps inside
its line, stays a character everywhere."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QTextCursor

from editor_app.cli import main
from editor_app.services.files import load_text
from ui_support import open_window


def _survey(tmp_path: Path, sample_text: str) -> tuple[Path, str]:
    """The tester's linesep.md: the sample with "\\u2028软换行" at the end of line 2 and "\\u2029段落" at the end of
    line 3; (its path, the text it opens as)."""
    lines = sample_text.split("\n")
    lines[1] += "\u2028软换行"
    lines[2] += "\u2029段落"
    p = tmp_path / "linesep.md"
    p.write_text("\n".join(lines), encoding="utf-8")
    return p, "\n".join(lines).replace("\u2029", "\n")


MESSAGE = ("has 1 paragraph separator(s) (U+2029), the first at the end of line 3: each is read as a line break, as "
           "the editor can only show it, and a save after an edit writes a line break there.")


def test_the_loader_reads_u2029_as_a_line_break_and_says_so(tmp_path: Path, sample_text: str):
    p, expected = _survey(tmp_path, sample_text)
    loaded = load_text(p)
    assert loaded.text == expected and "\u2028软换行" in loaded.text
    assert loaded.damage == f"{p} {MESSAGE}"


def test_u2029_after_damage_is_said_on_a_line_of_its_own(tmp_path: Path):
    p = tmp_path / "both.md"
    p.write_bytes("# 综述\n第一段。\u2029第二段。\n作者\x00\n".encode())
    loaded = load_text(p)
    assert loaded.text == "# 综述\n第一段。\n第二段。\n作者\ufffd\n"
    nul, separator = loaded.damage.split("\n")
    assert "NUL bytes" in nul and "line 4" in nul
    assert separator.startswith(f"{p} has 1 paragraph separator(s) (U+2029), the first at the end of line 2:")


def test_survey_check_counts_the_lines_the_window_shows(tmp_path: Path, sample_text: str, capsys):
    p, _ = _survey(tmp_path, sample_text)
    main([str(p)])
    out, err = capsys.readouterr()
    assert "· 114/200 lines ·" in out
    assert f"survey-check: {p} {MESSAGE}" in err


def test_the_window_shows_the_same_count_says_why_and_saves_what_it_said(qtbot, tmp_path: Path, sample_text: str,
                                                                       monkeypatch):
    from editor_app.ui.main_window import MainWindow

    told: list[str] = []
    monkeypatch.setattr(MainWindow, "notify", lambda self, title, message: told.append(message))
    p, expected = _survey(tmp_path, sample_text)
    window = open_window(qtbot, p)
    assert told == [f"{p} {MESSAGE}"]
    assert window.editor.document().blockCount() == 114
    assert "· 114/200 lines ·" in window.headline_label.text()
    assert window.current_text() == expected
    cursor = window.editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.Start)
    cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
    window.editor.setTextCursor(cursor)
    window.editor.insertPlainText("改")
    assert window.save()
    first, rest = expected.split("\n", 1)
    assert p.read_text(encoding="utf-8") == f"{first}改\n{rest}"  # U+2028 kept; U+2029 a newline, as it said


def test_the_chinese_window_says_both_sentences_in_chinese(qtbot, chinese, tmp_path: Path, monkeypatch):
    from editor_app.ui.main_window import MainWindow

    told: list[str] = []
    monkeypatch.setattr(MainWindow, "notify", lambda self, title, message: told.append(message))
    p = tmp_path / "both.md"
    p.write_bytes("# 综述\n第一段。\u2029第二段。\n作者\x00\n".encode())
    window = open_window(qtbot, p)
    assert told == [f"{p} 有 1 处 NUL 字节（文本中不应有），第一处在第 4 行：每处显示为 \ufffd，编辑后保存时那里会写入这个字符。\n"
                    f"{p} 含有 1 个段落分隔符（U+2029），第一个在第 2 行末：每个都按换行读取（编辑器只能这样显示它），"
                    "编辑后保存时那里会写入换行。"]
    window.shutdown()
