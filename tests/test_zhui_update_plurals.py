"""Tools → Update self-check figures worded "one line" and "several lines" (and one figure / several) as two
near-identical strings each, translated twice. They are one tr() with %n each (Qt's plural form): a numerus entry in
the Chinese translation, and the English forms in resources/i18n/survey_editor_en.qm, which the English window
loads (i18n.load_translators; the tests' qapp too, see conftest). The diff's sides are named in Chinese too."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from PySide6.QtWidgets import QDialog, QLabel

from ui_support import open_window

FOOTER_SUM = "CJK 实测 3,838（主体 2,892 + 反方 579 + 元信息 950）≤3,900"
NO_SUM = "CJK 实测 3,838（主体、反方、元信息）≤3,900"  # the same CJK, no stated sum


def _update_dialog(qtbot, monkeypatch, path) -> QDialog:
    from editor_app.ui import export_actions

    window = open_window(qtbot, path)
    actions = export_actions.install(window)
    shown: list[QDialog] = []
    monkeypatch.setattr(export_actions.SelfCheckDiffDialog, "exec",
                        lambda dialog: shown.append(dialog) or QDialog.DialogCode.Rejected)
    assert not actions.update_self_check_figures()  # the dialog shown, then cancelled: nothing applied
    return shown[0]


def _one_sum_left(tmp_path, sample_text):
    """The sample with the footer's stated sum taken out: only line 9's wrong sum is left to the author."""
    assert FOOTER_SUM in sample_text
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text.replace(FOOTER_SUM, NO_SUM), encoding="utf-8")
    return survey


def test_one_line_and_several_in_english(qtbot, monkeypatch, sample_path, sample_text, tmp_path):
    several = _update_dialog(qtbot, monkeypatch, sample_path)
    assert "replace) on lines 9, 113. Only you" in several.findChild(QLabel, "left_alone").text()
    assert several.findChild(QLabel).text() == "8 stated figures will be replaced by the measured value:"
    assert several.diff_view.toPlainText().startswith("--- llm-infra-2026-09-14.md (stated)\n")
    one = _update_dialog(qtbot, monkeypatch, _one_sum_left(tmp_path, sample_text))
    assert "replace) on line 9. Only you" in one.findChild(QLabel, "left_alone").text()  # not "line(s)"


def test_the_chinese_note(qtbot, monkeypatch, sample_text, tmp_path, chinese, zh_translation):
    one = _update_dialog(qtbot, monkeypatch, _one_sum_left(tmp_path, sample_text))
    assert one.findChild(QLabel, "left_alone").text().startswith("不改写：第 9 行有误的声明加和与比例")
    assert one.findChild(QLabel).text().endswith("处自报数字将替换为实测值：")
    # the diff's two sides were "(stated)" and "(measured)" in the Chinese dialog
    assert one.diff_view.toPlainText().startswith("--- survey.md（自报）\n+++ survey.md（实测）\n")


def test_the_update_strings_are_numerus_entries():
    from editor_app.resources_path import resource_path

    for language, forms in (("zh_CN", 1), ("en", 2)):
        root = ET.parse(resource_path("i18n", f"survey_editor_{language}.ts")).getroot()
        numerus = {m.findtext("source"): [f.text for f in m.iter("numerusform")]
                   for m in root.iter("message") if m.get("numerus") == "yes"}
        note = next(s for s in numerus if s.startswith("Not rewritten:"))
        assert len(numerus[note]) == forms and all(numerus[note])  # every form written
        assert not [s for s in (m.findtext("source") for m in root.iter("message"))
                    if s.startswith("Not rewritten:") and s != note]  # one string, not two
