"""Engine figures that disagree: the same engine + metric (+ label, hardware, unit, baseline) stated with different values.

A speed-up is a ratio to its baseline, so speed-ups against different known engines are different figures: "SGLang 比
vLLM 快 2×" and "SGLang 比 TGI 快 3×" never disagree, while "SGLang 比 vLLM 快 2×" and "SGLang 3.1× faster than vLLM"
do. A speed-up that names no baseline ("SGLang 3.1× faster", a summary restating a figure without it) is read as a
careful reader reads it, as the figure the survey stated first, whatever baseline that one names: it is compared
with the figure's first statement (so "SGLang 快 3.1×" after "SGLang 比 vLLM 快 2×" disagrees, and one after "SGLang
快 3.1×" agrees), and is the first statement a later one naming no baseline is compared with. A speed-up naming its
baseline is compared only with those naming the same one (never with one naming none: it says more than that one).

A percentage change ("SGLang 比 vLLM 延迟降低 40%", kind "change") is compared only with changes of the same engine and
measure against the same baseline in the same direction (one naming no baseline only with those naming none): "降低
40%" and "降低 30%" disagree, "比 TGI 降低 20%" or "升高 5%" are other figures.

Every statement is compared with the first place the survey states that figure; a latency is compared in seconds,
whether a place states it in ms or in s. A single value inside a range stated at the other place ("+1.3×" and
"+1.21×~1.35×", "14,000 tok/s" and "12,000~16,200 tok/s", either first) agrees with it; two ranges agree only when
they are one range. A figure stated with no GPU is compared with that figure on a GPU when the survey states it on
one GPU only ("SGLang 吞吐 19,900 tok/s" in a summary, "SGLang ~16,200 vs vLLM ~12,500 tok/s on H100" above): a
reader takes it for that one, and the message says it was so read; when the survey states it on two GPUs or more, a
figure naming none is compared only with others naming none (which of them it restates, nothing tells). So is a
speed-up ("MLC-LLM 比 llama.cpp 快 3.1x" with "在 M3 Max 上 … 快 3.6x"; one naming no baseline with that engine's
speed-ups whatever their baseline), not a percentage change; an engine's figures side by side with another's on a
GPU state its speed-up there too (so with an A100 speed-up and an H100 pair, a speed-up naming no GPU is read on
neither). A cited paper is one subject under every name the survey gives it ("Akashic MemAttention" on one line, "arXiv:2607.05708" on another: see `paper_subjects`). The check is kept between
analysis passes: after an edit that keeps line numbers and does not move any "first place", only the edited
lines are compared again.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

from .figures import GENERIC_LABELS, quantity_label
from .numbers import AS_ASCII, thousands_read
from .model import FigureGroup, FigureValue, Finding, Reference
from .records import mypyc_attr, with_changes

RULE_ID = "figure-consistency"
_NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")


@mypyc_attr(native_class=False)  # (an instance __dict__: dismantle empties a finished pass's check through it)
@dataclass
class FigureCheck:
    findings: list[Finding]
    first: dict[tuple, tuple[FigureGroup, FigureValue, tuple]]  # figure key -> where it is first stated (+ span)
    by_line: dict[int, list[Finding]]  # line -> its findings, in the order they were found
    subjects: dict[str, str] | None = None  # the paper_subjects it was made with
    # {a figure's key less its GPU: the one GPU the survey states it on} (a statement naming none is read on it),
    # and {line: the (figure, GPU) pairs its statements naming a GPU make}, which an edit must leave as they were
    # for a pass to compare only the edited lines again
    only_gpu: dict[tuple, str] | None = None
    gpu_lines: dict[int, tuple] | None = None


def paper_subjects(references: list[Reference]) -> dict[str, str]:
    """{a subject as written, casefolded: the subject it is}: every name the survey gives a cited paper, and its
    "arXiv:ID", are that paper (a figure line reads its subject on that line alone: sample line 42 states Akashic's
    figures under "arXiv:2607.05708", lines 17 and 27 under "Akashic MemAttention"). A name given to two papers
    names neither."""
    by_name: dict[str, str | None] = {}
    for ref in references:
        paper = f"arxiv:{ref.id}".casefold()
        by_name[paper] = paper
        for name in ref.names or ([ref.name] if ref.name else []):
            key = name.casefold()
            by_name[key] = paper if by_name.get(key, paper) == paper else None
    return {name: paper for name, paper in by_name.items() if paper is not None}


def subject_of(engine: str, subjects: dict[str, str] | None) -> str:
    """What a value's engine names, for telling figures apart: its paper, else the engine itself (casefolded)."""
    key = engine.casefold()
    return subjects.get(key, key) if subjects else key


