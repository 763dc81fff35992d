"""The window shows what the engine and the pack say in the user's language (ui/engine_text.py)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import PackError, house_pack, load_pack, parse_pack
from editor_app.resources_path import resource_path, sample_survey_path
from editor_app.ui.engine_text import EngineText

TODAY = date(2026, 12, 3)
SAMPLE = sample_survey_path().read_text(encoding="utf-8")
BROKEN = [  # the sample as an author may break it: every kind of finding the engine writes
    SAMPLE.replace("§4.4", "§4.9").replace("4.4 ", "4.9 ").replace("3.1 ", "3.7 "),
    SAMPLE + "\n服务器 10.1.2.3 路径 /home/alice/notes.md 令牌 sk-abcdefghijklmnopqrstuvwx PRJ-1234 "
             "<!-- survey-check disable nosuch -->\narXiv:2613.12345 arXiv:2606-03458 arXiv:2612.12345\n"
             "独立段不计 ⚠ SGLang ~16,900 vs vLLM ~12,500 tok/s on H100\n",
    SAMPLE.replace("CJK 实测 3,838", "CJK 实测 ≈3,838").replace("4/6 = 67%", "4/6 = 60%"),
    SAMPLE.replace("七、", "七十、"),
    "短文",
    "",
]
ENGLISH = "# A survey\n\n## Limitations\nshort\n\nTODO 10.0.0.1 arXiv:2609.11582\n"


def _texts(analysis) -> set[str]:
    """Every text of the engine's or the pack's the window shows."""
    out: set[str] = set()
    for r in analysis.rules:
        out.update((r.title, r.scope, r.note, str(r.limit)))
        if isinstance(r.measured, str):
            out.add(r.measured)
        out.update(f.message for f in r.findings)
    out.update(f.message for f in analysis.findings)
    for c in analysis.claims:
        out.update((c.label or c.metric, c.scope, c.message))
    return {t for t in out if t}


def _english_left(text: str, allowed: set[str]) -> list[str]:
    """English words left in a translated text, not counting patterns (`…`), quoted ids ('…') and names."""
    bare = re.sub(r"\S*\*\*\S*|`[^`]*`|'[^']*'|\([^()]*[A-Za-z]\)|arXiv:\S+|U\+[0-9A-F]+", " ", text)
    return [w for w in re.findall(r"[A-Za-z]{3,}", bare) if w not in allowed]


@pytest.mark.parametrize("pack_name", ["house", "english"])
def test_every_engine_text_has_a_chinese_translation(pack_name):
    pack = house_pack() if pack_name == "house" else load_pack(resource_path("rulepacks", "english-markdown.toml"))
    say = EngineText("zh_CN", pack)
    docs = [SAMPLE, *BROKEN] if pack_name == "house" else [ENGLISH, SAMPLE]
    allowed = {"CJK", "arXiv", "GitHub", "TODO", "emoji", "house", "LLM", "infra", "FE0F", "YYMM", "NNNNN",
               "YYMMNNN", "archive"}
    allowed |= set(re.findall(r"[A-Za-z]{3,}", "\n".join(docs)))  # the survey's own words (engines, units)
    untranslated = {}
    for doc in docs:
        for text in _texts(analyze(doc, pack, today=TODAY)):
            left = _english_left(say(text), allowed)
            if left:
                untranslated[text] = left
    assert not untranslated


def test_templates_keep_numbers_and_translate_the_places_they_name():
    say = EngineText("zh_CN", house_pack())
    assert say("CJK of 元信息: stated 950, measured 946") == "元信息的CJK：自报 950，实测 946"
    assert say("lines of document: stated 200, measured 113") == "全文的行：自报 200，实测 113"
    assert say("item on line 83: 81 < 150 (69 short)") == "第 83 行的列表项：81 < 150（差 69）"
    assert say("§3.1: 21 < 150 (129 short; 151 more in comment blocks, not counted)") == \
        "§3.1：21 < 150（差 129；注释块中另有 151，不计入）"
    assert say("3 units measured; 151 in comment blocks not counted") == "测量了 3 个单元；注释块中的 151 不计入"
    assert say("§4.4 is missing: §四 holds no section whose heading matches `法律|监管`") == \
        "缺少 §4.4：§四 下没有标题匹配 `法律|监管` 的节"
    assert say("Each §七 cross-link ≥ 150 characters: 0 sections matched §7") == \
        "§七 每条跨主线链接 ≥ 150 字符：没有匹配 §7 的节"
    assert say("[claims] ⚠️ of footer: stated 80, measured 79") == "[claims] 文末签名的⚠️：自报 80，实测 79"
    # English, and a text no template knows, pass through unchanged
    assert EngineText("en", house_pack())("CJK of 元信息: stated 950, measured 946") == \
        "CJK of 元信息: stated 950, measured 946"
    assert say("something the engine never wrote") == "something the engine never wrote"


def test_pack_translations_are_checked_with_the_line(tmp_path):
    source = house_pack().source
    with pytest.raises(PackError) as err:
        parse_pack(source.replace('"lines" = "行"', '"lines" = 3'), "p.toml")
    assert err.value.line == source.splitlines().index('"lines" = "行"') + 1
    assert "must be a string" in str(err.value)
    with pytest.raises(PackError, match="is a table"):
        parse_pack(source + '\n[i18n]\nfr = "x"\n', "p.toml")
    assert house_pack().translations["zh_CN"]["At most 200 lines"] == "最多 200 行"


def test_the_chinese_window_shows_the_rules_and_the_wrong_figures_in_chinese(qtbot, qapp, tmp_path):
    from ui_support import open_window

    survey = tmp_path / "survey.md"
    survey.write_text(SAMPLE, encoding="utf-8")
    was = qapp.property("survey_editor_language")
    qapp.setProperty("survey_editor_language", "zh_CN")
    try:
        window = open_window(qtbot, survey)
        panel = window.selfcheck
        titles = [panel.rules_model.index(r, 1).data() for r in range(panel.rules_model.rowCount())]
        assert "最多 200 行" in titles and "At most 200 lines" not in titles
        texts = [panel.claims_model.index(r, 6).data() for r in range(panel.claims_model.rowCount())]
        assert "元信息的CJK：自报 950，实测 946" in texts
        assert "行 113/200" in window.headline_label.text()
        assert window.editor.say("[claims] CJK of 元信息: stated 950, measured 946") == \
            "[claims] 元信息的CJK：自报 950，实测 946"
    finally:
        qapp.setProperty("survey_editor_language", was)


def test_the_english_window_and_survey_check_keep_the_engine_s_english(qtbot, tmp_path):
    from ui_support import open_window

    survey = tmp_path / "survey.md"
    survey.write_text(SAMPLE, encoding="utf-8")
    window = open_window(qtbot, survey)
    panel = window.selfcheck
    titles = [panel.rules_model.index(r, 1).data() for r in range(panel.rules_model.rowCount())]
    assert "At most 200 lines" in titles
    assert "113/200 lines" in window.headline_label.text()


def test_arxiv_answers_and_statuses_read_in_chinese():
    say = EngineText("zh_CN", house_pack())
    assert say("name mismatch") == "名称不符"
    assert say("Found on arXiv, check by hand (v2, from the cache): the survey says cs.CL; arXiv files it under "
               "cs.LG; 'Akashic' differs slightly from the title (similarity 0.71).") == (
        "arXiv 上找到，需人工核对（v2，来自缓存）：综述写的是 cs.CL；arXiv 将其归入 cs.LG；"
        "'Akashic' 与标题略有不同（相似度 0.71）。")
    assert say("arXiv gave no answer for the 5 main citations (rate limited, unavailable): not measured") == \
        "arXiv 未答复这 5 篇主要引用（被限流、不可用）：未测量"


def test_chart_titles_name_the_metric_in_the_window_s_language(qapp):
    from editor_app.ui.figures_panel import build_charts

    analysis = analyze(SAMPLE, house_pack(), today=TODAY)
    was = qapp.property("survey_editor_language")
    try:
        qapp.setProperty("survey_editor_language", "zh_CN")
        titles = [c.title for c in build_charts(analysis)]
        assert "吞吐 (tok/s) · H100" in titles and "成本 ($/年)" in titles
        qapp.setProperty("survey_editor_language", "en")
        assert "throughput (tok/s) · H100" in [c.title for c in build_charts(analysis)]
    finally:
        qapp.setProperty("survey_editor_language", was)
