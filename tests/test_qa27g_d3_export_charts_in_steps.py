"""QA27g D3: starting an export froze the window 0.4-1 s on an 8 MB survey: every chart of the report was drawn
on the GUI thread before the file was handed to a pool thread. They are now worked out off the GUI thread and drawn
one per turn of the event loop, and the report still holds every one of them."""

from __future__ import annotations

from ui_support import open_window

from editor_app.ui import charts_render


def test_export_draws_its_charts_one_at_a_time(qtbot, tmp_path, sample_path, monkeypatch):
    from editor_app.ui.export_actions import install

    window = open_window(qtbot, sample_path)
    actions = install(window)
    drawn = []
    real = charts_render._bar_chart
    monkeypatch.setattr(charts_render, "_bar_chart", lambda *a, **k: (drawn.append(1), real(*a, **k))[1])
    import threading

    from editor_app.ui import figures_panel

    planned_on = []
    real_build = figures_panel.build_charts
    monkeypatch.setattr(figures_panel, "build_charts",
                        lambda *a, **k: (planned_on.append(threading.current_thread()), real_build(*a, **k))[1])
    out = tmp_path / "report.html"
    with qtbot.waitSignal(actions.export_finished, timeout=60000):
        actions.export_to(out)
        assert len(drawn) <= 1  # the window goes on at once: the charts come between its events
    assert len(drawn) >= 2  # (the sample has several)
    assert planned_on and threading.main_thread() not in planned_on  # worked out off the GUI thread
    assert out.read_text(encoding="utf-8").count("data:image/png") == len(drawn)
