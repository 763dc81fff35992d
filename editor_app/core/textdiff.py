"""What changed between two drafts, line by line: a unified diff and a side-by-side table (Myers, else difflib)."""

from __future__ import annotations

import difflib
import html
from collections.abc import Mapping
from dataclasses import dataclass

from .char_diff import CharBudget, Span, changed_chars


@dataclass(frozen=True)
class DiffRow:
    """One row of a side-by-side view; a line number is None where that side has no line."""

    tag: str  # "equal" | "replace" | "delete" | "insert"
    old_line: int | None
    old_text: str
    new_line: int | None
    new_text: str


# Myers' shortest edit script is used up to this many inserted plus deleted lines between the drafts' common first
# and last lines: its work grows with the square of that count (~0.3 s at 1,000 here); beyond it difflib matches.
MAX_EDITS = 1000

# The sentences the side-by-side table writes ("more_rows" with {n}); the window passes them in its language.
TABLE_WORDS = {"same": "No differences.", "more_rows": "… {n} more rows not shown."}


class _Trimmed(difflib.SequenceMatcher):
    """Line matching between the common first and last lines only, by Myers' shortest edit script when the drafts
    differ in a few places (a recovered autosave, two saves), else by difflib. difflib alone needs seconds to minutes
    when many lines repeat (table rules, blank lines, a survey pasted several times) and there pairs the wrong
    copies: an 8 MB draft edited at both ends and in the middle came out as 17,000 changed lines instead of 5."""

    def __init__(self, a: list[str], b: list[str], autojunk: bool = True) -> None:
        super().__init__(None, a, b, autojunk=False)
        head, tail = common_ends(a, b)
        mid_a, mid_b = a[head:len(a) - tail], b[head:len(b) - tail]
        blocks = shortest_edit_matches(mid_a, mid_b)
        if blocks is None:
            middle = difflib.SequenceMatcher(None, mid_a, mid_b, autojunk=autojunk).get_opcodes()
        else:
            middle = _opcodes(blocks, len(mid_a), len(mid_b))
        spans = [("equal", 0, head, 0, head)]
        spans += [(tag, i1 + head, i2 + head, j1 + head, j2 + head) for tag, i1, i2, j1, j2 in middle]
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


def common_ends(a: list[str], b: list[str]) -> tuple[int, int]:
    """How many first and last items a and b share (not overlapping): what any diff of them leaves alone."""
    n = min(len(a), len(b))
    head = 0
    while head < n and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < n - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    return head, tail


def shortest_edit_matches(a: list[str], b: list[str], max_edits: int = MAX_EDITS) -> list[tuple[int, int, int]] | None:
    """The matching blocks (i, j, length) of a shortest edit script turning `a` into `b` (Myers 1986, greedy), or
    None when it needs more than `max_edits` inserted plus deleted lines."""
    ids: dict[str, int] = {}
    x_ids = [ids.setdefault(line, len(ids)) for line in a]  # ints compare in one step, long lines don't
    y_ids = [ids.setdefault(line, len(ids)) for line in b]
    n, m = len(x_ids), len(y_ids)
    if not n or not m:
        return [] if n + m <= max_edits else None
    limit = min(max_edits, n + m)
    offset = limit + 1
    v = [0] * (2 * limit + 3)  # v[offset + k]: the furthest x reached on diagonal k = x - y
    trace: list[list[int]] = []  # after each d, v for k in -d..d
    for d in range(limit + 1):
        for k in range(-d, d + 1, 2):
            if k == -d or (k != d and v[offset + k - 1] < v[offset + k + 1]):
                x = v[offset + k + 1]  # down: a line of b inserted
            else:
                x = v[offset + k - 1] + 1  # right: a line of a deleted
            y = x - k
            if x < n and y < m and x_ids[x] == y_ids[y]:
                x, y = _follow_snake(x_ids, y_ids, x, y)
            v[offset + k] = x
            if x >= n and y >= m:
                trace.append(v[offset - d:offset + d + 1])
                return _backtrack(trace, n, m)
        trace.append(v[offset - d:offset + d + 1])
    return None


def _follow_snake(a: list[int], b: list[int], x: int, y: int) -> tuple[int, int]:
    """Where the run of equal lines starting at a[x], b[y] ends: compared in growing, then halving slices."""
    n, m = len(a), len(b)
    step, growing = 8, True
    while step:
        s = min(step, n - x, m - y)
        if s > 0 and a[x:x + s] == b[y:y + s]:
            x, y = x + s, y + s
            if growing:
                step *= 2
        else:
            growing = False
            step //= 2
    return x, y


