"""QA: Edit → Settings stored any rule-pack path on Save: a file that does not exist, a folder, a broken pack. The
window then fell back to another pack, and the survey was checked with rules the author had not chosen. Save now
refuses it with the reason as the rest of the program words a pack it can't use (file, line and key), in the
window's language, and stores nothing."""

from __future__ import annotations

from editor_app.config import Config
from editor_app.ui.settings_dialog import SettingsDialog
from pack_support import MINIMAL


def _refused(dialog, store) -> str:
    dialog.save()
    assert dialog.result() != SettingsDialog.DialogCode.Accepted
    assert store.stored_config() == Config()  # nothing stored
    assert not dialog.problems_label.isHidden()
    assert dialog.focusWidget() is dialog.rule_pack_edit or dialog.rule_pack_edit.hasFocus()
    return dialog.problems_label.text()


def test_a_pack_that_does_not_exist_is_refused(settings_dialog, settings_store, tmp_path):
    missing = tmp_path / "team.toml"
    settings_dialog.rule_pack_edit.setText(str(missing))
    assert _refused(settings_dialog, settings_store) == \
        f"Not saved: The rule pack can't be used: {missing}: rule pack file not found"


def test_a_folder_is_refused(settings_dialog, settings_store, tmp_path):
    settings_dialog.rule_pack_edit.setText(str(tmp_path))
    assert _refused(settings_dialog, settings_store).endswith(f"{tmp_path}: rule pack is a folder, not a file")


def test_a_broken_pack_is_refused_with_its_line_and_key(settings_dialog, settings_store, tmp_path):
    pack = tmp_path / "team.toml"
    pack.write_text(MINIMAL.replace("max = 10", "max = '2000'"), encoding="utf-8")
    settings_dialog.rule_pack_edit.setText(str(pack))
    said = _refused(settings_dialog, settings_store)
    assert f"{pack}:9: rules[0].max: must be a number" in said, said
    assert pack.read_text(encoding="utf-8").endswith("max = '2000'\n")  # left as it is


def test_a_usable_pack_is_saved(settings_dialog, settings_store, tmp_path):
    pack = tmp_path / "team.toml"
    pack.write_text(MINIMAL, encoding="utf-8")
    settings_dialog.rule_pack_edit.setText(str(pack))
    settings_dialog.save()
    assert settings_dialog.result() == SettingsDialog.DialogCode.Accepted
    assert settings_dialog.problems_label.isHidden()
    assert settings_store.stored_config().rule_pack == pack


def test_the_reason_is_said_in_chinese_in_the_chinese_window(settings_store, qtbot, tmp_path, chinese, zh_translation):
    d = SettingsDialog(settings_store)
    qtbot.addWidget(d)
    pack = tmp_path / "team.toml"
    pack.write_text(MINIMAL.replace("max = 10", "max = '2000'"), encoding="utf-8")
    d.rule_pack_edit.setText(str(pack))
    said = _refused(d, settings_store)
    assert said.startswith("未保存：规则包无法使用：") and f"{pack}:9：rules[0].max：必须是数字" in said, said
    d.rule_pack_edit.setText(str(tmp_path))
    assert _refused(d, settings_store).endswith(f"{tmp_path}：规则包是文件夹，不是文件")
    d.rule_pack_edit.setText(str(tmp_path / "gone.toml"))
    assert _refused(d, settings_store).endswith("gone.toml：找不到规则包文件")
