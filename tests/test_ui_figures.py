"""The Figures tab: the sample's comparison groups with the right values, hover/click, inconsistent repeats."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPointF, Qt

from ui_support import cursor_line, open_window, wait_analysis


@pytest.fixture
def window(qtbot, sample_path):
    w = open_window(qtbot, sample_path)
    w.tabs.setCurrentWidget(w.figures)
    qtbot.waitUntil(lambda: len(w.figures.chart_widgets) == len(w.figures.charts), timeout=10000)
    return w


def chart(window, title_start):
    return next(c for c in window.figures.charts if c.title.startswith(title_start))


def test_the_sample_groups_with_their_values(window):
    titles = [c.title for c in window.figures.charts]
    assert titles[:3] == ["throughput (tok/s) · H100", "p99 TTFT (s)", "cost ($/年)"]
    throughput = chart(window, "throughput")
    assert throughput.categories == ["SGLang", "LMDeploy", "vLLM"]
    assert throughput.values() == {"SGLang": 16200, "LMDeploy": 16200, "vLLM": 12500}
    assert all(b.approx for b in throughput.bars)  # "~16,200": approximate, drawn stippled
    assert throughput.series_names == ["L23, L46"]  # stated twice, identically: one series
    assert [b.label for b in throughput.bars] == ["~16,200", "~16,200", "~12,500"]
    assert chart(window, "p99 TTFT").values() == {"SGLang": 54.2, "vLLM": 58.9}
    assert chart(window, "cost").values() == {"NIM": 110940, "vLLM": 59940}
    speedups = chart(window, "Ratios and speed-ups")
    assert speedups.horizontal
    assert speedups.values()["Dynamo TTFT"] == 4.0  # line 22's "KV Cache Manager 4× lower TTFT" is Dynamo's
    assert speedups.values()["RadixAttention"] == 6.4
    assert not any(b.highlighted for c in window.figures.charts for b in c.bars)


def test_hover_shows_the_sentence_and_click_jumps_there(qtbot, window):
    widget = window.figures.chart_widgets[0]
    bar = widget.chart.bars[2]
    scene_pos = widget.bar_scene_pos(bar)
    assert widget.bar_at(scene_pos) is bar
    assert "SGLang ~16,200 vs LMDeploy ~16,200 vs vLLM ~12,500" in bar.sentence
    view_pos = widget.plot.mapFromScene(scene_pos)
    window.goto_line(1)
    qtbot.mouseClick(widget.plot.viewport(), Qt.MouseButton.LeftButton, pos=view_pos)
    assert cursor_line(window) == bar.line == 23
    assert window.editor.textCursor().positionInBlock() + 1 == bar.column
    assert widget.bar_at(QPointF(-1000, -1000)) is None


def test_inconsistent_repeats_are_highlighted(qtbot, window):
    lines = window.current_text().split("\n")
    assert "vLLM ~12,500 tok/s" in lines[45]
    lines[45] = lines[45].replace("vLLM ~12,500 tok/s", "vLLM ~13,100 tok/s")
    with wait_analysis(qtbot, window):
        window.set_text_undoable("\n".join(lines))
    assert any(f.rule == "figure-consistency" for f in window.latest_analysis.findings)
    throughput = chart(window, "throughput")
    assert len(throughput.series_names) == 2  # the two statements now differ: side by side
    flagged = [b for b in throughput.bars if b.highlighted]
    assert {(b.category, b.line) for b in flagged} == {("vLLM", 23), ("vLLM", 46)}  # both places, nothing else
    assert not any(b.highlighted for b in chart(window, "p99 TTFT").bars)  # vLLM on line 23 too, another quantity
    qtbot.waitUntil(lambda: window.figures.chart_widgets and window.figures.chart_widgets[0].chart is throughput,
                    timeout=5000)


def test_extra_charts_slot_in_below(qtbot, window):
    from PySide6.QtWidgets import QLabel

    extra = QLabel("history chart")
    window.figures.add_chart(extra, "History")
    assert window.figures.extra_box.indexOf(extra) >= 0


def test_an_enter_above_the_figures_moves_their_lines_without_drawing_again(qtbot, window):
    """Drawing the four charts again froze the window ~200 ms after every Enter above them while the tab was
    shown (their lines are in the legend and the notes); now the charts shown take the new lines in place."""
    widgets = list(window.figures.chart_widgets)
    throughput = widgets[0]
    assert throughput.chart.series_names == ["L23, L46"]
    window.goto_line(3)
    with wait_analysis(qtbot, window):
        window.editor.insertPlainText("\n\n")
    assert window.figures.chart_widgets == widgets  # the same widgets, not drawn again
    assert [w.chart for w in widgets] == window.figures.charts
    assert throughput.chart.series_names == ["L25, L48"]
    assert "stated on L25, L48" in throughput.plot.getPlotItem().titleLabel.text
    bar = throughput.chart.bars[2]
    assert throughput.bar_at(throughput.bar_scene_pos(bar)) is bar
    assert bar.line == 25
    window.goto_line(1)
    qtbot.mouseClick(throughput.plot.viewport(), Qt.MouseButton.LeftButton,
                     pos=throughput.plot.mapFromScene(throughput.bar_scene_pos(bar)))
    assert cursor_line(window) == 25
    assert window.current_text().split("\n")[24][bar.column - 1:].startswith("~12,500")


def test_the_legend_follows_the_lines_too(qtbot, window):
    lines = window.current_text().split("\n")
    lines[45] = lines[45].replace("vLLM ~12,500 tok/s", "vLLM ~13,100 tok/s")  # two differing statements: a legend
    with wait_analysis(qtbot, window):
        window.set_text_undoable("\n".join(lines))
    qtbot.waitUntil(lambda: window.figures.chart_widgets[0].chart is window.figures.charts[0], timeout=5000)
    widget = window.figures.chart_widgets[0]
    assert re.findall(r"L\d+", widget.legend.text()) == ["L23", "L46"]
    window.goto_line(3)
    with wait_analysis(qtbot, window):
        window.editor.insertPlainText("\n")
    assert window.figures.chart_widgets[0] is widget
    assert re.findall(r"L\d+", widget.legend.text()) == ["L24", "L47"]
