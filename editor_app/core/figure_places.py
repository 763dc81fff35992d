"""Where the engine figures a consistency finding names stand: the chart a figure belongs to and the places the
finding's message says it disagrees with, for the Figures tab, the report's charts and its figures table alike."""

from __future__ import annotations

import re

from editor_app.core.figure_check import RULE_ID as CONSISTENCY_RULE
from editor_app.core.figures import quantity_label
from editor_app.core.model import Analysis, FigureGroup

IN_MS = {"ms": 1.0, "s": 1000.0}  # a latency stated in ms in one place and in s in another is one quantity


def chart_key(g: FigureGroup) -> tuple:
    """Figures drawn in the same chart: same quantity ("吞吐" is throughput), unit (ms and s are one) and hardware;
    and, for a speed-up, the same baseline ("" when it names none): one against vLLM is another figure than one
    against TGI."""
    return (quantity_label(g) or g.metric, "s" if g.unit in IN_MS else g.unit, g.hardware or "", g.baseline)


# "… at line 3", or "… 2× (vs vLLM) at line 3": a place a consistency finding names, and that place's baseline when
# it differs from the finding's own (a speed-up naming none compared with the figure's first statement)
_OTHER_PLACE = re.compile(r"(?: \(vs ([^()]*)\))? at line (\d+)")
# a finding telling a figure that names no GPU against one on the GPU it was read on: the other place is in the
# other's chart ("throughput (tok/s) · H100" and "throughput (tok/s)")
_READ_ON = re.compile(r"read as on (.+?), the only GPU the survey states it on\)")


def inconsistent_places(analysis: Analysis) -> set[tuple[int, str, tuple]]:
    """(line, engine, chart key) of every figure a figure-consistency finding names: the place it points at and
    the lines its message says it disagrees with (same quantity only)."""
    bad: set[tuple[int, str, tuple]] = set()
    findings = [f for f in analysis.findings if f.rule == CONSISTENCY_RULE]
    if not findings:
        return bad
    # only the figures on the findings' lines are looked at: keying all 16,000 figures of an 8 MB survey took ~10 ms
    lines = {f.line for f in findings}
    there = [g for g in analysis.figures if g.line in lines]
    at = {(g.line, v.column): (v.engine, key) for g in there for key in (chart_key(g),) for v in g.values}
    for f in findings:
        hit = at.get((f.line, f.column))
        if hit is None:
            hit = next(((v.engine, chart_key(g)) for g in there if g.line == f.line for v in g.values
                        if f.message.startswith(v.engine)), None)
        if hit is None:
            continue
        engine, key = hit
        bad.add((f.line, engine, key))
        read_on = _READ_ON.search(f.message)
        if read_on is not None:  # (the other place's chart: the GPU this one names not, or the one it names)
            key = (key[0], key[1], "" if key[2] else read_on.group(1), key[3])
        for m in _OTHER_PLACE.finditer(f.message):
            base = m.group(1)
            bad.add((int(m.group(2)), engine, key if base is None else (*key[:-1], base)))
    return bad
