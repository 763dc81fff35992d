"""QA26a D4: History (the tab and `survey-check history`) assumed the house pack's counters. With the bundled English
pack (it counts words, has no `cjk`) the list showed a "CJK" column of dashes and no word count; the chart opened on
"CJK characters" and said "No snapshots yet" above two snapshots; the chooser called the pack's `cautions` counter
"⚠️ markers". The list and the chart now follow the pack the survey is checked with (its document-wide counters,
under its labels: words, lines for the English pack), the house pack looks as before, and an empty series of a
metric the snapshots lack is said to be not measured."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from ui_support import type_text, wait_analysis, window_with_history

RESOURCES = Path(__file__).resolve().parent.parent / "resources"
ENGLISH = RESOURCES / "rulepacks" / "english-markdown.toml"
SURVEY = """# Serving LLMs: a short survey

## 1 Introduction

Large language model serving has become an infrastructure problem of its own.
⚠️ Throughput figures below are vendor-reported.

## 2 Limitations

We measured nothing ourselves.

## References

- arXiv:2309.06180
"""


def _words(text: str) -> int:
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import load_pack

    return int(analyze(text, load_pack(ENGLISH)).metrics["words"])


def _english_window_saved_twice(qtbot, tmp_path, monkeypatch):
    """The window on a survey with the English pack beside it, saved twice, its History tab shown."""
    shutil.copy(ENGLISH, tmp_path / "survey-rules.toml")
    survey, window, ctl = window_with_history(qtbot, tmp_path, SURVEY, monkeypatch)
    assert window.pack.name == "english-markdown"
    window._show_panel(ctl.panel)
    for n in (1, 2):
        with wait_analysis(qtbot, window):
            type_text(window.editor, f"Paragraph {n} adds words.\n")
        with qtbot.waitSignal(ctl.recorded, timeout=5000):
            assert window.save()
        qtbot.waitUntil(lambda n=n: f"{n} snapshot" in ctl.panel.title.text())
    qtbot.waitUntil(lambda: all(r.get("measured", True) for r in ctl.panel.model.rows))
    return survey, window, ctl


def _headers(model) -> list[str]:
    return [model.headerData(c, _horizontal()) for c in range(model.columnCount())]


def _horizontal():
    from PySide6.QtCore import Qt

    return Qt.Orientation.Horizontal


def _column(model, header: str) -> list[str]:
    c = _headers(model).index(header)
    return [model.index(r, c).data() for r in range(model.rowCount())]


def test_the_list_and_the_chart_follow_the_english_pack(qtbot, tmp_path, monkeypatch):
    survey, window, ctl = _english_window_saved_twice(qtbot, tmp_path, monkeypatch)
    panel = ctl.panel
    model = panel.model
    assert _headers(model) == ["Time", "Kind", "Words", "Lines", "Failing"]  # before: … "CJK", "⚠️", "Lines" …
    text = survey.read_text(encoding="utf-8")
    assert _column(model, "Words")[0] == f"{_words(text):,}"  # the newest snapshot: the text saved
    assert _column(model, "Lines")[0] == f"{text.count(chr(10)):,}"
    assert all(v not in ("–", "") for v in _column(model, "Words"))
    # the chart opens on words (before: "CJK characters", an empty chart saying "No snapshots yet")
    assert panel.metric_box.currentData() == "words"
    assert panel.metric_box.currentText() == "words"
    qtbot.waitUntil(lambda: panel.chart is not None and panel.chart.isVisible(), timeout=10000)
    assert not panel.chart_empty.isVisible()
    assert list(panel._drawn[0]) and [y for _, y in panel._drawn[0]][-1] == _words(text)
    assert panel._drawn[1] == [2500.0]  # the pack's word budget
    # the chooser names the pack's counters by its labels, and offers no CJK the snapshots don't have
    items = {panel.metric_box.itemData(i): panel.metric_box.itemText(i) for i in range(panel.metric_box.count())}
    assert "cjk" not in items and items["todo"] == "TODO" and items["rule:word-budget"] == "At most 2,500 words"
    window.shutdown()


def test_a_metric_these_snapshots_lack_is_said_not_measured(qtbot, tmp_path, monkeypatch):
    """The house's CJK, offered for snapshots the house pack measured before (or chosen anyway), is not "No snapshots
    yet" when snapshots are listed."""
    survey, window, ctl = _english_window_saved_twice(qtbot, tmp_path, monkeypatch)
    panel = ctl.panel
    panel.metric_box.addItem("CJK characters", "cjk")
    panel.metric_box.setCurrentIndex(panel.metric_box.count() - 1)
    qtbot.waitUntil(lambda: panel.chart_empty.isVisible(), timeout=10000)
    said = panel.chart_empty.text()
    assert "No snapshots yet" not in said and said == "“CJK characters” was not measured in these snapshots."
    panel.metric_box.setCurrentIndex(panel.metric_box.findData("words"))
    qtbot.waitUntil(lambda: panel.chart.isVisible() and not panel.chart_empty.isVisible(), timeout=10000)
    window.shutdown()


