"""QA as an author pasting citations: DBLP's CoRR form, titles in 《》 and "Title [arXiv:…]".

Before: DBLP's "CoRR abs/2607.26627" and BibTeX `volume = {abs/2608.07009}` cited nothing (the paper was missing
from the References tab); "《OmniKVQuant: …》 arXiv:2609.11584 提出了方法。" named the paper "提出了方法" (the words
after the id) and "《推理引擎可复现性》（arXiv:…）" gave it no name; "OmniKVQuant [arXiv:2609.11588]" had no name and
"[3] J. Kim. OmniKVQuant [arXiv:…], 2026." was named "OmniKVQuant [".
"""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack


@pytest.mark.parametrize(
    "line, raw, rid, version, name",
    [
        ("DBLP 风格：CoRR abs/2607.26627。", "abs/2607.26627", "2607.26627", None, None),
        ("[5] J. Li. FlashDecode: Fast Decoding. CoRR abs/2605.19537v2, 2026.", "abs/2605.19537v2", "2605.19537",
         "v2", "FlashDecode: Fast Decoding"),
        ("Li et al. CoRR, abs/2605.19537, 2026.", "abs/2605.19537", "2605.19537", None, None),
        ("  volume    = {abs/2608.07009},", "abs/2608.07009", "2608.07009", None, None),
        ('  volume = "abs/2608.07009",', "abs/2608.07009", "2608.07009", None, None),
        ("《OmniKVQuant: Unified KV Cache Quantization》 arXiv:2609.11584 提出了方法。", "arXiv:2609.11584",
         "2609.11584", None, "OmniKVQuant: Unified KV Cache Quantization"),
        ("《推理引擎可复现性》（arXiv:2605.19537）", "arXiv:2605.19537", "2605.19537", None, "推理引擎可复现性"),
        ("[1] Kim. 《大模型推理》, arXiv:2609.11588", "arXiv:2609.11588", "2609.11588", None, "大模型推理"),
        ("- OmniKVQuant [arXiv:2609.11588]", "arXiv:2609.11588", "2609.11588", None, "OmniKVQuant"),
        ("[3] J. Kim. OmniKVQuant [arXiv:2609.11588], 2026.", "arXiv:2609.11588", "2609.11588", None, "OmniKVQuant"),
    ],
)
def test_citation_style(line, raw, rid, version, name):
    (c,) = citations_in_line(line)
    assert (c.raw, c.id, c.version, c.name) == (raw, rid, version, name)
    assert line[c.column - 1 :].startswith(raw)


@pytest.mark.parametrize("line", [
    "see example.com/abs/2609.11582",  # another site's abs/ page: no arXiv id
    "the abs/2609.11582 path",
])
def test_abs_without_corr_is_no_citation(line):
    assert citations_in_line(line) == ()


def test_corr_with_impossible_month_is_judged_not_dropped():
    (c,) = citations_in_line("CoRR abs/2613.11582")
    assert c.malformed == "month 13 does not exist"


def test_dblp_bibtex_entry_is_in_the_references_tab():
    text = "# T\n\n```bibtex\n@article{li2026,\n  journal = {CoRR},\n  volume = {abs/2608.07009},\n}\n```\n"
    refs = Analyzer(house_pack()).analyze(text).references
    assert [(r.id, r.lines) for r in refs] == [("2608.07009", [6])]
