"""Helpers for the report/export tests: the sample's analysis (real engine when present), an HTML walker."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from editor_app.core.model import (
    Analysis,
    Claim,
    FigureGroup,
    FigureValue,
    PrivacyHit,
    Reference,
    RuleResult,
    SectionMetrics,
)


def real_engine():
    """(analyze, house_pack) once the engine has landed, else None."""
    try:
        from editor_app.core.analyze import analyze
        from editor_app.core.rulepack import house_pack
    except ImportError:
        return None
    return analyze, house_pack


def hand_analysis(text: str, *, failing: bool = False, privacy: bool = False) -> Analysis:
    """A small hand-built Analysis of `text` (sections from the outline code, figures typed in by hand)."""
    from editor_app.core.document import build_outline, heading_in_line

    lines = text.split("\n")
    outline = build_outline(lines, [heading_in_line(x) for x in lines], footer_re=re.compile(r"^Spark · "))
    cjk = sum(1 for c in text if "\u4e00" <= c <= "\u9fff")
    cautions = text.count("\u26a0\ufe0f")
    rules = [
        RuleResult("cjk-total", "Total CJK characters", "count", "error", "pass", cjk, "<= 3900", line=1),
        RuleResult("cautions", "Caution markers", "count", "error", "pass", cautions, ">= 10", line=1),
        RuleResult("lines", "Lines", "count", "error", "pass", len(lines), "<= 200", line=1),
        RuleResult("legal-section", "Legal section §4.4", "section", "warning", "fail", 0, "exists", line=51),
    ]
    if failing:
        rules.append(RuleResult("verifiability", "Verifiability", "ratio", "error", "fail", 0.0, ">= 0.2", line=98))
    claims = []
    for number, line in enumerate(lines, start=1):
        at = line.find("CJK 实测 3,838")
        if at >= 0:
            col = at + len("CJK 实测 ") + 1
            claims.append(Claim("cjk", "CJK 实测 3,838", number, 3838, cjk, cjk == 3838, column=at + 1,
                                value_column=col, value_text="3,838"))
    refs = [
        Reference("2609.11582", "v1", [17, 40], "OmniKVQuant", status="verified",
                  details={"title": "OmniKVQuant: modality-aware KV quantisation", "authors": ["A. Kim", "B. Lee"]}),
        Reference("2607.26627", None, [104], status="unverified"),
    ]
    figures = [FigureGroup("throughput", "tok/s", "H100", 23, [
        FigureValue("SGLang", 16200, True), FigureValue("LMDeploy", 16200, True), FigureValue("vLLM", 12500, True)])]
    hits = [PrivacyHit("ip", 3, 5, "10.*.*.7", 9)] if privacy else []
    return Analysis(
        "sample.md", "llm-infra-survey", {"cjk": cjk, "cautions": cautions, "lines": len(lines)},
        [SectionMetrics(s, {}) for s in outline.sections], rules, [], claims, refs, figures, hits,
        header_lines=outline.header, footer_line=outline.footer_line, text_length=len(text),
    )


def sample_analysis(text: str) -> Analysis:
    engine = real_engine()
    if engine is None:
        return hand_analysis(text)
    analyze, house_pack = engine
    return analyze(text, house_pack())


class Walker(HTMLParser):
    """Every start tag with its attributes, the ids, and the text inside each class/tag of interest."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.ids: set[str] = set()
        self.text: list[str] = []
        self._stack: list[str] = []
        self.rows: dict[str, list[list[str]]] = {}  # table class -> rows of cell texts
        self._table: list[str] = []
        self._cell: list[str] | None = None
        self._row: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "table":
            self._table.append(a.get("class") or "")
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None and self._table:
            self.rows.setdefault(self._table[-1], []).append(self._row)
            self._row = None
        elif tag == "table" and self._table:
            self._table.pop()

    def handle_data(self, data):
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def walk(html: str) -> Walker:
    w = Walker()
    w.feed(html)
    w.close()
    return w