def test_a_teams_cautions_counter_is_named_by_its_label(qtbot, tmp_path, monkeypatch):
    """The QA's team pack labels its `cautions` counter "cautions": the list's column and the chooser say so, not
    the house's "⚠️ markers"."""
    pack = ENGLISH.read_text(encoding="utf-8").replace('[counters.cautions]\nlabel = "⚠️"',
                                                       '[counters.cautions]\nlabel = "cautions"')
    pack += '\n[[rules]]\nid = "cautions"\ntitle = "At most 5 cautions"\nkind = "count"\ncounter = "cautions"\n' \
            'scope = "document"\nmax = 5\n'
    (tmp_path / "survey-rules.toml").write_text(pack, encoding="utf-8")
    survey, window, ctl = window_with_history(qtbot, tmp_path, SURVEY, monkeypatch)
    window._show_panel(ctl.panel)
    with qtbot.waitSignal(ctl.recorded, timeout=5000):
        type_text(window.editor, "More.\n")
        assert window.save()
    qtbot.waitUntil(lambda: ctl.panel.model.rowCount() == 1 and ctl.panel.model.rows[0].get("measured", True))
    assert _headers(ctl.panel.model) == ["Time", "Kind", "Words", "Lines", "Cautions", "Failing"]  # (in its order)
    assert _column(ctl.panel.model, "Cautions") == ["1"]
    box = ctl.panel.metric_box
    assert box.itemText(box.findData("cautions")) == "cautions"
    window.shutdown()


def test_the_house_pack_looks_as_before(qtbot, tmp_path, monkeypatch):
    survey, window, ctl = window_with_history(qtbot, tmp_path, "主题综述 · 测试\n\n⚠️ 注意。\n", monkeypatch)
    window._show_panel(ctl.panel)
    with qtbot.waitSignal(ctl.recorded, timeout=5000):
        type_text(window.editor, "第一段。\n")
        assert window.save()
    qtbot.waitUntil(lambda: ctl.panel.model.rowCount() == 1 and ctl.panel.model.rows[0].get("measured", True))
    model = ctl.panel.model
    assert model.COLUMNS == ("time", "kind", "cjk", "cautions", "lines", "failing")
    assert _headers(model) == ["Time", "Kind", "CJK", "⚠️", "Lines", "Failing"]
    box = ctl.panel.metric_box
    assert box.currentData() == "cjk" and box.currentText() == "CJK characters"
    assert [box.itemText(i) for i in range(3)] == ["CJK characters", "⚠️ markers", "Lines"]
    window.shutdown()


def test_an_older_snapshot_of_another_pack_lists_a_dash_and_says_why(qapp):
    from PySide6.QtCore import Qt

    from editor_app.ui.history_panel import SnapshotModel

    model = SnapshotModel()
    model.set_metrics(("words", "lines"), ["Words", "Lines"], "english-markdown")
    base = {"time": 1_700_000_000, "time_iso": "2023-11-14T22:13:20", "kind": "save", "cjk": None, "cautions": 1,
            "failing": 0, "errors": 0, "chars": 100, "text_hash": "ab" * 32}
    model.set_rows([{**base, "id": 2, "pack": "english-markdown", "lines": 9, "metrics": {"words": 40, "lines": 9}},
                    {**base, "id": 1, "pack": "llm-infra-survey", "cjk": 12, "lines": 8,
                     "metrics": {"words": None, "lines": 8}}])
    assert _column(model, "Words") == ["40", "–"] and _column(model, "Lines") == ["9", "8"]
    tip = model.index(1, 2).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == "“Words” was not measured in this snapshot: it was checked with the rule pack llm-infra-survey."


