"""QA: the English Markdown pack on an English survey with numbered `##` headings, as another team writes it."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import bundled_packs, load_pack


def english_pack():
    return load_pack(next(p for p in bundled_packs() if p.name == "english-markdown.toml"))


SURVEY = """# LLM Serving Engines: A Short Survey

Word count: 10

## 1 Introduction

Serving engines decide the cost of every token.

## 2 Throughput

On H100, SGLang ~16,200 vs vLLM ~12,500 tok/s.

### 2.1 Scaling

More teams measured it.

Deployment
----------

Teams deploy with Kubernetes.

## 3 Limitations

Short limitations section.

## References

- arXiv:2605.19537 Reproducibility of inference engines
- arXiv:2609.10226 Phi-Bench

-- Jane Doe · 2026-11-30
"""


def test_an_unnumbered_heading_of_the_same_rank_ends_a_numbered_one():
    """`## References` after `## 3 Limitations` was nested inside §3 (a numbered heading took its level from its
    number, an unnumbered one from its #s), so the limitations' word count included the references' 16 words."""
    a = analyze(SURVEY, english_pack())
    by_title = {s.section.title: s for s in a.sections}
    lim, refs = by_title["Limitations"].section, by_title["References"].section
    assert refs.parent is None and lim.end_line == refs.line - 1
    assert by_title["Limitations"].metrics["words"] == 5  # "3 Limitations" + "Short limitations section."
    thr, dep = by_title["Throughput"].section, by_title["Deployment"].section
    assert dep.parent is None and thr.end_line == dep.line - 1  # a setext `---` title ranks with `##`
    assert by_title["Scaling"].section.parent == "2"
    rule = next(r for r in a.rules if r.id == "limitations-length")
    assert rule.measured == 5


def test_an_unnumbered_section_is_named_by_its_title_not_its_internal_key():
    """The English pack's rules named unnumbered Markdown sections by their internal key: `§h26 References`,
    `§h22: 3 < 120`."""
    text = SURVEY.replace("## 3 Limitations", "## Limitations")
    a = analyze(text, english_pack())
    by = {r.id: r for r in a.rules}
    assert by["references-section"].measured == "References"
    assert [f.message for f in by["limitations-length"].findings] == ["Limitations (line 22): 4 < 120 (116 short)"]
    assert "§h" not in str([(r.measured, r.note, [f.message for f in r.findings]) for r in a.rules])


def test_survey_check_heads_its_report_with_the_packs_own_counters(tmp_path, capsys):
    """The text report's first line named the house pack's counters whatever the pack: an English survey read
    `CJK — · ⚠️ 0 · …` and never said how many words it has."""
    from editor_app.cli import main
    from editor_app.resources_path import resource_path

    p = tmp_path / "survey.md"
    p.write_text(SURVEY, encoding="utf-8")
    main([str(p), "--pack", str(resource_path("rulepacks", "english-markdown.toml"))])
    first = capsys.readouterr().out.splitlines()[0]
    a = analyze(SURVEY, english_pack())
    assert a.metrics["failing_rules"] == 2  # limitations-length, claims ("Word count: 10")
    assert first == (f"{p} · pack english-markdown · {a.metrics['words']}/2,500 words · {a.metrics['lines']}/300 lines"
                     f" · 2 arXiv ids · 1 rule failing, 1 rule warning")


def test_the_house_report_head_is_unchanged_in_substance(sample_path, capsys):
    from editor_app.cli import main

    main([str(sample_path)])
    first = capsys.readouterr().out.splitlines()[0]
    assert first == f"{sample_path} · pack llm-infra-survey · CJK 3,838/3,900 · ⚠️ 79 · 113/200 lines · 15 arXiv ids · 1 rule failing, 1 rule warning"
