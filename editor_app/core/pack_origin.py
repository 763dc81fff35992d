"""Which file a rule pack was read from, as every face says it: the bundled pack, a `survey-rules.toml` (or hidden
`.survey-rules.toml`) beside the survey, or another file (--pack, Edit → Settings).

A pack beside the survey may keep the house pack's name while it drops the privacy rule or allows everything; "pack
llm-infra-survey" then read the same as the bundled pack on every face. A pack named like a bundled pack but read
from another file, with other text, says that it is not that pack (`shadows`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

BUNDLED = "bundled"
BESIDE_SURVEY = "beside-survey"
OTHER_FILE = "file"


@dataclass(frozen=True)
class PackOrigin:
    origin: str  # BUNDLED | BESIDE_SURVEY | OTHER_FILE ("" for a pack made from text, read from no file)
    path: str  # the pack's file as read (the JSON's; a report prints `file` only: a path names a home folder)
    file: str  # its name without the folder
    shadows: str = ""  # the bundled pack whose name it takes while its text differs ("" when none)

    @property
    def bundled(self) -> bool:
        return self.origin in (BUNDLED, "")

    def words(self, file: str | None = None) -> str:
        """"survey-rules.toml beside the survey; not the bundled pack of that name", "" for the bundled pack.
        `file`: the file's name as shown (the report's, masked)."""
        if self.bundled:
            return ""
        name = self.file if file is None else file
        said = (f"{name} beside the survey, a hidden file" if name.startswith(".") else f"{name} beside the survey") \
            if self.origin == BESIDE_SURVEY else f"from {name}"
        return f"{said}; not the bundled pack of that name" if self.shadows else said

    def to_dict(self) -> dict[str, Any]:
        """The JSON's "pack_source": {"origin", "path", "shadows_bundled"} ("pack" keeps the pack's name)."""
        return {"origin": self.origin or BUNDLED, "path": self.path, "shadows_bundled": bool(self.shadows)}


def pack_origin(pack: Any, survey_file: str | Path | None) -> PackOrigin:
    """Where `pack` (a RulePack) came from, for the survey `survey_file` it checks."""
    from .rulepack import PACK_FILENAMES, bundled_by_name

    where = str(getattr(pack, "path", "") or "")
    p = Path(where) if where else None
    if p is None or not p.is_file():
        return PackOrigin("", where, PurePath(where).name if where else "")
    resolved = p.resolve()
    bundled = bundled_by_name()
    if any(resolved == path for path, _ in bundled.values()):
        return PackOrigin(BUNDLED, where, p.name)
    origin = OTHER_FILE
    if survey_file and p.name in PACK_FILENAMES and resolved.parent == Path(survey_file).resolve().parent:
        origin = BESIDE_SURVEY
    same = bundled.get(getattr(pack, "name", ""))
    shadows = pack.name if same is not None and same[1] != getattr(pack, "source", None) else ""
    return PackOrigin(origin, where, p.name, shadows)
