"""QA: a survey names a paper the way its title reads on screen; arXiv's title is the submitter's LaTeX.

Before: "α-Serve" against arXiv's "$\\alpha$-Serve: …" was a "name mismatch" (similarity 0.23), "μP" against
"$\\mu$P for Serving" too (0.04), and "Café" against "Caf\\'e: …" (0.25), all of them the paper's own name.
Now Greek letters read as their LaTeX names, LaTeX accents and font commands are unwrapped, and these verify;
a name that really differs still does not.
"""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.config import Config
from editor_app.core.references import assemble_references, citations_in_line
from editor_app.devtools.fake_arxiv import FakeArxiv, paper_from_dict
from editor_app.services.verification import MATCH, normalise_title, title_similarity, verify_references

PAPERS = [
    ("2601.00101", r"$\alpha$-Serve: Adaptive Batching for LLM Serving", "α-Serve"),
    ("2601.00102", r"$\mu$P for Serving: Transfer of Hyperparameters", "μP"),
    ("2601.00103", r"Caf\'e: A Cache for Everything", "Café"),
    ("2601.00104", r"$\Phi$-Bench: Can LLMs Engineer Infrastructure?", "Φ-Bench"),
    ("2601.00105", r"\textsc{Fran\c{c}ois}: Routing with $\mathcal{O}(1)$ State", "François"),
]


@pytest.fixture
def latex_arxiv():
    papers = [paper_from_dict({"id": i, "title": t, "published": "2026-01-05T10:00:00Z"}) for i, t, _ in PAPERS]
    papers.append(paper_from_dict({"id": "2601.00106", "title": r"$\beta$-Cache: Eviction by Reuse Distance",
                                   "published": "2026-01-05T10:00:00Z"}))
    with FakeArxiv(papers) as fake:
        yield fake


def test_names_written_as_the_title_reads_verify_against_latex_titles(latex_arxiv, arxiv_db):
    lines = [f"{name}（arXiv:{i}）是一篇论文。" for i, _, name in PAPERS] + ["α-Serve（arXiv:2601.00106）缓存。"]
    refs = assemble_references(((n, citations_in_line(l)) for n, l in enumerate(lines, 1)), date.today())
    cfg = Config(arxiv_url=latex_arxiv.url, arxiv_interval=0.0, contact="tests@example.org")
    result = verify_references(refs, config=cfg, db=arxiv_db)
    for i, _, name in PAPERS:
        assert result[i]["status"] == "verified", result[i]["message"]
        assert f"'{name}' appears in the title" in result[i]["message"]
    assert result["2601.00106"]["status"] == "name mismatch"  # α is not β


@pytest.mark.parametrize("shown, latex", [
    ("α-Serve", r"$\alpha$-Serve"), ("αServe", r"$\alpha$Serve"), ("µP", r"$\mu$P"), ("Φ-Bench", r"$\Phi$-Bench"),
    ("Café", r"Caf\'e"), ("Café", r"Caf\'{e}"), ("François", r"Fran\c{c}ois"), ("Škoda", r"\v{S}koda"),
    ("Fast MoE in O(1)", r"{\em Fast} \textsc{MoE} in $\mathcal{O}(1)$"),
])
def test_a_letter_written_in_unicode_or_latex_normalises_the_same(shown, latex):
    assert normalise_title(shown) == normalise_title(latex)
    assert title_similarity(shown, latex) >= MATCH


def test_different_greek_letters_stay_different():
    assert normalise_title("α-Serve") != normalise_title(r"$\beta$-Serve")
