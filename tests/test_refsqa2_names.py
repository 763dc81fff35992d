"""QA as an author of a Chinese LLM-infra survey: the name each citation gives its paper, compared with arXiv's title
once verified (a wrong name is a false "name mismatch").

Before: "OmniKVQuant: Unified KV Quantization（arXiv:…）" was named by its subtitle alone ("Unified KV Quantization");
"相关工作（arXiv:…）", "见附录（arXiv:…）" were named "相关工作", "见附录"; a BibTeX entry written on one line
("@article{x, title={FlashAttention-3: …}, journal={arXiv preprint arXiv:2407.08608}, year={2024}}") was not named
by its title; "（arXiv:2609.11582，2026-09）OmniKVQuant 提出…", the name after the facts, left the paper unnamed.
"""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack

TODAY = date(2026, 12, 2)


def _named(line: str) -> list[tuple[str, str | None]]:
    return [(c.id, c.name) for c in citations_in_line(line)]


# 1. "Title: Subtitle（arXiv:…）": the whole title, as a reference list's entry or a link names it
@pytest.mark.parametrize(
    "line, name",
    [
        ("1. KV Cache 异构模态感知。⚠️ OmniKVQuant: Unified KV Quantization（arXiv:2609.11582，KAIST + POSTECH，cs.CV，"
         "2026-09-10）分析 TurboQuant 在多模态 KV Cache 上的两类问题", "OmniKVQuant: Unified KV Quantization"),
        ("OmniKVQuant: Unified KV Quantization（arXiv:2609.11582）", "OmniKVQuant: Unified KV Quantization"),
        ("见 OmniKVQuant: Unified KV Quantization (arXiv:2609.11582) 的 Table 1", "OmniKVQuant: Unified KV Quantization"),
        ("OmniKVQuant：Unified KV Quantization（arXiv:2609.11582）", "OmniKVQuant: Unified KV Quantization"),
        ("5.1 DeepSeek-V3: Technical Report（arXiv:2412.19437）", "DeepSeek-V3: Technical Report"),
        ("We propose OmniKVQuant: Unified KV Quantization（arXiv:2609.11582）", "OmniKVQuant: Unified KV Quantization"),
        # not a title before the colon: a label, a CJK heading, a non-name, prose; one word after it is no subtitle
        ("O1：Akashic MemAttention（arXiv:2607.05708）是否随模态数线性增长？", "Akashic MemAttention"),
        ("- **KV 量化**：OmniKVQuant（arXiv:2609.11582）", "OmniKVQuant"),
        ("1. KV Cache 异构模态感知: OmniKVQuant（arXiv:2609.11582）", "OmniKVQuant"),
        ("Baselines: vLLM (arXiv:2609.11582)", "vLLM"),
        ("Appendix: Detailed Results (arXiv:2609.11582)", "Detailed Results"),
        ("We compare two methods: Chunked Prefill Scheduling (arXiv:2609.11582)", "Chunked Prefill Scheduling"),
        ("比例 3:4 Low-Rank KV（arXiv:2609.11582）", "Low-Rank KV"),
        ("the KV cache: Unified Quantization Scheme (arXiv:2609.11582)", "Unified Quantization Scheme"),
    ],
)
def test_a_title_and_its_subtitle_name_the_paper_together(line, name):
    assert _named(line)[0][1] == name


# 2. a common word before the parentheses is no name
@pytest.mark.parametrize(
    "line",
    [
        "相关工作（arXiv:2609.11582）同样观察到 Keys 局部方差远低于 Gaussian ⚠️。",
        "量化误差的上界证明见附录（arXiv:2609.11582）。",
        "⚠️ 详见附录（arXiv:2609.11582）",
        "同期工作（arXiv:2609.11582，2026-09）也给出了 KV Cache 量化方案",
        "与本节讨论的相关工作（arXiv:2609.11582）不同",
        "如前文所述（arXiv:2609.11582）",
        "arXiv:2609.11582（相关工作）",
        "arXiv:2609.11582 同期工作（2026-09）",
        "[^3]: 相关工作，arXiv:2609.11582",
        "[相关工作](https://arxiv.org/abs/2609.11582)",
    ],
)
def test_a_common_word_is_no_name(line):
    assert _named(line) == [("2609.11582", None)]


