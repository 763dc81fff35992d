"""QA28d D5: a UTF-8 survey with more than 16 places that are not UTF-8 (one pasted Latin-1 line with 18 accented
letters) could not be opened at all: "not a text file this program can read (no text encoding fits its bytes)", in
survey-check and the window, naming no line. _damaged_utf8 gave up past MAX_DAMAGED_PLACES = 16. Now a file whose
valid non-ASCII characters outnumber its bad places tenfold opens as UTF-8 however many there are, each place shown
as U+FFFD and the first one's line named, as for a few; GBK and Latin-1 files are still not taken for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor_app.cli import main
from editor_app.services.files import load_text, save_text_atomic

# 18 accented letters (and so 18 places, none next to another), as the tester's pasted line
PASTED = "Résumé: naïve façade, déjà vu à l'hôtel où l'on mangeait crêpes, pâté, gâteau, île, Noël, señor, Ærø."


def _with_pasted_line(sample_text: str, after_line: int = 112) -> tuple[bytes, int, int]:
    """The sample with PASTED in Latin-1 after `after_line`: (its bytes, the pasted line's number, its places)."""
    lines = sample_text.split("\n")
    head = "\n".join(lines[:after_line]) + "\n"
    tail = "\n".join(lines[after_line:])
    data = head.encode("utf-8") + PASTED.encode("latin-1") + b"\n" + tail.encode("utf-8")
    places = sum(1 for c in PASTED if ord(c) > 0x7F)
    return data, after_line + 1, places


def test_a_pasted_latin1_line_with_many_accents_opens_and_is_named(tmp_path: Path, sample_text: str):
    data, line, places = _with_pasted_line(sample_text)
    assert places > 16
    p = tmp_path / "survey.md"
    p.write_bytes(data)
    loaded = load_text(p)  # before: UnreadableFile "not a text file this program can read"
    assert loaded.encoding == "utf-8" and loaded.guessed == ""
    shown = loaded.text.split("\n")
    assert shown[line - 1] == "".join("\ufffd" if ord(c) > 0x7F else c for c in PASTED)
    assert shown[:line - 1] + shown[line:] == sample_text.split("\n")
    assert loaded.damage == (f"{p} is not valid UTF-8 in {places} place(s), the first on line {line}: each is shown as "
                             "\ufffd, and a save after an edit writes that character there.")


def test_hundreds_of_places_in_a_long_utf8_survey_still_open(tmp_path: Path, sample_text: str):
    p = tmp_path / "survey.md"
    body = (sample_text * 4).encode("utf-8")
    p.write_bytes(body + (PASTED.encode("latin-1") + b"\n") * 20)  # 360 places after 100 KB of Chinese
    loaded = load_text(p)
    assert loaded.encoding == "utf-8" and loaded.text.count("\ufffd") == 360
    assert "is not valid UTF-8 in 360 place(s)" in loaded.damage


def test_a_paragraph_pasted_at_the_top_of_a_survey_opens_too(tmp_path: Path, sample_text: str):
    """The quick look at the first 64 KB only refuses what is plainly another encoding there."""
    p = tmp_path / "survey.md"
    p.write_bytes((PASTED.encode("latin-1") + b"\n") * 12 + (sample_text * 4).encode("utf-8"))
    loaded = load_text(p)
    assert loaded.encoding == "utf-8" and "the first on line 1:" in loaded.damage


def test_an_unedited_save_keeps_the_bytes_and_an_edited_one_writes_utf8(tmp_path: Path, sample_text: str):
    data, _line, _places = _with_pasted_line(sample_text)
    p = tmp_path / "survey.md"
    p.write_bytes(data)
    loaded = load_text(p)
    save_text_atomic(p, loaded.text + "补一句。\n", loaded)
    assert p.read_bytes().decode("utf-8") == loaded.text + "补一句。\n"
    assert (tmp_path / "survey.md.bak").read_bytes() == data  # the pasted line's bytes kept in the backup


@pytest.mark.parametrize("codec", ["gbk", "latin-1"])
def test_a_long_file_in_another_encoding_is_not_taken_for_damaged_utf8(tmp_path: Path, sample_text: str, codec):
    text = sample_text * 4 if codec == "gbk" else (PASTED + "\n") * 800  # over 64 KB: the quick look decides
    if codec == "gbk":
        text = text.encode("gbk", "ignore").decode("gbk")
    p = tmp_path / "other.md"
    p.write_bytes(text.encode(codec))
    loaded = load_text(p)
    assert loaded.encoding == ("gbk" if codec == "gbk" else "cp1252")  # before: Latin-1 as CP1257
    same = loaded.text == text
    assert same, "the text read differs"  # (pytest's diff of 80 KB that differ everywhere takes minutes)


def test_survey_check_opens_it_and_names_the_line(tmp_path: Path, sample_text: str, capsys):
    data, line, places = _with_pasted_line(sample_text)
    p = tmp_path / "survey.md"
    p.write_bytes(data)
    code = main([str(p)])
    err = capsys.readouterr().err
    assert code != 2  # 2: unusable input
    assert f"survey-check: {p} is not valid UTF-8 in {places} place(s), the first on line {line}:" in err
    assert "not a text file" not in err


def test_the_window_opens_it_and_says_where(qtbot, tmp_path: Path, sample_text: str):
    from ui_support import open_window

    from editor_app.ui.main_window import MainWindow

    data, line, places = _with_pasted_line(sample_text)
    p = tmp_path / "survey.md"
    p.write_bytes(data)
    told: list[str] = []
    errors: list[str] = []
    original = MainWindow.notify, MainWindow.show_error
    MainWindow.notify = lambda self, title, message: told.append(message)
    MainWindow.show_error = lambda self, title, message: errors.append(message)
    try:
        window = open_window(qtbot, p)
    finally:
        MainWindow.notify, MainWindow.show_error = original
    assert errors == []
    qtbot.waitUntil(lambda: bool(told), timeout=5000)
    assert f"is not valid UTF-8 in {places} place(s), the first on line {line}" in told[-1]
    assert window.current_path == p.resolve()  # before: "Can't open the file", the window left Untitled
    window.shutdown()
