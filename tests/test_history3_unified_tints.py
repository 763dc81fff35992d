"""History → compare, unified: a comparison of more than 10,000 lines is tinted where it is on screen.

Before, a unified diff past UNIFIED_TINTED_LINES was shown untinted (tinting every line on the GUI thread took 0.6 s
for 40,000 lines): removed and added lines looked alike. Now the lines on screen are tinted, and their changed
characters marked, as extra selections redone when the view scrolls or resizes (a few dozen lines each time)."""

from __future__ import annotations

import time

from editor_app.core.textdiff import LINE_TINTS


def _drafts(lines: int = 6000) -> tuple[str, str]:
    """Two drafts that differ in every line (a few characters each): a unified diff of 2 × `lines` changed lines."""
    old = "\n".join(f"第{i}行：推理引擎的键值缓存管理策略，旧的说法" for i in range(lines))
    return old, old.replace("旧的说法", "新的写法")


def _tinted(view) -> dict[int, list[tuple[str, bool]]]:
    """Unified diff line number -> (text, underlined) of each range the view tints."""
    out: dict[int, list[tuple[str, bool]]] = {}
    for selection in view.extraSelections():
        cursor = selection.cursor
        block = view.document().findBlock(cursor.selectionStart())
        assert selection.format.background().color().alpha() > 0
        out.setdefault(block.blockNumber(), []).append((cursor.selectedText(), selection.format.fontUnderline()))
    return out


def _on_screen(view) -> list[int]:
    block, offset, numbers = view.firstVisibleBlock(), view.contentOffset(), []
    while block.isValid() and view.blockBoundingGeometry(block).translated(offset).top() <= view.viewport().height():
        numbers.append(block.blockNumber())
        block = block.next()
    return numbers


def _check(view) -> None:
    tinted, shown = _tinted(view), _on_screen(view)
    changed = [n for n in shown if n >= 2 and view.document().findBlockByNumber(n).text()[:1] in "+-"]
    assert len(changed) > 10 and sorted(tinted) == changed  # every changed line on screen, nothing else
    for number in changed:
        text = view.document().findBlockByNumber(number).text()
        whole, *marks = tinted[number]
        assert whole == (text, False)  # the line's tint
        assert marks == [("旧的说" if text[0] == "-" else "新的写", True)]  # its changed characters


def test_a_comparison_of_12_000_lines_is_tinted_where_it_is_on_screen(qtbot):
    from editor_app.ui import history_panel

    panel = history_panel.HistoryPanel()
    qtbot.addWidget(panel)
    panel.resize(1000, 900)
    panel.show()
    panel.unified.setChecked(True)
    old, new = _drafts()
    panel.show_diff(old, new, "#1", "#2")
    view = panel.diff_text
    assert view.document().blockCount() > history_panel.UNIFIED_TINTED_LINES
    assert panel.unified_marks.document() is None  # not tinted whole on the GUI thread
    qtbot.waitUntil(lambda: bool(view.extraSelections()))
    _check(view)
    removed = next(s for s in view.extraSelections() if not s.format.fontUnderline()
                   and s.cursor.selectedText().startswith("-"))
    assert removed.format.background().color().red() == LINE_TINTS["delete"][0]
    bar = view.verticalScrollBar()
    started = time.perf_counter()
    for value in range(0, bar.maximum(), bar.maximum() // 20):  # scrolled through: each screen tinted as it comes
        bar.setValue(value)
    assert time.perf_counter() - started < 1.0  # 21 screens: no stutter
    bar.setValue(bar.maximum() // 2)
    _check(view)
    assert min(_tinted(view)) > 5000
    view.resize(view.width(), view.height() + 200)  # taller: the lines that came into view are tinted too
    qtbot.waitUntil(lambda: sorted(_tinted(view)) == [n for n in _on_screen(view)
                                                      if view.document().findBlockByNumber(n).text()[:1] in "+-"])
