"""QA D4: the first switch to the Figures tab froze the window 0.4-0.6 s (every pyqtgraph chart made and painted in
one turn of the event loop). The first chart is drawn at once, the others one a turn; the charts look the same."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack


@pytest.fixture
def shown_panel(qtbot, sample_text):
    import pyqtgraph  # noqa: F401  (loaded, as the window has it loaded off the GUI thread before the tab is shown)

    from editor_app.ui.figures_panel import FiguresPanel

    analysis = Analyzer(house_pack()).analyze(sample_text)
    panel = FiguresPanel()
    qtbot.addWidget(panel)
    panel.resize(640, 900)
    panel.show_analysis(analysis)
    assert len(panel.charts) > 2
    return panel, analysis


def test_the_first_chart_is_drawn_at_once_and_the_others_at_the_next_turns(qtbot, shown_panel):
    panel, _analysis = shown_panel
    panel.show()  # (the tab switched to)
    assert len(panel.chart_widgets) == 1 and panel.building
    assert panel.keys_target() is panel.chart_widgets[0]
    qtbot.waitUntil(lambda: not panel.building, timeout=10000)
    assert [w.chart for w in panel.chart_widgets] == panel.charts  # all of them, in their order
    assert [panel.charts_box.indexOf(w) for w in panel.chart_widgets] == list(range(len(panel.charts)))
    assert all(w.isVisible() for w in panel.chart_widgets)


def test_ensure_drawn_draws_every_chart_now(qtbot, shown_panel):
    panel, _analysis = shown_panel
    panel.ensure_drawn()
    assert len(panel.chart_widgets) == len(panel.charts) and not panel.building


def test_lines_moved_while_the_charts_are_drawn_keep_those_drawn(qtbot, shown_panel, sample_text):
    """An Enter above the figures while the charts are still being drawn: those drawn follow the lines, the
    others are drawn from the new charts (not all of them drawn again, not the old lines)."""
    panel, _analysis = shown_panel
    panel.show()
    first = panel.chart_widgets[0]
    moved = Analyzer(house_pack()).analyze("\n" + sample_text)
    panel.show_analysis(moved)
    qtbot.waitUntil(lambda: not panel.building, timeout=10000)
    assert panel.chart_widgets[0] is first
    assert [w.chart for w in panel.chart_widgets] == panel.charts
    assert [b.line for b in panel.chart_widgets[-1].chart.bars] == [b.line for b in panel.charts[-1].bars]


def test_a_new_drawing_while_the_charts_are_drawn_starts_again(qtbot, shown_panel, sample_text):
    panel, _analysis = shown_panel
    panel.show()
    changed = Analyzer(house_pack()).analyze(sample_text.replace("~12,500", "~13,500", 1))
    panel.show_analysis(changed)
    qtbot.waitUntil(lambda: not panel.building, timeout=10000)
    assert [w.chart for w in panel.chart_widgets] == panel.charts
    assert panel.charts_box.count() == len(panel.charts)  # the widgets of the first drawing are gone
    qtbot.wait(10)  # (deleteLater)


def test_a_chart_has_no_menus_and_no_si_prefix_work(qtbot):
    """The plot's menus are off from the start (a ViewBoxMenu per chart, never shown, cost ~10 ms) and no axis
    works out an SI prefix for a label it does not show."""
    from editor_app.ui.charts import plot_widget

    w = plot_widget()
    qtbot.addWidget(w)
    item = w.getPlotItem()
    assert item.getViewBox().menu is None and not item.menuEnabled()
    for name in ("left", "bottom", "top", "right"):
        axis = item.getAxis(name)
        assert not axis.autoSIPrefix and axis.autoSIPrefixScale == 1.0 and not axis.label.isVisible()
    assert item.getAxis("left").isVisible() and item.getAxis("bottom").isVisible()
    assert not item.getAxis("top").isVisible() and not item.getAxis("right").isVisible()
