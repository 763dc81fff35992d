"""QA: the status bar reads '1 wrong self-reported figure' and '1 private-data hit' (it said 'figures', 'hits')."""

from __future__ import annotations

from ui_support import open_window

ONE_WRONG = "主题综述 · 测试（2026-09-14）\n- 作者：spark\n§0 自检栏\n① 字数：CJK 实测 20\n一、主题\n这是一个综述文件。\n"


def test_one_wrong_figure_and_one_private_hit_are_singular(qtbot, tmp_path):
    survey = tmp_path / "short.md"
    survey.write_text(ONE_WRONG + "联系 10.2.3.4\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    a = window.latest_analysis
    assert sum(1 for c in a.claims if c.wrong) == 1 and len(a.privacy) == 1
    text = window.headline_label.text()
    assert "1 wrong self-reported figure" in text and "1 wrong self-reported figures" not in text
    assert text.endswith("1 private-data hit")  # before: "1 private-data hits"
