"""QA (qa26a D6): in `survey-check --format json` a reference had `cited_versions` only when some line cited a
version (README's contract lists it on every reference: a CI script reading `r["cited_versions"]` got a KeyError).
Now it is on every reference, `[]` when no line cites a version."""

from __future__ import annotations

import json

from editor_app.cli import main as cli_main
from editor_app.resources_path import resource_path

SURVEY = """\
# Serving LLMs at Scale

Author: Team Blue

## 1 Introduction

PagedAttention (arXiv:2309.06180) and RadixAttention (arXiv:2312.07104).

## 2 Engines

vLLM again (arXiv:2309.06180v2).
"""


def _references(tmp_path, capsys, text: str) -> dict[str, dict]:
    survey = tmp_path / "survey.md"
    survey.write_text(text, encoding="utf-8")
    cli_main([str(survey), "--pack", str(resource_path("rulepacks", "english-markdown.toml")), "--format", "json"])
    return {r["id"]: r for r in json.loads(capsys.readouterr().out)["references"]}


def test_every_reference_has_cited_versions(tmp_path, capsys):
    refs = _references(tmp_path, capsys, SURVEY.replace("v2", ""))
    assert sorted(refs) == ["2309.06180", "2312.07104"]
    assert [r["cited_versions"] for r in refs.values()] == [[], []]


def test_a_cited_version_is_listed_and_the_others_are_empty(tmp_path, capsys):
    refs = _references(tmp_path, capsys, SURVEY)
    assert refs["2309.06180"]["cited_versions"] == [{"version": "v2", "lines": [11], "on_arxiv": None}]
    assert refs["2312.07104"]["cited_versions"] == []
