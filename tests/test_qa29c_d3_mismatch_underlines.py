"""QA29c D3: a name mismatch underlined every place citing the id, the line whose name matches too ("[^1]:
HydraServe, arXiv:2601.00123" under "LightningServe"'s verdict), in orange though the row is red, and its tooltip
did not say which name was wrong. Only the places whose own name is wrong are underlined now, in the row's colour,
the tooltip naming the name and arXiv's title."""

from __future__ import annotations

from editor_app.core.analyze import Analyzer
from editor_app.core.model import Occurrence, Reference
from editor_app.core.rulepack import house_pack
from editor_app.services.verification import verify_references
from editor_app.ui.problem_spans import problem_spans
from editor_app.wording import EngineText

TITLE = "A Study of Tokenizer Drift in Multilingual Models"  # 2601.00014 (tests/arxiv_fixtures.py)
SURVEY = "一、引用\nFlashServe（arXiv:2601.00014）服务引擎。\nTokenizer Drift（arXiv:2601.00014）分词漂移。\n" \
         "BoltServe（arXiv:2601.00014）另一个错名。\n"


def _analysis(text, arxiv_config, arxiv_db):
    analyzer = Analyzer(house_pack())
    verdicts = verify_references(analyzer.analyze(text).references, config=arxiv_config, db=arxiv_db)
    return Analyzer(house_pack()).analyze(text, verdicts=verdicts)


def test_only_the_wrong_names_are_underlined_in_red(fake_arxiv, arxiv_config, arxiv_db):
    analysis = _analysis(SURVEY, arxiv_config, arxiv_db)
    ref = next(r for r in analysis.references if r.id == "2601.00014")
    assert ref.status == "name mismatch"
    spans = [(s.line, s.message, s.level) for s in problem_spans(analysis) if s.message.startswith("arXiv:")]
    assert spans == [
        (2, f"arXiv:2601.00014 — name mismatch: the survey's name 'FlashServe' does not match arXiv's title '{TITLE}'",
         "error"),
        (4, f"arXiv:2601.00014 — name mismatch: the survey's name 'BoltServe' does not match arXiv's title '{TITLE}'",
         "error"),
    ], spans  # (not line 3, whose name is in the title)
    assert ref.details["mismatched_names"] == ["FlashServe", "BoltServe"]
    assert EngineText("zh_CN")(spans[0][1]) == (
        f"arXiv:2601.00014 — 名称不符：综述中的名称 'FlashServe' 与 arXiv 的标题 '{TITLE}' 不符")


def test_a_status_about_the_paper_still_marks_every_place():
    """withdrawn? is about the paper: every place; its name mismatch only where the name is wrong."""
    from editor_app.core.reference_verdicts import place_statuses

    ref = Reference("2601.00012", None, [2, 3], name="KVEvict", names=["KVEvict", "Flawed Result"],
                    occurrences=[Occurrence(2, 1, "arXiv:2601.00012", name="KVEvict"),
                                 Occurrence(3, 1, "arXiv:2601.00012", name="Flawed Result")])
    verdict = {"status": "withdrawn?", "statuses": ["withdrawn?", "name mismatch"], "mismatched_name": "KVEvict",
               "mismatched_names": ["KVEvict"]}
    got = [(o.line, here) for o, here in place_statuses(ref, verdict, ["name mismatch", "withdrawn?"])]
    assert got == [(2, ["name mismatch", "withdrawn?"]), (3, ["withdrawn?"])]
    old = {k: v for k, v in verdict.items() if k != "mismatched_names"}  # (a verdict stored before: its one name)
    assert [(o.line, h) for o, h in place_statuses(ref, old, ["name mismatch"])] == [(2, ["name mismatch"])]