def _backtrack(trace: list[list[int]], n: int, m: int) -> list[tuple[int, int, int]]:
    """The runs of equal lines along the path the forward pass found, walking back from (n, m)."""
    blocks: list[tuple[int, int, int]] = []
    x, y = n, m
    for d in range(len(trace) - 1, 0, -1):
        prev = trace[d - 1]  # prev[k + d - 1]: the furthest x on diagonal k after d - 1 edits
        k = x - y
        if k == -d or (k != d and prev[k - 1 + d - 1] < prev[k + 1 + d - 1]):
            prev_k = k + 1
            prev_x = prev[prev_k + d - 1]
            start_x, start_y = prev_x, prev_x - prev_k + 1  # after the insertion
        else:
            prev_k = k - 1
            prev_x = prev[prev_k + d - 1]
            start_x, start_y = prev_x + 1, prev_x - prev_k  # after the deletion
        if x > start_x:
            blocks.append((start_x, start_y, x - start_x))
        x, y = prev_x, prev_x - prev_k
    if x > 0:
        blocks.append((0, 0, x))
    blocks.reverse()
    return blocks


def _opcodes(blocks: list[tuple[int, int, int]], n: int, m: int) -> list[tuple[str, int, int, int, int]]:
    """difflib's opcodes (equal / replace / delete / insert) between matching blocks."""
    codes: list[tuple[str, int, int, int, int]] = []
    i = j = 0
    for bi, bj, size in [*blocks, (n, m, 0)]:
        if i < bi and j < bj:
            codes.append(("replace", i, bi, j, bj))
        elif i < bi:
            codes.append(("delete", i, bi, j, bj))
        elif j < bj:
            codes.append(("insert", i, bi, j, bj))
        if size:
            codes.append(("equal", bi, bi + size, bj, bj + size))
        i, j = bi + size, bj + size
    return codes


def unified_lines(a: list[str], b: list[str], fromfile: str, tofile: str, n: int = 3,
                  matcher: difflib.SequenceMatcher | None = None, groups: list | None = None):
    """difflib.unified_diff's lines (same hunks, same format), matched by `matcher` (default: _Trimmed), or from the
    grouped opcodes `groups` of a matching already made."""
    if groups is None:
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
    return _rows(a, b, _groups(_Trimmed(a, b, autojunk=False), context), context)


def _groups(matcher: difflib.SequenceMatcher, context: int | None) -> list[list[tuple[str, int, int, int, int]]]:
    return [matcher.get_opcodes()] if context is None else list(matcher.get_grouped_opcodes(context))


def _rows(a: list[str], b: list[str], groups: list, context: int | None) -> list[DiffRow]:
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


# Translucent (#AARRGGBB): over white exactly the pale red #fbe4e4 and green #e2f5e2; over a dark theme's base a dark
# tint, under which its light text still reads (opaque pale cells left it white on near-white).
_DELETED, _INSERTED = "#40ef9393", "#408bd78b"
LINE_TINTS = {"delete": (239, 147, 147, 0x40 / 255), "insert": (139, 215, 139, 0x40 / 255)}  # the same, for Qt
# The characters that changed inside a changed line: the same hues stronger (over the line's tint), and underlined
# (not by colour alone). On white; the window passes weaker ones for a dark theme (history_diff.char_tints).
CHAR_TINTS = {"delete": (239, 147, 147, 0.8), "insert": (139, 215, 139, 0.8)}
Tints = dict[str, tuple[int, int, int, float]]


def _hex(rgba: tuple[int, int, int, float]) -> str:
    """#AARRGGBB, as Qt's rich text reads a translucent colour (it takes an rgba() alpha as 0-255)."""
    r, g, b, a = rgba
    return f"#{round(a * 255):02x}{r:02x}{g:02x}{b:02x}"
_COLOURS = {"delete": (_DELETED, ""), "insert": ("", _INSERTED), "replace": (_DELETED, _INSERTED)}


class _PairMarks:
    """The changed characters of replaced line pairs, worked out once for both views of a comparison."""

    def __init__(self, a: list[str], b: list[str]) -> None:
        self.a, self.b = a, b
        self.budget = CharBudget()
        self._known: dict[tuple[int, int], tuple[list[Span], list[Span]]] = {}

    def of(self, i: int, j: int) -> tuple[list[Span], list[Span]]:
        """(old spans, new spans) of a[i] replaced by b[j] (0-based)."""
        key = (i, j)
        if key not in self._known:
            self._known[key] = changed_chars(self.a[i], self.b[j], self.budget)
        return self._known[key]


