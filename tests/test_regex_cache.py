"""The compiled-regex cache of survey-check: same results, used from the second run on, harmless when damaged."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from editor_app import regex_cache

# The cache writes with re._compiler/re._parser (Python 3.11+); on 3.10 it is a no-op by design.
needs_311 = pytest.mark.skipif(sys.version_info < (3, 11), reason="the regex cache works on Python 3.11+ only")


def run_cli(sample_path, env) -> dict:
    out = subprocess.run([sys.executable, "-m", "editor_app.cli", str(sample_path), "--format", "json"],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 1, out.stderr  # the sample has failing rules
    return json.loads(out.stdout)


@needs_311
def test_second_run_uses_the_cache_and_reports_the_same(sample_path, monkeypatch, tmp_path):
    import os

    monkeypatch.delenv("SURVEY_EDITOR_NO_REGEX_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    env = dict(os.environ)
    first = run_cli(sample_path, env)
    files = list(tmp_path.rglob("regex-*.marshal"))
    assert len(files) == 1 and files[0].stat().st_size > 10_000
    stamp = files[0].stat().st_mtime_ns
    second = run_cli(sample_path, env)
    assert second == first
    assert files[0].stat().st_mtime_ns == stamp  # nothing new to write: every pattern came from the cache
    without = run_cli(sample_path, {**env, "SURVEY_EDITOR_NO_REGEX_CACHE": "1"})
    assert without == first


@needs_311
def test_loaded_patterns_match_like_compiled_ones(monkeypatch, tmp_path):
    monkeypatch.delenv("SURVEY_EDITOR_NO_REGEX_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    pattern = r"(?P<engine>SGLang|vLLM)\s*~?(?P<value>\d[\d,]*)\s*(?:tok/s)?(?=\s|$)"
    re.purge()
    fresh = re.compile(pattern)
    assert regex_cache.save() >= 1
    re.purge()
    assert regex_cache.load() >= 1
    cached = re.compile(pattern)
    assert cached is not fresh  # it came from the file, not from this process's compile
    for text in ("SGLang ~16,200 tok/s", "vLLM 12500", "TGI 9", "vLLM ~1,2 x"):
        a, b = fresh.search(text), cached.search(text)
        assert (a and a.groupdict()) == (b and b.groupdict())
    assert cached.groupindex == fresh.groupindex and cached.flags == fresh.flags


def test_a_damaged_cache_file_is_ignored(monkeypatch, tmp_path):
    monkeypatch.delenv("SURVEY_EDITOR_NO_REGEX_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = regex_cache.cache_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    for junk in (b"", b"\x00garbage", b"\xe9" * 100):
        path.write_bytes(junk)
        re.purge()
        assert regex_cache.load() == 0
        assert re.compile(r"a+b").fullmatch("aab")


def test_off_by_environment(monkeypatch):
    assert regex_cache.cache_file() is None  # conftest turns it off for the other tests
    assert regex_cache.load() == 0 and regex_cache.save() == 0


def test_cache_dir_is_platformdirs_user_cache_dir(monkeypatch, tmp_path):
    from platformdirs import user_cache_dir

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert regex_cache._cache_dir() == __import__("pathlib").Path(user_cache_dir("survey-editor", appauthor=False))
