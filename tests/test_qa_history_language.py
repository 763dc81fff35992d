"""QA: the History tab of the Chinese window showed 'save' / 'autosave', '2 (1 error)' and 'limit 3,900' in
English; they are now translated like the rest of the tab. The Failing column counts as the status bar does: the
error-level rules failing, then the warnings ('1 + 1 warning' where the window says '1 rule failing, 1 rule warning')."""

from __future__ import annotations

from pathlib import Path


QM = Path(__file__).resolve().parent.parent / "resources" / "i18n" / "survey_editor_zh_CN.qm"


def _row(kind: str, failing: int, errors: int) -> dict:
    return {"id": 1, "time": 1_700_000_000, "time_iso": "2023-11-14T22:13:20", "kind": kind, "cjk": 3838,
            "cautions": 79, "lines": 113, "failing": failing, "errors": errors, "chars": 17007, "text_hash": "ab" * 32}


def _shown(model, column: str) -> list[str]:
    c = model.COLUMNS.index(column)
    return [model.index(r, c).data() for r in range(model.rowCount())]


def test_history_rows_in_english(qapp):
    from editor_app.ui.history_panel import SnapshotModel

    model = SnapshotModel()
    model.set_rows([_row("save", 2, 1), _row("autosave", 3, 2), _row("cli", 0, 0)])
    assert _shown(model, "kind") == ["save", "autosave", "cli"]
    assert _shown(model, "failing") == ["1 + 1 warning", "2 + 1 warning", "0"]
    model.set_rows([_row("save", 3, 0), _row("save", 2, 2), {**_row("save", 4, 0), "errors": None}])
    assert _shown(model, "failing") == ["0 + 3 warnings", "2", "4"]


def test_history_rows_and_limit_in_chinese(qtbot, zh_translation):
    from editor_app.ui.history_panel import HistoryPanel, SnapshotModel

    model = SnapshotModel()
    model.set_rows([_row("save", 2, 1), _row("autosave", 3, 2), _row("cli", 0, 0)])
    assert _shown(model, "kind") == ["保存", "自动保存", "命令行"]
    assert _shown(model, "failing") == ["1 + 1 条警告", "2 + 1 条警告", "0"]
    assert "characters" not in model.index(0, 0).data(3)  # the tooltip

    panel = HistoryPanel()
    qtbot.addWidget(panel)
    panel._draw_series([(1_700_000_000.0, 3838.0)], [3900.0])
    assert panel.limit_lines[0].label.toPlainText() == "限值 3,900"


def test_survey_check_history_counts_as_the_window(tmp_path, capsys):
    """`survey-check history` reads "1 + 1 warning" for the sample's snapshot, as the History tab and status bar."""
    import shutil

    from editor_app import cli
    from editor_app.formats import stored_failing_text

    assert [stored_failing_text(2, 1), stored_failing_text(3, 0), stored_failing_text(2, 2),
            stored_failing_text(4, None)] == ["1 + 1 warning", "0 + 3 warnings", "2", "4"]
    survey = tmp_path / "s.md"
    shutil.copy(Path(__file__).resolve().parent.parent / "resources" / "samples" / "llm-infra-2026-09-14.md", survey)
    db = str(tmp_path / "h.db")
    assert cli.main([str(survey), "--record", "--db", db]) == 1  # the sample fails a rule
    capsys.readouterr()
    assert cli.main(["history", str(survey), "--db", db]) == 0
    (row,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith("1 ")]
    assert row.rstrip().endswith("113    1 + 1 warning")
