"""QA: after the first save of a new survey the History tab was headed "survey.md: 1 snapshots"; it now reads
"survey.md: 1 snapshot" (Chinese: "survey.md：1 个快照"), and "2 snapshots" from the second on."""

from __future__ import annotations

from ui_support import type_text, wait_analysis, window_with_history


def _save_twice(qtbot, tmp_path, monkeypatch) -> list[str]:
    survey, window, ctl = window_with_history(qtbot, tmp_path, "主题综述 · 测试\n", monkeypatch)
    window._show_panel(ctl.panel)
    titles = []
    for n in (1, 2):
        with wait_analysis(qtbot, window):
            type_text(window.editor, f"第{n}段。\n")
        with qtbot.waitSignal(ctl.recorded, timeout=5000):
            assert window.save()
        qtbot.waitUntil(lambda n=n: str(n) in ctl.panel.title.text())
        titles.append(ctl.panel.title.text())
    window.shutdown()
    return titles


def test_one_snapshot_is_one(qtbot, tmp_path, monkeypatch):
    assert _save_twice(qtbot, tmp_path, monkeypatch) == ["survey.md: 1 snapshot", "survey.md: 2 snapshots"]


def test_one_snapshot_in_chinese(qtbot, tmp_path, monkeypatch, zh_translation):
    assert _save_twice(qtbot, tmp_path, monkeypatch) == ["survey.md：1 个快照", "survey.md：2 个快照"]
