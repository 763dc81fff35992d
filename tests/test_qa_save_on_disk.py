"""Saving into the file system as users have it: hard links, read-only files, other owners, a full disk."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from editor_app.services.files import UnsavableText, backup_path, load_text, save_text_atomic


def test_a_hard_linked_survey_is_rewritten_for_every_name(tmp_path: Path):
    """The survey also linked into a publish folder: before, Save replaced the file under one name only, and the
    other name kept the old text without a word."""
    survey = tmp_path / "survey.md"
    survey.write_bytes("原文\r\n".encode("gbk"))
    published = tmp_path / "publish" / "survey.md"
    published.parent.mkdir()
    os.link(survey, published)
    inode = survey.stat().st_ino
    loaded = load_text(survey)
    save_text_atomic(survey, loaded.text + "新的一行\n", loaded)
    assert published.read_bytes() == "原文\r\n新的一行\r\n".encode("gbk")
    assert survey.stat().st_ino == inode and survey.stat().st_nlink == 2
    assert backup_path(survey).read_bytes() == "原文\r\n".encode("gbk")
    assert backup_path(survey).stat().st_ino != inode  # a copy: the next rewrite can't reach it
    save_text_atomic(survey, "短\n", loaded)
    assert published.read_bytes() == "短\r\n".encode("gbk")  # shorter: no old bytes left at the end
    assert backup_path(survey).read_bytes() == "原文\r\n新的一行\r\n".encode("gbk")
    assert sorted(x.name for x in tmp_path.iterdir()) == ["publish", "survey.md", "survey.md.bak"]


def test_a_full_disk_while_rewriting_a_hard_linked_survey_leaves_it_whole(tmp_path: Path, monkeypatch):
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    os.link(survey, tmp_path / "other-name.md")

    def no_space(fd, offset, length):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "posix_fallocate", no_space, raising=False)
    with pytest.raises(UnsavableText, match="No space left on device. The file on disk was not changed"):
        save_text_atomic(survey, "原文\n" + "很长的新内容\n" * 100)
    assert survey.read_text(encoding="utf-8") == "原文\n"
    assert (tmp_path / "other-name.md").read_text(encoding="utf-8") == "原文\n"


def test_a_write_failing_halfway_puts_the_old_bytes_back(tmp_path: Path, monkeypatch):
    """A file system that can't reserve space fails in the middle of the write instead."""
    survey = tmp_path / "survey.md"
    survey.write_text("原文第一行\n原文第二行\n", encoding="utf-8")
    os.link(survey, tmp_path / "other-name.md")
    monkeypatch.setattr(os, "posix_fallocate",
                        lambda fd, o, n: (_ for _ in ()).throw(OSError(errno.EOPNOTSUPP, "not supported")),
                        raising=False)
    real_fsync, calls = os.fsync, []

    def fsync_fails_once(fd):
        calls.append(fd)
        if len(calls) == 1:  # the new text was written, not yet on disk: the disk says it is full
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync_fails_once)
    with pytest.raises(UnsavableText, match="No space left"):
        save_text_atomic(survey, "改" * 50 + "\n")
    assert survey.read_text(encoding="utf-8") == "原文第一行\n原文第二行\n"
    assert (tmp_path / "other-name.md").read_text(encoding="utf-8") == "原文第一行\n原文第二行\n"


def test_a_read_only_survey_is_not_replaced(tmp_path: Path):
    """chmod a-w (or a survey checked out read-only): before, Save replaced it anyway, keeping it read-only."""
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    survey.chmod(0o444)
    with pytest.raises(UnsavableText, match=r"survey.md is read-only\. Save it under another name"):
        save_text_atomic(survey, "改\n")
    assert survey.read_text(encoding="utf-8") == "原文\n"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["survey.md"]


def test_another_users_file_that_we_may_not_write_is_not_taken_over(tmp_path: Path, monkeypatch):
    """A colleague's survey in a shared folder we may write in: replacing it would have made it ours."""
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, m, **k: False if Path(p) == survey and m == os.W_OK
                        else real_access(p, m, **k))
    with pytest.raises(UnsavableText, match="read-only"):
        save_text_atomic(survey, "改\n")
    assert survey.read_text(encoding="utf-8") == "原文\n"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away")
