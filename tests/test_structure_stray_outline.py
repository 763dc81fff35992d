"""Sub-sections left under a renumbered top section (`8.1 … 8.5` under `九、` once 八 became 九) were a section-refs
finding, but the window's Outline did not show them at all: the user could neither see nor jump to them. They are
now rows of the outline where they sit, indented under the section holding them, marked, with a tooltip saying why;
a click goes to them and the cursor in one selects it. A sub-section moved alone under another top section (4.4
under 三 while 四 keeps 4.1-4.3) is one too, where it used to vanish into the prose of the section above it."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from ui_support import cursor_line, open_window

PACK = house_pack()
TODAY = date(2026, 12, 3)


def _renumbered(sample_text: str) -> str:
    """A new 八、 before 元信息, which became 九、 (九 became 十); the sub-sections 8.1 … 8.5, 9.1 … 9.3 left as they were."""
    return (sample_text.replace("\n九、引用清单", "\n十、引用清单")
            .replace("\n八、元信息", "\n八、新节\n新的一节。\n九、元信息"))


def _line_of(text: str, prefix: str) -> int:
    return next(i + 1 for i, ln in enumerate(text.split("\n")) if ln.startswith(prefix))


def _hover(view, row: int) -> str:
    index = view.model().index(row)
    pos = view.visualRect(index).center()
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos)))
    said = QToolTip.text()
    QToolTip.hideText()
    return said


def test_strays_are_rows_of_the_outline_where_they_sit(qtbot, tmp_path, sample_text):
    text = _renumbered(sample_text)
    path = tmp_path / "survey.md"
    path.write_text(text, encoding="utf-8")
    window = open_window(qtbot, path)
    try:
        labels = window.outline.model.stringList()
        nine = labels.index("九 元信息")
        assert labels[nine + 1:nine + 6] == [
            "    ⚠ 8.1 私域清洁度自检 — numbered for §八",
            "    ⚠ 8.2 CJK 字数三层一致自检（实测，非 ≈ 自报） — numbered for §八",
            "    ⚠ 8.3 verifiability ≥20% 主轴 arXiv 独立抽检（实测） — numbered for §八",
            "    ⚠ 8.4 立标池 ★★★ 红线（沿用 9-8 v2 + #47 + #50 修复） — numbered for §八",
            "    ⚠ 8.5 实测方法学声明（反思棒 #50） — numbered for §八"]
        assert labels[nine + 6].startswith("十 引用清单") and labels[nine + 7].startswith("    ⚠ 9.1 11 件 arXiv")
        assert len(labels) == len(window.latest_analysis.sections) + 8

        # the tooltip says why, with its lines and the holding section's
        l81, l82 = _line_of(text, "8.1 "), _line_of(text, "8.2 ")
        tip = _hover(window.outline.view, nine + 1)
        assert tip == (f"8.1 私域清洁度自检\nL{l81}–{l82 - 1}\nNumbered for §八 but under §九 (line {_line_of(text, '九、')}): "
                       "renumber it, or move it under §八.")

        # a click goes to it; the cursor in its body selects it, and past it the next row
        window.outline._clicked(window.outline.model.index(nine + 2))
        assert cursor_line(window) == l82
        window.outline.follow_cursor(l81 + 1)
        assert window.outline.view.currentIndex().row() == nine + 1
        window.outline.follow_cursor(_line_of(text, "十、"))
        assert window.outline.view.currentIndex().row() == nine + 6
    finally:
        window.shutdown()


def test_the_chinese_outline_marks_them_in_chinese(qtbot, tmp_path, sample_text, zh_translation):
    path = tmp_path / "survey.md"
    path.write_text(_renumbered(sample_text), encoding="utf-8")
    window = open_window(qtbot, path)
    try:
        labels = window.outline.model.stringList()
        row = labels.index("    ⚠ 8.1 私域清洁度自检 — 编号属于 §八")
        assert _hover(window.outline.view, row).endswith("编号属于 §八，却位于 §九（第 87 行）之下：请改编号，或把它移到 §八 之下。")
    finally:
        window.shutdown()


def test_a_sub_section_moved_alone_under_another_section_is_one(sample_text):
    """4.4 法律 moved to the end of §三: it was read as prose of §3.3, in no outline and no finding."""
    lines = sample_text.split("\n")
    i = next(i for i, ln in enumerate(lines) if ln.startswith("4.4 法律"))
    four = next(i for i, ln in enumerate(lines) if ln.startswith("四、"))
    moved = lines[:four] + lines[i:i + 2] + lines[four:i] + lines[i + 2:]
    text = "\n".join(moved)
    a = analyze(text, PACK, today=TODAY)
    at, three = _line_of(text, "4.4 法律"), _line_of(text, "三、")
    assert [(s.line, s.number, s.top, s.top_line, s.end_line) for s in a.strays] == [(at, "4.4", "三", three, at + 1)]
    refs = next(r for r in a.rules if r.id == "section-refs")
    assert (at, f"4.4 is numbered for §四 but sits under §三 (line {three})") in [(f.line, f.message) for f in refs.findings]
    # it ends §3.3 (the legal text is no counter-argument) and stays in §三, which holds it
    secs = {sm.section.key: sm for sm in a.sections}
    assert (secs["3.3"].section.end_line, secs["3"].section.end_line) == (at - 1, at + 1)
    assert next(r for r in a.rules if r.id == "counter-argument-length").measured == \
        next(r for r in analyze(sample_text, PACK, today=TODAY).rules if r.id == "counter-argument-length").measured
    # the sub-section moved out of the middle too (5.2 under §六), but not a figure starting a line of prose
    lines = sample_text.split("\n")
    j = next(i for i, ln in enumerate(lines) if ln.startswith("5.2 "))
    six = next(i for i, ln in enumerate(lines) if ln.startswith("七、"))
    text = "\n".join(lines[:j] + lines[j + 1:six] + [lines[j], "复核表正文。"] + lines[six:])
    assert [s.number for s in analyze(text, PACK, today=TODAY).strays] == ["5.2"]
    for prose in ("3.4 GB 显存即可部署。", "3.5 GB 显存即可部署", "1.5 倍吞吐", "3.4 倍吞吐提升", "3.4 GB 显存即可部署",
                  "3.4 ms 首字延迟"):
        text = sample_text.replace("\n4.1 工程视角", f"\n{prose}\n4.1 工程视角", 1)
        assert analyze(text, PACK, today=TODAY).strays == ()


def test_edit_by_edit_the_strays_are_those_of_a_fresh_analysis(sample_text):
    """Enter above, inside and below them (the outline moved, not rebuilt), then a heading renumbered back."""
    az = Analyzer(PACK, today=TODAY)
    text = _renumbered(sample_text)
    steps = [lambda t: t,
             lambda t: t.replace("\n一、", "\n\n一、", 1),
             lambda t: t.replace("- 私域五维", "\n- 私域五维", 1),
             lambda t: t.replace("\n十、", "\n\n十、", 1),
             lambda t: t.replace("\n九、元信息", "\n八、元信息").replace("\n八、新节", "\n七点五、新节")]
    for step in steps:
        text = step(text)
        assert az.analyze(text).strays == analyze(text, PACK, today=TODAY).strays
    assert [s.number for s in az.analyze(text).strays] == ["9.1", "9.2", "9.3"]


def test_a_reference_to_a_strays_number_says_where_it_went(sample_text):
    """"§八.3 = 67%" in §0 once 八 became 九: it names no section, and now says where 8.3 is."""
    text = sample_text.replace("\n九、引用清单", "\n十、引用清单").replace("\n八、元信息", "\n九、元信息")
    a = analyze(text, PACK, today=TODAY)
    l83, nine = _line_of(text, "8.3 "), _line_of(text, "九、")
    msg = f"§八.3 names no section of the survey (8.3 is on line {l83}, under §九)"
    refs = next(r for r in a.rules if r.id == "section-refs")
    assert msg in [f.message for f in refs.findings if f.line == 9]
    from editor_app.wording import EngineText
    assert EngineText("zh_CN", PACK)(msg) == f"§八.3 不是综述中的任何一节（8.3 在第 {l83} 行，位于 §九 之下）"
    # edit by edit (Enter above the stray: its line in the message moves), as a fresh analysis says it
    az = Analyzer(PACK, today=TODAY)
    az.analyze(text)
    text = text.replace("\n一、", "\n\n一、", 1)
    assert az.analyze(text).to_dict() == analyze(text, PACK, today=TODAY).to_dict()
    assert f"(8.3 is on line {l83 + 1}, under §九)" in " ".join(f.message for f in az.analyze(text).findings)
    assert nine < l83


def test_typing_the_renumbering_shows_them_and_enter_above_moves_them(qtbot, tmp_path, sample_text):
    from PySide6.QtGui import QTextCursor

    from ui_support import wait_analysis

    path = tmp_path / "survey.md"
    path.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, path)
    try:
        assert not any("⚠" in label for label in window.outline.model.stringList())
        eight = _line_of(sample_text, "八、")
        window.goto_line(eight)
        cur = window.editor.textCursor()
        cur.movePosition(QTextCursor.MoveOperation.StartOfBlock)
        cur.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.KeepAnchor)
        window.editor.setTextCursor(cur)
        with wait_analysis(qtbot, window):
            window.editor.insertPlainText("九")
        labels = window.outline.model.stringList()
        assert sum(label.endswith("— numbered for §八") for label in labels) == 5
        window.goto_line(1)
        with wait_analysis(qtbot, window):
            window.editor.insertPlainText("新的一行\n")
        l81 = _line_of(window.current_text(), "8.1 ")
        assert l81 == _line_of(sample_text, "8.1 ") + 1
        window.outline.follow_cursor(l81)
        assert window.outline.model.stringList()[window.outline.view.currentIndex().row()].startswith("    ⚠ 8.1 ")
    finally:
        window.shutdown()


def test_a_numbered_markdown_heading_under_another_number_is_one_row(qapp):
    """'## 2.1 Data' under '# 3 Methods' is a section of the outline and a stray: shown once, marked."""
    from editor_app.core.rulepack import parse_pack
    from editor_app.ui.outline_panel import outline_rows, outline_signature, section_label

    pack = parse_pack('schema = 1\nname = "md"\n[counters.lines]\nbuiltin = "lines"\n[[rules]]\nid = "section-refs"\n'
                      'kind = "section-refs"\n')
    a = analyze("# 1 Intro\n\n## 1.1 Scope\ntext\n\n# 3 Methods\n\n## 2.1 Data\ntext\n", pack, today=TODAY)
    assert [s.line for s in a.strays] == [8]
    assert len(outline_rows(a)) == len(a.sections) == 4
    assert [section_label(*e) for e in outline_signature(a)] == [
        "1 Intro", "    1.1 Scope", "3 Methods", "    ⚠ 2.1 Data — numbered for §2"]
