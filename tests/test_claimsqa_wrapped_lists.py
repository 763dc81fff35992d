""""各主线 CJK 159/194/" / "207 ≥150": a per-section list hard-wrapped after its separator.

Before: the list was read as 159/194 alone, 207 was lost and the author was told "CJK of counter-arguments: 2
figures stated for its 3 sections; §3.3 not checked". Now the three figures are one list, 207 on its own line."""

from __future__ import annotations

import random
from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack

PACK = house_pack()
TODAY = date(2026, 12, 4)
LIST = "各主线 CJK 159/194/207 ≥150"


def test_a_list_wrapped_after_its_separator_is_one_list(sample_text):
    for sep in ("/", "、"):
        text = sample_text.replace(LIST, LIST.replace("159/194/207", f"159{sep}194{sep}\n207"), 1)
        a = analyze(text, PACK, today=TODAY)
        got = [(c.line, c.claimed, c.measured, c.ok) for c in a.claims if c.scope.startswith("§3.")
               or "counter-arguments" in str(c.scope)]
        assert [g[1:] for g in got] == [(159, 159, True), (194, 194, True), (207, 207, True)], got
        assert [g[0] for g in got] == [9, 9, 10]
        assert not [f for f in a.findings if "not checked" in f.message], sep


def test_typing_the_wrap_matches_a_fresh_analysis(sample_text):
    text = sample_text.replace(LIST, LIST.replace("159/194/207", "159/194/\n207"), 1)
    az = Analyzer(PACK, today=TODAY)
    az.analyze(text)
    rng = random.Random(5)
    for _ in range(40):
        lines = text.split("\n")
        k = rng.choice([8, 9])
        line = lines[k]
        pos = rng.choice([len(line), rng.randint(0, len(line))]) if k == 8 else rng.randint(0, 6)
        if rng.random() < 0.6:
            line = line[:pos] + rng.choice(["/", "、", " ", "1", "\n", "字", "\n2", "CJK "]) + line[pos:]
        else:
            line = line[:pos] + line[pos + rng.randint(1, 3):]
        text = "\n".join(lines[:k] + [line] + lines[k + 1:])
        assert az.analyze(text) == analyze(text, PACK, today=TODAY)
