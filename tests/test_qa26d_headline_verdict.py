"""QA26d D1: an error-level finding outside any failing rule was left out of the window's verdict.

The verifiability rule's scope named a section number two headings share (two "5.1"): survey-check said "0 rules
failing, 1 verifiability finding failing" and exited 1, while the status bar was green ("no rule fails, 1 not
measured"), the Self-check panel's summary green too ("1 rules: 0 failing, 1 not measured"), and the report's first
page "Not fully checked. No error-level rule fails". One Qt-free verdict (formats.verdict) now decides for the CLI's
first line and exit status, the headline, the panel and the report's first page, with the same words."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QPalette
from ui_support import open_window

from editor_app.cli import main
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack, parse_pack
from editor_app.services.report import build_report_html
from editor_app.ui.headline import headline
from editor_app.ui.theme import HEADLINE_OK, RED, on_window

# The tester's one-rule pack: the house pack's verifiability rule, its scope §5.1, which two headings share.
ONE_RULE_PACK = """schema = 1
name = "mini"
title = "mini pack"
language = "zh"

[document]
heading_styles = ["numbered", "markdown"]

[counters.cjk]
label = "CJK"
regex = '[一-鿿]'

[scopes]
main-citations = { section = "5.1" }

[[rules]]
id = "verifiability"
title = "Verifiability ≥ 20% of main citations"
kind = "verifiability"
scope = "main-citations"
min = 0.20
"""
TWO_51 = ("综述标题\n一、背景\n正文一段。\n五、立标池\n5.1 主表\nOmniKVQuant（arXiv:2609.11582）\n"
          "5.1 主表（又一个）\nAkashic（arXiv:2607.05708）\n")
FINDING = "1 verifiability finding failing"


def _one_rule_survey(tmp_path: Path) -> Path:
    tmp_path.mkdir(exist_ok=True)
    survey = tmp_path / "survey.md"
    survey.write_text(TWO_51, encoding="utf-8")
    (tmp_path / "survey-rules.toml").write_text(ONE_RULE_PACK, encoding="utf-8")
    return survey


def _dup51(tmp_path: Path, sample_text: str) -> Path:
    """The sample with a second "5.1" heading under §五 (the tester's dup51.md)."""
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("5.2 "))
    survey = tmp_path / "dup51.md"
    survey.write_text("\n".join(lines[:at] + ["5.1 立标池补充表", "补充说明。"] + lines[at:]), encoding="utf-8")
    return survey


def _first_line(capsys, survey: Path) -> tuple[int, str]:
    code = main([str(survey)])
    return code, capsys.readouterr().out.splitlines()[0]


def test_the_one_rule_pack_window_is_not_green(qtbot, tmp_path, capsys):
    survey = _one_rule_survey(tmp_path)
    code, first = _first_line(capsys, survey)
    assert code == 1 and first.endswith(" · 0 rules failing, " + FINDING)

    window = open_window(qtbot, survey)
    assert window.pack.name == "mini"
    # before: "no rule fails, 1 not measured" on green
    assert window.headline_label.text() == "0 rules failing, " + FINDING
    assert HEADLINE_OK.name() not in window.headline_label.styleSheet()
    # before: "1 rules: 0 failing, 1 not measured · …" in green
    summary = window.selfcheck.summary
    assert summary.text().startswith(f"1 rule: 0 failing, {FINDING}, 1 not measured · ")
    assert summary.palette().color(QPalette.ColorRole.WindowText) == on_window(RED)


def test_the_house_pack_with_a_repeated_5_1(qtbot, tmp_path, sample_text, capsys):
    survey = _dup51(tmp_path, sample_text)
    code, first = _first_line(capsys, survey)
    # (2 rules warning: section-refs says "section 5.1 is headed twice, on lines 54 and 67", QA27d)
    assert code == 1 and first.endswith(" · 1 rule failing, 2 rules warning, " + FINDING)
    window = open_window(qtbot, survey)
    # before: "… · 1 rule failing, 1 rule warning · 19 wrong self-reported figures", no word of the finding
    assert " · 1 rule failing, 2 rules warning, 1 verifiability finding failing · 19 wrong self-reported figures" \
        in window.headline_label.text()
    assert window.selfcheck.summary.text().startswith(f"16 rules: 1 failing, 2 warning, {FINDING}, 1 not measured · ")


