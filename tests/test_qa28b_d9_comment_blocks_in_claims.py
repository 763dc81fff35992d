"""QA28b D9: with a comment block in a section, the count rule showed 137 words (a minimum leaves comment blocks
out, and its row says so) while the claims audit measured 157 and told the figure copied from that row it was
wrong, without a word of why. As the house counts its totals, the audit still measures everything, and a wrong
figure's message now says how much of the count the comment blocks hold."""

from __future__ import annotations

from pathlib import Path

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import load_pack
from editor_app.wording import EngineText

ENGLISH_PACK = Path(__file__).resolve().parent.parent / "resources/rulepacks/english-markdown.toml"
NOTE = "<!--\nreviewer: five more words here\n-->"  # 5 words: "reviewer", "five", "more", "words", "here"
SURVEY = ("# Survey\n\nAuthor: Jane\n\n## 1 Intro\n\none two three\n\n## 2 Limitations\n\nLimitations words: {stated}\n\n"
          "alpha beta gamma delta\n\n{note}\n")


def _claim(stated: str, note: str = NOTE):
    result = analyze(SURVEY.format(stated=stated, note=note), load_pack(ENGLISH_PACK))
    claims = [c for c in result.claims if c.scope == "limitations"]
    assert len(claims) == 1, result.claims
    return result, claims[0]


def test_a_wrong_figure_says_how_much_of_the_count_is_in_comment_blocks():
    # §2: "2 Limitations" 2 + "Limitations words: 9" 3 + 4 = 9 that a reader sees, + the comment block's 5 = 14
    result, c = _claim("9")
    assert (c.claimed, c.measured, c.ok) == (9, 14, False)
    assert c.message == "words of limitations: stated 9, measured 14, 5 of them in comment blocks"
    assert any(f.message == c.message for f in result.findings)
    rule = next(r for r in result.rules if r.id == "limitations-length")
    assert "5 in comment blocks not counted" in rule.note


def test_the_message_reads_in_chinese():
    _, c = _claim("9")
    say = EngineText("zh_CN", load_pack(ENGLISH_PACK))
    assert say(c.message) == "局限性一节的词：自报 9，实测 14，其中 5 在注释块中"


def test_a_right_figure_and_a_place_without_comment_blocks_say_nothing_more():
    _, right = _claim("14")
    assert right.ok is True and right.message == ""
    _, wrong = _claim("8", note="")
    assert wrong.message == "words of limitations: stated 8, measured 9"
