"""Settings dialog: fields round-trip through the SettingsStore, reset, the 3 s arXiv floor, the pack watcher."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from editor_app.config import REAL_ARXIV_URL, Config
from editor_app.resources_path import house_pack_path
from editor_app.ui.settings_dialog import PackWatcher, SettingsDialog


@pytest.fixture
def store(settings_store):
    return settings_store


@pytest.fixture
def dialog(settings_dialog):
    return settings_dialog


def test_fields_show_what_is_saved(store, qtbot):
    saved = Config(arxiv_url="http://127.0.0.1:8000/api/query", arxiv_interval=0.5, contact="me@example.org",
                   autosave_seconds=120, db_path=Path("/tmp/h.db"), rule_pack=Path("/tmp/pack.toml"))
    store.save(saved)
    d = SettingsDialog(store)
    qtbot.addWidget(d)
    assert d.arxiv_url_edit.text() == "http://127.0.0.1:8000/api/query"
    assert d.interval_spin.value() == 0.5
    assert d.contact_edit.text() == "me@example.org"
    assert d.autosave_spin.value() == 120
    assert d.db_path_edit.text() == "/tmp/h.db"
    assert d.rule_pack_edit.text() == "/tmp/pack.toml"
    assert d.font_auto_check.isChecked() and not d.font_combo.isEnabled()
    assert d.edited_config() == saved


def test_edit_and_save_stores_and_signals(dialog, store, qtbot, tmp_path):
    pack = tmp_path / "my-pack.toml"  # (a pack that can be used: Save refuses one that can't)
    pack.write_text(house_pack_path().read_text(encoding="utf-8"), encoding="utf-8")
    dialog.rule_pack_edit.setText(str(pack))
    dialog.arxiv_url_edit.setText("http://127.0.0.1:9100/api/query")
    dialog.interval_spin.setValue(1.5)
    dialog.contact_edit.setText("writer@example.org")
    dialog.autosave_spin.setValue(60)
    dialog.db_path_edit.setText(str(tmp_path / "elsewhere.db"))
    dialog.font_auto_check.setChecked(False)
    family = dialog.font_combo.currentFont().family()
    with qtbot.waitSignal(store.changed, timeout=1000) as blocker:
        dialog.save()
    assert dialog.result() == SettingsDialog.DialogCode.Accepted
    stored = store.stored_config()
    assert stored.rule_pack == pack
    assert stored.arxiv_url == "http://127.0.0.1:9100/api/query"
    assert stored.arxiv_interval == 1.5
    assert stored.contact == "writer@example.org"
    assert stored.autosave_seconds == 60
    assert stored.db_path == tmp_path / "elsewhere.db"
    assert stored.editor_font == family and family
    assert isinstance(blocker.args[0], Config)


def test_cancel_stores_nothing(dialog, store):
    dialog.contact_edit.setText("nobody@example.org")
    dialog.reject()
    assert store.stored_config() == Config()


def test_reset_to_defaults_fills_defaults_and_save_clears_the_stored_group(store, qtbot):
    store.save(Config(contact="me@example.org", autosave_seconds=300, editor_font="Noto Sans CJK SC"))
    d = SettingsDialog(store)
    qtbot.addWidget(d)
    assert d.contact_edit.text() == "me@example.org"
    d.reset_button.click()
    assert d.edited_config() == Config()
    assert d.contact_edit.text() == Config().contact and d.font_auto_check.isChecked()
    assert store.stored_config().contact == "me@example.org"  # nothing stored before Save
    d.save()
    assert store.stored_config() == Config()
    assert not [k for k in store.qsettings.allKeys() if k.startswith("config/")]


def test_real_arxiv_api_can_not_go_below_three_seconds_and_says_so(dialog):
    dialog.arxiv_url_edit.setText(REAL_ARXIV_URL)
    dialog.interval_spin.setValue(1.0)
    assert dialog.interval_spin.value() == 3.0
    assert dialog.interval_spin.minimum() == 3.0
    assert "3 s" in dialog.interval_note.text() and "arXiv" in dialog.interval_note.text()
    assert dialog.edited_config().effective_arxiv_interval() == 3.0

    dialog.arxiv_url_edit.setText("http://127.0.0.1:8000/api/query")
    dialog.interval_spin.setValue(0.2)
    assert dialog.interval_spin.value() == 0.2
    assert "3 s" not in dialog.interval_note.text()

    dialog.arxiv_url_edit.setText(REAL_ARXIV_URL + "/")  # same API, trailing slash
    assert dialog.interval_spin.value() == 3.0


def test_environment_overrides_are_named(dialog):
    assert os.environ.get("SURVEY_ARXIV_URL")  # conftest points arXiv at a dead loopback port
    assert "SURVEY_ARXIV_URL" in dialog.env_note.text()
    assert not dialog.env_note.isHidden()


def test_choose_buttons_fill_the_paths(dialog, monkeypatch, tmp_path):
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(tmp_path / "p.toml"), ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "h.db"), ""))
    dialog.choose_rule_pack()
    dialog.choose_database()
    assert dialog.edited_config().rule_pack == tmp_path / "p.toml"
    assert dialog.edited_config().db_path == tmp_path / "h.db"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: ("", ""))  # cancelled: unchanged
    dialog.choose_rule_pack()
    assert dialog.edited_config().rule_pack == tmp_path / "p.toml"


def test_pack_watcher_reports_edits_and_saves_by_rename(qtbot, tmp_path):
    pack = tmp_path / "pack.toml"
    pack.write_text("[pack]\nname = 'a'\n", encoding="utf-8")
    watcher = PackWatcher(delay_ms=20)
    watcher.watch(pack)
    with qtbot.waitSignal(watcher.pack_changed, timeout=3000) as blocker:
        pack.write_text("[pack]\nname = 'bb'\n", encoding="utf-8")
    assert blocker.args[0] == pack.resolve()

    replacement = tmp_path / "pack.toml.tmp"  # the way atomic savers write
    replacement.write_text("[pack]\nname = 'ccc'\n", encoding="utf-8")
    with qtbot.waitSignal(watcher.pack_changed, timeout=3000):
        os.replace(replacement, pack)
    with qtbot.waitSignal(watcher.pack_changed, timeout=3000):  # still watched after the rename
        pack.write_text("[pack]\nname = 'dddd'\n", encoding="utf-8")

    watcher.watch(None)
    with qtbot.assertNotEmitted(watcher.pack_changed, wait=200):
        pack.write_text("[pack]\nname = 'e'\n", encoding="utf-8")