def side_by_side_html(old: str, new: str, old_title: str = "before", new_title: str = "after", context: int | None = 3,
                      max_rows: int | None = None, char_tints: Tints | None = None,
                      words: Mapping[str, str] | None = None) -> str:
    """The side-by-side rows as a small HTML table (Qt rich text renders it); texts escaped, changed characters
    marked in `char_tints` (default CHAR_TINTS). With `max_rows`, the rows after that many are left out and counted
    in a last row. The line numbers' cells are of class "ln": the window colours them for its palette
    (ui/diff_browser.py)."""
    return counted_side_by_side(old, new, old_title, new_title, context, max_rows, char_tints, words)[2]


def counted_side_by_side(old: str, new: str, old_title: str = "before", new_title: str = "after",
                         context: int | None = 3, max_rows: int | None = None,
                         char_tints: Tints | None = None,
                         words: Mapping[str, str] | None = None) -> tuple[int, int, str]:
    """(lines added, lines removed, side_by_side_html) from one matching of the two drafts (the recovery offer
    shows both: counted apart, they could disagree)."""
    a, b = old.splitlines(), new.splitlines()
    matcher = _Trimmed(a, b, autojunk=False)
    rows = _rows(a, b, _groups(matcher, context), context)
    html_table = _side_by_side(rows, old_title, new_title, max_rows, _PairMarks(a, b), char_tints or CHAR_TINTS,
                               words)[0]
    return (*_counts(matcher), html_table)


def _counts(matcher: difflib.SequenceMatcher) -> tuple[int, int]:
    """(lines added, lines removed) in a matching."""
    added = removed = 0
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            removed += i2 - i1
            added += j2 - j1
    return added, removed


def _side_by_side(rows: list[DiffRow], old_title: str, new_title: str, max_rows: int | None,
                  marks: _PairMarks, char_tints: Tints,
                  words: Mapping[str, str] | None = None) -> tuple[str, list[int]]:
    """(the HTML table, the table rows where each change begins: 1 is the first row under the titles)."""
    said = {**TABLE_WORDS, **(words or {})}
    left_out = len(rows) - max_rows if max_rows is not None and len(rows) > max_rows else 0
    if left_out:
        rows = rows[:max_rows]
    out = [
        _TABLE_OPEN,
        f"<tr><th></th><th align='left'>{html.escape(old_title)}</th><th></th><th align='left'>{html.escape(new_title)}</th></tr>",
    ]
    if not rows or all(r.tag == "equal" for r in rows):
        out.append(f"<tr><td colspan='4'><i>{html.escape(said['same'])}</i></td></tr>")
    deleted_chars, inserted_chars = _hex(char_tints["delete"]), _hex(char_tints["insert"])
    changes: list[int] = []
    previous = "equal"
    for number, r in enumerate(rows, start=1):
        if r.tag not in ("equal", "gap") and previous in ("equal", "gap"):
            changes.append(number)
        previous = r.tag
        left_bg, right_bg = _COLOURS.get(r.tag, ("", ""))
        lb = f' bgcolor="{left_bg}"' if left_bg else ""
        rb = f' bgcolor="{right_bg}"' if right_bg else ""
        old_spans: list[Span] = []
        new_spans: list[Span] = []
        if r.tag == "replace" and r.old_line is not None and r.new_line is not None:
            old_spans, new_spans = marks.of(r.old_line - 1, r.new_line - 1)
        out.append(
            f"<tr>{_NUMBER_CELL}{r.old_line or ''}</td><td width='46%'{lb}>{_cell(r.old_text, old_spans, deleted_chars)}</td>"
            f"{_NUMBER_CELL}{r.new_line or ''}</td><td width='46%'{rb}>{_cell(r.new_text, new_spans, inserted_chars)}</td></tr>"
        )
    if left_out:
        out.append(f"<tr><td colspan='4'><i>{html.escape(said['more_rows'].format(n=f'{left_out:,}'))}</i></td></tr>")
    out.append("</table>")
    return "".join(out), changes


_TABLE_OPEN = '<table width="100%" cellspacing="0" cellpadding="2" style="font-family: monospace;">'
_NUMBER_CELL = "<td class='ln' align='right' width='4%' style='white-space:nowrap'>"
_GAP_ROW = f"<tr>{_NUMBER_CELL}</td><td width='46%'>…</td>"


def in_stretches(side_by_side: str) -> str:
    """A side-by-side table cut into one table per stretch of rows, each from a gap ("…") row on, so that Qt lays
    out the stretches on screen and the rest bit by bit (one table of 120 rows took 100-370 ms of the GUI thread at
    8 MB, laid out whole at every new comparison). Rows keep their order and numbering across the tables."""
    if not side_by_side.startswith(_TABLE_OPEN):
        return side_by_side
    return side_by_side.replace(_GAP_ROW, f"</table>{_TABLE_OPEN}{_GAP_ROW}")


