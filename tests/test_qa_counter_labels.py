"""QA: the counters per section are headed by the pack's own labels ("CJK", "⚠️", "bare ⚠"), never its internal
counter names ("cjk", "cautions", "bare_cautions"), and the section's line range is not confused with a counter."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ui_support import open_window


def _headers(window) -> list[str]:
    model = window.selfcheck.sections_view.model()
    return [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]


def test_section_counters_are_headed_by_the_pack_labels(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    headers = _headers(window)
    assert headers[:2] == ["Section", "Line range"]  # before: "Lines", next to the "lines" counter
    assert headers[2:] == ["CJK", "⚠️", "bare ⚠", "lines", "characters",
                           "list items"]  # before: cjk, cautions, …, bare_cautions (in the pack's order: QA28b D7)
    counters = window.latest_analysis.sections[0].metrics
    row = window.selfcheck.sections_view.model().index(0, 3)
    assert row.data() == str(counters["cautions"])  # each column still shows its own counter


def test_switching_to_a_pack_with_other_counters_renames_the_columns(qtbot, tmp_path):
    from dataclasses import replace

    from editor_app.resources_path import resource_path

    survey = tmp_path / "survey.md"
    survey.write_text("# 1 Intro\nSome words here. TODO\n\n## 2 Limitations\nFew.\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    assert "CJK" in _headers(window)
    with qtbot.waitSignal(window.analysis_ready, timeout=20000):  # as the Settings dialog switches packs
        window._settings_changed(replace(window.config, rule_pack=resource_path("rulepacks", "english-markdown.toml")))
    headers = _headers(window)
    assert "CJK" not in headers and "cjk" not in headers
    assert {"words", "lines", "⚠️", "TODO"} <= set(headers[2:])
