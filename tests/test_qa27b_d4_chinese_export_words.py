"""QA27b D4: in the Chinese window the export prompt named the kinds of private data in English ("2 处私域命中
（path, secret）。", the report itself says 密钥 / 路径), and a report that could not be written kept the system's
English reason ("无法写入报告：…/broken-zh.pdf: Permission denied"). The kinds are in the window's language; a
common system error (EACCES, ENOSPC, EROFS, ENOENT) is explained in it, the system's words after it."""

from __future__ import annotations

import errno
import os
import shutil

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ui_support import open_window

from editor_app.ui.export_actions import install

KEY = "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34"


@pytest.fixture
def leaky(tmp_path, sample_path):
    text = sample_path.read_text(encoding="utf-8")
    text = text.replace("\n3.1 ", f"\n调试时用过 {KEY}，日志在 /home/chensiyuan/work/secrets.txt。\n3.1 ", 1)
    survey = tmp_path / "broken.md"
    survey.write_text(text, encoding="utf-8")
    return survey


@pytest.mark.usefixtures("chinese", "zh_translation")
def test_the_chinese_prompt_names_the_kinds_in_chinese(qtbot, monkeypatch, leaky):
    window = open_window(qtbot, leaky)
    assert {h.dimension for h in window.latest_analysis.privacy} == {"path", "secret"}
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *a: asked.append(text)
                        or QMessageBox.StandardButton.No)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: ("", ""))
    install(window).export_action.trigger()
    assert len(asked) == 1
    assert "（路径、密钥）" in asked[0]
    assert "path" not in asked[0] and "secret" not in asked[0]


def test_the_english_prompt_is_as_it_was(qtbot, monkeypatch, leaky):
    window = open_window(qtbot, leaky)
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *a: asked.append(text)
                        or QMessageBox.StandardButton.No)
    install(window).export_action.trigger()
    assert "2 private-data hits (path, secret)." in asked[0]


@pytest.mark.usefixtures("chinese", "zh_translation")
@pytest.mark.parametrize("code, said", [
    (errno.EACCES, "没有在该位置写入的权限"), (errno.ENOSPC, "磁盘已满"), (errno.EROFS, "磁盘或文件夹是只读的"),
    (errno.ENOENT, "文件夹不存在"),
])
def test_a_system_error_is_explained_in_chinese(code, said):
    from editor_app.ui.export_actions import why_not_written

    told = why_not_written(OSError(code, os.strerror(code), "/tmp/r.pdf"))
    assert told == f"{said}（系统信息：{os.strerror(code)}）"


def test_a_system_error_in_english_keeps_the_system_words():
    from editor_app.ui.export_actions import why_not_written

    told = why_not_written(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "/tmp/r.pdf"))
    assert told == f"the disk is full ({os.strerror(errno.ENOSPC)})"
    # the program's own reasons are said as they are (translated by the engine's words), not explained again
    own = PermissionError(errno.EACCES, "the file is read-only (make it writable, or choose another name)", "r")
    assert why_not_written(own) == "the file is read-only (make it writable, or choose another name)"


@pytest.mark.usefixtures("chinese", "zh_translation")
def test_a_write_error_of_the_chinese_window(qtbot, monkeypatch, tmp_path, sample_path):
    survey = tmp_path / "s.md"
    shutil.copy(sample_path, survey)
    window = open_window(qtbot, survey)
    out = tmp_path / "ro" / "broken-zh.pdf"

    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(out))

    monkeypatch.setattr("editor_app.ui.export.export_report_file", refused)
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: warned.append(text))
    actions = install(window)
    with qtbot.waitSignal(actions.export_failed, timeout=20000) as failed:
        actions.export_to(out)
    assert failed.args == [f"{out}: 没有在该位置写入的权限（系统信息：Permission denied）"]
    assert warned and "没有在该位置写入的权限" in warned[0]
