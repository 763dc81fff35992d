"""QA28b D3: in English prose a paper named at the start of a sentence ("Caches grow fast. HydraKV (arXiv:…)") was
read with the sentence before it ("Memory matters. Akashic": a right name judged a mismatch) or not at all (a wrong
name verified). A sentence end (". ", as "。") bounds the name; abbreviations, initials and versions do not. A
reference-list bullet with a number ("- [6] AsymCache. arXiv:…") names the title as "[6] AsymCache. arXiv:…" does.
Verdicts come from the fake arXiv on loopback."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor_app.config import Config
from editor_app.core.analyze import Analyzer
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import load_pack
from editor_app.devtools.fake_arxiv import FakeArxiv, paper_from_dict
from editor_app.services.database import open_database
from editor_app.services.verification import verify_references

ENGLISH_PACK = Path(__file__).resolve().parent.parent / "resources/rulepacks/english-markdown.toml"


def _names(line: str) -> list[str | None]:
    return [c.name for c in citations_in_line(line)]


@pytest.mark.parametrize("line, name", [
    ("Caches grow fast. HydraKV (arXiv:2609.11582) spills attention caches to CXL memory.", "HydraKV"),
    ("Memory matters. Akashic (arXiv:2607.05708) brings paged agent memory to vLLM.", "Akashic"),
    ("Sparse attention scales. HiSparse (arXiv:2608.07009) serves long contexts.", "HiSparse"),
    ("residual error in long traces. AsymCache (arXiv:2606.02964) compresses keys.", "AsymCache"),
    ("We ran SGLang v0.5.19. FreeToken (arXiv:2608.16157) evicts tokens.", "FreeToken"),
    ("It helps. OmniKVQuant: Unified KV Quantization (arXiv:2609.11582) keeps accuracy.",
     "OmniKVQuant: Unified KV Quantization"),
])
def test_a_sentence_end_bounds_the_name(line, name):
    assert _names(line) == [name]


@pytest.mark.parametrize("line, name", [
    # no sentence ends at an abbreviation, an initial or letters and stops ("U.S.", "e.g.")
    ("compared with systems, e.g. HydraKV (arXiv:2609.11582), that spill", "HydraKV"),
    ("HydraKV vs. OmniKVQuant (arXiv:2609.11582) on CXL", "OmniKVQuant"),
    ("J. Kim HydraKV (arXiv:2609.11582)", "J. Kim HydraKV"),
    ("U.S. Patent Office (arXiv:2609.11582)", "U.S. Patent Office"),
    ("Sec. 3 Atlas (arXiv:2609.11582)", "Sec. 3 Atlas"),
    # the forms that were right already stay so
    ("缓存增长很快。HydraKV（arXiv:2606.19746）把注意力缓存溢出到 CXL 内存。", "HydraKV"),
    ("Caches grow fast: HydraKV (arXiv:2607.05708) spills attention caches.", "HydraKV"),
    ("HydraKV (arXiv:2608.07009) spills attention caches to CXL memory.", "HydraKV"),
])
def test_abbreviations_and_other_forms_are_read_as_before(line, name):
    assert _names(line) == [name]


@pytest.mark.parametrize("line, name", [
    ("- [6] AsymCache. arXiv:2606.02964", "AsymCache"),
    ("- [4] Quality Recovery for Quantized KV Caches via Low-Rank Attention. arXiv:2609.04263",
     "Quality Recovery for Quantized KV Caches via Low-Rank Attention"),
    ("* [10] MaP-WAM. arXiv:2609.11561", "MaP-WAM"),
])
def test_a_numbered_bullet_entry_names_its_title(line, name):
    assert _names(line) == [name]


def test_an_authors_bullet_entry_still_needs_its_authors():
    assert _names("- J. Kim. AsymCache. arXiv:2606.02964") == ["AsymCache"]
    assert _names("- see arXiv:2606.02964") == [None]


OMNI, AKASHIC = "2609.11582", "2607.05708"
PAPERS = [
    {"id": OMNI, "title": "OmniKVQuant: Unified KV Quantization for Multimodal Models",
     "published": "2026-09-10T10:00:00Z", "primary_category": "cs.LG", "authors": ["A Reader"]},
    {"id": AKASHIC, "title": "Akashic: Paged Agent Memory for LLM Serving",
     "published": "2026-07-05T10:00:00Z", "primary_category": "cs.DC", "authors": ["A Reader"]},
]


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory):
    """verdicts(survey text) -> {id: verdict}, through the English pack's analysis and the fake arXiv."""
    opened = open_database(Path(tmp_path_factory.mktemp("qa28b")) / "qa28b.db")
    pack = load_pack(ENGLISH_PACK)
    with FakeArxiv([paper_from_dict(p) for p in PAPERS], "127.0.0.1", 0) as fake:
        config = Config(arxiv_url=fake.url, arxiv_interval=0.0, contact="tests@example.org")

        def run(text: str) -> dict:
            refs = Analyzer(pack).analyze(text).references
            return verify_references(refs, config=config, db=opened.db)

        yield run
    opened.db.conn.close()


def test_a_wrong_name_after_a_full_stop_is_a_mismatch_and_a_right_one_verified(verdicts):
    got = verdicts("# Names\n\n## 1 Body\n\n"
                   f"Caches grow fast. HydraKV (arXiv:{OMNI}) spills attention caches to CXL memory.\n"
                   f"Memory matters. Akashic (arXiv:{AKASHIC}) brings paged agent memory to vLLM.\n")
    assert got[OMNI]["status"] == "name mismatch", got[OMNI]["message"]
    assert "HydraKV" in got[OMNI]["message"]
    assert got[AKASHIC]["status"] == "verified", got[AKASHIC]["message"]
    assert "Memory matters" not in got[AKASHIC]["message"]
