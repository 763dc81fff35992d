"""A self-reported figure whose label ends one line and whose value starts the next (a hard-wrapped paragraph,
one paragraph as Markdown reads it): "…各主线 CJK" / "159/194/207 ≥150". Before, it was no claim at all: the three
figures were never measured and nothing said so; a wrong one passed. Now the two lines are read as one there."""

from __future__ import annotations

import random
from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

PACK = house_pack()
TODAY = date(2026, 12, 3)


def _split(text: str, old: str, at: str) -> str:
    assert text.count(old) == 1
    return text.replace(old, old.replace(at, at.rstrip() + "\n", 1), 1)


def test_a_list_split_after_its_label_is_judged_on_the_line_of_its_figures(sample_text):
    text = _split(sample_text.replace("各主线 CJK 159/194/207", "各主线 CJK 159/195/207"), "各主线 CJK 159/195/207",
                  "各主线 CJK ")
    a = analyze(text, PACK, today=TODAY)
    listed = [c for c in a.claims if c.text == "各主线 CJK 159/195/207"]
    assert [(c.line, c.scope, c.ok, c.measured) for c in listed] == [
        (10, "§3.1", True, 159), (10, "§3.2", False, 194), (10, "§3.3", True, 207)]
    assert listed[1].column == text.split("\n")[9].index("195") + 1
    assert any(f.line == 10 and f.column == listed[1].column and f.message == "CJK of §3.2: stated 195, measured 194"
               for f in a.findings)
    # Update self-check figures rewrites the figure where it is
    updated = updated_self_check_text(text, a).split("\n")
    assert updated[8].endswith("各主线 CJK") and updated[9].startswith("159/194/207 ≥150")


def test_a_total_split_after_its_label(sample_text):
    text = _split(sample_text.replace("CJK 实测 3,838（", "CJK 实测 3,839（", 1), "CJK 实测 3,839（", "CJK 实测 ")
    a = analyze(text, PACK, today=TODAY)
    total = [c for c in a.claims if c.text == "CJK 实测 3,839"]
    assert [(c.line, c.column, c.ok, c.measured) for c in total] == [(10, 1, False, 3838)]


def test_lines_that_are_blocks_of_their_own_are_not_joined():
    doc = "标题\n§0 自检\n本节统计 CJK\n{}\n一、主体\n中文中文\n"
    for second in ("1. 第一项 4", "- 4 项", "3.1 主线 A"):
        a = analyze(doc.format(second), PACK, today=TODAY)
        assert not [c for c in a.claims if c.kind == "value" and c.metric == "cjk"], second
    a = analyze(doc.format("4 个"), PACK, today=TODAY)  # a paragraph going on: "本节统计 CJK 4 个"
    assert [(c.line, c.claimed, c.measured) for c in a.claims if c.metric == "cjk"] == [(4, 4, a.metrics["cjk"])]


def test_typing_around_a_split_figure_agrees_with_a_fresh_analysis(sample_text):
    """The line before a figure edited (its label typed, cut, changed) changes the figure's line's claims: the
    editor's passes say what a fresh analysis says."""
    az = Analyzer(PACK, today=TODAY)
    text = sample_text
    az.analyze(text)
    label_at = text.index("各主线 CJK ") + len("各主线 CJK")
    steps = [
        lambda t: t[:label_at] + "\n" + t[label_at + 1:],  # Enter in place of the space: split
        lambda t: t.replace("各主线 CJK\n", "各主线 CJX\n", 1),  # the label mistyped on its line
        lambda t: t.replace("各主线 CJX\n", "各主线 CJK\n", 1),  # and put right
        lambda t: t.replace("各主线 CJK\n159/194/207", "各主线 CJK\n159/194/208", 1),  # the figure's line
        lambda t: t.replace("各主线 CJK\n", "各主线 CJK\n\n", 1),  # a blank line: two paragraphs
        lambda t: t.replace("各主线 CJK\n\n", "各主线 CJK\n", 1),
        lambda t: t.replace("各主线 CJK\n", "各主线 CJK ", 1),  # joined again
    ]
    for step in steps:
        text = step(text)
        got, fresh = az.analyze(text), analyze(text, PACK, today=TODAY)
        assert got.to_dict() == fresh.to_dict()
        assert got == fresh
    rng = random.Random(4)
    text = steps[0](sample_text)
    az.analyze(text)
    for _ in range(40):  # characters typed and deleted on the two lines and around them
        lines = text.split("\n")
        k = rng.choice([7, 8, 9, 10])
        line = lines[k]
        pos = rng.randint(0, len(line))
        if rng.random() < 0.6:
            line = line[:pos] + rng.choice(["CJK", " ", "1", "各主线 CJK", "\n", "字", "/"]) + line[pos:]
        else:
            line = line[:pos] + line[pos + rng.randint(1, 6):]
        text = "\n".join(lines[:k] + [line] + lines[k + 1:])
        got, fresh = az.analyze(text), analyze(text, PACK, today=TODAY)
        assert got == fresh
