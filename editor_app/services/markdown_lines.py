"""Survey lines made ready for Python-Markdown, shared by the Preview tab and the report (no Markdown import here)."""

from __future__ import annotations

import re

# "#1 …", "- #2 …", "##3": Python-Markdown takes them for headings; Markdown (and the survey's analysis) needs a
# space after the marks. The first mark is escaped.
_FALSE_HEADING_RE = re.compile(r"^(\s{0,3}(?:[-*+]\s+|\d{1,3}[.)]\s+)?)(#{1,6})(?=[^#\s])")


def escape_false_heading(line: str) -> str:
    """The line with a leading '#' that is no heading ('#50 反思棒', '- #1 KV Cache') escaped."""
    return _FALSE_HEADING_RE.sub(r"\1\\\2", line)
