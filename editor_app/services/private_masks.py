"""What a published report must never show: each private string the scan found, with the mask it is shown as.

The analysis keeps pieces of the survey as written (a claim's sentence, a heading a rule measured, an engine's
name in a figure); the report and its charts mask them through these, as the survey's own text is masked.
"""

from __future__ import annotations

import html
import re

from editor_app.core.model import Analysis

_DATA_URI_RE = re.compile(r"(data:[\w/+.-]+;base64,[A-Za-z0-9+/=]+)")


def private_masks(analysis: Analysis, text: str) -> dict[str, str]:
    """{private text as written: its mask} for every private-data hit of the analysis of `text`."""
    return _masks_of(text.split("\n"), ((h.line, h) for h in analysis.privacy))


def _masks_of(lines: list[str], numbered_hits) -> dict[str, str]:
    out: dict[str, str] = {}
    for number, hit in numbered_hits:
        if 1 <= number <= len(lines):
            start = hit.column - 1
            raw = lines[number - 1][start:start + hit.length]
            if raw.strip():
                out[raw] = hit.masked
    return out


def masked(value: str, masks: dict[str, str]) -> str:
    """`value` with every private text in it replaced by its mask (longest first: a name inside a longer hit)."""
    for raw in sorted(masks, key=len, reverse=True):
        if raw in value:
            value = value.replace(raw, masks[raw])
    return value


def masked_html(document: str, masks: dict[str, str]) -> str:
    """`masked` over HTML: the text as escaped in it, everywhere but inside embedded images' data."""
    if not masks:
        return document
    escaped = {html.escape(raw, quote=True): html.escape(mask, quote=True) for raw, mask in masks.items()}
    escaped.update({html.escape(raw, quote=False): html.escape(mask, quote=False) for raw, mask in masks.items()})
    parts = _DATA_URI_RE.split(document)
    return "".join(part if i % 2 else masked(part, escaped) for i, part in enumerate(parts))
