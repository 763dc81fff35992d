"""QA (privacy): private data found by the scan is masked everywhere the analysis quotes the line it stands in.

Before: a figure's sentence ("… tok/s（测于 10.20.30.41）"), a paper's name taken from a table cell ("Liu Yutong 整理"),
a heading's title and a self-reported figure's text kept the private data as written, so it reached the Figures
tooltip, the References table, `survey-check --format json`, the report's appendix and the history database,
while the findings showed it masked."""

from __future__ import annotations

import json
import zlib

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.masked_excerpts import hidden_texts, mask_excerpt
from editor_app.core.model import PrivacyHit
from editor_app.core.rulepack import house_pack
from editor_app.services.history import prepare_snapshot
from editor_app.services.report import build_report_html

PRIVATE = ("10.20.30.41", "陈思远", "Liu Yutong", "192.168.7.8", "/home/chensy", "10.20.30.42")

LEAKY_LINES = [
    "陈思远推荐的 ZetaKV（arXiv:2609.11582）在 H100 上 SGLang ~16,200 vs vLLM ~12,500 tok/s（测于 10.20.30.41）",
    "| 6 | 2609.04263 | Liu Yutong 整理 | ★ 候选 |",
    "2.4 部署在 192.168.7.8 的复现（数据在 /home/chensy/kv）",
    "GitHub = 10.20.30.42 上复核 = 3 件",
]


def leaky_survey(sample_text: str) -> str:
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("2.3 "))  # inside §二, before 2.3
    return "\n".join(lines[:at] + LEAKY_LINES + lines[at:])


def leaked(text: str) -> list[str]:
    return [p for p in PRIVATE if p in text]


def test_the_private_data_is_found(sample_text):
    analysis = analyze(leaky_survey(sample_text), house_pack())
    found = {h.dimension for h in analysis.privacy}
    assert found == {"ip", "name", "path"} and len(analysis.privacy) == 6


def test_json_and_the_history_database_hold_no_private_data(sample_text):
    analysis = analyze(leaky_survey(sample_text), house_pack())
    as_json = json.dumps(analysis.to_dict(), ensure_ascii=False)
    assert leaked(as_json) == []
    stored = prepare_snapshot("", analysis).analysis_blob
    assert leaked(zlib.decompress(stored).decode("utf-8")) == []


def test_the_quotes_show_the_masks(sample_text):
    analysis = analyze(leaky_survey(sample_text), house_pack())
    sentence = next(g.sentence for g in analysis.figures if "ZetaKV" in g.sentence)
    assert sentence.startswith("陈****推荐的") and "（测于 10********）" in sentence
    names = next(r.names for r in analysis.references if r.id == "2609.04263")
    assert "Li********整理" in [n.replace(" ", "") for n in names]
    title = next(s.section.title for s in analysis.sections if s.section.title.startswith("部署在"))
    assert title == "部署在 19******** 的复现（数据在 /ho********）"
    assert any(c.text.startswith("GitHub = 10********") for c in analysis.claims)


def test_the_report_holds_no_private_data(sample_text):
    text = leaky_survey(sample_text)
    analysis = analyze(text, house_pack())
    html = build_report_html(analysis, text, pack_name="p", pack_source="")
    assert leaked(html) == []


def test_an_edit_that_adds_private_data_masks_it_in_the_quotes(sample_text):
    """The window's analyzer reads only the edited line again: the quotes of that line are masked too."""
    analyzer = Analyzer(house_pack())
    lines = sample_text.split("\n")
    analyzer.analyze(sample_text)
    at = next(i for i, line in enumerate(lines) if line.startswith("2.3 ")) - 1
    lines[at] = LEAKY_LINES[0]  # a line of §2.2 rewritten: the same number of lines
    analysis = analyzer.analyze("\n".join(lines))
    assert len(analysis.privacy) == 2
    assert leaked(json.dumps(analysis.to_dict(), ensure_ascii=False)) == []


def test_a_quote_cut_inside_a_private_text_is_masked():
    line = "见 sk-proj-Zq8Lm3Nx7Vb2Kc9Pw4Rt 的说明"
    hits = [PrivacyHit("secret", 0, 3, "sk-p********", 28)]
    hidden = hidden_texts(line, hits)
    assert mask_excerpt("见 sk-proj-Zq8Lm3N", hidden) == "见 sk-p********"  # shortened after 16 characters
    assert mask_excerpt("Nx7Vb2Kc9Pw4Rt 的说明", hidden) == "sk-p******** 的说明"  # opens inside it
    assert mask_excerpt("见 sk-p", hidden) == "见 sk-p"  # no more than the mask shows: left as it is
    assert mask_excerpt("Rt 的说明", hidden) == "Rt 的说明"  # two characters are no leak


def test_a_name_written_with_two_spaces_is_masked_in_a_quote_that_collapses_them():
    line = "Chen  Siyuan 的 ZetaKV"
    hits = [PrivacyHit("name", 0, 1, "Che********", 12)]
    assert mask_excerpt("Chen Siyuan 的 ZetaKV", hidden_texts(line, hits)) == "Che******** 的 ZetaKV"


def test_a_markdown_title_underlined_keeps_its_name_masked(tmp_path):
    """A setext heading's title is the line above its "===" underline: the outline took it as written."""
    from editor_app.core.rulepack import parse_pack
    from editor_app.resources_path import resource_path

    pack_path = resource_path("rulepacks", "english-markdown.toml")
    source = pack_path.read_text(encoding="utf-8").replace("[privacy]", '[privacy]\nnames = ["Chen Siyuan"]')
    pack = parse_pack(source, str(pack_path), base_dir=pack_path.parent)
    # (two "===" headings: sections, not a title over its sections, which the header holds)
    text = "Notes for Chen Siyuan\n=====================\n\nBody text.\n\nSecond part\n===========\n\nMore text.\n"
    analysis = analyze(text, pack)
    assert [h.dimension for h in analysis.privacy] == ["name"]
    titles = [s.section.title for s in analysis.sections]
    assert "Notes for Ch********" in titles
    assert "Chen Siyuan" not in json.dumps(analysis.to_dict(), ensure_ascii=False)
