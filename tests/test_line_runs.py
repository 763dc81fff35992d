"""line_runs: the three-slice splice after an edit gives what looking each line up on its own gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from editor_app.core.line_runs import LineRuns, line_runs
from editor_app.core.model import SectionRef


def _made(at, src):
    """Runs made afresh: each line's objects from its tuple (one SectionRef per item), the number its length."""
    objects, offs, extra = [], [], []
    for i, t in zip(at, src):
        offs.append(len(objects))
        objects.extend(SectionRef(i + 1, col, "§", None) for col in t)
        extra.append(len(t))
    offs.append(len(objects))
    return LineRuns(list(at), list(src), offs, objects, extra)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.lists(st.integers(1, 9), max_size=3)), max_size=30),
       st.integers(0, 30), st.integers(0, 4), st.integers(0, 4), st.booleans(), st.data())
def test_spliced_runs_equal_runs_made_afresh(lines, a, old_k, new_k, equal, data):
    n = len(lines)
    a = min(a, n)
    old_k = min(old_k, n - a)
    old_tuples = [tuple(t) if has else None for has, t in lines]
    old_at = [i for i, t in enumerate(old_tuples) if t is not None]
    old = _made(old_at, [old_tuples[i] for i in old_at])
    # the new text: lines before a as they were (or, now and then, an equal tuple that is not the same object),
    # new_k new lines, then the old lines after the replaced ones, moved
    new_tuples = list(old_tuples[:a])
    if new_tuples and data.draw(st.booleans(), label="an equal, not identical, tuple"):
        j = data.draw(st.integers(0, len(new_tuples) - 1))
        if new_tuples[j] is not None:
            new_tuples[j] = tuple(list(new_tuples[j]))
    new_tuples += [data.draw(st.one_of(st.none(), st.lists(st.integers(1, 9), max_size=2).map(tuple)), label="new")
                   for _ in range(new_k)]
    new_tuples += old_tuples[a + old_k:]
    at = [i for i, t in enumerate(new_tuples) if t is not None]
    src = [new_tuples[i] for i in at]

    def make(k):
        return [SectionRef(at[k] + 1, col, "§", None) for col in src[k]], len(src[k])

    d = new_k - old_k
    moves: dict = {}
    got = line_runs(at, src, old, a, a + new_k, d, make, equal=equal, moves=moves)
    want = _made(at, src)
    assert (got.at, got.src, got.offs, got.objects, got.extra) == (want.at, want.src, want.offs, want.objects, want.extra)
    assert [got.of(k) for k in range(len(at))] == [want.of(k) for k in range(len(at))]
    assert all(got.on(i) == (want.of(at.index(i)) if i in at else []) for i in range(len(new_tuples) + 1))
    # kept objects are the old ones (before the edit) or their moved copies (after it), recorded in `moves`
    old_ids = {id(o): o for o in old.objects}
    for k, i in enumerate(at):
        kept = i < a and (src[k] is old_tuples[i] or equal and src[k] == old_tuples[i])
        if kept:
            assert all(id(o) in old_ids for o in got.of(k))
    if d:
        assert all(moves[id(o)] == type(o)(o.line + d, o.column, o.text, o.key) for o in old.objects if id(o) in moves)
        assert set(map(id, got.objects)) >= set(map(id, moves.values()))
    else:
        assert not moves
