"""What changed between two drafts, line by line: a unified diff and a side-by-side table (difflib)."""

from __future__ import annotations

import difflib
import html
from dataclasses import dataclass


@dataclass(frozen=True)
class DiffRow:
    """One row of a side-by-side view; a line number is None where that side has no line."""

    tag: str  # "equal" | "replace" | "delete" | "insert"
    old_line: int | None
    old_text: str
    new_line: int | None
    new_text: str


class _Trimmed(difflib.SequenceMatcher):
    """difflib's matching on the lines between the common first and last lines only: two drafts of a long survey
    usually differ in a few places, and difflib alone needs minutes when many of its lines repeat (table rules,
    blank lines, a survey pasted several times)."""

    def __init__(self, a: list[str], b: list[str], autojunk: bool = True) -> None:
        super().__init__(None, a, b, autojunk=False)
        n = min(len(a), len(b))
        head = 0
        while head < n and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < n - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
            tail += 1
        middle = difflib.SequenceMatcher(None, a[head:len(a) - tail], b[head:len(b) - tail], autojunk=autojunk)
        spans = [("equal", 0, head, 0, head)]
        spans += [(tag, i1 + head, i2 + head, j1 + head, j2 + head) for tag, i1, i2, j1, j2 in middle.get_opcodes()]
        spans.append(("equal", len(a) - tail, len(a), len(b) - tail, len(b)))
        codes: list[tuple[str, int, int, int, int]] = []
        for code in spans:
            if code[1] == code[2] and code[3] == code[4]:
                continue  # empty
            if code[0] == "equal" and codes and codes[-1][0] == "equal":
                code = ("equal", codes[-1][1], code[2], codes.pop()[3], code[4])
            codes.append(code)
        if not codes:
            codes = [("equal", 0, 0, 0, 0)]
        self._codes = codes

    def get_opcodes(self) -> list[tuple[str, int, int, int, int]]:
        return list(self._codes)


def unified_lines(a: list[str], b: list[str], fromfile: str, tofile: str, n: int = 3,
                  matcher: difflib.SequenceMatcher | None = None):
    """difflib.unified_diff's lines (same hunks, same format), matched by `matcher` (default: _Trimmed)."""
    groups = list((matcher or _Trimmed(a, b)).get_grouped_opcodes(n))
    if not groups or (len(groups) == 1 and all(tag == "equal" for tag, *_ in groups[0])):
        return
    yield f"--- {fromfile}"
    yield f"+++ {tofile}"
    for group in groups:
        first, last = group[0], group[-1]
        yield f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@"
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                yield from (" " + line for line in a[i1:i2])
                continue
            yield from ("-" + line for line in a[i1:i2])
            yield from ("+" + line for line in b[j1:j2])


def _range(start: int, stop: int) -> str:
    """A hunk range as unified diffs write it."""
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start if not length else start + 1},{length}"


def unified_diff(old: str, new: str, old_title: str = "before", new_title: str = "after", context: int = 3) -> str:
    """A unified diff ("" when the texts are identical)."""
    return "\n".join(unified_lines(old.splitlines(), new.splitlines(), old_title, new_title, context))


def side_by_side_rows(old: str, new: str, context: int | None = 3) -> list[DiffRow]:
    """Aligned rows; with `context`, unchanged runs are cut to that many lines around each change."""
    a, b = old.splitlines(), new.splitlines()
    matcher = _Trimmed(a, b, autojunk=False)
    groups = [matcher.get_opcodes()] if context is None else list(matcher.get_grouped_opcodes(context))
    rows: list[DiffRow] = []
    for gi, group in enumerate(groups):
        if gi and context is not None:
            rows.append(DiffRow("gap", None, "…", None, "…"))
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                rows += [DiffRow("equal", i + 1, a[i], j + 1, b[j]) for i, j in zip(range(i1, i2), range(j1, j2))]
            elif tag == "delete":
                rows += [DiffRow("delete", i + 1, a[i], None, "") for i in range(i1, i2)]
            elif tag == "insert":
                rows += [DiffRow("insert", None, "", j + 1, b[j]) for j in range(j1, j2)]
            else:
                n = max(i2 - i1, j2 - j1)
                for k in range(n):
                    i, j = i1 + k, j1 + k
                    rows.append(
                        DiffRow(
                            "replace",
                            i + 1 if i < i2 else None,
                            a[i] if i < i2 else "",
                            j + 1 if j < j2 else None,
                            b[j] if j < j2 else "",
                        )
                    )
    return rows


_COLOURS = {"delete": ("#fbe4e4", ""), "insert": ("", "#e2f5e2"), "replace": ("#fbe4e4", "#e2f5e2")}


def side_by_side_html(old: str, new: str, old_title: str = "before", new_title: str = "after", context: int | None = 3) -> str:
    """The side-by-side rows as a small HTML table (Qt rich text renders it); texts escaped."""
    rows = side_by_side_rows(old, new, context)
    out = [
        '<table width="100%" cellspacing="0" cellpadding="2" style="font-family: monospace;">',
        f"<tr><th></th><th align='left'>{html.escape(old_title)}</th><th></th><th align='left'>{html.escape(new_title)}</th></tr>",
    ]
    if not rows or all(r.tag == "equal" for r in rows):
        out.append("<tr><td colspan='4'><i>No differences.</i></td></tr>")
    for r in rows:
        left_bg, right_bg = _COLOURS.get(r.tag, ("", ""))
        lb = f' bgcolor="{left_bg}"' if left_bg else ""
        rb = f' bgcolor="{right_bg}"' if right_bg else ""
        out.append(
            f"<tr><td align='right' width='4%' style='color:#888; white-space:nowrap'>{r.old_line or ''}</td><td width='46%'{lb}>{_cell(r.old_text)}</td>"
            f"<td align='right' width='4%' style='color:#888; white-space:nowrap'>{r.new_line or ''}</td><td width='46%'{rb}>{_cell(r.new_text)}</td></tr>"
        )
    out.append("</table>")
    return "".join(out)


def _cell(text: str) -> str:
    return html.escape(text).replace(" ", "&nbsp;") or "&nbsp;"


def change_summary(old: str, new: str) -> str:
    """"+3 −1 lines" — for dialogs and tooltips."""
    added = removed = 0
    for line in unified_lines(old.splitlines(), new.splitlines(), "", "", 0):
        if line.startswith("+") and not line.startswith("+++"):
            added += 1
        elif line.startswith("-") and not line.startswith("---"):
            removed += 1
    return f"+{added} −{removed} lines"
