"""The program as a whole: the entry point's screenshot mode, the language, settings, extensions plugged in."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QTranslator

from editor_app.config import Config
from editor_app.resources_path import resource_path

ROOT = Path(__file__).resolve().parent.parent


def test_screenshot_renders_the_analysed_sample_and_exits_0(tmp_path):
    out = tmp_path / "shot.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SURVEY_EDITOR_LANG="en")
    proc = subprocess.run([sys.executable, "-m", "editor_app", "--screenshot", str(out)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    from PySide6.QtGui import QImage

    image = QImage(str(out))
    assert image.width() >= 900 and image.height() >= 560
    # the status bar headline is painted red (the sample fails rules): find its colour in the bottom rows
    reds = sum(1 for x in range(0, image.width(), 7)
               if (c := image.pixelColor(x, image.height() - 10)).red() > 180 and c.green() < 80)
    assert reds > 20


def test_screenshot_of_a_missing_file_fails_cleanly(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-m", "editor_app", str(tmp_path / "nope.md"), "--screenshot",
                           str(tmp_path / "x.png")], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "does not exist" in proc.stderr


def test_language_follows_the_locale_and_the_override():
    from editor_app.ui.i18n import chosen_language

    assert chosen_language({}, "zh_CN") == "zh_CN"
    assert chosen_language({}, "zh_TW") == "zh_CN"
    assert chosen_language({}, "de_DE") == "en"
    assert chosen_language({"SURVEY_EDITOR_LANG": "en"}, "zh_CN") == "en"
    assert chosen_language({"SURVEY_EDITOR_LANG": "zh_CN"}, "en_US") == "zh_CN"


def test_a_language_the_window_does_not_speak_is_named_and_not_used(capsys):
    """SURVEY_EDITOR_LANG=fr meant English without a word, whatever Settings or the desktop said: it is named on
    stderr (once) and Settings' or the system's language applies; Settings lists it as not usable."""
    from editor_app.config import unusable_environment
    from editor_app.ui.i18n import chosen_language

    assert chosen_language({"SURVEY_EDITOR_LANG": "fr"}, "zh_CN") == "zh_CN"
    assert chosen_language({"SURVEY_EDITOR_LANG": "fr"}, "en_US", saved="zh_CN") == "zh_CN"
    assert capsys.readouterr().err.count("SURVEY_EDITOR_LANG='fr' is not en or zh_CN") == 1
    assert chosen_language({"SURVEY_EDITOR_LANG": "en_GB"}, "zh_CN") == "en"
    assert unusable_environment({"SURVEY_EDITOR_LANG": "fr"}) == {"SURVEY_EDITOR_LANG": "fr"}
    assert unusable_environment({"SURVEY_EDITOR_LANG": "zh_CN"}) == {}


def test_the_chinese_translation_ships_and_translates(qapp):
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "survey_editor_zh_CN.qm")))
    assert translator.translate("ReferencesPanel", "Verify all") == "全部核验"
    assert translator.translate("WindowMenus", "&File") == "文件(&F)"
    QCoreApplication.installTranslator(translator)
    try:
        from editor_app.ui.references_panel import ReferencesPanel

        panel = ReferencesPanel(lambda: Config())
        assert panel.verify_button.text() == "全部核验"
        assert panel.model.headerData(0, __import__("PySide6.QtCore").QtCore.Qt.Orientation.Horizontal) == "arXiv 编号"
    finally:
        QCoreApplication.removeTranslator(translator)


def test_settings_store_round_trip_and_environment_override(qapp, tmp_path, monkeypatch):
    from editor_app.ui.settings_store import SettingsStore

    store = SettingsStore(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    changes = []
    store.changed.connect(changes.append)
    monkeypatch.delenv("SURVEY_ARXIV_URL")
    store.save(Config(arxiv_url="http://127.0.0.1:5000/api/query", arxiv_interval=0.5, autosave_seconds=45,
                      rule_pack=tmp_path / "p.toml", editor_font="Noto Sans Mono CJK SC"))
    cfg = store.config()
    assert cfg.arxiv_url == "http://127.0.0.1:5000/api/query" and cfg.arxiv_interval == 0.5
    assert cfg.autosave_seconds == 45 and cfg.rule_pack == tmp_path / "p.toml"
    assert cfg.db_path == Path(os.environ["SURVEY_EDITOR_DB"])  # the environment wins over stored values
    assert changes and changes[-1] == cfg
    monkeypatch.setenv("SURVEY_ARXIV_URL", "http://127.0.0.1:6000/api/query")
    assert store.config().arxiv_url == "http://127.0.0.1:6000/api/query"
    assert store.stored_config().arxiv_url == "http://127.0.0.1:5000/api/query"
    store.reset()
    assert store.stored_config() == Config()


def test_create_window_opens_the_sample_and_plugs_in_extensions(qtbot):
    from editor_app.resources_path import sample_survey_path
    from editor_app.ui.app import create_window

    window = create_window(None, Config(arxiv_url="http://127.0.0.1:9/api/query"))
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    qtbot.waitUntil(lambda: window.latest_analysis is not None, timeout=20000)
    assert window.current_path == sample_survey_path().resolve() and window.is_bundled_sample
    assert window.pack.name == "llm-infra-survey"
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles[:4] == ["Self-check", "References", "Figures", "Preview"]
    for menu in (window.menu_file, window.menu_edit, window.menu_view, window.menu_tools, window.menu_help):
        assert menu.actions()
    window.close()


def test_a_pack_beside_the_survey_is_used(qtbot, tmp_path, sample_text):
    from ui_support import open_window

    pack = resource_path("rulepacks", "llm-infra-survey.toml").read_text(encoding="utf-8")
    (tmp_path / "survey-rules.toml").write_text(pack.replace("max = 3900", "max = 3000"), encoding="utf-8")
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    assert window.pack_path == (tmp_path / "survey-rules.toml").resolve()
    cjk = next(r for r in window.latest_analysis.rules if r.id == "cjk-total")
    assert cjk.status == "fail"
    assert window.headline_label.text().startswith("CJK 3,838/3,000")


@pytest.mark.parametrize("argv", [["--version"]])
def test_entry_point_parses_its_options(argv, capsys):
    from editor_app.__main__ import build_parser

    args = build_parser().parse_args(["s.md", "--pack", "p.toml", "--db", "h.db", "--arxiv-url", "http://x",
                                      "--screenshot", "o.png"])
    assert (args.file, args.pack, args.db, args.arxiv_url, args.screenshot) == (
        Path("s.md"), Path("p.toml"), Path("h.db"), "http://x", Path("o.png"))
    with pytest.raises(SystemExit):
        build_parser().parse_args(argv)
    assert "survey-editor" in capsys.readouterr().out


def test_a_broken_pack_is_reported_and_the_house_pack_used(qtbot, tmp_path, sample_text):
    from ui_support import open_window

    (tmp_path / "survey-rules.toml").write_text("schema = 1\n[[rules]]\nid = 3\n", encoding="utf-8")
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    assert "survey-rules.toml" in window.pack_problem
    assert window.pack.name == "llm-infra-survey"
    qtbot.waitUntil(lambda: "Rule pack not usable" in window.statusBar().currentMessage(), timeout=3000)


def test_another_teams_pack_given_on_the_command_line(qtbot, tmp_path):
    from ui_support import open_window

    survey = tmp_path / "notes.md"
    survey.write_text("# Serving notes\n\nvLLM and SGLang are both fine.\n\n## Costs\n\nCheap enough.\n", encoding="utf-8")
    pack = resource_path("rulepacks", "english-markdown.toml")
    window = open_window(qtbot, survey, pack_path=pack)
    assert window.pack.name == "english-markdown"
    text = window.headline_label.text()
    assert text.startswith(f"{window.latest_analysis.metrics['words']}/2,500 words · 7/300 lines")
    # (the "# Serving notes" title over "## Costs" is the header's, with the line under it: qa26a D3)
    assert [sm.section.title for sm in window.outline.model.rows] == ["Costs"]
    assert window.latest_analysis.header_lines == (1, 4)


def test_a_pack_given_on_the_command_line_that_cant_be_used_is_said_on_stderr(tmp_path):
    """Before, `survey-editor --pack typo.toml` said it only in the window (and a screenshot run said nothing)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SURVEY_EDITOR_LANG="en")
    proc = subprocess.run([sys.executable, "-m", "editor_app", "--pack", str(tmp_path / "typo.toml"), "--screenshot",
                           str(tmp_path / "x.png")], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0  # the window still checks the survey, with the house pack
    assert "typo.toml" in proc.stderr and "llm-infra-survey pack instead" in proc.stderr
