"""QA28c D5: counts of one read "1 claims", "1 findings", "1 arXiv ids", "1 distinct ids", "1 self-reported figures"
(survey-check's text, the rules' notes in the window and the report) and "1 papers" (the fake arXiv). One is now
singular; the Chinese window's translations match either."""

from __future__ import annotations

from editor_app import cli
from editor_app.core.numbers import counted
from editor_app.wording import EngineText

SURVEY = ("# Notes\n\nWord count: 40\n\n## 1 Intro\n\nSee arXiv:2401.00001 for more. SGLang 3.1× faster than vLLM.\n\n"
          "## References\n\n- arXiv:2401.00001\n")


def test_counted_is_singular_for_one():
    assert [counted(n, "claim") for n in (0, 1, 2)] == ["0 claims", "1 claim", "2 claims"]


def test_survey_check_says_one_in_the_singular(tmp_path, capsys):
    from editor_app.resources_path import resource_path

    survey = tmp_path / "s.md"
    survey.write_text(SURVEY, encoding="utf-8")
    cli.main([str(survey), "--pack", str(resource_path("rulepacks", "english-markdown.toml"))])
    out = capsys.readouterr().out
    assert "1 arXiv id ·" in out and "(1 distinct id)" in out
    assert "(1 claim, 1 wrong, 1 finding)" in out and "Claims: 1 self-reported figure, 1 wrong" in out
    assert not any(w in out for w in ("1 claims", "1 findings", "1 arXiv ids", "1 distinct ids", "1 self-reported figures"))


def test_the_chinese_window_translates_singular_and_plural_notes():
    say = EngineText("zh_CN")
    assert say("1 claim, 1 wrong, 1 finding") == "1 处自报数字，1 处有误，1 条问题"
    assert say("61 claims, 11 wrong, 12 findings") == "61 处自报数字，11 处有误，12 条问题"
    assert say("1 claim, 0 wrong, 0 findings; 1 suppressed inline") == "1 处自报数字，0 处有误，0 条问题；1 条已行内豁免"
    assert say("1 figure group, 0 disagreeing") == "1 组引擎数字，0 处不一致"
    assert say("1 distinct id") == "1 个不同的 id"
