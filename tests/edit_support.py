"""Random edits for the tests that check the incremental Analyzer against a fresh analysis."""

from __future__ import annotations

import random


def random_edit(text: str, rng: random.Random, snippets: list[str], cut: int = 40, paste: int = 200) -> str:
    """One edit at a random place: a snippet typed (half the time), up to `cut` characters deleted, or up to `paste`
    characters of the text pasted."""
    pos = rng.randint(0, len(text))
    op = rng.random()
    if op < 0.5:
        return text[:pos] + rng.choice(snippets) + text[pos:]
    if op < 0.8:
        return text[:pos] + text[pos + rng.randint(1, cut):]
    a = rng.randint(0, len(text))
    return text[:pos] + text[a:a + rng.randint(1, paste)] + text[pos:]


def edits_match_fresh(analyzer, fresh, text: str, seed: int, snippets: list[str], *, cut: int = 40, paste: int = 200,
                      rounds: int = 8) -> None:
    """`rounds` random edits of `text`, each analysed by the same incremental `analyzer` and by `fresh(text)`: the
    same result every time."""
    rng = random.Random(seed)
    analyzer.analyze(text)
    for _ in range(rounds):
        text = random_edit(text, rng, snippets, cut, paste)
        assert analyzer.analyze(text).to_dict() == fresh(text).to_dict()
