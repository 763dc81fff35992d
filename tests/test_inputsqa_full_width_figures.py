"""QA: the engine figures typed with a Chinese input method's thousands comma ("SGLang ~16，200 vs vLLM ~12，500
tok/s", "NIM $110，940 vs vLLM $59，940/年") were charted as nothing, or as "$110" and "940" apart. They are read as
the same figures the ASCII commas give, and shown as written."""

from __future__ import annotations

import re

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

_GROUP = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")


def _figures(a):
    return [(g.line, g.metric, g.unit, g.hardware, [(v.engine, v.value, v.approx, v.column) for v in g.values])
            for g in a.figures]


def test_the_samples_engine_figures_typed_with_full_width_commas(sample_text):
    lines = sample_text.split("\n")
    typed = [_GROUP.sub("，", ln) if n in (23, 46, 106) else ln for n, ln in enumerate(lines, 1)]
    assert "SGLang ~16，200 vs LMDeploy ~16，200 vs vLLM ~12，500 tok/s" in typed[22]
    assert "NIM $110，940 vs vLLM $59，940/年" in typed[105]
    before, after = analyze(sample_text, house_pack()), analyze("\n".join(typed), house_pack())
    assert _figures(after) == _figures(before)
    shown = {v.text for g in after.figures if g.line in (23, 106) for v in g.values}
    assert {"~16，200", "~12，500", "$110，940", "$59，940"} <= shown
    cost = next(g for g in after.figures if g.line == 106 and g.metric == "cost")
    assert "$110，940" in cost.sentence
