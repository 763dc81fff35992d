"""New user: Tools → Update self-check figures on the sample listed the 7 figures it would rewrite and said nothing of
the wrong stated sums it leaves (3,838 = 2,892 + 579 + 950 on lines 9 and 113); after Apply the status bar still read
"2 wrong self-reported figures", with no word why. The dialog now names the lines it leaves for the author."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLabel

from ui_support import open_window, wait_analysis


def _shown_dialog(qtbot, monkeypatch, path) -> tuple[object, list[QDialog]]:
    from editor_app.ui import export_actions

    window = open_window(qtbot, path)
    actions = export_actions.install(window)
    shown: list[QDialog] = []

    def fake_exec(dialog):
        shown.append(dialog)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(export_actions.SelfCheckDiffDialog, "exec", fake_exec)
    with wait_analysis(qtbot, window):
        assert actions.update_self_check_figures()
    return window, shown


def test_the_update_dialog_names_the_wrong_sums_it_leaves(qtbot, monkeypatch, sample_path):
    window, shown = _shown_dialog(qtbot, monkeypatch, sample_path)
    note = shown[0].findChild(QLabel, "left_alone")
    assert note is not None and note.isVisibleTo(shown[0])
    assert "lines 9, 113" in note.text()
    # what it announced is what is left: the two stated sums on those lines, still wrong after Apply
    assert sorted({c.line for c in window.latest_analysis.claims if c.wrong}) == [9, 113]


def test_no_note_when_the_update_leaves_nothing_wrong(qtbot, monkeypatch, tmp_path):
    survey = tmp_path / "s.md"
    survey.write_text("# T\n\n§0 自检栏\n\n- CJK 实测 9\n\n一、正文\n\n中文字\n\nSpark · 2026-09-14 21:30 · CJK 实测 9\n",
                      encoding="utf-8")
    window, shown = _shown_dialog(qtbot, monkeypatch, survey)
    assert shown and shown[0].findChild(QLabel, "left_alone") is None
    assert not [c for c in window.latest_analysis.claims if c.wrong]


def test_the_note_in_chinese(qtbot, monkeypatch, sample_path, chinese, zh_translation):
    _window, shown = _shown_dialog(qtbot, monkeypatch, sample_path)
    text = shown[0].findChild(QLabel, "left_alone").text()
    assert text.startswith("不改写：第 9, 113 行") and "Not rewritten" not in text
