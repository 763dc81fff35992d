"""QA28d D4: a Latin-1 / Windows-1252 file was silently read in the wrong code page: charset_normalizer's best match
for a few dozen bytes of French was Baltic (CP1257: "Naïve façade déjà" shown as "Naļve faēade déją") or Urdu
(CP1006: "Café" as "Cafﻠ"), and nothing said the encoding was a guess. Typing a character the file held ("ï") was
refused on save, and accepting "Save as UTF-8" wrote the misread letters into the file for good. Now Western text is
read as Windows-1252 (other scripts still left to charset_normalizer, GBK still GBK), a guessed encoding is said on
opening (window and survey-check's stderr) and in the "Save as UTF-8?" question, and File → Reopen in Another
Encoding reads the file again in UTF-8, GB18030, UTF-16, Windows-1252 or Latin-1."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor_app.cli import main
from editor_app.services.files import load_text, save_text_atomic

# the tester's bad/latin1.md and bad/latin1_short.md, and the same text in Windows-1252 with an em dash
LATIN1 = "# Café résumé\n\nNaïve façade - déjà vu. Über straße.\n\n## Notes\n\nPrix: 12 £ ; ½ ¼ ¾ ©®°±\n"
CP1252 = LATIN1.replace(" - ", " — ")
GBK_SURVEY = "主题综述 · llm-infra\n- 作者：spark\n\n## 一、正文\n\n用vLLM推理，吞吐提升3倍。CPU和GPU对比。\n"


@pytest.mark.parametrize("text, codec", [(LATIN1, "latin-1"), ("Café\n", "latin-1"), (CP1252, "cp1252"),
                                         ("Über die Straße gehen Mädchen, schön größer.\n", "cp1252"),
                                         ("El niño comió más piñas el año pasado, ¿verdad?\n", "cp1252")])
def test_western_text_is_read_as_windows_1252_and_said_to_be_a_guess(tmp_path: Path, text: str, codec: str):
    p = tmp_path / "latin.md"
    p.write_bytes(text.encode(codec))
    loaded = load_text(p)
    assert loaded.text == text  # before: "Naļve faēade", "Cafﻠ" (German: read as GBK hanzi, "M鋎chen")
    assert loaded.encoding == "cp1252" and loaded.damage == ""
    assert loaded.guessed == (f"{p} is not UTF-8: it was read as Windows-1252, an encoding guessed from its bytes. If "
                              "letters look wrong, reopen it in its own encoding (File → Reopen in Another Encoding) "
                              "before saving: a save writes the letters as shown.")
    assert loaded.notices == (loaded.guessed,)


def test_a_letter_the_latin1_file_held_is_saved_in_its_own_encoding(tmp_path: Path):
    """Before: 'ï' can't be written in CP1257, and the UTF-8 save offered wrote 'Naļve' for good."""
    p = tmp_path / "latin.md"
    p.write_bytes(LATIN1.encode("latin-1"))
    loaded = load_text(p)
    save_text_atomic(p, loaded.text + "naïve\n", loaded)
    assert p.read_bytes() == (LATIN1 + "naïve\n").encode("latin-1")
    assert load_text(p).text == LATIN1 + "naïve\n"


@pytest.mark.parametrize("text, codec", [("Привет, это тестовый файл для проверки кодировки текста.\n", "cp1251"),
                                         ("Καλημέρα, αυτό είναι ένα δοκιμαστικό αρχείο.\n", "cp1253"),
                                         ("Příliš žluťoučký kůň úpěl ďábelské ódy.\n", "cp1250")])
def test_other_scripts_are_still_read_in_their_own_code_page_and_said_to_be_a_guess(tmp_path: Path, text, codec):
    p = tmp_path / "other.md"
    p.write_bytes((text * 3).encode(codec))
    loaded = load_text(p)
    assert loaded.text == text * 3 and loaded.encoding == codec
    assert f"it was read as {codec.upper()}, an encoding guessed from its bytes" in loaded.guessed


