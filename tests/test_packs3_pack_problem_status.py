"""At 1280 px the status bar cut "Rule pack not usable: /home/…/team.toml:9: rules[0].max: must be a n": the file's
line and key were lost past the headline (only the pop-up showed them). The bar now says where, short (the file's
name, line and key), and its tooltip and the pop-up say all of it."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from pack_support import MINIMAL

from editor_app.config import Config
from ui_support import open_window

SURVEY = "".join(f"{n}、第 {n} 节\n" + "正文内容。" * 40 + "\n" for n in "一二三四五六") + "⚠️ 注意\n"


def test_the_status_bar_names_file_line_and_key_within_its_room(qtbot, tmp_path, chinese, zh_translation):
    survey = tmp_path / "survey.md"
    survey.write_text(SURVEY, encoding="utf-8")
    folder = tmp_path / "a-team-folder-with-a-long-name" / "rule-packs"
    folder.mkdir(parents=True)
    broken = folder / "team.toml"
    broken.write_text(MINIMAL.replace("max = 10", 'max = "10"'), encoding="utf-8")
    window = open_window(qtbot, survey)
    window.resize(1280, 860)
    window._settings_changed(Config(rule_pack=broken))
    bar = window.statusBar()
    qtbot.waitUntil(lambda: bar.currentMessage().startswith("规则包不可用"), timeout=5000)
    assert bar.currentMessage() == "规则包不可用: team.toml:9 rules[0].max"
    label = bar.message_label
    qtbot.waitUntil(lambda: label.width() > 0, timeout=2000)
    assert label.fontMetrics().horizontalAdvance(label.text()) <= label.width(), (label.width(), label.text())
    whole = f"{broken}:9：rules[0].max：必须是数字（实为 '10'）"
    assert whole in label.toolTip()
    assert [b.text().splitlines()[0] for b in window.findChildren(QMessageBox) if b.isVisible()] == [whole]
    window.shutdown()