@pytest.mark.parametrize(
    "line, name",
    [
        ("推理引擎可复现性（arXiv:2605.19537）", "推理引擎可复现性"),  # (a real CJK name stays one)
        ("arXiv:2605.19537 推理引擎可复现性（2026-05 v2 · cs.LG）：⚠️ 系统性研究", "推理引擎可复现性"),
        ("| 4 | 2605.19537 | 推理引擎可复现性 | ★★ 候选 |", "推理引擎可复现性"),
        ("arXiv:2609.11582（模型偏见）", "模型偏见"),  # (见 ends a word here, pointing at nothing)
        ("另见（arXiv:2609.11582）", None),
    ],
)
def test_real_cjk_names_stay_names(line, name):
    assert _named(line)[0][1] == name


# 3. a BibTeX entry on one line is named by its title, as one spread over lines is
ONE_LINE = [
    "```bibtex",
    "@article{dao2024, title={FlashAttention-3: Fast and Accurate Attention with Asynchrony and Low-precision}, "
    "journal={arXiv preprint arXiv:2407.08608}, year={2024}}",
    "@misc{kim2026, eprint={2609.11582}, archivePrefix={arXiv}, title={OmniKVQuant: {U}nified KV Quantization}, "
    "url={https://arxiv.org/abs/2609.11582}}",
    "```",
]


def _refs(text: str):
    return [(r.id, r.name, r.lines, len(r.occurrences)) for r in analyze(text, house_pack(), today=TODAY).references]


def test_one_line_entries_are_named_by_their_title_and_cite_once():
    doc = "# T\n\n## 参考\n\n" + "\n".join(ONE_LINE) + "\n"
    assert _refs(doc) == [
        ("2407.08608", "FlashAttention-3: Fast and Accurate Attention with Asynchrony and Low-precision", [6], 1),
        ("2609.11582", "OmniKVQuant: Unified KV Quantization", [7], 1)]


def test_a_field_after_the_title_on_its_line_is_not_part_of_the_title():
    doc = "```bibtex\n@misc{x,\n  title={A = B, C}, eprint={2407.08608},\n  archivePrefix={arXiv}\n}\n```\n"
    assert _refs(doc) == [("2407.08608", "A = B, C", [3], 1)]


def test_a_quoted_title_on_one_line():
    doc = '@misc{x, title = "Foo: {B}ar, Baz", eprint = {2407.08608}, archivePrefix = {arXiv}}\n'
    assert _refs(doc) == [("2407.08608", "Foo: Bar, Baz", [1], 1)]


def test_editing_a_one_line_entry_renames_it_as_a_fresh_analysis_does():
    doc = "# T\n\n" + "\n".join(ONE_LINE) + "\n"
    az = Analyzer(house_pack(), today=TODAY)
    az.analyze(doc)
    for text in (doc.replace("Unified KV", "Unified KV Cache"), doc.replace("@misc{kim2026,", "misc kim2026,"),
                 doc.replace("```bibtex\n", "```bibtex\n\n"), doc.replace("title={FlashAttention-3", "titel={FA3")):
        assert az.analyze(text) == analyze(text, house_pack(), today=TODAY)
        az.analyze(doc)


# 4. the name after the facts, when nothing stands before the parentheses: the subject of the sentence
@pytest.mark.parametrize(
    "line, name",
    [
        ("（arXiv:2609.11582，2026-09）OmniKVQuant 提出首个跨模态 KV 分布差异设计量化方案 ⚠️。", "OmniKVQuant"),
        ("⚠️（arXiv:2607.05708，2026-07）Akashic MemAttention 分析 vLLM 控制路径扩展 ⚠️", "Akashic MemAttention"),
        ("2. （arXiv:2609.11582）OmniKVQuant提出异构值几何", "OmniKVQuant"),
        ("(2) 数据：（KAIST + POSTECH，arXiv:2609.11582，2026-09-10）OmniKVQuant 给出 Table 1", "OmniKVQuant"),
        # ordinary words going on after the parentheses, or a word before them: no name
        ("（arXiv:2609.11582，2026-09）KV Cache 量化从纯压缩转向联合设计", None),
        ("（arXiv:2609.11582）LiteKV + KVarN 形成四角", None),
        ("（arXiv:2609.11582）the method 提出", None),
        ("相关工作（arXiv:2609.11582）vLLM 提出", None),
        ("（arXiv:2609.11582，arXiv:2609.11583）vLLM 提出", None),  # (about either)
        ("与 arXiv:2605.19537（cs.LG · 2026-05 v2）系统性研究 vLLM / TRT-LLM", None),
    ],
)
def test_a_name_after_the_facts(line, name):
    assert _named(line)[0][1] == name
