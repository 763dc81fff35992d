"""QA: History → Chart listed most metrics by their internal names ("rule:cjk-total", "bare_cautions", "chars",
"privacy_hits") and "Failing rules" twice; they are now named as the self-check panel names them (the rule's
title, the counter's label), each once."""

from __future__ import annotations

from editor_app.ui import history_panel
from ui_support import window_with_history


def test_the_chart_lists_metrics_by_their_names(qtbot, tmp_path, sample_text, monkeypatch):
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    assert window.save()
    qtbot.waitUntil(lambda: len(history_panel.history.list_snapshots(ctl.db, survey)) == 1)
    window._show_panel(ctl.panel)
    ctl.refresh(reload_metrics=True, force=True)
    combo = ctl.panel.metric_box
    shown = {combo.itemData(i): combo.itemText(i) for i in range(combo.count())}
    assert shown["rule:cjk-total"] == "CJK characters ≤ 3,900"
    assert shown["rule:caution-markers"] == "At least 10 ⚠️ markers"
    assert shown["bare_cautions"] == "bare ⚠" and shown["chars"] == "characters"
    assert shown["privacy_hits"] == "private-data hits"
    texts = list(shown.values())
    assert not [t for t in texts if ":" in t and t.startswith("rule")]
    assert texts.count("Failing rules") == 1
    ctl.shutdown()
