"""QA28d D2: a number in the settings file or the environment that can't be used stopped `survey-editor` from
starting, so Edit → Settings could not be reached to mend it: `autosave_seconds=inf` (or -inf, 1e400) in the settings
file was a traceback (exit 1, OverflowError naming no file or key), and 2,147,484 s or more (in the file or in
SURVEY_EDITOR_AUTOSAVE_SECONDS) overflowed QTimer's int milliseconds: Qt aborted (exit 134). Every number setting is
now read by one check (config.seconds_setting: a finite number within SECONDS_RANGES), refused with a warning that
names the setting and where it came from (the file, or the variable), and the default (or the saved value) kept."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from editor_app.config import Config, from_environment, unusable_environment

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _said_afresh(monkeypatch):
    """Each warning is said once a process: every test here hears its own."""
    import editor_app.config

    monkeypatch.setattr(editor_app.config, "_TOLD", set())


def _ini(folder: Path, line: str) -> Path:
    path = folder / "survey-editor" / "survey-editor.ini"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"[config]\n{line}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("ini, env", [
    ("autosave_seconds=inf", {}),  # was a traceback, exit 1
    ("autosave_seconds=2500000", {}),  # was Qt's abort, exit 134
    ("", {"SURVEY_EDITOR_AUTOSAVE_SECONDS": "3000000"}),  # the same abort, from the environment
])
def test_survey_editor_starts_with_an_unusable_autosave_and_says_where_it_is(tmp_path, ini, env):
    """A real start (a subprocess: Qt's abort would take the test run with it), to the first analysis on screen."""
    config_home = tmp_path / "cfg"
    settings_file = _ini(config_home, ini)
    survey = tmp_path / "s.md"
    survey.write_text("# 标题\n\n正文。\n", encoding="utf-8")
    run_env = {**os.environ, "XDG_CONFIG_HOME": str(config_home), "QT_QPA_PLATFORM": "offscreen",
               "PYTHONPATH": str(ROOT), **env}
    run = subprocess.run([sys.executable, "-m", "editor_app", str(survey), "--screenshot", str(tmp_path / "w.png")],
                         env=run_env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    assert (tmp_path / "w.png").is_file()
    assert "Traceback" not in run.stderr and "OverflowError" not in run.stderr
    if ini:
        value = ini.split("=", 1)[1]
        assert (f"warning: autosave_seconds='{value}' in {settings_file} is not a number of seconds from 1 to "
                f"604800; using 30") in run.stderr
    else:
        assert ("warning: SURVEY_EDITOR_AUTOSAVE_SECONDS='3000000' is not a number of seconds from 1 to 604800; "
                "using 30") in run.stderr


@pytest.mark.parametrize("value", ["inf", "-inf", "1e400", "nan", "2500000", "-5", "0", "abc"])
def test_a_saved_autosave_that_cant_be_used_gives_the_default_and_is_named(settings_store, capsys, value):
    settings_store.qsettings.setValue("config/autosave_seconds", value)
    assert settings_store.stored_config().autosave_seconds == 30
    assert settings_store.config().autosave_seconds == 30
    assert settings_store.unusable_saved() == {"autosave_seconds": value}
    err = capsys.readouterr().err
    assert f"autosave_seconds={value!r} in {settings_store.qsettings.fileName()} is not a number of seconds" in err


def test_a_saved_autosave_in_range_is_kept(settings_store):
    settings_store.qsettings.setValue("config/autosave_seconds", "90")
    assert settings_store.stored_config().autosave_seconds == 90
    assert settings_store.unusable_saved() == {}


def test_settings_names_the_files_value_it_does_not_use(settings_store, qtbot):
    from editor_app.ui.settings_dialog import SettingsDialog

    settings_store.qsettings.setValue("config/autosave_seconds", "inf")
    dialog = SettingsDialog(settings_store)
    qtbot.addWidget(dialog)
    note = dialog.env_note.text()
    assert settings_store.qsettings.fileName() in note and "autosave_seconds='inf'" in note
    assert dialog.autosave_spin.value() == 30


@pytest.mark.parametrize("value", ["inf", "1e400", "3000000", "-5", "0", "nan"])
def test_an_environment_autosave_that_cant_be_used_is_named_and_not_used(value, capsys):
    env = {"SURVEY_EDITOR_AUTOSAVE_SECONDS": value}
    assert from_environment(Config(autosave_seconds=45), env).autosave_seconds == 45  # the saved value kept
    assert f"SURVEY_EDITOR_AUTOSAVE_SECONDS={value!r} is not a number of seconds from 1 to 604800" in \
        capsys.readouterr().err
    assert unusable_environment(env) == env  # named in Edit → Settings


def test_the_autosave_timer_never_gets_more_milliseconds_than_qtimer_holds():
    """A Config made in code holds whatever it was given: the timer's interval is the default's then."""
    from editor_app.config import autosave_milliseconds

    assert autosave_milliseconds(60) == 60_000
    assert autosave_milliseconds(604800) == 604_800_000 < 2**31
    for bad in (10**9, float("inf"), float("nan"), -5, 0):
        assert autosave_milliseconds(bad) == 30_000
