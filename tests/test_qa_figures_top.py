"""QA: a survey with only one or two engine-figure charts showed them floating in the middle of the Figures tab,
below a tall empty band; the charts now start at the top of the tab, like the list of many charts does."""

from __future__ import annotations

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack


def test_a_single_chart_sits_at_the_top_of_the_figures_tab(qtbot):
    from editor_app.ui.figures_panel import FiguresPanel

    text = "一、引擎\nSGLang ~16,200 vs vLLM ~12,500 tok/s on H100 ⚠️\n"
    analysis = Analyzer(house_pack()).analyze(text)
    assert analysis.figures
    panel = FiguresPanel()
    qtbot.addWidget(panel)
    panel.resize(640, 900)
    panel.show()
    qtbot.waitExposed(panel)
    panel.show_analysis(analysis)
    panel.ensure_drawn()
    qtbot.waitUntil(lambda: len(panel.chart_widgets) == 1, timeout=10000)
    qtbot.wait(50)
    plot = panel.chart_widgets[0].plot
    assert plot.isVisible()
    assert plot.mapTo(panel, plot.rect().topLeft()).y() < 40  # was ~330 px down, centred in the empty tab
