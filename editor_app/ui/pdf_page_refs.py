"""Page numbers after the report's first-page links, in the PDF.

A PDF reader can't follow the report's links inside the document (Qt's PDF writer keeps only web links), so the
contents list and the first page's lines ("line 94 · §8.2") say which page their target is on: "… · p. 9".
Only links before the survey (`<a id="survey-start">`) get one; the prose's § links and the appendix's line
numbers stay as they are. The numbers are written in one edit block (Qt then lays the rest out once: edit by
edit, a report took 4 s longer); words added can't make a report shorter, and when Qt's layout says so (edits
made one by one left the report's tail, the rule pack's source, laid out on top of itself: the PDF ended pages
early, cut) the whole report is laid out again. A report longer than MAX_PAGES gets no page numbers (each layout
costs ~2.5 ms a page).
"""

from __future__ import annotations

import re

SURVEY_START = "survey-start"
_MARK = 0x100000 + 7  # QTextFormat.UserProperty + 7: a page number this module wrote
MAX_PAGES = 200
_LABEL_RE = re.compile(r'<meta name="page-label" content="([^"]*\{n\}[^"]*)">')


def page_label_of(html: str) -> str:
    """The report's word for a page ("p. {n}", "第 {n} 页"), from its `<meta name="page-label">`."""
    import html as html_module

    m = _LABEL_RE.search(html)
    return html_module.unescape(m.group(1)) if m else "p. {n}"


def add_page_numbers(doc, label: str) -> int:
    """Write the target's page after each link before the survey; the number of links that got one."""
    from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor

    pages_before = doc.pageCount()
    if pages_before > MAX_PAGES:
        return 0
    targets, links = _scan(doc)
    page = doc.pageSize().height()
    # every page first, then every edit in one block: Qt lays the document out again once, not after each edit
    pages = [_page_of(doc, targets[href[1:]], page) if href[1:] in targets else 0 for _end, href, _fmt in links]
    done = 0
    edits = QTextCursor(doc)
    edits.beginEditBlock()
    for (end, href, fmt), n in reversed(list(zip(links, pages))):  # from the end: the positions before stay valid
        if not n:
            continue
        shown = QTextCharFormat(fmt)
        shown.setAnchor(False)
        shown.setAnchorHref("")
        shown.setAnchorNames([])
        shown.setForeground(QColor("#6b7280"))
        shown.setProperty(_MARK, href)
        edits.setPosition(end)
        edits.insertText(" · " + label.format(n=n), shown)
        done += 1
    edits.endEditBlock()
    if done:
        _laid_out_whole(doc, pages_before)
    return done


def update_page_numbers(doc, label: str) -> bool:
    """After the layout moved things (rows kept whole), each page number written here says its target's page (a
    number made longer can move a heading at a page's foot: asked again until none changes); whether any changed."""
    changed = False
    for _ in range(3):
        if not _update_once(doc, label):
            break
        changed = True
    return changed


def _update_once(doc, label: str) -> bool:
    from PySide6.QtGui import QTextCursor

    targets, _ = _scan(doc)
    page = doc.pageSize().height()
    pages_before = doc.pageCount()
    written = [(start, length, " · " + label.format(n=_page_of(doc, targets[href[1:]], page)))
               for start, length, href in _written(doc) if href[1:] in targets]
    changed = False
    cursor = QTextCursor(doc)
    cursor.beginEditBlock()
    for start, length, text in reversed(written):
        cursor.setPosition(start)
        cursor.setPosition(start + length, QTextCursor.MoveMode.KeepAnchor)
        if cursor.selectedText() != text:
            cursor.insertText(text, cursor.charFormat())
            changed = True
    cursor.endEditBlock()
    if changed:
        _laid_out_whole(doc, pages_before)
    return changed


def _laid_out_whole(doc, pages_before: int) -> None:
    """The report laid out to its end after the page numbers were written (once more, whole, if it came out
    shorter than before them)."""
    if doc.pageCount() < pages_before:
        doc.markContentsDirty(0, doc.characterCount())
        doc.pageCount()


def _fragments(doc):
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            yield it.fragment()
            it += 1
        block = block.next()


def _scan(doc) -> tuple[dict[str, int], list[tuple[int, str, object]]]:
    """({anchor name: position}, [(end, href, char format) of each internal link before the survey])."""
    targets: dict[str, int] = {}
    links: list = []
    survey_start = None
    for fragment in _fragments(doc):
        fmt = fragment.charFormat()
        if not fmt.isAnchor():
            continue
        for name in fmt.anchorNames():
            targets.setdefault(name, fragment.position())
            if name == SURVEY_START and survey_start is None:
                survey_start = fragment.position()
        href = fmt.anchorHref()
        if href.startswith("#") and survey_start is None:
            end = fragment.position() + fragment.length()
            if links and links[-1][0] == fragment.position() and links[-1][1] == href:  # one link, two fragments
                links[-1] = (end, href, links[-1][2])
            else:
                links.append((end, href, fmt))
    return targets, links


def _written(doc):
    """(start, length, href) of each page number this module wrote."""
    for fragment in _fragments(doc):
        href = fragment.charFormat().property(_MARK)
        if href:
            yield fragment.position(), fragment.length(), href


def _page_of(doc, position: int, page_height: float) -> int:
    block = doc.findBlock(position)
    layout = block.layout()
    top = doc.documentLayout().blockBoundingRect(block).top()
    line = layout.lineForTextPosition(position - block.position())
    y = top + (line.y() if line.isValid() else 0.0)
    return int(y // page_height) + 1
