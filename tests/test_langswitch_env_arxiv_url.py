"""SURVEY_ARXIV_URL was taken as it was: `SURVEY_ARXIV_URL=export.arxiv.org` (no scheme) or `ftp://…` went to the
arXiv client without a word, and every Verify all then failed. It is now checked as Edit → Settings and `--arxiv-url`
check an address (config_checks.arxiv_url_problem): a bad one is named on stderr and in the Settings dialog, and the
saved (or default) address is kept."""

from __future__ import annotations

from editor_app.config import REAL_ARXIV_URL, Config, from_environment


def test_a_bad_address_in_the_environment_is_named_and_the_default_kept(capsys):
    cfg = from_environment(Config(), {"SURVEY_ARXIV_URL": "export.arxiv.org/api/query"})
    assert cfg.arxiv_url == REAL_ARXIV_URL  # before: "export.arxiv.org/api/query"
    err = capsys.readouterr().err
    assert "SURVEY_ARXIV_URL='export.arxiv.org/api/query' is not a web address" in err and REAL_ARXIV_URL in err


def test_arxivs_own_host_over_plain_http_is_refused_and_the_saved_address_kept(capsys):
    saved = Config(arxiv_url="http://127.0.0.1:8123/api/query")
    cfg = from_environment(saved, {"SURVEY_ARXIV_URL": "http://export.arxiv.org/api/query"})
    assert cfg.arxiv_url == saved.arxiv_url
    assert "https://" in capsys.readouterr().err


def test_a_good_address_is_taken_without_a_word(capsys):
    cfg = from_environment(Config(), {"SURVEY_ARXIV_URL": " http://127.0.0.1:8123/api/query "})
    assert cfg.arxiv_url == "http://127.0.0.1:8123/api/query"
    assert capsys.readouterr().err == ""


def test_the_settings_dialog_names_the_bad_address_and_not_as_in_force(qtbot, monkeypatch, settings_store):
    from editor_app.ui.settings_dialog import SettingsDialog

    monkeypatch.setenv("SURVEY_ARXIV_URL", "ftp://mirror.example.org/api/query")
    dialog = SettingsDialog(settings_store)
    qtbot.addWidget(dialog)
    note = dialog.env_note.text()
    assert "SURVEY_ARXIV_URL='ftp://mirror.example.org/api/query'" in note and "not usable" in note
    assert "win over what is saved here: SURVEY_ARXIV_URL" not in note  # before: listed as in force
    assert settings_store.config().arxiv_url == REAL_ARXIV_URL
