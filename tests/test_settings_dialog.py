"""Settings dialog: fields round-trip through the SettingsStore, reset, the 3 s arXiv floor, the pack watcher."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from editor_app.config import REAL_ARXIV_URL, Config
from editor_app.resources_path import house_pack_path
from editor_app.ui.settings_dialog import PackWatcher, SettingsDialog


def test_fields_show_what_is_saved(settings_store, qtbot):
    saved = Config(arxiv_url="http://127.0.0.1:8000/api/query", arxiv_interval=0.5, contact="me@example.org",
                   autosave_seconds=120, db_path=Path("/tmp/h.db"), rule_pack=Path("/tmp/pack.toml"))
    settings_store.save(saved)
    d = SettingsDialog(settings_store)
    qtbot.addWidget(d)
    assert d.arxiv_url_edit.text() == "http://127.0.0.1:8000/api/query"
    assert d.interval_spin.value() == 0.5
    assert d.contact_edit.text() == "me@example.org"
    assert d.autosave_spin.value() == 120
    assert d.db_path_edit.text() == "/tmp/h.db"
    assert d.rule_pack_edit.text() == "/tmp/pack.toml"
    assert d.font_auto_check.isChecked() and not d.font_combo.isEnabled()
    assert d.edited_config() == saved


def test_edit_and_save_stores_and_signals(settings_dialog, settings_store, qtbot, tmp_path):
    pack = tmp_path / "my-pack.toml"  # (a pack that can be used: Save refuses one that can't)
    pack.write_text(house_pack_path().read_text(encoding="utf-8"), encoding="utf-8")
    settings_dialog.rule_pack_edit.setText(str(pack))
    settings_dialog.arxiv_url_edit.setText("http://127.0.0.1:9100/api/query")
    settings_dialog.interval_spin.setValue(1.5)
    settings_dialog.contact_edit.setText("writer@example.org")
    settings_dialog.autosave_spin.setValue(60)
    settings_dialog.db_path_edit.setText(str(tmp_path / "elsewhere.db"))
    settings_dialog.font_auto_check.setChecked(False)
    family = settings_dialog.font_combo.currentFont().family()
    with qtbot.waitSignal(settings_store.changed, timeout=1000) as blocker:
        settings_dialog.save()
    assert settings_dialog.result() == SettingsDialog.DialogCode.Accepted
    stored = settings_store.stored_config()
    assert stored.rule_pack == pack
    assert stored.arxiv_url == "http://127.0.0.1:9100/api/query"
    assert stored.arxiv_interval == 1.5
    assert stored.contact == "writer@example.org"
    assert stored.autosave_seconds == 60
    assert stored.db_path == tmp_path / "elsewhere.db"
    assert stored.editor_font == family and family
    assert isinstance(blocker.args[0], Config)


def test_cancel_stores_nothing(settings_dialog, settings_store):
    settings_dialog.contact_edit.setText("nobody@example.org")
    settings_dialog.reject()
    assert settings_store.stored_config() == Config()


def test_reset_to_defaults_fills_defaults_and_save_clears_the_stored_group(settings_store, qtbot):
    settings_store.save(Config(contact="me@example.org", autosave_seconds=300, editor_font="Noto Sans CJK SC"))
    d = SettingsDialog(settings_store)
    qtbot.addWidget(d)
    assert d.contact_edit.text() == "me@example.org"
    d.reset_button.click()
    assert d.edited_config() == Config()
    assert d.contact_edit.text() == Config().contact and d.font_auto_check.isChecked()
    assert settings_store.stored_config().contact == "me@example.org"  # nothing stored before Save
    d.save()
    assert settings_store.stored_config() == Config()
    assert not [k for k in settings_store.qsettings.allKeys() if k.startswith("config/")]


def test_real_arxiv_api_can_not_go_below_three_seconds_and_says_so(settings_dialog):
    settings_dialog.arxiv_url_edit.setText(REAL_ARXIV_URL)
    settings_dialog.interval_spin.setValue(1.0)
    assert settings_dialog.interval_spin.value() == 3.0
    assert settings_dialog.interval_spin.minimum() == 3.0
    assert "3 s" in settings_dialog.interval_note.text() and "arXiv" in settings_dialog.interval_note.text()
    assert settings_dialog.edited_config().effective_arxiv_interval() == 3.0

    settings_dialog.arxiv_url_edit.setText("http://127.0.0.1:8000/api/query")
    settings_dialog.interval_spin.setValue(0.2)
    assert settings_dialog.interval_spin.value() == 0.2
    assert "3 s" not in settings_dialog.interval_note.text()

    settings_dialog.arxiv_url_edit.setText(REAL_ARXIV_URL + "/")  # same API, trailing slash
    assert settings_dialog.interval_spin.value() == 3.0


def test_environment_overrides_are_named(settings_dialog):
    assert os.environ.get("SURVEY_ARXIV_URL")  # conftest points arXiv at a dead loopback port
    assert "SURVEY_ARXIV_URL" in settings_dialog.env_note.text()
    assert not settings_dialog.env_note.isHidden()


def test_choose_buttons_fill_the_paths(settings_dialog, monkeypatch, tmp_path):
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(tmp_path / "p.toml"), ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "h.db"), ""))
    settings_dialog.choose_rule_pack()
    settings_dialog.choose_database()
    assert settings_dialog.edited_config().rule_pack == tmp_path / "p.toml"
    assert settings_dialog.edited_config().db_path == tmp_path / "h.db"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: ("", ""))  # cancelled: unchanged
    settings_dialog.choose_rule_pack()
    assert settings_dialog.edited_config().rule_pack == tmp_path / "p.toml"


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
