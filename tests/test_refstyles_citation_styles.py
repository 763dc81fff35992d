"""QA: the citation styles survey authors really write, read as the author meant them.

Before: `arxiv.org/pdf/2609.11582v2.pdf` was a malformed id ("'2609.11582v2.pdf' is not an arXiv id"), the `html/`
page and arXiv's DOI (`10.48550/arXiv.2609.11582`) cited nothing, `[OmniKVQuant](https://arxiv.org/abs/…)` had no
name, a reference list's entry was named by the word before its id ("[12] …KV Cache Quantization. arXiv:…" ->
"Quantization."), a footnote `[^3]: OmniKVQuant, arXiv:…` had no name, `eprint = {2609.11582}` and an id in inline
code in parentheses (`OmniKVQuant（`2609.11582`）`) were not cited, and `arXiv:2609.11582（OmniKVQuant）` gave the
paper no name."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack


@pytest.mark.parametrize(
    "line, rid, version, name",
    [
        ("见 [OmniKVQuant](https://arxiv.org/abs/2609.11582) 的结果", "2609.11582", None, "OmniKVQuant"),
        ("- [OmniKVQuant: Modality-Aware KV](https://arxiv.org/abs/2609.11582v2)", "2609.11582", "v2",
         "OmniKVQuant: Modality-Aware KV"),
        ("[OmniKVQuant](https://arxiv.org/pdf/2609.11582.pdf)", "2609.11582", None, "OmniKVQuant"),
        ("PDF: https://arxiv.org/pdf/2609.11582v2.pdf", "2609.11582", "v2", None),
        ("https://arxiv.org/pdf/2609.11582v2", "2609.11582", "v2", None),
        ("https://arxiv.org/html/2609.11582v1", "2609.11582", "v1", None),
        ("https://doi.org/10.48550/arXiv.2609.11582", "2609.11582", None, None),
        ("https://arxiv.org/abs/hep-th/9901001", "hep-th/9901001", None, None),
        ("[Maldacena](https://arxiv.org/abs/hep-th/9711200v3)", "hep-th/9711200", "v3", "Maldacena"),
        ("OmniKVQuant（[arXiv:2609.11582](https://arxiv.org/abs/2609.11582)）", "2609.11582", None, "OmniKVQuant"),
        ("[12] OmniKVQuant: Modality-Aware KV Cache Quantization. arXiv:2609.11582, 2026.", "2609.11582", None,
         "OmniKVQuant: Modality-Aware KV Cache Quantization"),
        ("[12] J. Kim, S. Lee, et al. OmniKVQuant. arXiv preprint arXiv:2609.11582, 2026.", "2609.11582", None,
         "OmniKVQuant"),
        ('3. J. Kim and S. Lee, "Low-Rank KV Cache Recovery," arXiv:2609.04263v2, 2026.', "2609.04263", "v2",
         "Low-Rank KV Cache Recovery"),
        ("[^3]: OmniKVQuant, arXiv:2609.11582", "2609.11582", None, "OmniKVQuant"),
        ("- J. Kim et al. OmniKVQuant: Modality-Aware KV. arXiv:2609.11582, 2026.", "2609.11582", None,
         "OmniKVQuant: Modality-Aware KV"),
        ("* Kim, J. (2026). OmniKVQuant. arXiv:2609.11582", "2609.11582", None, "OmniKVQuant"),
        ("[^4]: 推理引擎可复现性，arXiv:2605.19537", "2605.19537", None, "推理引擎可复现性"),
        ("  eprint = {2609.11582},", "2609.11582", None, None),
        ('  eprint = "2609.11582v2",', "2609.11582", "v2", None),
        ("OmniKVQuant（`2609.11582`）", "2609.11582", None, "OmniKVQuant"),
        ("| `2609.11582` | OmniKVQuant |", "2609.11582", None, "OmniKVQuant"),
        ("arXiv:2609.11582（OmniKVQuant）", "2609.11582", None, "OmniKVQuant"),
        ("arXiv:2609.11582 (OmniKVQuant)", "2609.11582", None, "OmniKVQuant"),
        ("arXiv:2605.19537（推理引擎可复现性）", "2605.19537", None, "推理引擎可复现性"),
    ],
)
def test_citation_styles(line, rid, version, name):
    (c,) = citations_in_line(line)
    assert (c.id, c.version, c.name, c.malformed) == (rid, version, name, None)


@pytest.mark.parametrize(
    "line",
    [
        "[^3]: 数据来自 arXiv:2605.19537",  # prose before the id, no separator: no title
        "1. 该方法见 arXiv:2605.19537 的实验",
        "[12] Kim et al. arXiv:2609.11582, 2026.",  # authors only
        "arXiv:2609.11582（KAIST + POSTECH，cs.CV，2026-09-10）",  # facts, the first of them an institution
        "[PDF](https://arxiv.org/pdf/2609.11582)",
        "- See also arXiv:2609.11582",  # a bullet of prose, not an entry of a reference list
        "- This is fast. Results in arXiv:2609.11582 show gains.",
        "- 他说“很快”，arXiv:2609.11582",
    ],
)
def test_no_name_is_made_up(line):
    (c,) = citations_in_line(line)
    assert c.name is None


def test_a_link_whose_text_is_its_id_is_one_citation():
    cits = citations_in_line("见 [arXiv:2609.11582v2](https://arxiv.org/abs/2609.11582v2)。")
    assert [(c.id, c.version, c.column) for c in cits] == [("2609.11582", "v2", 4)]


def test_a_reference_list_and_prose_cite_one_paper_with_and_without_version():
    text = ("# 综述\n\nOmniKVQuant（arXiv:2609.11582）把 KV 量化到 2 bit。\n\n## 参考文献\n\n"
            "[1] OmniKVQuant: Modality-Aware KV Cache Quantization. arXiv:2609.11582v2, 2026.\n"
            "[2] [Akashic MemAttention](https://arxiv.org/pdf/2607.05708v1.pdf)\n")
    refs = Analyzer(house_pack(), today=date(2026, 12, 2)).analyze(text).references
    assert [(r.id, r.version, r.lines, r.status) for r in refs] == [
        ("2609.11582", "v2", [3, 7], "unverified"), ("2607.05708", "v1", [8], "unverified")]
    assert refs[1].name == "Akashic MemAttention"
    assert set(refs[0].names) == {"OmniKVQuant", "OmniKVQuant: Modality-Aware KV Cache Quantization"}


def test_ids_in_code_are_cited():
    """An id in inline code or a fenced block (a BibTeX entry) is cited as written: it is verified and counted."""
    text = ("# 综述\n\n见 `arXiv:2609.11582`。\n\n```bibtex\n@article{kim2026,\n  title = {OmniKVQuant},\n"
            "  eprint = {2607.05708},\n  archivePrefix = {arXiv},\n}\n```\n")
    refs = Analyzer(house_pack(), today=date(2026, 12, 2)).analyze(text).references
    assert [(r.id, r.lines) for r in refs] == [("2609.11582", [3]), ("2607.05708", [8])]
