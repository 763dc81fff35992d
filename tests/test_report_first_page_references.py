"""The report's first page ("can it go out?") names the citations arXiv contradicts, once they are verified.

It said only "References: 15 (12 verified)."; the id arXiv doesn't have and the paper cited under a wrong name were
in appendix C alone (p. 18-21 of 30). Now page 1 lists each with its status, its lines and, for a wrong name, that
name: "name mismatch: 2606.19746 'HydraKV' (line 25)", the id leading to its row in appendix C."""

from __future__ import annotations

import re

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.services.verification import verify_references
from tests.arxiv_fixtures import TEST_SURVEY


def _first_page(html: str) -> str:
    return html[html.index('id="summary"'):html.index('id="contents"')]


def _said(fragment: str) -> str:
    """What a reader sees: a list item or paragraph apart from the next, a link part of its sentence."""
    fragment = re.sub(r"</?(?:li|p|ul|tr|td)\b[^>]*>", " ", fragment)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", fragment))


def _verified(text: str, arxiv_config, arxiv_db):
    pack = house_pack()
    verdicts = verify_references(analyze(text, pack).references, config=arxiv_config, db=arxiv_db)
    return analyze(text, pack, verdicts=verdicts), pack


def _report(analysis, text, pack, language="en") -> str:
    return build_report_html(analysis, text, pack_name=pack.name, pack_source=pack.source, language=language,
                             pack=pack)


@pytest.fixture
def edited_sample(sample_text):
    """The sample with a wrong name on line 25 (its other name, on line 104, is right) and an id arXiv lacks."""
    lines = sample_text.split("\n")
    assert "arXiv:2606.19746 SAC" in lines[24] and "2608.16157 FreeToken" in lines[103]
    lines[24] = lines[24].replace("arXiv:2606.19746 SAC", "arXiv:2606.19746 HydraKV")
    lines[103] = lines[103].replace("2608.16157 FreeToken", "2608.16175 FreeToken")
    return "\n".join(lines)


def test_page_1_names_the_id_arxiv_lacks_and_the_wrong_name(edited_sample, arxiv_config, arxiv_db):
    analysis, pack = _verified(edited_sample, arxiv_config, arxiv_db)
    html = _report(analysis, edited_sample, pack)
    first = _first_page(html)
    said = _said(first)
    assert "References: 15 (12 verified)." in said
    assert ("arXiv contradicts 2 citations: name mismatch: 2606.19746 'HydraKV' (line 25) "
            "not found: 2608.16175 (line 104)") in said  # (the wrong name's line; not 104, where the name is right)
    # each id leads to its row in appendix C, each line to the survey's line
    for ident, line in (("2606.19746", 25), ("2608.16175", 104)):
        assert f'<a href="#ref-{ident}">{ident}</a>' in first and f'<a href="#L{line}">line {line}</a>' in first
        assert f'<a id="ref-{ident}"></a>' in html[html.index('id="appendix-references"'):]
    zh = _said(_first_page(_report(analysis, edited_sample, pack, "zh_CN")))
    assert "arXiv 与 2 处引用不符： 名称不符：2606.19746 'HydraKV'（第 25 行） 不存在：2608.16175（第 104 行）" in zh
    # before the references are verified, nothing is said of them
    unverified = analyze(edited_sample, pack)
    said = _said(_first_page(_report(unverified, edited_sample, pack)))
    assert "References: 15 (0 verified)." in said and "contradicts" not in said


def test_every_status_arxiv_contradicts_with_its_lines(arxiv_config, arxiv_db):
    analysis, pack = _verified(TEST_SURVEY, arxiv_config, arxiv_db)
    said = _said(_first_page(_report(analysis, TEST_SURVEY, pack)))
    assert ("arXiv contradicts 4 citations: name mismatch: 2601.00012 'KVEvict' (line 2) "
            "name mismatch: 2601.00014 'FlashServe' (line 4) version not found: 2609.11582v3 (line 8) "
            "not found: 2601.09999 (line 9)") in said
    # ids malformed or impossible are no answer of arXiv's: they fail the arxiv-ids rule, said above
    assert "2609.115 " not in said.split("arXiv contradicts")[1]




def test_a_wrong_names_line_is_where_it_is_now_not_where_it_was_verified(edited_sample, arxiv_config, arxiv_db):
    """The verdict names the wrong name as a field (`mismatched_name`); its lines are read from the survey as it is
    when the report is made. (They were read back from the verdict's English sentence, "(L25)", once the paper had
    several names: three lines added above would have left the report saying line 25.)"""
    pack = house_pack()
    verdicts = verify_references(analyze(edited_sample, pack).references, config=arxiv_config, db=arxiv_db)
    assert verdicts["2606.19746"]["mismatched_name"] == "HydraKV"
    moved = "\n\n\n" + edited_sample  # three lines added at the top after Verify all
    analysis = analyze(moved, pack, verdicts=verdicts)
    said = _said(_first_page(_report(analysis, moved, pack)))
    assert "name mismatch: 2606.19746 'HydraKV' (line 28)" in said
    # a right name's verdict names none
    assert verdicts["2609.11582"]["status"] == "verified" and "mismatched_name" not in verdicts["2609.11582"]
