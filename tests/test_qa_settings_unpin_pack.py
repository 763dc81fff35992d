"""QA: Settings → Rule pack set to a pack file, then cleared (or "Reset to defaults"): the survey went on being
checked with the pack that was just removed from the settings; it is checked with the house pack again."""

from __future__ import annotations

from dataclasses import replace

from editor_app.resources_path import resource_path
from ui_support import open_window


def test_clearing_the_rule_pack_setting_goes_back_to_the_house_pack(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    assert window.pack.name == "llm-infra-survey"
    store = window.settings_store
    english = resource_path("rulepacks", "english-markdown.toml")
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        store.save(replace(store.config(), rule_pack=english))
    assert window.pack.name == "english-markdown"

    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        store.save(replace(store.config(), rule_pack=None))
    assert window.pack.name == "llm-infra-survey"
    assert window.latest_analysis.pack == "llm-infra-survey"
    assert window.headline_label.text().startswith("CJK")


def test_reset_to_defaults_goes_back_to_the_house_pack(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    store = window.settings_store
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        store.save(replace(store.config(), rule_pack=resource_path("rulepacks", "english-markdown.toml")))
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        store.reset()
    assert window.pack.name == "llm-infra-survey"
