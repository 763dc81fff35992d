"""Letting go of a finished analysis pass in small steps.

After an Enter in the middle of an 8 MB survey the previous pass leaves ~40,000 records nobody needs. Dropping it
frees them all in one cascade: a single bytecode that holds the GIL for 20-100 ms, during which the window cannot
draw. `dismantle` frees the same objects a chunk at a time and yields between chunks, so the thread doing it (the
analysis worker, when idle) lets the GUI thread run. Only what the dismantled objects alone hold is emptied: a list
or dict also held elsewhere (the next pass shares many of them) is left whole.
"""

from __future__ import annotations

import sys
from typing import Any, Iterator

CHUNK = 2000  # objects freed between two yields (~1 ms)
_WORTH_A_YIELD = 256  # a smaller container is emptied without yielding
_LOOK_INTO = 64  # a container this small has its items looked into (they may be big: a pass's audits)
_DEPTH = 3  # how deep into records held only here (an audit, its slots, …) the emptying goes


def dismantle(root: Any) -> Iterator[None]:
    """Empties, CHUNK items at a time, the lists and dicts only `root` holds (also inside records only it holds).
    The caller must hold the only reference to `root` (it is garbage but for this); a list or dict `root` (an
    analysis' to_dict) is emptied itself."""
    if isinstance(root, (list, dict)):
        yield from _empty(root, _DEPTH)
    else:
        yield from _empty_object(root, _DEPTH)
    yield


def _only_here(value: Any, holders: int) -> bool:
    """Whether nothing but the `holders` references the caller knows of hold value (+2: this function's parameter
    and getrefcount's argument)."""
    return sys.getrefcount(value) <= holders + 2


def _empty_object(obj: Any, depth: int) -> Iterator[None]:
    state = getattr(obj, "__dict__", None)
    if not isinstance(state, dict):
        return
    for name in list(state):
        value = state.get(name)  # held by the state and by `value`
        if isinstance(value, (list, dict)) and _only_here(value, 2):
            yield from _empty(value, depth)
        elif depth and hasattr(value, "__dict__") and not isinstance(value, type) and _only_here(value, 2):
            yield from _empty_object(value, depth - 1)
        value = None


def _empty(container: list | dict, depth: int) -> Iterator[None]:
    """Empties a container a chunk at a time. Only a small one (a pass's table of audits, say) is looked into: the
    items of a big one are records or lines, freed by the chunk's own deletion (most are shared with the next
    pass, and looking at each of 100,000 would cost more than freeing them)."""
    look = depth and len(container) <= _LOOK_INTO
    if isinstance(container, dict):
        while container:
            n = min(CHUNK, len(container))
            for _ in range(n):
                _key, item = container.popitem()  # held by `item` alone now, unless shared
                if look:
                    yield from _empty_item(item, 1, depth)
                item = None
            if n >= _WORTH_A_YIELD:
                yield
        return
    if look:
        for item in container:  # held by the container and `item`
            yield from _empty_item(item, 2, depth)
        item = None
    while container:
        n = min(CHUNK, len(container))
        del container[-CHUNK:]
        if n >= _WORTH_A_YIELD:
            yield


def _empty_item(item: Any, holders: int, depth: int) -> Iterator[None]:
    if isinstance(item, (list, dict)):
        if _only_here(item, holders + 1):  # + the parameter of this function
            yield from _empty(item, depth - 1)
    elif hasattr(item, "__dict__") and not isinstance(item, type) and _only_here(item, holders + 1):
        yield from _empty_object(item, depth - 1)
