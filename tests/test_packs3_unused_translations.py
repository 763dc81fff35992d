"""A misspelt key in a pack's [i18n.zh_CN] table ("At most 2,500 word" for the rule title "At most 2,500 words") was
silently unused: the Chinese window showed the English words, and nothing said why. The pack is still used, and a
warning names the file, line and key, with the text it was probably meant for: on survey-check's stderr and in the
window (status bar and pop-up, in the window's language)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from pack_support import MINIMAL

from editor_app import cli
from editor_app.core.rulepack import bundled_packs, load_pack, parse_pack
from editor_app.ui.engine_text import words_for
from ui_support import window_beside_a_pack

# every kind of text a key may name: a rule id, its title and message, a counter's name and label, a scope's name
PACK = MINIMAL.replace('[counters.cjk]\n', '[counters.cjk]\nlabel = "CJK characters"\n').replace(
    'max = 10\n', 'max = 10\ntitle = "At most 10 CJK"\n') + (
    '[scopes]\nbody = { section = "1" }\n'
    '[[rules]]\nid = "no-todo"\nkind = "forbidden-pattern"\npattern = "TODO"\nmessage = "TODO left"\n'
    '[i18n.zh_CN]\n'
    '"At most 10 CJK" = "至多 10 个 CJK"\n'
    '"CJK characters" = "CJK 字数"\n'
    '"cjk" = "中文"\n'
    '"body" = "正文"\n'
    '"no-todo" = "不留 TODO"\n'
    '"TODO left" = "留有 TODO"\n'
    '"At most 10 CJKs" = "至多 10 个 CJK"\n'  # a slip
    '"nothing like it at all" = "毫无对应"\n')  # names nothing
SLIP = PACK.splitlines().index('"At most 10 CJKs" = "至多 10 个 CJK"') + 1


def test_a_key_naming_nothing_the_pack_has_is_warned_about_with_file_line_and_key():
    pack = parse_pack(PACK, "team.toml")
    assert [str(w) for w in pack.warnings] == [
        f'team.toml:{SLIP}: i18n.zh_CN."At most 10 CJKs": unused: the pack has no rule, counter, scope, label or message '
        'written so; did you mean "At most 10 CJK"?',
        f'team.toml:{SLIP + 1}: i18n.zh_CN."nothing like it at all": unused: the pack has no rule, counter, scope, label or '
        "message written so (a key is the pack's text as written, e.g. a rule's title)"]
    assert pack.translations["zh_CN"]["At most 10 CJK"] == "至多 10 个 CJK"  # a warning: the pack is used


def test_the_bundled_packs_translate_only_what_they_have():
    for path in bundled_packs():
        assert load_pack(path).warnings == [], path


def test_survey_check_says_it_on_stderr_and_still_checks(tmp_path, capsys):
    pack = tmp_path / "team.toml"
    pack.write_text(PACK, encoding="utf-8")
    surveys = []
    for name in ("a.md", "b.md"):
        surveys.append(tmp_path / name)
        surveys[-1].write_text("一、引言\n文字\n", encoding="utf-8")
    assert cli.main([*map(str, surveys), "--pack", str(pack)]) == 0
    err = capsys.readouterr().err
    said = f'survey-check: warning: {pack}:{SLIP}: i18n.zh_CN."At most 10 CJKs": unused'
    assert said in err and err.count(said) == 1  # once per pack, not once per survey
    assert 'did you mean "At most 10 CJK"?' in err


def test_the_chinese_window_says_it_in_the_status_bar_and_a_pop_up(qtbot, tmp_path, chinese, zh_translation):
    window, pack, good = window_beside_a_pack(qtbot, tmp_path)
    slip = good.replace('"At most 2,500 words" = ', '"At most 2,500 word" = ')
    assert slip != good
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        pack.write_text(slip, encoding="utf-8")
        assert window._pack_watcher.check()
    line = slip.splitlines().index('"At most 2,500 word" = "最多 2,500 词"') + 1
    key = 'i18n.zh_CN."At most 2,500 word"'
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("规则包警告"), timeout=5000)
    assert window.statusBar().currentMessage() == f"规则包警告: survey-rules.toml:{line} {key}"
    boxes = [b.text() for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert boxes == [f'{pack}:{line}：{key}：未使用：规则包中没有这样写的规则、计数器、范围、标签或消息；'
                     '是否想写 "At most 2,500 words"？']
    assert boxes[0] in window.statusBar().message_label.toolTip()
    assert window.pack.name == "english-markdown"
    # fixing it closes the warning
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        pack.write_text(good, encoding="utf-8")
        assert window._pack_watcher.check()
    qtbot.waitUntil(lambda: not [b for b in window.findChildren(QMessageBox) if b.isVisible()], timeout=5000)
    assert words_for(window.pack)("At most 2,500 words") == "最多 2,500 词"
    window.shutdown()


def test_the_same_slip_pops_up_once_not_at_every_reload(qtbot, tmp_path, chinese, zh_translation):
    """Each save of the pack (another key edited, the slip left for later) popped the same warning up again."""
    window, pack, good = window_beside_a_pack(qtbot, tmp_path)
    slip = good.replace('"At most 2,500 words" = ', '"At most 2,500 word" = ')

    def reload(text: str) -> list[str]:
        for box in window.findChildren(QMessageBox):
            box.close()
        with qtbot.waitSignal(window.analysis_ready, timeout=10000):
            pack.write_text(text, encoding="utf-8")
            assert window._pack_watcher.check()
        qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("规则包警告"), timeout=5000)
        return [b.text() for b in window.findChildren(QMessageBox) if b.isVisible()]

    assert len(reload(slip)) == 1
    edited = slip.replace("max = 2500", "max = 2600\n# the limit raised for now", 1)  # a line moved too
    assert edited != slip
    assert reload(edited) == []  # before: the same pop-up again
    assert "At most 2,500 word" in window.statusBar().message_label.toolTip()  # still said, where it is
    another = edited.replace('"No TODO left" = ', '"No TODOs left" = ', 1)
    assert another != edited
    assert len(reload(another)) == 1  # a new slip is told
    window.shutdown()
