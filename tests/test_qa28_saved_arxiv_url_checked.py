"""fix28input left this: an `arxiv_url` in the settings file was taken as written, though the same address in
SURVEY_ARXIV_URL, `--arxiv-url` or Edit → Settings is refused ("ftp://…", a bare word, arXiv's own API over
http://): every verification then failed with a network error that never named the setting. It is now refused where
it is read, said once on stderr with the file it is in, named in Edit → Settings, and the default address used."""

from __future__ import annotations

import pytest

from editor_app.config import REAL_ARXIV_URL


@pytest.fixture(autouse=True)
def _said_afresh(monkeypatch):
    """Each warning is said once a process: every test here hears its own."""
    import editor_app.config

    monkeypatch.setattr(editor_app.config, "_TOLD", set())


@pytest.mark.parametrize("url", ["ftp://127.0.0.1/api/query", "arxiv", "http://export.arxiv.org/api/query"])
def test_an_unusable_saved_address_is_refused_and_named(settings_store, url, capsys):
    settings_store.qsettings.setValue("config/arxiv_url", url)
    cfg = settings_store.stored_config()
    assert cfg.arxiv_url == REAL_ARXIV_URL
    assert settings_store.unusable_saved() == {"arxiv_url": url}
    err = capsys.readouterr().err
    assert f"arxiv_url={url!r} in {settings_store.qsettings.fileName()} is not " in err
    assert f"; using {REAL_ARXIV_URL}" in err


@pytest.mark.parametrize("url", ["http://127.0.0.1:8765/api/query", "https://export.arxiv.org/api/query"])
def test_a_usable_saved_address_is_taken(settings_store, url, capsys):
    settings_store.qsettings.setValue("config/arxiv_url", f"  {url} ")
    assert settings_store.stored_config().arxiv_url == url
    assert settings_store.unusable_saved() == {}
    assert capsys.readouterr().err == ""
