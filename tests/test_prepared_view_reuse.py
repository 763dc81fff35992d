"""The worker's ViewPreparer gives what prepare_view gives, taking again what it made from the objects an analysis
shares with the last one (after a keystroke in a big survey, most findings and all figure groups)."""

from __future__ import annotations

from datetime import date

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.ui.prepared_view import ViewPreparer, prepare_view

TODAY = date(2026, 12, 2)


def test_after_each_edit_the_view_is_what_a_fresh_preparation_gives(qapp, sample_text):
    doc = "\n".join([sample_text] * 3)
    az, preparer = Analyzer(house_pack(), today=TODAY), ViewPreparer()
    last = None
    for edit in ("字", "\n", "SGLang ~99,999 vs vLLM ~1 tok/s", "⚠️", "CJK 实测 3,900", ""):
        mid = len(doc) // 2
        doc = doc[:mid] + edit + doc[mid:]
        a = az.analyze(doc)
        assert preparer(a, last) == prepare_view(a, last)
        last = a


def test_a_keystroke_keeps_the_charts_and_the_underlines_it_can(qapp, sample_text):
    doc = "\n".join([sample_text] * 3)
    az, preparer = Analyzer(house_pack(), today=TODAY), ViewPreparer()
    line = doc.split("\n")[40]
    at = doc.index(line) + len(line)
    views = []
    for typed in ("", "字", "字字"):  # characters at the end of a prose line: the figures stay as they were
        views.append(preparer(az.analyze(doc[:at] + typed + doc[at:])))
    v1, v2 = views[1:]
    assert v2.charts is v1.charts and v2.figures_signature is v1.figures_signature
    kept = {id(shape) for shapes, _lines in v1.spans.runs for shape in shapes}
    # the same underlines (what each shows but its line), but for what the character changed: the CJK total and
    # the figures stating it
    assert sum(id(shape) in kept for shapes, _lines in v2.spans.runs for shape in shapes) >= 0.9 * len(v2.spans)
    assert any(run is then for run in v2.spans.runs for then in v1.spans.runs)  # a source left alone: its very run
