"""QA: an English self-report followed by a comma ("words: 200, lines: 31") is read as 200, not "200,". Before: the
panel's Claimed column and the CLI showed "200,", the finding said "stated 200,, measured 122" and the two places
were said to disagree as "stated as 200, here"."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import load_pack
from editor_app.core.selfcheck_update import updated_self_check_text
from editor_app.resources_path import resource_path

SURVEY = """# Serving survey

Word count: 300. Lines: 9.

## 1 Intro

vLLM and SGLang compared.

-- Team B · 2026-11-30 · words: 1,200, lines: 9
"""


def test_a_comma_after_a_stated_figure_is_not_part_of_it():
    a = analyze(SURVEY, load_pack(resource_path("rulepacks", "english-markdown.toml")))
    footer = next(c for c in a.claims if c.metric == "words" and c.line == 9)
    assert footer.claimed == 1200 and footer.text == "words: 1,200"
    messages = [f.message for f in a.findings if f.line == 9]
    assert f"words of document: stated 1,200, measured {a.metrics['words']}" in messages
    assert "words of document stated as 1,200 here but as 300 on line 3" in messages
    assert not any(",," in m or "1,200, here" in m for m in messages)
    fixed = updated_self_check_text(SURVEY, a).splitlines()[-1]
    assert fixed == f"-- Team B · 2026-11-30 · words: {a.metrics['words']}, lines: 9"  # the prose's comma kept
