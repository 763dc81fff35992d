"""QA28d D8: an arXiv interval of `nan` (SURVEY_ARXIV_INTERVAL, `--arxiv-interval`, `arxiv_interval` in the
settings file) was taken, and took the 3 s floor off the real arXiv: Config.effective_arxiv_interval's
max(nan, 3.0) is nan, and ArxivClient's max(0.0, nan) is 0.0, so requests went with no spacing at all. A value that is
no finite number, or is outside 0-600 s (what Settings offers), is now refused wherever it is read, with a message,
and the services never turn one into less than 3 s."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from editor_app.config import MIN_REAL_ARXIV_INTERVAL, REAL_ARXIV_URL, Config, from_environment, unusable_environment
from editor_app.services.arxiv_client import ArxivClient

ROOT = Path(__file__).resolve().parent.parent
BAD = ["nan", "NaN", "inf", "-inf", "1e400", "-1", "601"]


@pytest.fixture(autouse=True)
def _said_afresh(monkeypatch):
    """Each warning is said once a process: every test here hears its own."""
    import editor_app.config

    monkeypatch.setattr(editor_app.config, "_TOLD", set())


@pytest.mark.parametrize("value", BAD)
def test_the_environment_interval_is_refused_and_named(value, capsys):
    env = {"SURVEY_ARXIV_INTERVAL": value}
    cfg = from_environment(Config(), env)
    assert cfg.arxiv_interval == 3.0 and cfg.effective_arxiv_interval() == 3.0
    assert f"SURVEY_ARXIV_INTERVAL={value!r} is not a number of seconds from 0 to 600; using 3.0" in \
        capsys.readouterr().err
    assert unusable_environment(env) == env


def test_a_usable_environment_interval_is_taken():
    assert from_environment(Config(), {"SURVEY_ARXIV_INTERVAL": "0"}).arxiv_interval == 0.0
    assert from_environment(Config(), {"SURVEY_ARXIV_INTERVAL": "600"}).arxiv_interval == 600.0


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_survey_check_refuses_the_option(value, tmp_path):
    survey = tmp_path / "s.md"
    survey.write_text("# 标题\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "editor_app.cli", str(survey), "--verify", "--arxiv-interval", value,
                          "--arxiv-url", "http://127.0.0.1:9/api/query"],
                         capture_output=True, text=True, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert run.returncode == 2, run.stderr
    assert f"argument --arxiv-interval: {value!r} is not a number of seconds from 0 to 600" in run.stderr
    assert run.stdout == ""


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "1e400"])
def test_the_settings_file_interval_is_refused_and_named(settings_store, value, capsys):
    settings_store.qsettings.setValue("config/arxiv_interval", value)
    cfg = settings_store.stored_config()
    assert cfg.arxiv_interval == 3.0 and cfg.effective_arxiv_interval() == MIN_REAL_ARXIV_INTERVAL
    assert settings_store.unusable_saved() == {"arxiv_interval": value}
    assert f"arxiv_interval={value!r} in {settings_store.qsettings.fileName()} is not a number of seconds" in \
        capsys.readouterr().err


@pytest.mark.parametrize("url", [REAL_ARXIV_URL, "http://127.0.0.1:9/api/query"])
def test_no_spacing_below_three_seconds_from_a_nan_made_in_code(url):
    """Past every reader (a Config made in code): the spacing is the safe 3 s, never 0 s."""
    cfg = Config(arxiv_url=url, arxiv_interval=float("nan"))
    assert cfg.effective_arxiv_interval() == 3.0
    assert ArxivClient(url, contact="a@b.c", interval=float("nan")).interval >= 3.0
    assert ArxivClient(url, contact="a@b.c", interval=float("inf")).interval >= 3.0