def test_the_cli_and_the_window_agree(qapp, tmp_path, sample_path, sample_text, capsys):
    """The window's headline says survey-check's verdict in its words, and is green exactly when it exits 0."""
    from editor_app.formats import verdict  # (the one verdict both read)

    cases = [(_one_rule_survey(tmp_path / "one"), parse_pack(ONE_RULE_PACK, "survey-rules.toml")),
             (_dup51(tmp_path, sample_text), house_pack()), (sample_path, house_pack())]
    clean = tmp_path / "clean"
    clean.mkdir()
    (clean / "survey.md").write_text(TWO_51.replace("5.1 主表（又一个）", "5.2 副表"), encoding="utf-8")
    (clean / "survey-rules.toml").write_text(ONE_RULE_PACK, encoding="utf-8")
    cases.append((clean / "survey.md", parse_pack(ONE_RULE_PACK, "survey-rules.toml")))
    for survey, pack in cases:
        code, first = _first_line(capsys, survey)
        analysis = analyze(survey.read_text(encoding="utf-8"), pack)
        text, ok = headline(analysis, pack)
        said = verdict(analysis)
        assert code == (1 if said.fails else 0), survey
        assert first.endswith(" · " + said.words()), survey
        if said.fails:  # the CLI's verdict, word for word, is one of the headline's parts
            assert said.words() in text.split(" · ") and not ok, survey
        else:
            assert ok and "no rule fails, 1 not measured" in text, survey


@pytest.mark.usefixtures("zh_translation")
def test_in_chinese(qtbot, tmp_path):
    window = open_window(qtbot, _one_rule_survey(tmp_path))
    assert window.headline_label.text() == "0 条规则未通过，1 条 verifiability 问题未通过"
    assert window.selfcheck.summary.text().startswith("1 条规则：0 条未通过，1 条 verifiability 问题未通过，1 条未测量 · ")


def _summary_box(html: str) -> str:
    return html[html.index('<table class="summary'): html.index('<div class="toc"')]


@pytest.mark.parametrize("language, ready, finding", [
    ("en", "Not ready to publish.", "1 error-level finding fails, though its rule does not:"),
    ("zh_CN", "尚不能发布。", "1 条错误级问题未通过（所属规则本身并未判为未通过）："),
])
def test_the_report_first_page_says_it_fails(qapp, language, ready, finding):
    pack = parse_pack(ONE_RULE_PACK, "survey-rules.toml")
    analysis = analyze(TWO_51, pack)
    box = _summary_box(build_report_html(analysis, TWO_51, pack_name="mini", pack_source="", language=language,
                                         pack=pack))
    # before: "Not fully checked. No error-level rule fails and the private-data scan found nothing, …"
    assert ready in box and finding in box and "Not fully checked" not in box and "未完全检查" not in box
    assert "§5.1" in box and "verifiability" in box


def test_survey_check_export_asks_for_force(tmp_path, capsys):
    survey = _one_rule_survey(tmp_path)
    out = tmp_path / "r.html"
    assert main([str(survey), "--export", str(out)]) == 1
    err = capsys.readouterr().err
    assert not out.exists() and "not exporting: " + FINDING in err  # before: written, "Not ready" on its page 1


def test_the_window_asks_before_exporting(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from editor_app.ui import export_actions

    window = open_window(qtbot, _one_rule_survey(tmp_path))
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda parent, title, text, *a: (asked.append(text), QMessageBox.StandardButton.No)[1])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: ("", ""))
    export_actions.install(window).export_action.trigger()
    assert len(asked) == 1  # before: straight to the file dialog
    assert "1 error-level finding fails, though its rule does not:" in asked[0]
    assert "[verifiability] §5.1 is ambiguous" in asked[0]