def shown_names(figures: list[FigureGroup], references: list[Reference]) -> dict[str, str]:
    """{engine as written: the name its figures are drawn under}: a cited paper's figures under the first name
    the survey states them with, so one figure is one bar whatever each line calls the paper."""
    subjects = paper_subjects(references)
    first: dict[str, str] = {}
    shown: dict[str, str] = {}
    for group in figures:
        for value in group.values:
            if value.engine not in shown:
                shown[value.engine] = first.setdefault(subject_of(value.engine, subjects), value.engine)
    return shown


_SPANS: dict[tuple[str, float], tuple[float, float]] = {}
_KEYS: dict[tuple, tuple] = {}
_MEMO_LIMIT = 100_000


def _span(value: FigureValue) -> tuple[float, float]:
    """(low, high) of a value: a range ("3.8~5.2×", "12,000~16,200 tok/s") keeps both ends, anything else is one point
    (remembered: a big survey states the same figures over and over, and every pass compares them all)."""
    got = _SPANS.get((value.text, value.value))
    if got is None:
        # (a value's text as written, "～１３，５００" or "16，200", read as "16,200" is: "16，200" was the range 16 to
        # 16,200 and so "disagreed" with "16,200" stated elsewhere)
        numbers = _NUMBER.findall(thousands_read(value.text.translate(AS_ASCII)))
        got = (_low_end(numbers[0], numbers[-1], value.value), value.value) if len(numbers) >= 2 \
            else (value.value, value.value)
        if len(_SPANS) > _MEMO_LIMIT:
            _SPANS.clear()
        _SPANS[value.text, value.value] = got
    return got


def _low_end(low: str, high: str, value: float) -> float:
    """A range's lower end in its value's unit: as written ("3.8" of "3.8~5.2×"), or, when the upper end as written
    is not the value ("1.2万~1.6万", "12~16k" or "850~900 ms" told in s), scaled as the value is, exactly."""
    low_read, high_read = float(low.replace(",", "")), float(high.replace(",", ""))
    if high_read == value or not high_read:
        return low_read
    return float(Fraction(low.replace(",", "")) * Fraction(repr(value)) / Fraction(high.replace(",", "")))


def value_span(value: FigureValue) -> tuple[float, float]:
    """(low, high) of a value as stated: a range "3.8~5.2×", "12,000~16,200 tok/s", "54.2–58.9s" keeps both ends (its
    value is the upper one), any other value is one point. The charts draw a range as one (ui/figures_panel.py)."""
    return _span(value)


_IN_SECONDS = {"s": 1.0, "ms": 0.001}  # latencies are compared whatever time unit each place states them in


def _stated(group: FigureGroup, value: FigureValue) -> tuple[float, float]:
    """The span of a value, in seconds for a latency (so "850 ms" and "1.2 s" are compared)."""
    low, high = _span(value)
    scale = _IN_SECONDS.get(group.unit)
    return (low, high) if scale is None or scale == 1.0 else (low * scale, high * scale)


def _as_written(group: FigureGroup, value: FigureValue) -> str:
    """"~12,500 tok/s", "4×", "1.2 s": the value with its unit, unless its text already ends with one."""
    unit, text = group.unit, value.text
    if group.kind == "change":  # "−40%": the sign the words say ("降低 40%")
        return f"{'−' if value.value < 0 else '+'}{text}%"
    if unit[:1] in ("$", "¥", "€", "£"):  # "$110,940/年", "11.1 万 $/年"
        return text + unit[1:] if text.lstrip("~≈约为是合 ").startswith(unit[0]) else f"{text} {unit}"
    if not unit or text[-1:].isalpha() and text[-1] not in _MAGNITUDES or text.endswith(("×", "倍")):
        return text  # ("1.2 s" holds its unit; "12.4k" and "约 1.4 万" do not)
    return f"{text}{unit}" if unit == "%" else f"{text} {unit}"


def _same(x: tuple[float, float], y: tuple[float, float]) -> bool:
    return all(math.isclose(p, q, rel_tol=1e-9, abs_tol=1e-12) for p, q in zip(x, y))


