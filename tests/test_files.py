"""File loading/saving: encodings, BOMs and newline styles survive; a failed save never touches the file."""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path

import pytest

from editor_app.services.files import (
    UnreadableFile,
    UnsavableText,
    backup_path,
    changed_on_disk,
    file_fingerprint,
    load_text,
    save_text_atomic,
)

CHINESE = "# 大模型推理综述\n\n§0 自检栏：汉字 3,838 字，⚠️ 标记 12 处。\nSGLang ~16,200 vs vLLM ~12,500 tok/s。\n"
GBK_TEXT = CHINESE.replace("⚠️", "（待核）")  # GBK has no ⚠️


def test_gbk_crlf_round_trip_keeps_encoding_and_newlines(tmp_path: Path):
    p = tmp_path / "survey.md"
    p.write_bytes(GBK_TEXT.replace("\n", "\r\n").encode("gbk"))
    loaded = load_text(p)
    assert loaded.encoding == "gbk"
    assert loaded.newline == "\r\n" and not loaded.bom
    assert loaded.text == GBK_TEXT
    save_text_atomic(p, loaded.text + "新增一行。\n", loaded)
    raw = p.read_bytes()
    assert raw == (GBK_TEXT + "新增一行。\n").replace("\n", "\r\n").encode("gbk")
    assert b"\n" not in raw.replace(b"\r\n", b"")


def test_utf8_bom_round_trip(tmp_path: Path):
    p = tmp_path / "bom.md"
    p.write_bytes(codecs.BOM_UTF8 + CHINESE.encode("utf-8"))
    loaded = load_text(p)
    assert (loaded.encoding, loaded.bom, loaded.newline) == ("utf-8", True, "\n")
    assert not loaded.text.startswith("\ufeff")
    save_text_atomic(p, loaded.text.replace("3,838", "3,840"), loaded)
    assert p.read_bytes() == codecs.BOM_UTF8 + CHINESE.replace("3,838", "3,840").encode("utf-8")


