"""The privacy scan of the file names a report prints: the survey's ("siyuan-chen_kv-survey.md", "陈思远-草稿-10.1.2.3.md")
and the rule pack's, each without its folder. A survey's file name often carries its author's name; it was printed
in clear, and no hit in it held the export back. Scanned with the pack's own PrivacyConfig, as the text is."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .masked_excerpts import masked_line
from .model import PrivacyHit
from .privacy import config_of_pack, privacy_in_line

SURVEY_FILE = "the file name"  # what a named file is, as the export's refusal and the report say it
PACK_FILE = "the rule pack's file name"


def file_name(path: str | None) -> str:
    """The name without its folder (either slash: a Windows path read elsewhere too)."""
    return re.split(r"[\\/]", path)[-1] if path else ""


@dataclass(frozen=True)
class NamedFile:
    """A file name the report prints, and the private data in it."""

    what: str  # SURVEY_FILE | PACK_FILE
    name: str
    hits: tuple[PrivacyHit, ...]

    def masked(self, hide: str = "*") -> str:
        return masked_line(self.name, self.hits, hide)

    def dimensions(self) -> str:
        return ", ".join(dict.fromkeys(h.dimension for h in self.hits))

    def words(self) -> str:
        """"the file name holds private data (name, ip)"."""
        return f"{self.what} holds private data ({self.dimensions()})"


def scanned_name(what: str, path: str | None, pack: Any) -> NamedFile:
    name = file_name(path)
    return NamedFile(what, name, privacy_in_line(name, config_of_pack(pack)) if name else ())


def private_file_names(survey_file: str | None, pack: Any, pack_file: str | None = None) -> list[NamedFile]:
    """The printed names holding private data: the survey's, and `pack_file` (the pack's, when the report names it:
    a pack not bundled)."""
    named = [scanned_name(SURVEY_FILE, survey_file, pack)]
    if pack_file:
        named.append(scanned_name(PACK_FILE, pack_file, pack))
    return [n for n in named if n.hits]
