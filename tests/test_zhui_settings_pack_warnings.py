"""Choosing a rule pack in Edit → Settings checked only that it could be used: its [i18n] slips (a key naming nothing
the pack has, whose text the Chinese window then shows in English) were said by survey-check and the window's status
bar, never by Settings. Settings now says them under the pack, in the window's language; the pack is still saved."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog

from pack_support import MINIMAL

SLIPPED = MINIMAL.replace("max = 10\n", 'max = 10\ntitle = "At most 10 CJK"\n') + (
    '[i18n.zh_CN]\n"At most 10 CJK" = "至多 10 个 CJK"\n"At most 10 CJKs" = "至多 10 个 CJK"\n')
KEY = 'i18n.zh_CN."At most 10 CJKs"'


@pytest.fixture
def slipped_pack(tmp_path):
    pack = tmp_path / "team.toml"
    pack.write_text(SLIPPED, encoding="utf-8")
    return pack


def _choose(dialog, monkeypatch, pack) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(pack), ""))
    dialog.choose_rule_pack()


def test_choosing_a_pack_says_its_warnings(settings_dialog, settings_store, slipped_pack, monkeypatch):
    _choose(settings_dialog, monkeypatch, slipped_pack)
    note = settings_dialog.pack_note
    assert note.isVisibleTo(settings_dialog)  # before: no word of it
    line = SLIPPED.splitlines().index('"At most 10 CJKs" = "至多 10 个 CJK"') + 1
    assert note.text().splitlines() == [
        "The rule pack can be used, with 1 warning:",
        f'team.toml:{line}: {KEY}: unused: the pack has no rule, counter, scope, label or message written so; '
        'did you mean "At most 10 CJK"?']
    settings_dialog.save()  # a warning does not stop Save
    assert settings_store.stored_config().rule_pack == slipped_pack


def test_a_clean_pack_or_none_says_nothing(settings_dialog, slipped_pack, monkeypatch, tmp_path):
    _choose(settings_dialog, monkeypatch, slipped_pack)
    clean = tmp_path / "clean.toml"
    clean.write_text(MINIMAL, encoding="utf-8")
    _choose(settings_dialog, monkeypatch, clean)
    assert not settings_dialog.pack_note.isVisibleTo(settings_dialog)
    settings_dialog.rule_pack_edit.setText(str(slipped_pack))  # typed, then the field left
    settings_dialog.rule_pack_edit.editingFinished.emit()
    assert KEY in settings_dialog.pack_note.text()
    settings_dialog.reset_to_defaults()
    assert not settings_dialog.pack_note.isVisibleTo(settings_dialog)


def test_the_saved_pack_is_checked_when_settings_opens(settings_store, slipped_pack, qtbot):
    from dataclasses import replace

    from editor_app.config import Config
    from editor_app.ui.settings_dialog import SettingsDialog

    settings_store.save(replace(Config(), rule_pack=slipped_pack))
    dialog = SettingsDialog(settings_store)
    qtbot.addWidget(dialog)
    assert KEY in dialog.pack_note.text()


def test_in_chinese(settings_dialog, slipped_pack, monkeypatch, chinese, zh_translation):
    _choose(settings_dialog, monkeypatch, slipped_pack)
    first, said = settings_dialog.pack_note.text().splitlines()
    assert first == "规则包可以使用，但有 1 条警告："
    assert said.startswith("team.toml:") and "未使用" in said and "unused" not in said


def test_the_open_dialog_grows_to_show_them(settings_dialog, slipped_pack, monkeypatch, qtbot):
    """Said in a dialog already on screen, the lines were squeezed into its old height: over the arXiv field and cut
    off after the first."""
    settings_dialog.show()
    qtbot.waitExposed(settings_dialog)
    _choose(settings_dialog, monkeypatch, slipped_pack.parent / "nothing.toml")  # no such file: nothing said yet
    _choose(settings_dialog, monkeypatch, slipped_pack)
    qtbot.wait(50)  # the layout follows the resize
    note, below = settings_dialog.pack_note, settings_dialog.arxiv_url_edit
    assert note.height() >= note.heightForWidth(note.width())  # every line of it
    assert note.parentWidget() is below.parentWidget() is settings_dialog
    assert note.geometry().bottom() < below.geometry().top()
