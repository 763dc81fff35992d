"""A cited paper's figures are one subject under every name the survey gives it (sample line 42 states Akashic's
speed-ups under "arXiv:2607.05708", lines 17 and 27 under "Akashic MemAttention"): a changed figure on line 42
was never compared with lines 17/27, and the Figures tab drew the same figure twice."""

from __future__ import annotations

from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.figure_check import RULE_ID, paper_subjects
from editor_app.core.model import Reference
from editor_app.core.rulepack import house_pack

TODAY = date(2026, 12, 2)
PACK = house_pack()


def consistency(analysis) -> list[tuple[int, str]]:
    return [(f.line, f.message) for f in analysis.findings if f.rule == RULE_ID]


def with_line(text: str, n: int, old: str, new: str) -> str:
    lines = text.split("\n")
    assert old in lines[n - 1]
    lines[n - 1] = lines[n - 1].replace(old, new, 1)
    return "\n".join(lines)


def test_a_papers_figure_changed_under_its_arxiv_id_is_checked_against_its_name(sample_text: str) -> None:
    assert consistency(analyze(sample_text, PACK, today=TODAY)) == []
    text = with_line(sample_text, 42, "可持续请求率 +1.88×", "可持续请求率 +1.98×")
    found = consistency(analyze(text, PACK, today=TODAY))
    assert [ln for ln, _ in found] == [42]
    assert "arXiv:2607.05708 request rate: +1.98× at line 42 disagrees with +1.88× at line 17" in found[0][1]


def test_the_edit_and_its_undo_agree_with_a_fresh_analysis(sample_text: str) -> None:
    az = Analyzer(PACK, today=TODAY)
    az.analyze(sample_text)
    changed = with_line(sample_text, 42, "可持续请求率 +1.88×", "可持续请求率 +1.98×")
    for text in (changed, sample_text, changed):
        assert consistency(az.analyze(text)) == consistency(analyze(text, PACK, today=TODAY))
    assert len(consistency(az.analyze(changed))) == 1


def test_naming_the_paper_later_makes_its_figures_one_subject() -> None:
    """Only the line that names the paper changes: the figure lines are the last pass's, compared again."""
    body = ["§0 自检栏", "一、正文", "Akashic：吞吐 +1.35×。", "arXiv:2607.05708 抽查：吞吐 +1.5×。"]
    unnamed = "\n".join(body + ["引用 arXiv:2607.05708。"])
    named = "\n".join(body + ["引用 Akashic（arXiv:2607.05708）。"])
    az = Analyzer(PACK, today=TODAY)
    assert consistency(az.analyze(unnamed)) == []
    got = consistency(az.analyze(named))
    assert got == consistency(analyze(named, PACK, today=TODAY))
    assert [ln for ln, _ in got] == [4]
    assert consistency(az.analyze(unnamed)) == []


def test_a_name_two_papers_share_names_neither() -> None:
    refs = [Reference("2607.05708", None, [1], name="Akashic", names=["Akashic", "KV"]),
            Reference("2609.11582", None, [2], name="OmniKVQuant", names=["OmniKVQuant", "KV"])]
    subjects = paper_subjects(refs)
    assert subjects["akashic"] == subjects["arxiv:2607.05708"] == "arxiv:2607.05708"
    assert subjects["omnikvquant"] == "arxiv:2609.11582"
    assert "kv" not in subjects