_MAGNITUDE = re.compile(r"\d+(?:\.(\d+))?[ \t]?([万亿kKMB])")
_MAGNITUDES = {"万": 1e4, "亿": 1e8, "k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9}


def _half_step(value: FigureValue) -> float:
    """Half the last digit of a figure written in thousands, ten-thousands, millions… ("约 11.1 万" is 500, "16.2k"
    50), in its unit; 0 for one written in full. (The M/B of a value's text are a multiplier: its text holds one
    only with a currency, or an M before tok/s or req/s, "1.2M tok/s".)"""
    m = _MAGNITUDE.search(value.text)
    if m is None:
        return 0.0
    return 0.5 * 10.0 ** -len(m.group(1) or "") * _MAGNITUDES[m.group(2)]


def _rounds_to(point: float, value: FigureValue, scale: float) -> bool:
    """Whether `point` (in seconds for a latency: `scale` is the value's unit in them) is what a figure written in
    a magnitude rounds from, half up, as an author rounds: 110,940 is "11.1 万" and "约 6 万" is 59,940."""
    half = _half_step(value) * scale
    if not half:
        return False
    centre = value.value * scale
    eps = 1e-9 * max(abs(centre), abs(point))
    return centre - half - eps <= point < centre + half - eps


def _group_key(group: FigureGroup) -> tuple:
    """(metric, label, hardware, unit, baseline) as compared; the baseline last ("" when none is named)."""
    if group.kind == "change":
        # a change is compared only with changes of the same measure in the same direction against the same
        # baseline: one naming none may be against anything (an older release…), and "高 30%" and "低 20%" naming
        # no measure are likely of two; so its baseline and direction go in the metric and the key ends in ""
        down = bool(group.values) and group.values[0].value < 0
        raw: tuple = ("change", group.label, group.hardware, group.baseline, down)  # (the memo's key: two shapes)
        got = _KEYS.get(raw)
        if got is None:
            label = " ".join(quantity_label(group).casefold().split())
            got = _KEYS[raw] = (("change", group.baseline.casefold(), down), label, (group.hardware or "").casefold(),
                                "%", "")
        return got
    raw = (group.metric, group.label, group.hardware, group.unit, group.baseline)
    got = _KEYS.get(raw)
    if got is None:
        if len(_KEYS) > _MEMO_LIMIT:
            _KEYS.clear()
        label = " ".join(quantity_label(group).casefold().split())
        got = _KEYS[raw] = (group.metric, label, (group.hardware or "").casefold(),
                            "s" if group.unit in _IN_SECONDS else group.unit, group.baseline.casefold())
    return got


def _keys(subject: str, gkey: tuple) -> tuple[tuple, ...]:
    """The keys a value is the first statement of: its figure against its baseline, and, when it names one, the
    figure whatever its baseline (key ending in ""), which a speed-up naming no baseline is compared with."""
    key = (subject, *gkey)
    return (key, key[:-1] + ("",)) if gkey[-1] else (key,)


# A speed-up or change naming its baseline against the two engines' own figures stated side by side: "SGLang 比
# vLLM 快 2 倍" where "SGLang ~16,200 vs vLLM ~12,500 tok/s" make 1.30×. Throughput and latency only, the measures
# whose ratio is a speed-up (of a latency, the baseline's time over the engine's).
_RAW_METRICS = ("throughput", "latency")


def _ratio_measure(group: FigureGroup, named: bool | None = None) -> tuple[str, str] | None:
    """See `_read_ratio_measure` (remembered by what it reads: every pass asks it of each figure again); `named`:
    whether it names its baseline, when not as the group does (a speed-up naming none is of the same measure)."""
    key = (group.kind, group.metric, group.label, bool(group.baseline) if named is None else named)
    got = _MEASURES.get(key, False)
    if got is False:
        if len(_MEASURES) > _MEMO_LIMIT:
            _MEASURES.clear()
        got = _MEASURES[key] = _read_ratio_measure(group, key[3])
    return got  # type: ignore[return-value]


_MEASURES: dict[tuple, tuple[str, str] | None] = {}


def _read_ratio_measure(group: FigureGroup, named: bool) -> tuple[str, str] | None:
    """(metric, label) of the side-by-side figures a speed-up or change of `group` (naming its baseline: `named`) is
    a ratio of, else None: a speed-up of throughput, or one naming no measure ("快 2 倍", read as throughput); a change
    of throughput; either of a latency the label names ("TTFT 低 2×" is of "TTFT: SGLang 54.2 s vs vLLM 58.9 s")."""
    if group.kind == "comparison":  # ("吞吐：SGLang … vs vLLM …" is the plain throughput: quantity_label "")
        return (group.metric, quantity_label(group).casefold()) if group.metric in _RAW_METRICS else None
    if not named or group.kind not in ("speedup", "change"):
        return None
    label = group.label.casefold()
    metric = GENERIC_LABELS.get(label)  # (the label names a metric itself: "吞吐", "延迟")
    if metric == "throughput" or not label and group.kind == "speedup":
        return ("throughput", "")
    if metric == "latency":  # "SGLang 比 vLLM 延迟降低 40%" is of "延迟 SGLang 180 ms vs vLLM 240 ms"
        return ("latency", "")
    # (a change naming no measure, "SGLang 比 vLLM 高 30%", is of nothing known: it was told against a latency)
    return ("latency", quantity_label(group).casefold()) if label and metric is None and label != "request rate" \
        else None


def _ratio_keys(group: FigureGroup, value: FigureValue, subjects: dict[str, str] | None) -> tuple[tuple, ...]:
    """The first-statement keys the ratio check keeps for a value, each ending in a GPU: an engine's figure stated
    beside others ("raw") on its GPU, and whatever its GPU (`_ANY_GPU`), and a speed-up or change of an engine over
    a named baseline ("said") on the GPU it names ("" when it names none)."""
    measure = _ratio_measure(group)
    if measure is None or not value.engine:
        return ()
    gpu = _gpu(group)
    if group.kind == "comparison":
        raw = ("raw", subject_of(value.engine, subjects), *measure)
        return ((*raw, gpu), (*raw, _ANY_GPU)) if gpu else ((*raw, _ANY_GPU),)
    return (("said", group.kind, subject_of(value.engine, subjects), subject_of(group.baseline, subjects), *measure,
             gpu),)


# The GPU a ratio is told on. A speed-up or change naming a GPU ("在 A100 上 SGLang 比 vLLM 快 1.19 倍") is a ratio
# of the figures stated side by side on that GPU, never another's (it was told against the H100 pair stated first)
# nor a pair naming none (it says more than that pair, as a speed-up naming its baseline does); one naming no GPU is
# of the first pair stated, on whatever GPU (the raw key ending in _ANY_GPU).
_ANY_GPU = None


def _gpu(group: FigureGroup) -> str:
    return " ".join((group.hardware or "").casefold().split())


def _implied(kind: str, metric: str, engine: float, baseline: float) -> float:
    """The speed-up (×) or change (%) two side-by-side figures make: of a latency, less time is faster."""
    ratio = engine / baseline
    if kind == "change":
        return (ratio - 1) * 100
    return 1 / ratio if metric == "latency" else ratio


def _ratio_agrees(stated: FigureValue, implied: float, kind: str) -> bool:
    """Whether a stated speed-up or change is what the figures make, as a writer rounds it: within 5% of it, or
    rounded to its last digit (a speed-up: then within 15%, so "2×" is 1.8 but not 1.5); a change in its direction."""
    text = stated.text.translate(AS_ASCII)
    decimals = len(m.group(1)) if (m := _DECIMALS.search(text)) else 0
    off, half = abs(abs(stated.value) - abs(implied)), 0.5 * 10.0 ** -decimals + 1e-9
    if kind == "change":
        return off <= max(half, 0.05 * abs(implied)) and ((stated.value < 0) == (implied < 0) or abs(implied) < half)
    return off <= 0.05 * implied or off <= half and off <= 0.15 * implied


_DECIMALS = re.compile(r"\d\.(\d+)")


def _ratio_text(kind: str, implied: float) -> str:
    return f"{implied:+.1f}%".replace("-", "−") if kind == "change" else f"{implied:.2f}×"


def _compare_ratio(group: FigureGroup, first: dict, by_line: dict, subjects: dict[str, str] | None) -> None:
    """Record the group's ratio keys, and compare a speed-up or change naming its baseline with the side-by-side
    figures of its two engines (those stated first, both in one place), whichever the survey states first."""
    measure = _ratio_measure(group)
    if measure is None:
        return
    if group.kind != "comparison":
        for value in group.values:
            keys = _ratio_keys(group, value, subjects)
            if not keys:
                continue
            first.setdefault(keys[0], (group, value, _stated(group, value)))
            raw = _raw_pair(first, value.engine, group.baseline, (*measure, keys[0][-1] or _ANY_GPU), subjects)
            if raw is not None and _ahead(raw[0], group):
                _check_ratio(group, value, raw, by_line, said_first=False)
        return
    engines = [v for v in group.values if v.engine and v.value > 0]
    if len(engines) < 2:
        return
    firsts: dict = {}  # {a GPU, or _ANY_GPU: the engines whose figures this group states first on it, side by side}
    for value in engines:
        for key in _ratio_keys(group, value, subjects):
            if first.setdefault(key, (group, value, _stated(group, value)))[0] is group:
                firsts.setdefault(key[-1], []).append(value)
    for gpu, stated in firsts.items():
        for e in stated:
            for b in stated:
                if e is b:
                    continue
                for kind in ("speedup", "change"):
                    said = first.get(("said", kind, subject_of(e.engine, subjects), subject_of(b.engine, subjects),
                                      *measure, gpu or ""))
                    if said is not None and _ahead(said[0], group):
                        _check_ratio(said[0], said[1], (group, e, b), by_line, said_first=True)


def _ahead(other: FigureGroup, group: FigureGroup) -> bool:
    """Whether `other`, a statement recorded in `first`, comes before `group` in the order groups are compared (by
    line, then by the column of their first value). A fresh pass has recorded only those; a pass comparing some lines
    again (`recheck_figures`, `moved_check`) has the later ones recorded too, which must not be told against an
    earlier line as if stated ahead of it (a "2×" on line 6 read as said before the figures of line 5)."""
    return (other.line, other.values[0].column if other.values else 0) < \
        (group.line, group.values[0].column if group.values else 0)


def _raw_pair(first: dict, engine: str, baseline: str, measure: tuple[str, str, str | None],
              subjects: dict[str, str] | None) -> tuple[FigureGroup, FigureValue, FigureValue] | None:
    """The first side-by-side statement of both engines' figures (measure: metric, label and GPU), when it is one
    place."""
    e = first.get(("raw", subject_of(engine, subjects), *measure))
    b = first.get(("raw", subject_of(baseline, subjects), *measure))
    if e is None or b is None or e[0] is not b[0] or e[1].value <= 0 or b[1].value <= 0:
        return None
    return e[0], e[1], b[1]


def _check_ratio(said: FigureGroup, value: FigureValue, raw: tuple[FigureGroup, FigureValue, FigureValue],
                 by_line: dict, said_first: bool) -> None:
    """A finding, at the later of the two places, when the stated speed-up or change is not what the figures make."""
    group, e, b = raw
    implied = _implied(said.kind, group.metric, *_scaled(group, e, b))
    if _ratio_agrees(value, implied, said.kind):
        return
    what = _what(said) if said.kind == "change" else _what(group)
    first, second = _as_written(group, e), _as_written(group, b)
    if first.endswith(f" {group.unit}") and second.endswith(f" {group.unit}"):  # "~16,200 vs ~12,500 tok/s", but
        first = first[:-len(group.unit) - 1]  # "0.18 s vs 240 ms"
    pair = f"{first} vs {second}"
    # the GPU the ratio is told on: the one it names, else that of the pair it is told against (keyed by it)
    hardware = said.hardware or group.hardware
    head = f"{value.engine} {what} vs {said.baseline}" + (f" on {hardware}" if hardware else "")
    if said_first:
        found = _finding(group, e, f"{head}: {pair} at line {group.line} make {_ratio_text(said.kind, implied)}, "
                                   f"not {_as_written(said, value)} as stated at line {said.line}", value.value)
        found = with_changes(found, measured=implied, limit=value.value)
    else:
        found = _finding(said, value, f"{head}: {_as_written(said, value)} at line {said.line} disagrees with "
                                      f"{pair} at line {group.line} ({_ratio_text(said.kind, implied)})", implied)
    by_line.setdefault(found.line, []).append(found)


def _scaled(group: FigureGroup, e: FigureValue, b: FigureValue) -> tuple[float, float]:
    """The two figures as stated (a range by its upper end, as elsewhere)."""
    return _stated(group, e)[1], _stated(group, b)[1]


def _disagreement(group: FigureGroup, value: FigureValue, other: FigureGroup, first_value: FigureValue,
                  first_span: tuple[float, float]) -> Finding | None:
    if other is group:
        return None
    span = _stated(group, value)
    if span == first_span or _same(span, first_span) or _within(span, value, group, first_span) \
            or _within(first_span, first_value, other, span):
        return None
    if span[0] == span[1] and first_span[0] == first_span[1] and (
            _rounds_to(first_span[0], value, _IN_SECONDS.get(group.unit, 1.0))
            or _rounds_to(span[0], first_value, _IN_SECONDS.get(other.unit, 1.0))):
        return None  # the same figure written to fewer digits ("约 11.1 万美元/年" for "$110,940/年")
    what = _what(group)
    vs = f" vs {group.baseline}" if group.baseline else ""
    where = f" on {group.hardware}" if group.hardware else ""
    # a speed-up naming no baseline read as the first statement: that one's baseline is said ("2× (vs vLLM)")
    other_vs = f" (vs {other.baseline})" if other.baseline and other.baseline != group.baseline else ""
    return _finding(group, value,
                    f"{value.engine} {what}{vs}{where}: {_as_written(group, value)} at line {group.line} disagrees "
                    f"with {_as_written(other, first_value)}{other_vs} at line {other.line}",
                    first_value.value * _IN_SECONDS.get(other.unit, 1.0) / _IN_SECONDS.get(group.unit, 1.0))  # in its unit


def _within(point: tuple[float, float], value: FigureValue, group: FigureGroup, span: tuple[float, float]) -> bool:
    """Whether a figure stated as one value lies in a range stated elsewhere, its ends included ("+1.3×" or "+1.21×"
    in "+1.21×~1.35×", "4.5×" in "3.8~5.2×"): a case the range sums up, no contradiction; a figure written in 万 or k
    when its rounding reaches the range. Two ranges are one figure only when they are the same range: one figure,
    one number everywhere (house rule 10), so "3.8~5.2×" and "4~5×" disagree."""
    if point[0] != point[1] or span[0] == span[1]:
        return False
    low, high = min(span), max(span)
    eps = 1e-9 * max(abs(low), abs(high))
    half = _half_step(value) * _IN_SECONDS.get(group.unit, 1.0)
    return low - half - eps <= point[0] <= high + half + eps


def _what(group: FigureGroup) -> str:
    """What a message says the figure is, in the engine's words whatever the survey's ("cost" for 成本, "p99 TTFT"
    for "p99 首字延迟"; "latency change"): one list of findings names one measure one way."""
    label = quantity_label(group) or ("" if group.kind in ("speedup", "change") else group.metric)
    if group.kind == "change":
        return f"{GENERIC_LABELS.get(label.casefold(), label)} change".lstrip()
    return GENERIC_LABELS.get(label.casefold(), label) or group.metric


def _gpu_read(group: FigureGroup, hardware: str, message: str) -> str:
    """A disagreement's message saying which of its two statements names no GPU and was read on `hardware`, the one
    GPU the survey states that figure on."""
    if not group.hardware:  # (the value of this place names none)
        at = message.index(" disagrees with ")
        return f"{message[:at]} (no GPU named; read as on {hardware}, the only GPU the survey states it on)" \
            + message[at:]
    return f"{message}, which names no GPU (read as on {hardware}, the only GPU the survey states it on)"


def _finding(group: FigureGroup, value: FigureValue, message: str, limit: float) -> Finding:
    """A figure-consistency warning at `value` of `group`, measured its value against `limit`."""
    return Finding(rule=RULE_ID, level="warning", line=group.line, column=value.column, message=message,
                   measured=value.value, limit=limit)


def _reversed(group: FigureGroup, value: FigureValue, seen: tuple | None) -> Finding | None:
    """A speed-up of A over B where B was stated ahead of A, each more than 1× ("SGLang 比 vLLM 快 3.1 倍", then
    "SGLang 比 vLLM 慢 3.1 倍"): one of the two has the engines the wrong way round."""
    if seen is None or seen[0] is group or seen[1].value <= 1 or not _ahead(seen[0], group):
        return None
    other, first_value = seen[0], seen[1]
    what = _what(group)
    where = f" on {group.hardware}" if group.hardware else ""  # (both on it: the GPU is in the key)
    return _finding(group, value,
                    f"{value.engine} {what} vs {group.baseline}{where}: {_as_written(group, value)} at line "
                    f"{group.line} contradicts {first_value.engine} vs {other.baseline}: "
                    f"{_as_written(other, first_value)} at line {other.line} (each stated ahead of the other)",
                    1 / first_value.value)


def _checked(group: FigureGroup) -> bool:
    """False for a percentage of nothing named ("vLLM 85% vs SGLang 92%"): two of them need not be one figure."""
    return group.metric != "percent" or bool(group.label)


def _first_keys(group: FigureGroup, value: FigureValue, subjects: dict[str, str] | None,
                gpus: tuple[dict, dict] | None = None) -> tuple[tuple, ...]:
    """Every key the value may be the first statement of (an edit making it one is no longer an edit of one line)."""
    if not value.engine:
        return ()
    subject = subject_of(value.engine, subjects)
    return _keys(subject, _on_gpu(subject, _group_key(group), group, gpus)) + _ratio_keys(group, value, subjects)


# a clause that says where its figure was measured, on hardware the engine does not know ("Mac Studio 上 Ollama 40
# tok/s", "vLLM on a laptop: …"): a figure naming no GPU there is not read on another's (not 以上, 上文, 上述 …)
_SAYS_WHERE = re.compile(r"(?<![以之])上(?![文述面一下])|(?<![A-Za-z])on[ \t]|@")


def _on_gpu(subject: str, gkey: tuple, group: FigureGroup, gpus: tuple[dict, dict] | None) -> tuple:
    """The gkey a value of `group` is compared under: one naming no GPU takes the one GPU the survey states that
    figure on (gpus: _only_gpu's and _gpu_pairs'), unless its line states the figure on a GPU (the line tells them
    apart: "H100 上 Ollama 95 tok/s，Mac Studio 上 Ollama 40 tok/s") or its clause says where it ran."""
    if not gpus or gkey[2] or group.kind == "change":  # (a change's GPU-less statements are not read so)
        return gkey
    only, pairs = gpus
    figure = (subject, gkey[0], gkey[1], gkey[3], gkey[4])
    gpu = only.get(figure)
    if gpu is None or any(f == figure for f, _ in pairs.get(group.line, ())) or _SAYS_WHERE.search(group.sentence):
        return gkey
    if group.kind == "speedup" and (measure := _ratio_measure(group, True)) is not None:
        # the two engines' figures side by side on another GPU make this speed-up there too: on no one GPU
        made = only.get((subject, _RATIO, measure[0], measure[1], ""))
        if made is not None and made != gpu:
            return gkey
    return (gkey[0], gkey[1], gpu, gkey[3], gkey[4])


def _gpu_pairs(groups: Sequence[FigureGroup], subjects: dict[str, str] | None) -> dict[int, tuple]:
    """{line: the (figure less its GPU, GPU) pairs of its statements that name a GPU} (not changes). A speed-up naming
    its baseline is also the figure whatever its baseline (baseline ""), which one naming none restates; two engines'
    throughputs or latencies side by side on a GPU state their speed-ups there too (`_RATIO`)."""
    found: dict[int, dict] = {}  # (a dict: the pairs once each, in the order the line states them)
    for group in groups:
        if not group.hardware or group.kind == "change" or group.metric == "change" or not _checked(group):
            continue
        metric, label, gpu, unit, baseline = _group_key(group)
        pairs = found.setdefault(group.line, {})
        # the speed-ups a comparison's figures side by side make there (`_RATIO` keys, read by `_on_gpu`)
        measure = _ratio_measure(group) if group.kind == "comparison" and len(group.values) > 1 else None
        for value in group.values:
            if value.engine:
                subject = subject_of(value.engine, subjects)
                pairs[(subject, metric, label, unit, baseline), gpu] = None
                if baseline and group.kind == "speedup":
                    pairs[(subject, metric, label, unit, ""), gpu] = None
                elif measure is not None:
                    pairs[(subject, _RATIO, measure[0], measure[1], ""), gpu] = None
    return {ln: tuple(pairs) for ln, pairs in found.items()}


# The key of the speed-ups an engine's figures side by side with others' on a GPU make ("SGLang ~16,200 vs vLLM ~12,500
# tok/s on H100" states SGLang's speed-up over vLLM on H100): (engine, _RATIO, metric, label, ""), whatever the others.
_RATIO = "\x00ratio"


def _only_gpu(gpu_lines: dict[int, tuple]) -> dict[tuple, str]:
    """{a figure less its GPU: its GPU} for the figures the survey states on one GPU only; the speed-ups figures side
    by side make (`_RATIO` keys) on two GPUs or more are "" (on no one GPU)."""
    gpus: dict[tuple, set] = {}
    for pairs in gpu_lines.values():
        for figure, gpu in pairs:
            gpus.setdefault(figure, set()).add(gpu)
    return {figure: next(iter(on)) if len(on) == 1 else "" for figure, on in gpus.items()
            if len(on) == 1 or figure[1] == _RATIO}


def _compare(groups, first: dict, by_line: dict, subjects: dict[str, str] | None,
             gpus: tuple[dict, dict] | None = None) -> None:
    """Compare the groups (in document order) with the first statements, recording new first statements; `gpus`:
    _only_gpu's and _gpu_pairs', telling the GPU a statement naming none is read on (_on_gpu)."""
    for group in groups:
        if not _checked(group):
            continue
        if group.baseline or group.kind == "comparison" and group.metric in _RAW_METRICS:
            _compare_ratio(group, first, by_line, subjects)
        gkey = None
        for value in group.values:
            if not value.engine:
                continue
            if gkey is None:
                gkey = _group_key(group)
            subject = subject_of(value.engine, subjects)
            key = (subject, *(_on_gpu(subject, gkey, group, gpus) if gpus and gpus[0] and not gkey[2] else gkey))
            if group.kind == "speedup" and gkey[-1] and value.value > 1:
                found = _reversed(group, value, first.get((subject_of(group.baseline, subjects), *gkey[:-1],
                                                           value.engine.casefold())))
                if found is not None:
                    by_line.setdefault(group.line, []).append(found)
            seen = first.get(key)
            if seen is None:
                entry = first[key] = (group, value, _stated(group, value))
                if gkey[-1]:  # a named baseline: maybe the figure's first statement whatever its baseline, too
                    first.setdefault(key[:-1] + ("",), entry)
                continue
            found = _disagreement(group, value, *seen)
            if found is not None:
                if key[3] and bool(group.hardware) != bool(seen[0].hardware):  # one of them read on the only GPU
                    found = with_changes(found, message=_gpu_read(group, group.hardware or seen[0].hardware,
                                                                  found.message))
                by_line.setdefault(group.line, []).append(found)


def check_figures(groups: list[FigureGroup], subjects: dict[str, str] | None = None) -> FigureCheck:
    """Every disagreement, in document order (groups by line, then by the column of their first value)."""
    ordered = sorted(groups, key=lambda g: (g.line, g.values[0].column if g.values else 0))
    first: dict[tuple, tuple[FigureGroup, FigureValue, tuple]] = {}
    by_line: dict[int, list[Finding]] = {}
    gpu_lines = _gpu_pairs(ordered, subjects)
    only = _only_gpu(gpu_lines)
    _compare(ordered, first, by_line, subjects, (only, gpu_lines))
    return FigureCheck([f for ln in sorted(by_line) for f in by_line[ln]], first, by_line, subjects, only, gpu_lines)


def recheck_figures(prev: FigureCheck, edited: dict[int, Sequence[FigureGroup]],
                    subjects: dict[str, str] | None = None) -> FigureCheck | None:
    """prev with the edited lines ({line: its groups now}, line numbers unchanged) compared again; None when
    the edit touches the first statement of a figure (then every later statement must be redone) or renamed a
    cited paper (`subjects` differ)."""
    if (prev.subjects or None) != (subjects or None) \
            or any(group.line in edited for group, *_ in prev.first.values()):
        return None
    old_pairs = prev.gpu_lines or {}
    for ln, groups in edited.items():
        if _gpu_pairs(groups, subjects).get(ln, ()) != old_pairs.get(ln, ()):
            return None  # a GPU a figure is stated on, added or gone: which GPU one naming none is read on may change
    only = prev.only_gpu
    gpus = (only or {}, prev.gpu_lines or {})
    first = dict(prev.first)
    by_line = dict(prev.by_line)
    for ln, groups in sorted(edited.items()):
        for group in groups:
            for value in group.values if _checked(group) else ():
                for key in _first_keys(group, value, subjects, gpus):
                    seen = prev.first.get(key)
                    if seen is None or seen[0].line > ln:
                        return None  # this line would become the first statement
        by_line.pop(ln, None)
        _compare(sorted(groups, key=lambda g: g.values[0].column if g.values else 0), first, by_line, subjects, gpus)
    return FigureCheck([f for ln in sorted(by_line) for f in by_line[ln]], first, by_line, subjects, only,
                       prev.gpu_lines)


def moved_check(prev: FigureCheck, a: int, after: int, d: int, regroup: dict[int, FigureGroup],
                placed: Callable[[int], Sequence[FigureGroup]], edited: dict[int, Sequence[FigureGroup]],
                subjects: dict[str, str] | None = None) -> FigureCheck | None:
    """prev after its lines a+1 .. after were replaced and the lines after them moved by d: `regroup` maps the
    id of a moved group to its copy, `placed` gives a line's groups (by line index), `edited` the groups of
    the new lines. Statements agree or disagree as before; only the lines with findings after the edit (their
    messages name lines) and the new lines are compared again. None when a replaced line stated a figure first
    or a cited paper was renamed."""
    if (prev.subjects or None) != (subjects or None):
        return None
    old_pairs = prev.gpu_lines or {}
    new_pairs = {ln: pairs for ln, groups in edited.items() for pairs in (_gpu_pairs(groups, subjects).get(ln),)
                 if pairs}
    if sorted(p for ln, pairs in old_pairs.items() if a < ln <= after for p in pairs) \
            != sorted(p for pairs in new_pairs.values() for p in pairs):
        return None  # a GPU a figure is stated on, added or gone (see recheck_figures)
    gpu_lines = {ln if ln <= a else ln + d: pairs for ln, pairs in old_pairs.items() if not a < ln <= after}
    gpu_lines.update(new_pairs)
    only = prev.only_gpu
    gpus = (only or {}, gpu_lines)
    first = {}
    for key, (group, value, span) in prev.first.items():
        if group.line > a:
            if group.line <= after:
                return None
            group = regroup[id(group)]
        first[key] = (group, value, span)
    by_line = {ln: found for ln, found in prev.by_line.items() if ln <= a}
    redo = sorted([ln + d for ln in prev.by_line if ln > after] + list(edited))
    for ln in redo:
        groups = edited[ln] if ln in edited else placed(ln - 1)
        for group in groups:
            for value in group.values if _checked(group) else ():
                for key in _first_keys(group, value, subjects, gpus):
                    seen = first.get(key)
                    if seen is None or seen[0].line > ln:
                        return None  # this line would become the first statement
        _compare(sorted(groups, key=lambda g: g.values[0].column if g.values else 0), first, by_line, subjects, gpus)
    return FigureCheck([f for ln in sorted(by_line) for f in by_line[ln]], first, by_line, subjects, only, gpu_lines)


def figure_findings(groups: list[FigureGroup], subjects: dict[str, str] | None = None) -> list[Finding]:
    """Every disagreement among the groups (one-off use: no state kept)."""
    return check_figures(groups, subjects).findings