def recoloured(side_by_side: str, was: Tints, tints: Tints) -> str:
    """A side-by-side table's changed characters in other tints (a theme switched while it is shown)."""
    for tag in ("delete", "insert"):
        side_by_side = side_by_side.replace(_mark_style(_hex(was[tag])), _mark_style(_hex(tints[tag])))
    return side_by_side


def _mark_style(colour: str) -> str:
    return f"background-color:{colour}; text-decoration:underline"


def _cell(text: str, spans: list[Span] = (), colour: str = "") -> str:
    if not text:
        return "&nbsp;"
    pieces = _escaped_chars(text)
    out: list[str] = []
    at = 0
    for start, end in spans:
        out.append("".join(pieces[at:start]))
        out.append(f'<span style="{_mark_style(colour)}">{"".join(pieces[start:end])}</span>')
        at = end
    out.append("".join(pieces[at:]))
    return "".join(out)


def _escaped_chars(text: str) -> list[str]:
    """Each character of a line as the table writes it: spaces kept (HTML would fold a run into one), and the line
    still wrapped at them. Every space was &nbsp;: "级 Agentic Workflow 持" could not be broken, and a long Chinese
    line wrapped short before it ("生产" / "级 Agentic …"). Now the last space of a run inside the line is a plain
    one; only a run at either end of the line is all &nbsp; (HTML drops it there)."""
    pieces = [html.escape(ch) for ch in text]
    first, last = len(text) - len(text.lstrip(" ")), len(text.rstrip(" "))  # the line's words lie in [first, last)
    for i, ch in enumerate(text):
        if ch == " ":
            pieces[i] = " " if first < i < last and text[i + 1] != " " else "&nbsp;"
    return pieces


@dataclass
class Comparison:
    """Everything the History tab shows of two drafts, from one line matching."""

    added: int  # lines
    removed: int
    side_by_side: str  # HTML
    side_by_side_changes: list[int]  # the table rows where each change begins (0 is the titles' row)
    unified: str  # "" when the drafts are identical
    unified_changes: list[int]  # the unified diff's lines where each change begins (0-based)
    unified_marks: dict[int, list[Span]]  # a unified diff line -> its changed characters (in the line as shown)
    char_tints: Tints  # the changed characters' tints


def compare(old: str, new: str, old_title: str = "before", new_title: str = "after", context: int = 3,
            max_rows: int | None = None, char_tints: Tints | None = None,
            words: Mapping[str, str] | None = None) -> Comparison:
    """Both views of two drafts, their change counts and where their changes are."""
    a, b = old.splitlines(), new.splitlines()
    matcher = _Trimmed(a, b, autojunk=False)
    added, removed = _counts(matcher)
    groups = _groups(matcher, context)
    marks = _PairMarks(a, b)
    side_by_side, rows_changed = _side_by_side(_rows(a, b, groups, context), old_title, new_title, max_rows, marks,
                                               char_tints or CHAR_TINTS, words)
    lines, changes, line_marks = _unified(a, b, groups, old_title, new_title, marks)
    return Comparison(added, removed, side_by_side, rows_changed, "\n".join(lines), changes, line_marks,
                      char_tints or CHAR_TINTS)


def _unified(a: list[str], b: list[str], groups: list, fromfile: str, tofile: str,
             marks: _PairMarks) -> tuple[list[str], list[int], dict[int, list[Span]]]:
    """unified_lines' lines, the lines where each change begins and the changed characters of replaced lines."""
    lines = list(unified_lines(a, b, fromfile, tofile, groups=groups))
    changes: list[int] = []
    line_marks: dict[int, list[Span]] = {}
    at = 2  # the line unified_lines writes next, after "---" and "+++"
    for group in groups if lines else ():
        at += 1  # its "@@" line
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                at += i2 - i1
                continue
            changes.append(at)
            first_old, first_new = at, at + (i2 - i1)
            at += (i2 - i1) + (j2 - j1)
            if tag != "replace":
                continue
            for k in range(min(i2 - i1, j2 - j1)):
                old_spans, new_spans = marks.of(i1 + k, j1 + k)
                if old_spans:
                    line_marks[first_old + k] = [(s + 1, e + 1) for s, e in old_spans]
                if new_spans:
                    line_marks[first_new + k] = [(s + 1, e + 1) for s, e in new_spans]
    return lines, changes, line_marks


def change_counts(old: str, new: str) -> tuple[int, int]:
    """(lines added, lines removed) from old to new, matched as the comparisons match them (a line that itself
    starts with "--" or "++" is counted like any other)."""
    return _counts(_Trimmed(old.splitlines(), new.splitlines(), autojunk=False))


def change_summary(old: str, new: str) -> str:
    """"+3 −1 lines" — for the CLI and logs (the window says it in the user's language)."""
    added, removed = change_counts(old, new)
    return f"+{added} −{removed} lines"
