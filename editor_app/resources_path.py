"""Where the bundled resources (rule packs, sample survey, translations, icons) live, installed or not."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def resource_path(*parts: str) -> Path:
    """Path of a bundled resource, e.g. resource_path("rulepacks", "llm-infra-survey.toml")."""
    base = Path(str(resources.files("editor_app.resources")))
    return base.joinpath(*parts)


def sample_survey_path() -> Path:
    return resource_path("samples", "llm-infra-2026-09-14.md")


def house_pack_path() -> Path:
    return resource_path("rulepacks", "llm-infra-survey.toml")
