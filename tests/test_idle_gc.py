"""Cyclic garbage at its source: what the editor makes at every result must be freed by reference counting, or be
collected young, before the checker freezes it (gc.freeze after each result: then only a full collection, which
scans every object, 340-800 ms of GUI thread at 8 MB, could collect it)."""

from __future__ import annotations

import gc


def test_the_preview_leaves_no_cyclic_garbage(qapp):
    """A Markdown converter is a cycle: one made per rendering left ~350 objects to the cyclic collector each time."""
    import markdown

    from editor_app.ui.preview_panel import render_html

    text = "# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<div>raw</div>\n\n```\ncode\n```\n\nSome *text*.\n"
    first = render_html(text)
    was = gc.isenabled()
    gc.disable()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        assert [render_html(text) for _ in range(3)] == [first] * 3
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, markdown.Markdown) or type(o).__module__.startswith("xml.")]
        assert left == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()
