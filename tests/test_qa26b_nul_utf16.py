"""QA26b D1: a UTF-8 survey with one stray NUL byte, in a file of even length, was read as UTF-16-LE gibberish
without a word (survey-check "CJK 5,221 · 1/200 lines"; the window's Ctrl+S then wrote "\\n\\0" over 7 untouched
places), and the same file of odd length was refused as binary. One NUL at an odd offset and none at even ones was
taken for UTF-16. Now UTF-16 without a byte-order mark needs NULs in a real share of its byte pairs, or a reading
that is common Chinese text where UTF-8 fails; a few NULs in UTF-8 are damage, shown as U+FFFD and said, whatever
the file's length."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor_app.cli import main
from editor_app.services.files import UnreadableFile, load_text, save_text_atomic

# Chinese alone: no ASCII character at all, so no NUL in its UTF-16 (no 一, 开, 最 ..., whose low byte is 0x00)
CHINESE_ONLY = "本文综述大模型推理基础设施的进展，包括调度、显存管理与量化。"
# Chinese lines: a NUL per line (its newline) on one side, and those of 一, 最, 开 on the other
CHINESE_LINES = "一个开放问题是最长上下文怎样退化。\n本文综述大模型推理基础设施的进展。\n" * 3


def _with_stray_nul(sample_text: str, length_parity: int) -> tuple[bytes, str]:
    """The sample with one NUL at the end of line 6 (the tester's file), padded to an even or odd length: (its bytes,
    the text it must open as)."""
    lines = sample_text.split("\n")
    lines[5] += "\x00"
    text = "\n".join(lines)
    if len(text.encode("utf-8")) % 2 != length_parity:
        text += "x"
    return text.encode("utf-8"), text.replace("\x00", "\ufffd")


@pytest.mark.parametrize("parity", [0, 1], ids=["even length", "odd length"])
def test_one_stray_nul_opens_as_utf8_and_is_named(tmp_path: Path, sample_text: str, parity: int):
    data, expected = _with_stray_nul(sample_text, parity)
    p = tmp_path / "nul.md"
    p.write_bytes(data)
    loaded = load_text(p)
    assert (loaded.encoding, loaded.bom, loaded.newline) == ("utf-8", False, "\n")
    assert loaded.text == expected
    assert loaded.damage == (f"{p} has NUL bytes, which are no text, in 1 place(s), the first on line 6: each is "
                             "shown as \ufffd, and a save after an edit writes that character there.")


@pytest.mark.parametrize("parity", [0, 1], ids=["even length", "odd length"])
def test_a_save_after_an_edit_changes_only_the_edit_and_the_nul(tmp_path: Path, sample_text: str, parity: int):
    data, _ = _with_stray_nul(sample_text, parity)
    p = tmp_path / "nul.md"
    p.write_bytes(data)
    loaded = load_text(p)
    first, rest = loaded.text.split("\n", 1)
    save_text_atomic(p, f"{first}改\n{rest}", loaded)
    first_bytes, rest_bytes = data.split(b"\n", 1)
    assert p.read_bytes() == first_bytes + "改\n".encode() + rest_bytes.replace(b"\x00", "\ufffd".encode())


def test_survey_check_counts_a_survey_with_a_stray_nul_as_the_survey(tmp_path: Path, sample_text: str, capsys):
    data, _ = _with_stray_nul(sample_text, 0)
    p = tmp_path / "nul.md"
    p.write_bytes(data)
    assert main([str(p)]) == 1  # the sample's own wrong figures, as from the file without the NUL
    out, err = capsys.readouterr()
    assert "CJK 3,838/3,900 · ⚠️ 79 · 113/200 lines" in out
    assert f"survey-check: {p} has NUL bytes, which are no text, in 1 place(s), the first on line 6" in err


def test_a_crash_zeroed_tail_is_one_place_on_the_last_line(tmp_path: Path, sample_text: str):
    p = tmp_path / "tail.md"
    p.write_bytes(sample_text.encode("utf-8") + b"\x00" * 4096)
    loaded = load_text(p)
    assert loaded.text == sample_text + "\ufffd"
    assert "in 1 place(s), the first on line 113:" in loaded.damage


def test_nul_and_bytes_that_are_not_utf8_are_both_counted(tmp_path: Path, sample_text: str):
    p = tmp_path / "both.md"
    p.write_bytes(sample_text.encode("utf-8") + b"caf\xe9\x00\x00")
    loaded = load_text(p)
    assert loaded.text.endswith("caf\ufffd\ufffd")
    assert "is not valid UTF-8 in 1 place(s) and has NUL bytes in 1 more, the first on line 113:" in loaded.damage


def test_a_nul_after_a_utf8_bom_is_named_too(tmp_path: Path):
    p = tmp_path / "bom.md"
    p.write_bytes(b"\xef\xbb\xbf" + "# 综述\n正文\x00第二句。\n".encode())
    loaded = load_text(p)
    assert (loaded.encoding, loaded.bom, loaded.text) == ("utf-8", True, "# 综述\n正文\ufffd第二句。\n")
    assert "NUL bytes" in loaded.damage and "line 2" in loaded.damage


@pytest.mark.parametrize("data", [b"\x00" * 4096, b"ab\x00\x00cd\x00\x00", "综述".encode() + b"\x00" * 7])
def test_a_file_mostly_of_nuls_is_still_refused(tmp_path: Path, data: bytes):
    p = tmp_path / "zeros.md"
    p.write_bytes(data)
    with pytest.raises(UnreadableFile, match="binary"):
        load_text(p)


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("text", ["sample", "hello\n", "ok", CHINESE_ONLY, CHINESE_LINES],
                         ids=["sample", "ascii line", "two letters", "chinese only", "chinese lines"])
def test_utf16_without_bom_still_opens(tmp_path: Path, sample_text: str, codec: str, text: str):
    text = sample_text if text == "sample" else text
    data = text.encode(codec)
    if text == CHINESE_ONLY:
        assert b"\x00" not in data
    p = tmp_path / "wide.md"
    p.write_bytes(data)
    loaded = load_text(p)
    assert (loaded.encoding, loaded.bom, loaded.text, loaded.damage) == (codec, False, text, "")
    save_text_atomic(p, loaded.text, loaded)
    assert p.read_bytes() == data


@pytest.mark.parametrize("shift", ["", " "])
def test_ascii_heavy_gbk_is_not_read_as_utf16(tmp_path: Path, shift: str):
    """Pairs of ASCII letters are CJK ideographs as UTF-16 ("ab" is U+6261): rare ones, not common text."""
    text = shift + "The quick brown fox jumps over the lazy dog, 1234 times; see arXiv:2401.01234.\n" * 40 + "作者：张三\n"
    data = text.encode("gbk")
    if len(data) % 2:
        data += b"\n"
    p = tmp_path / "english.md"
    p.write_bytes(data)
    loaded = load_text(p)
    assert loaded.encoding == "gbk" and loaded.text.startswith(text)
