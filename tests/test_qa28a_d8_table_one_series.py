"""QA28a D8: a table of more than six engines was drawn one series a row: six rows drawn, the other four left out
("4 more statements not drawn (L10, L11, L12 (+1))"), a prose restatement beside it dropped for want of a place,
and each row's bar drawn at its series' place among ten, a staircase away from the names. A table's rows (statements
one a line on lines one after another, about other engines) are one series now, and a category's bars stand side
by side centred on its name, in the tab and in the report."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

ROWS = [("SGLang", "10,000"), ("LMDeploy", "10,700"), ("vLLM", "11,400"), ("TensorRT-LLM", "12,100"),
        ("TGI", "12,800"), ("Ollama", "13,500"), ("llama.cpp", "14,200"), ("MLC LLM", "14,900"),
        ("ExLlamaV2", "15,600"), ("DeepSpeed-MII", "16,300")]
TABLE = ["# 十个引擎的表格", "| 引擎 | 吞吐（tok/s） | 硬件 |", "|---|---|---|",
         *(f"| {e} | {v} | H100 |" for e, v in ROWS)]  # rows on lines 4-13


def throughput(*after: str, **kwargs):
    from editor_app.ui.figures_panel import build_charts

    text = "\n".join([*TABLE, *after]) + "\n"
    return next(c for c in build_charts(analyze(text, house_pack()), **kwargs) if c.title.startswith("throughput"))


def test_a_table_of_ten_engines_is_one_series_with_every_engine(qapp):
    chart = throughput()
    assert chart.categories == [e for e, _v in ROWS]  # none left out
    assert chart.series_names == ["L4–L13"] and {b.series for b in chart.bars} == {0}
    assert chart.not_drawn == 0 and chart.note == "stated on L4–L13"


def test_a_restatement_beside_the_table_is_drawn_too(qapp):
    chart = throughput("", "复述：vLLM 吞吐 11,900 tok/s（H100）。")  # line 15
    assert chart.series_names == ["L4–L13", "L15"] and chart.not_drawn == 0
    assert {(b.category, b.label) for b in chart.bars if b.highlighted} == {("vLLM", "11,400"), ("vLLM", "11,900")}


def two_statements():
    """A chart of two statements: L2 of SGLang and vLLM, L9 of vLLM and TGI (TGI's only in the second colour)."""
    from editor_app.ui.charts import Bar, BarChart

    def bar(category, series, value):
        return Bar(category=category, series=series, value=value, label=f"{value:,}", approx=False,
                   line=2 + 7 * series, column=1, sentence="")

    return BarChart(title="throughput (tok/s) · H100", categories=["SGLang", "vLLM", "TGI"], series_names=["L2", "L9"],
                    bars=[bar("SGLang", 0, 16200), bar("vLLM", 0, 12500), bar("vLLM", 1, 13100), bar("TGI", 1, 8100)])


def centred(places: list[tuple[str, float]], categories: list[str]) -> None:
    """One bar stands on its category's name, two side by side around it."""
    for i, category in enumerate(categories):
        here = [x for c, x in places if c == category]
        assert abs(sum(here) / len(here) - i) < 1e-9, (category, here)
    assert len({x for c, x in places if c == "vLLM"}) == 2


def test_every_bar_stands_at_its_name_in_the_tab(qtbot, qapp):
    from editor_app.ui.charts import BarChartWidget

    chart = two_statements()
    widget = BarChartWidget(chart, None, 1600)
    qtbot.addWidget(widget)
    assert not widget.horizontal
    centred([(bar.category, (a0 + a1) / 2) for a0, a1, _top, bar in widget._geometry], chart.categories)
    # the ten rows of the table too (drawn a row each, as their names are long beside ten bars)
    table = throughput()
    widget = BarChartWidget(table, None, 600)
    qtbot.addWidget(widget)
    for a0, a1, _top, bar in widget._geometry:
        assert abs((a0 + a1) / 2 - table.categories.index(bar.category)) < 1e-9


def test_every_bar_stands_at_its_name_in_the_report(qapp, monkeypatch):
    import pyqtgraph

    from editor_app.ui import charts_render

    drawn: list[float] = []

    class Recorded(pyqtgraph.BarGraphItem):
        def __init__(self, **opts):
            drawn.extend(opts.get("x", opts.get("y", [])))
            super().__init__(**opts)

    monkeypatch.setattr(pyqtgraph, "BarGraphItem", Recorded)
    chart = two_statements()
    charts_render._bar_chart(chart, "throughput (tok/s)")
    assert len(drawn) == len(chart.bars)
    centred(list(zip([b.category for b in chart.bars], drawn)), chart.categories)


def test_the_report_draws_and_names_the_whole_table(qapp):
    from editor_app.ui.charts_render import draw_planned, planned_charts

    text = "\n".join(TABLE) + "\n"
    captions = [caption for caption, _png in draw_planned(*planned_charts(analyze(text, house_pack())))]
    assert captions == ["throughput (tok/s) on H100: lines 4–13"]
