"""QA28d D6: a UTF-16 survey with one lone surrogate (half an emoji, cut by a Windows tool) was refused whole, naming
no place: with a byte-order mark "starts with a UTF-16-LE byte-order mark but is not valid UTF-16-LE", without one
"looks like a binary file (it contains NUL bytes)" — while the same damage in UTF-8 opened with U+FFFD and its line
named. UTF-16 is now read as damaged UTF-8 is: each lone surrogate (or a last character cut short) is one U+FFFD,
and the window and survey-check say how many and the first one's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor_app.cli import main
from editor_app.services.files import UnreadableFile, load_text, save_text_atomic


def _with_lone_surrogate(sample_text: str, codec: str, bom: bool, line: int = 50) -> tuple[bytes, str]:
    """The sample in UTF-16 with a lone U+D83D at the start of `line`: (its bytes, the text it must open as)."""
    lines = sample_text.split("\n")
    lines[line - 1] = "\ud83d" + lines[line - 1]
    text = "\n".join(lines)
    mark = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[codec] if bom else b""
    return mark + text.encode(codec, "surrogatepass"), text.replace("\ud83d", "\ufffd")


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("bom", [True, False], ids=["BOM", "no BOM"])
def test_a_lone_surrogate_in_utf16_opens_as_ufffd_and_is_named(tmp_path: Path, sample_text: str, codec: str,
                                                                bom: bool):
    data, expected = _with_lone_surrogate(sample_text, codec, bom)
    p = tmp_path / "survey.md"
    p.write_bytes(data)
    loaded = load_text(p)  # before: refused ("not valid UTF-16-LE", without a BOM "a binary file")
    assert (loaded.text, loaded.encoding, loaded.bom) == (expected, codec, bom)
    assert loaded.damage == (f"{p} is not valid {codec.upper()} in 1 place(s), the first on line 50: each is shown "
                             "as \ufffd, and a save after an edit writes that character there.")
    assert loaded.guessed == ""


def test_a_utf16_file_cut_in_the_middle_of_a_character_opens(tmp_path: Path, sample_text: str):
    data = b"\xff\xfe" + sample_text.encode("utf-16-le")
    p = tmp_path / "survey.md"
    p.write_bytes(data[:-1])  # its last byte lost
    loaded = load_text(p)
    assert loaded.text == sample_text[:-1] + "\ufffd"
    last = sample_text[:-1].count("\n") + 1
    assert f"is not valid UTF-16-LE in 1 place(s), the first on line {last}:" in loaded.damage


def test_an_edited_save_writes_utf16_with_the_replacement(tmp_path: Path, sample_text: str):
    data, expected = _with_lone_surrogate(sample_text, "utf-16-le", True)
    p = tmp_path / "survey.md"
    p.write_bytes(data)
    loaded = load_text(p)
    save_text_atomic(p, loaded.text + "补一句。\n", loaded)
    assert p.read_bytes() == b"\xff\xfe" + (expected + "补一句。\n").encode("utf-16-le")
    assert (tmp_path / "survey.md.bak").read_bytes() == data


def test_binary_files_with_nul_bytes_are_still_refused(tmp_path: Path):
    p = tmp_path / "blob.md"
    p.write_bytes(bytes(range(256)) * 40)
    with pytest.raises(UnreadableFile, match="binary"):
        load_text(p)


def test_survey_check_opens_it_and_names_the_line(tmp_path: Path, sample_text: str, capsys):
    data, _expected = _with_lone_surrogate(sample_text, "utf-16-le", False)
    p = tmp_path / "survey.md"
    p.write_bytes(data)
    code = main([str(p)])
    err = capsys.readouterr().err
    assert code != 2
    assert f"survey-check: {p} is not valid UTF-16-LE in 1 place(s), the first on line 50:" in err
    assert "binary" not in err


def test_the_damage_of_utf16_is_said_in_chinese(tmp_path: Path, sample_text: str):
    from editor_app.wording import EngineText

    data, _expected = _with_lone_surrogate(sample_text, "utf-16-le", True)
    p = tmp_path / "survey.md"
    p.write_bytes(data)
    said = EngineText("zh_CN")(load_text(p).damage)
    assert said == (f"{p} 有 1 处不是有效的 UTF-16-LE，第一处在第 50 行：每处显示为 \ufffd，编辑后保存时那里会写入这个字符。")