def test_root_saving_a_users_survey_leaves_it_theirs(tmp_path: Path):
    """`sudo survey-editor` on a user's survey: the new file was root's, and the user could no longer save it."""
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    os.chown(survey, 12345, 23456)
    survey.chmod(0o640)
    save_text_atomic(survey, "改\n")
    st = survey.stat()
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (12345, 23456, 0o640)
    assert survey.read_text(encoding="utf-8") == "改\n"


def test_a_file_whose_owner_cant_be_kept_is_rewritten_in_place(tmp_path: Path, monkeypatch):
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    inode = survey.stat().st_ino
    monkeypatch.setattr(os, "geteuid", lambda: survey.stat().st_uid + 1)  # someone else's file, writable to us

    def not_permitted(*_a):
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "chown", not_permitted)
    save_text_atomic(survey, "改\n")
    assert survey.stat().st_ino == inode
    assert survey.read_text(encoding="utf-8") == "改\n"
    assert backup_path(survey).read_text(encoding="utf-8") == "原文\n"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["survey.md", "survey.md.bak"]


def test_a_backup_that_fails_for_want_of_space_leaves_no_stray_copy(tmp_path: Path, monkeypatch):
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    monkeypatch.setattr(os, "link", lambda *a: (_ for _ in ()).throw(OSError(errno.EXDEV, "cross-device")))

    def copy_fills_the_disk(src, dst, **_k):
        Path(dst).write_bytes(b"half")
        raise OSError(errno.ENOSPC, "No space left on device")

    import shutil

    monkeypatch.setattr(shutil, "copy2", copy_fills_the_disk)
    with pytest.raises(UnsavableText, match="No space left"):
        save_text_atomic(survey, "改\n")
    assert survey.read_text(encoding="utf-8") == "原文\n"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["survey.md"]  # before: .survey.md.bak.<pid>.tmp stayed


def _cut_mid_character(sample_text: str) -> tuple[bytes, int]:
    """The sample's UTF-8 bytes cut in the middle of a Chinese character (a copy or a write stopped by a full disk),
    and the line the cut falls on."""
    data = sample_text.encode("utf-8")
    cut = data.index("主体".encode("utf-8")) + 1
    return data[:cut], data[:cut].count(b"\n") + 1


def test_a_utf8_survey_cut_mid_character_still_opens_and_says_where(tmp_path: Path, sample_text: str):
    """Before: "not a text file this program can read", and the survey could not be opened to be mended."""
    survey = tmp_path / "survey.md"
    data, line = _cut_mid_character(sample_text)
    survey.write_bytes(data)
    loaded = load_text(survey)
    assert loaded.encoding == "utf-8" and loaded.text.endswith("\ufffd")
    assert loaded.text[:-1] == data[:-1].decode("utf-8")
    assert loaded.damage == (f"{survey} is not valid UTF-8 in 1 place(s), the first on line {line}: each is shown as "
                             "\ufffd, and a save after an edit writes that character there.")
    assert loaded.with_text(loaded.text).damage == ""  # what is saved is whole UTF-8


def test_a_stray_latin1_byte_in_a_utf8_survey_is_one_place(tmp_path: Path, sample_text: str):
    survey = tmp_path / "survey.md"
    data = sample_text.encode("utf-8")
    at = data.index("主体".encode("utf-8")) + 1  # inside a character: its bytes and the stray one are one place
    survey.write_bytes(data[:at] + b"\xe9" + data[at:] + "café".encode("latin-1"))
    loaded = load_text(survey)
    assert loaded.text.count("\ufffd") == 2 and "in 2 place(s)" in loaded.damage
    assert loaded.text.endswith("caf\ufffd")


@pytest.mark.parametrize("text, codec", [("标题\n" + "正文一段，讲推理引擎。\n" * 5, "gbk"),
                                         ("Café crème, naïve résumé — façade.\n", "cp1252")])
def test_other_encodings_are_not_taken_for_damaged_utf8(tmp_path: Path, text: str, codec: str):
    survey = tmp_path / "survey.md"
    survey.write_bytes(text.encode(codec))
    loaded = load_text(survey)
    assert loaded.damage == "" and loaded.encoding != "utf-8"  # a guess of the 8-bit code page is charset_normalizer's
    assert "\ufffd" not in loaded.text
