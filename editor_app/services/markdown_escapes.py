"""`\\<` reads as `<`, as `\\>` already does: Python-Markdown escapes `>` but not `<`, so `\\<script\\>` showed as
`\\<script>` in the Preview and the report. Named in survey_markdown.MARKDOWN_EXTENSIONS by its import path, so
that module stays free of Markdown."""

from __future__ import annotations

from markdown import Markdown
from markdown.extensions import Extension


class EscapedAngleBrackets(Extension):
    """Adds `<` to the characters a backslash escapes (the text stays escaped HTML: `&lt;`)."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        if "<" not in md.ESCAPED_CHARS:
            md.ESCAPED_CHARS.append("<")
