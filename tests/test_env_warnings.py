"""A setting in the environment that can't be read is said on stderr, once, and the default kept. Before,
SURVEY_ARXIV_INTERVAL=abc or SURVEY_EDITOR_AUTOSAVE_SECONDS=soon were dropped without a word."""

from __future__ import annotations

from editor_app.config import Config, from_environment


def test_an_unreadable_setting_is_said_once_and_the_default_kept(capsys):
    env = {"SURVEY_ARXIV_INTERVAL": "abc", "SURVEY_EDITOR_AUTOSAVE_SECONDS": "soon"}
    cfg = from_environment(Config(), env)
    assert cfg.arxiv_interval == Config().arxiv_interval and cfg.autosave_seconds == Config().autosave_seconds
    err = capsys.readouterr().err
    assert "SURVEY_ARXIV_INTERVAL='abc' is not a number of seconds" in err
    assert "SURVEY_EDITOR_AUTOSAVE_SECONDS='soon' is not a number of seconds" in err
    from_environment(Config(), env)  # the GUI reads its settings again and again: said once
    assert capsys.readouterr().err == ""


def test_readable_settings_say_nothing(capsys):
    cfg = from_environment(Config(), {"SURVEY_ARXIV_INTERVAL": "5", "SURVEY_EDITOR_AUTOSAVE_SECONDS": "45"})
    assert cfg.arxiv_interval == 5.0 and cfg.autosave_seconds == 45
    assert capsys.readouterr().err == ""
