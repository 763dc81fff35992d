"""What Typora, Obsidian and GitHub read in a survey and Python-Markdown does not: `~~struck~~` text, a task list's
`[ ]` / `[x]` boxes and a backslash at a line's end (a hard line break). Named in survey_markdown.MARKDOWN_EXTENSIONS
by its import path, so that module stays free of Markdown. (`1)` lists and footnotes are made ready in
survey_markdown itself: the report renders the survey a block at a time, and a footnote's mark and its note are
seldom in one block.)"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor, SimpleTagInlineProcessor
from markdown.treeprocessors import Treeprocessor

# "~~80~~", "~~3,900~~": text between two pairs of tildes, not starting or ending with a space (GFM's rule)
_STRIKE = r"(~{2})(?!\s)(.+?)(?<!\s)~{2}(?!~)"
# "\" right before a line's end inside a paragraph (Python-Markdown reads "\" + newline as text)
_BACKSLASH_BREAK = r"\\\n"
# "[ ] ", "[x] " at the start of a list item's text, after the report's line anchor (report_places) if it has one
_TASK_BOX = re.compile("^((?:\ue000\\d+\ue001)?)\\[([ xX])\\](?=\\s)")
BOXES = {" ": "\u2610", "x": "\u2611", "X": "\u2611"}  # ☐ to do, ☑ done


class _HardBreak(InlineProcessor):
    def handleMatch(self, m: re.Match[str], data: str) -> tuple[etree.Element, int, int]:  # noqa: N802
        return etree.Element("br"), m.start(0), m.end(0)


class _TaskBoxes(Treeprocessor):
    """A list item starting "[ ]" or "[x]" shows a box, ☐ or ☑ (Qt's rich text and the sanitiser keep no
    <input type="checkbox">). Run before inline Markdown, which would read "[x]" as a link's text."""

    def run(self, root: etree.Element) -> None:
        for li in root.iter("li"):
            holder = li
            if not (li.text or "").strip() and len(li) and li[0].tag == "p":  # a loose list's item: <li><p>…
                holder = li[0]
            text = holder.text or ""
            m = _TASK_BOX.match(text)
            if m:
                holder.text = m.group(1) + BOXES[m.group(2)] + text[m.end():]


class SurveyGfm(Extension):
    """~~strikethrough~~ as <del>, task list boxes, a backslash hard break as <br>."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        # (after "escape", 180, has read each escaped backslash: a line ending in one shows it and breaks nothing)
        md.inlinePatterns.register(_HardBreak(_BACKSLASH_BREAK, md), "backslash_break", 175)
        md.inlinePatterns.register(SimpleTagInlineProcessor(_STRIKE, "del"), "strikethrough", 65)
        md.treeprocessors.register(_TaskBoxes(md), "task_boxes", 25)  # (inline Markdown runs at 20)