def test_survey_check_history_lists_the_english_packs_counters(tmp_path, capsys):
    survey = tmp_path / "survey.md"
    survey.write_text(SURVEY, encoding="utf-8")
    db = str(tmp_path / "h.db")
    from editor_app import cli

    cli.main([str(survey), "--pack", str(ENGLISH), "--record", "--db", db])
    capsys.readouterr()
    # recorded with --pack: listed without it, by the bundled pack its snapshot was checked with
    for extra in ([], ["--pack", str(ENGLISH)]):
        assert cli.main(["history", str(survey), "--db", db, *extra]) == 0
        header, _rule, row = capsys.readouterr().out.splitlines()
        assert header.split()[:2] + header.split()[3:] == ["ID", "TIME", "KIND", "WORDS", "LINES", "FAILING"]
        assert "CJK" not in header and row.split()[4:6] == [str(_words(SURVEY)), str(SURVEY.count("\n"))]
    assert cli.main(["history", str(survey), "--db", db, "--format", "json"]) == 0
    (snap,) = json.loads(capsys.readouterr().out)["snapshots"]
    assert snap["metrics"] == {"words": _words(SURVEY), "lines": SURVEY.count("\n")} and snap["cjk"] is None
    # the house pack named: its columns, the snapshot's figures it has (lines) and dashes for the rest
    house = RESOURCES / "rulepacks" / "llm-infra-survey.toml"
    assert cli.main(["history", str(survey), "--db", db, "--pack", str(house)]) == 0
    header, _rule, row = capsys.readouterr().out.splitlines()
    assert header.split()[4:] == ["CJK", "⚠️", "LINES", "FAILING"] and row.split()[4:7] == ["—", "1", "14"]


def test_survey_check_history_of_a_house_survey_is_as_before(tmp_path, capsys):
    from editor_app import cli

    survey = tmp_path / "s.md"
    survey.write_text("主题综述 · 测试\n\n⚠️ 注意。\n", encoding="utf-8")
    db = str(tmp_path / "h.db")
    cli.main([str(survey), "--record", "--db", db])
    capsys.readouterr()
    assert cli.main(["history", str(survey), "--db", db]) == 0
    out, err = capsys.readouterr()
    header, _rule, row = out.splitlines()
    assert header.split()[4:] == ["CJK", "⚠️", "LINES", "FAILING"] and row.split()[4:7] == ["8", "1", "3"]
    assert err == ""


def test_survey_check_history_with_a_pack_beside_the_survey(tmp_path, capsys):
    """The QA's reproduction: a team pack beside the survey (survey-rules.toml), picked up by both commands."""
    from editor_app import cli

    shutil.copy(ENGLISH, tmp_path / "survey-rules.toml")
    survey = tmp_path / "survey.md"
    survey.write_text(SURVEY, encoding="utf-8")
    db = str(tmp_path / "h.db")
    cli.main([str(survey), "--record", "--db", db])
    capsys.readouterr()
    assert cli.main(["history", str(survey), "--db", db]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert "WORDS" in header and "CJK" not in header


def test_survey_check_history_names_an_unknown_pack(tmp_path, capsys):
    """Recorded with a pack that is neither beside the survey nor bundled: listed with the house's counters, and a
    note says which pack to give with --pack; a broken --pack is refused."""
    from editor_app import cli

    own = tmp_path / "packs" / "team.toml"
    own.parent.mkdir()
    own.write_text(ENGLISH.read_text(encoding="utf-8").replace('name = "english-markdown"', 'name = "team-x"'),
                   encoding="utf-8")
    survey = tmp_path / "survey.md"
    survey.write_text(SURVEY, encoding="utf-8")
    db = str(tmp_path / "h.db")
    cli.main([str(survey), "--pack", str(own), "--record", "--db", db])
    capsys.readouterr()
    assert cli.main(["history", str(survey), "--db", db]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0].split()[4] == "CJK"
    assert "snapshot 1 was checked with the rule pack team-x, which does not count CJK: give that pack with " \
           "--pack" in err
    assert cli.main(["history", str(survey), "--db", db, "--pack", str(own)]) == 0
    assert capsys.readouterr().out.splitlines()[0].split()[4] == "WORDS"
    assert cli.main(["history", str(survey), "--db", db, "--pack", str(tmp_path / "none.toml")]) == 2
    assert "broken rule pack" in capsys.readouterr().err


def test_not_measured_in_chinese(qapp, zh_translation):
    from PySide6.QtCore import Qt

    from editor_app.ui.history_panel import SnapshotModel

    model = SnapshotModel()
    model.set_metrics(("words",), ["词"], "english-markdown")
    model.set_rows([{"id": 1, "time": 1_700_000_000, "time_iso": "2023-11-14T22:13:20", "kind": "save", "cjk": 12,
                     "cautions": 1, "lines": 8, "failing": 0, "errors": 0, "chars": 100, "text_hash": "ab" * 32,
                     "pack": "llm-infra-survey", "metrics": {"words": None}}])
    assert model.index(0, 2).data(Qt.ItemDataRole.ToolTipRole) == "此快照没有测量“词”：它是按规则包 llm-infra-survey 检查的。"