@pytest.mark.parametrize("text", [GBK_SURVEY, "CPU和GPU", "中文", "這是一個繁體中文測試文件，用來檢查編碼。"])
def test_gbk_is_still_gbk_and_no_guess(tmp_path: Path, text: str):
    p = tmp_path / "gbk.md"
    p.write_bytes(text.encode("gbk"))
    loaded = load_text(p)
    assert (loaded.text, loaded.encoding, loaded.guessed) == (text, "gbk", "")


def test_utf8_is_no_guess(tmp_path: Path, sample_text: str):
    p = tmp_path / "s.md"
    p.write_text(sample_text, encoding="utf-8")
    assert load_text(p).guessed == ""


def test_survey_check_says_the_encoding_was_guessed(tmp_path: Path, capsys):
    p = tmp_path / "latin.md"
    p.write_bytes(LATIN1.encode("latin-1"))
    main([str(p)])
    err = capsys.readouterr().err
    assert f"survey-check: {p} is not UTF-8: it was read as Windows-1252, an encoding guessed from its bytes." in err


def test_the_chinese_window_says_the_guess_in_chinese(qtbot, chinese, tmp_path: Path):
    p = tmp_path / "latin.md"
    p.write_bytes(LATIN1.encode("latin-1"))
    told: list[str] = []
    window = _window(qtbot, p, told)
    qtbot.waitUntil(lambda: bool(told), timeout=5000)
    assert told[-1] == (f"{p} 不是 UTF-8：已按 Windows-1252 读取，这是根据其字节猜测的编码。如果字母显示不对，请在保存前用"
                        "它本来的编码重新打开（文件 → 以其他编码重新打开）：保存时会按显示的样子写入。")
    window.shutdown()


@pytest.mark.parametrize("encoding, text, damage", [
    ("utf-8", "# Caf\ufffd r\ufffdsum\ufffd\n", "is not valid UTF-8 in 14 place(s), the first on line 1:"),
    ("latin-1", "# Café résumé\n", ""),
    ("cp1252", "# Café résumé\n", ""),
    ("gb18030", "# Caf\ufffd r閟um\ufffd\n", "is not valid GB18030 in 7 place(s), the first on line 1:"),
    ("utf-16", None, None),
])
def test_load_text_in_reads_the_file_in_the_encoding_named(tmp_path: Path, encoding, text, damage):
    from editor_app.services.files import load_text_in

    p = tmp_path / "latin.md"
    p.write_bytes(LATIN1.encode("latin-1"))
    loaded, fingerprint = load_text_in(p, encoding)
    assert loaded.guessed == ""  # chosen, not guessed
    assert fingerprint[1] == p.stat().st_size
    if text is not None:
        assert loaded.text.startswith(text)
    if damage is not None:
        assert damage in loaded.damage if damage else loaded.damage == ""
    assert p.read_bytes() == LATIN1.encode("latin-1")  # read only


def test_load_text_in_utf16_takes_the_byte_order_of_the_mark_or_of_the_nuls(tmp_path: Path):
    from editor_app.services.files import load_text_in

    for codec, bom in (("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff"), ("utf-16-be", b"")):
        p = tmp_path / "w.md"
        p.write_bytes(bom + "标题\nabc\n".encode(codec))
        loaded, _ = load_text_in(p, "utf-16")
        assert (loaded.text, loaded.encoding, loaded.bom, loaded.damage) == ("标题\nabc\n", codec, bool(bom), "")


# ---- the window ----

def _window(qtbot, path: Path, told: list):
    from ui_support import open_window

    from editor_app.ui.main_window import MainWindow

    original = MainWindow.notify, MainWindow.show_error
    MainWindow.notify = lambda self, title, message: told.append(message)
    MainWindow.show_error = lambda self, title, message: told.append(message)  # (no modal box in a test)
    try:
        return open_window(qtbot, path)
    finally:
        MainWindow.notify, MainWindow.show_error = original


