"""QA: `--help` says what the README says.

Before: survey-check --help gave --format and --fail-level no words and never named its exit statuses (the README's
"exit 0 clean, 1 failing, 2 unusable input"); survey-check history --help listed a bare `file`, `--format`, `--db`;
survey-editor --help did not say that a FILE that does not exist yet starts a new survey, nor which pack applies by
default, and called --arxiv-url a "base URL" although it takes the full query endpoint (…/api/query).
"""

from __future__ import annotations

import re

import pytest

from editor_app.__main__ import build_parser
from editor_app.cli import _history_parser, _parser


def _help(parser) -> str:
    return re.sub(r"\s+", " ", parser.format_help())


def _options_without_help(parser) -> list[str]:
    return [a.dest for a in parser._actions if not a.help]


@pytest.mark.parametrize("make", [_parser, _history_parser, build_parser])
def test_every_argument_is_explained(make):
    assert _options_without_help(make()) == []


def test_survey_check_help_names_the_exit_statuses_and_formats():
    text = _help(_parser())
    assert "Exit status: 0 nothing fails at the fail level, 1 something does, 2 unusable input" in text
    assert "SARIF 2.1.0" in text and "JSON" in text
    assert "or on warnings too" in text


def test_survey_editor_help_matches_the_readme():
    text = _help(build_parser())
    assert "a FILE that does not exist yet starts a new survey saved there" in text
    assert "survey-rules.toml beside the survey, else the bundled house pack" in text
    assert "SURVEY_EDITOR_DB" in text
    assert "/api/query" in text and "base URL" not in text