@pytest.mark.parametrize("codec,bom", [("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE)])
def test_utf16_round_trip(tmp_path: Path, codec: str, bom: bytes):
    p = tmp_path / "wide.md"
    original = bom + CHINESE.replace("\n", "\r\n").encode(codec)
    p.write_bytes(original)
    loaded = load_text(p)
    assert (loaded.encoding, loaded.bom, loaded.newline) == (codec, True, "\r\n")
    assert loaded.text == CHINESE
    save_text_atomic(p, loaded.text, loaded)
    assert p.read_bytes() == original


def test_gb18030_only_text_is_labelled_gb18030(tmp_path: Path):
    p = tmp_path / "gb18030.md"
    text = "汉字与符号 ⚠️ 仍可保存。\n" * 3
    p.write_bytes(text.encode("gb18030"))
    loaded = load_text(p)
    assert (loaded.encoding, loaded.text) == ("gb18030", text)
    save_text_atomic(p, loaded.text + "🚀\n", loaded)
    assert p.read_bytes() == (text + "🚀\n").encode("gb18030")


def test_plain_utf8_and_old_mac_newlines(tmp_path: Path):
    p = tmp_path / "cr.md"
    p.write_bytes(CHINESE.replace("\n", "\r").encode("utf-8"))
    loaded = load_text(p)
    assert (loaded.encoding, loaded.bom, loaded.newline) == ("utf-8", False, "\r")
    assert loaded.text == CHINESE
    assert loaded.label == "UTF-8 · CR"


def test_save_without_format_keeps_the_existing_files_style(tmp_path: Path):
    p = tmp_path / "keep.md"
    p.write_bytes("旧文本\r\n".encode("gbk"))
    save_text_atomic(p, "新文本\n第二行\n")
    assert p.read_bytes() == "新文本\r\n第二行\r\n".encode("gbk")
    assert backup_path(p).read_bytes() == "旧文本\r\n".encode("gbk")


def test_new_file_is_utf8_lf_with_normal_permissions(tmp_path: Path):
    p = tmp_path / "new.md"
    save_text_atomic(p, "新文件\r\n")
    assert p.read_bytes() == "新文件\n".encode("utf-8")
    assert not backup_path(p).exists()
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(p.stat().st_mode) == 0o666 & ~mask


def test_binary_file_is_refused_with_a_clear_message(tmp_path: Path):
    p = tmp_path / "image.png"
    p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    with pytest.raises(UnreadableFile, match="binary"):
        load_text(p)


def test_control_character_soup_is_refused(tmp_path: Path):
    p = tmp_path / "blob.bin"
    p.write_bytes(bytes([1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17]) * 50)
    with pytest.raises(UnreadableFile, match="binary"):
        load_text(p)


def test_missing_folder_and_too_large(tmp_path: Path):
    with pytest.raises(UnreadableFile, match="does not exist"):
        load_text(tmp_path / "nope.md")
    with pytest.raises(UnreadableFile, match="folder"):
        load_text(tmp_path)
    big = tmp_path / "big.md"
    big.write_bytes(b"a" * 2048)
    with pytest.raises(UnreadableFile, match="MB"):
        load_text(big, max_bytes=1024)


def test_other_encodings_fall_back_to_charset_normalizer(tmp_path: Path):
    p = tmp_path / "latin.txt"
    text = "Le café était très animé; déjà vu à l'hôtel, où l'on mangeait des crêpes. " * 5
    p.write_bytes(text.encode("cp1252"))
    loaded = load_text(p)
    assert loaded.encoding not in ("utf-8", "gbk", "gb18030")
    assert loaded.text.startswith("Le caf")  # the exact single-byte code page is a guess
    save_text_atomic(p, loaded.text, loaded)
    assert p.read_bytes() == text.encode("cp1252")  # but the bytes survive the round trip


def test_unencodable_save_leaves_the_file_and_backup_untouched(tmp_path: Path):
    p = tmp_path / "gbk.md"
    original = GBK_TEXT.encode("gbk")
    p.write_bytes(original)
    before = file_fingerprint(p)
    fmt = load_text(p)
    assert fmt.encoding == "gbk"
    with pytest.raises(UnsavableText) as info:
        save_text_atomic(p, fmt.text + "火箭 🚀\n", fmt)
    msg = str(info.value)
    assert "🚀" in msg and "line 5" in msg and "GBK" in msg and "not changed" in msg
    assert p.read_bytes() == original
    assert file_fingerprint(p)[1:] == before[1:]
    assert not backup_path(p).exists()
    assert [x.name for x in tmp_path.iterdir()] == ["gbk.md"]  # no temp file left behind


def test_bak_holds_the_previous_version_and_mode_is_kept(tmp_path: Path):
    p = tmp_path / "s.md"
    p.write_text("第一版\n", encoding="utf-8")
    os.chmod(p, 0o640)
    save_text_atomic(p, "第二版\n")
    assert backup_path(p).read_text(encoding="utf-8") == "第一版\n"
    save_text_atomic(p, "第三版\n")
    assert backup_path(p).read_text(encoding="utf-8") == "第二版\n"
    assert p.read_text(encoding="utf-8") == "第三版\n"
    assert stat.S_IMODE(p.stat().st_mode) == 0o640
    save_text_atomic(p, "第四版\n", backup=False)
    assert backup_path(p).read_text(encoding="utf-8") == "第二版\n"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["s.md", "s.md.bak"]


def test_symlinked_file_stays_a_symlink(tmp_path: Path):
    real = tmp_path / "real.md"
    real.write_text("原文\n", encoding="utf-8")
    link = tmp_path / "link.md"
    link.symlink_to(real)
    save_text_atomic(link, "改过\n")
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "改过\n"


def test_fingerprint_notices_content_changes_not_touches(tmp_path: Path):
    p = tmp_path / "f.md"
    p.write_text("甲\n", encoding="utf-8")
    fp = file_fingerprint(p)
    assert fp[1] == len("甲\n".encode()) and len(fp[2]) == 64
    assert not changed_on_disk(p, fp)
    os.utime(p, ns=(fp[0] + 5_000_000_000, fp[0] + 5_000_000_000))
    assert not changed_on_disk(p, fp)  # touched, same bytes
    p.write_text("乙\n", encoding="utf-8")
    assert changed_on_disk(p, fp)
    p.unlink()
    assert changed_on_disk(p, fp)


def test_sample_survey_loads_as_utf8(sample_path: Path, sample_text: str):
    loaded = load_text(sample_path)
    assert loaded.encoding == "utf-8" and loaded.text == sample_text.replace("\r\n", "\n")


def test_changed_on_disk_reads_the_file_only_when_its_stamp_says_it_may_have_changed(tmp_path, monkeypatch):
    """Before, every look read and hashed the whole file, even one exactly as we left it: three times for each
    save (before it, after it, and at the watcher's event), ~7 ms each for an 8 MB survey here."""
    import os

    from editor_app.services import files

    p = tmp_path / "s.md"
    p.write_text("原文\n", encoding="utf-8")
    fp = file_fingerprint(p)
    reads: list[Path] = []
    real = files.file_fingerprint
    monkeypatch.setattr(files, "file_fingerprint", lambda path: reads.append(path) or real(path))
    assert not changed_on_disk(p, fp) and reads == []  # as we left it: not read
    os.utime(p, ns=(fp[0] + 10**9, fp[0] + 10**9))
    assert not changed_on_disk(p, fp) and len(reads) == 1  # touched, same size: read, same bytes
    p.write_text("原文加长\n", encoding="utf-8")
    assert changed_on_disk(p, fp) and len(reads) == 1  # another size: changed, without reading