def test_the_window_says_the_guess_and_reopens_the_file_in_the_encoding_chosen(qtbot, tmp_path: Path):
    p = tmp_path / "latin.md"
    p.write_bytes(LATIN1.encode("latin-1"))
    told: list[str] = []
    window = _window(qtbot, p, told)
    qtbot.waitUntil(lambda: bool(told), timeout=5000)
    assert "it was read as Windows-1252, an encoding guessed from its bytes" in told[-1]
    assert window.editor.toPlainText() == LATIN1 and "CP1252" in window.format_label.text()

    menu = window.menu_reopen
    names = [a.text().replace("&", "") for a in menu.actions()]
    assert names == ["UTF-8", "GB18030 (Chinese)", "UTF-16", "Windows-1252 (Western European)",
                     "Latin-1 (ISO 8859-1)"]
    window.menus.update_reopen()
    assert menu.isEnabled()
    assert [a.isChecked() for a in menu.actions()] == [False, False, False, True, False]

    window.notify = lambda title, message: told.append(message)
    menu.actions()[0].trigger()  # UTF-8: every accented letter is a U+FFFD, and the window says where
    assert window.loaded.encoding == "utf-8" and window.editor.toPlainText().startswith("# Caf\ufffd r\ufffdsum")
    assert "is not valid UTF-8 in 14 place(s), the first on line 1" in told[-1]
    assert not window.editor.document().isModified()
    window.save()  # nothing edited: the file keeps its bytes
    assert p.read_bytes() == LATIN1.encode("latin-1")

    menu.actions()[4].trigger()  # Latin-1: the letters are back
    assert window.editor.toPlainText() == LATIN1 and window.loaded.encoding == "iso8859-1"
    assert window.loaded.guessed == "" and p.read_bytes() == LATIN1.encode("latin-1")
    window.shutdown()


def test_reopen_is_disabled_without_a_file(qtbot, tmp_path: Path):
    p = tmp_path / "s.md"
    p.write_text("# 标题\n", encoding="utf-8")
    window = _window(qtbot, p, [])
    window.new_document()
    window.menus.update_reopen()
    assert not window.menu_reopen.isEnabled()
    assert window.reopen_with_encoding("cp1252") is False
    window.shutdown()


def test_the_utf8_question_says_the_encoding_was_a_guess(qtbot, tmp_path: Path):
    """A file whose encoding was guessed, saved with a letter the guess lacks: the question offering UTF-8 says the
    encoding was only guessed (a UTF-8 save writes the misread letters for good); cancelled, the file is unchanged."""
    from ui_support import type_text, writing

    text = "Привет, это тестовый файл для проверки кодировки текста.\n" * 3
    p = tmp_path / "ru.md"
    p.write_bytes(text.encode("cp1251"))
    window = _window(qtbot, p, [])
    assert window.loaded.encoding == "cp1251"
    asked: list[str] = []
    window.ask_save_as_utf8 = lambda problem: asked.append(problem) or False
    window.show_error = lambda title, message: None
    writing(qtbot, window)
    type_text(window.editor, "ï")
    window.save()
    assert asked and "CP1251 was only guessed from the file's bytes" in asked[0]
    assert "File → Reopen in Another Encoding" in asked[0]
    assert p.read_bytes() == text.encode("cp1251")
    window.shutdown()


def test_the_utf8_question_of_a_gbk_survey_says_no_guess(qtbot, tmp_path: Path):
    from ui_support import type_text, writing

    p = tmp_path / "gbk.md"
    p.write_bytes(GBK_SURVEY.encode("gbk"))
    window = _window(qtbot, p, [])
    window.menus.update_reopen()
    assert [a.isChecked() for a in window.menu_reopen.actions()] == [False] * 5  # GBK: none of the five
    asked: list[str] = []
    window.ask_save_as_utf8 = lambda problem: asked.append(problem) or False
    window.show_error = lambda title, message: None
    writing(qtbot, window)
    type_text(window.editor, "⚠️")
    window.save()
    assert asked and "guessed" not in asked[0]
    window.shutdown()
