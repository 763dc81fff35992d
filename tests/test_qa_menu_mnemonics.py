"""QA: Alt+letter in the menus: File had two &S (Open the Sample Survey, Save), Edit two &T (Cut, Settings) and
Tools two &V (Verify All References, Previous Problem), so the letter only moved between them instead of
choosing; Recover…, Export report… and Update self-check figures… had no letter. In both languages. View had
none at all (Outline, Panels and every panel's name), so Alt+V then a letter chose nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

QM = Path(__file__).resolve().parent.parent / "resources" / "i18n" / "survey_editor_zh_CN.qm"
MNEMONIC = re.compile(r"&([^&\s])")


def _menus(window):
    return {m.objectName(): m for m in (window.menu_file, window.menu_edit, window.menu_view, window.menu_tools,
                                        window.menu_help)}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_menu_action_has_its_own_letter(qtbot, sample_path, language, tmp_path):
    from PySide6.QtCore import QCoreApplication, QTranslator

    from editor_app.config import Config
    from editor_app.ui.app import create_window

    translator = QTranslator()
    if language == "zh_CN":
        assert translator.load(str(QM))
        QCoreApplication.installTranslator(translator)
    try:
        window = create_window(sample_path, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
        qtbot.addWidget(window)
        window.ask_unsaved_changes = lambda: "discard"
        for name, menu in _menus(window).items():
            letters: dict[str, list[str]] = {}
            for action in menu.actions():
                if action.isSeparator():
                    continue
                text = action.text() if action.menu() is None else action.menu().title()
                found = MNEMONIC.search(text)
                assert found, f"{name}: {text!r} has no Alt letter"
                letters.setdefault(found.group(1).lower(), []).append(text)
            assert not {k: v for k, v in letters.items() if len(v) > 1}, name
    finally:
        QCoreApplication.removeTranslator(translator)
        window.shutdown()


SMALL_WORDS = {"a", "an", "the", "of", "to", "in", "on", "for", "and", "or", "at", "by"}


def test_every_menu_action_is_in_title_case(qtbot, sample_path, tmp_path):
    """The menus mixed two casings: 'Verify All References', 'Open the Sample Survey' beside 'Export report…',
    'Update self-check figures…', 'Recover unsaved changes…' and 'Getting started'."""
    from editor_app.config import Config
    from editor_app.ui.app import create_window

    window = create_window(sample_path, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    try:
        lower = []
        for menu in _menus(window).values():
            for action in menu.actions():
                text = (action.text() if action.menu() is None else action.menu().title()).replace("&", "")
                for i, word in enumerate(re.findall(r"[A-Za-z][\w-]*", text)):
                    if word[0].islower() and (i == 0 or word not in SMALL_WORDS):
                        lower.append(f"{text!r}: {word}")
        assert lower == []
    finally:
        window.shutdown()
