"""Engine figures: every group the sample states, English prose, non-figures, and the consistency finding."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from editor_app.core import figures as F
from editor_app.core.figure_check import RULE_ID, figure_findings
from editor_app.core.figures import figures_in_line
from editor_app.core.model import FigureGroup, FigureValue


def shape(group: FigureGroup) -> tuple:
    return (
        group.kind, group.metric, group.unit, group.hardware, group.label,
        [(v.engine, v.value, v.approx, v.text) for v in group.values],
    )


def sample_groups(lines: list[str]) -> list[FigureGroup]:
    """What the lead's analyzer does: per-line extraction, then the real line number set by replace."""
    return [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]


H100_COMPARISON = ("comparison", "throughput", "tok/s", "H100", "",
                   [("SGLang", 16200.0, True, "~16,200"), ("LMDeploy", 16200.0, True, "~16,200"),
                    ("vLLM", 12500.0, True, "~12,500")])
M4 = ("speedup", "speedup", "×", "Apple M4", "", [("HF WebGPU Kernels", 2.57, False, "2.57×")])
DYNAMO_TTFT = ("speedup", "speedup", "×", None, "TTFT", [("Dynamo", 4.0, False, "4×")])

EXPECTED = {
    17: [("speedup", "speedup", "×", None, "throughput", [("Akashic MemAttention", 1.35, False, "+1.21×~1.35×")]),
         ("speedup", "speedup", "×", None, "request rate", [("Akashic MemAttention", 1.88, False, "+1.88×")])],
    22: [DYNAMO_TTFT,  # "NVIDIA Dynamo 1.0（…）：… KV Cache Manager 4× lower TTFT": Dynamo's parts
         ("speedup", "speedup", "×", None, "throughput", [("Dynamo", 1.5, False, "1.5×")]),
         ("speedup", "speedup", "×", None, "load", [("Dynamo", 7.0, False, "7×")])],
    23: [("speedup", "speedup", "×", None, "build", [("BCG", 5.2, False, "3.8~5.2×")]),
         H100_COMPARISON,
         ("speedup", "speedup", "×", None, "", [("SGLang", 3.1, False, "3.1×")]),
         ("comparison", "latency", "s", None, "p99 TTFT",
          [("SGLang", 54.2, False, "54.2"), ("vLLM", 58.9, False, "58.9")]),
         ("speedup", "speedup", "×", None, "", [("RadixAttention", 6.4, False, "6.4×")])],
    27: [("speedup", "speedup", "×", None, "throughput", [("Akashic MemAttention", 1.35, False, "+1.21×~1.35×")]),
         ("speedup", "speedup", "×", None, "request rate", [("Akashic MemAttention", 1.88, False, "+1.88×")])],
    30: [M4],
    42: [("speedup", "speedup", "×", None, "throughput", [("arXiv:2607.05708", 1.35, False, "+1.21×~1.35×")]),
         ("speedup", "speedup", "×", None, "request rate", [("arXiv:2607.05708", 1.88, False, "+1.88×")])],
    46: [DYNAMO_TTFT, M4, H100_COMPARISON],
    52: [DYNAMO_TTFT, M4],
    106: [DYNAMO_TTFT,
          ("speedup", "speedup", "×", None, "throughput", [("Dynamo", 1.5, False, "1.5×")]),
          M4,
          ("comparison", "cost", "$/年", None, "", [("NIM", 110940.0, False, "$110,940"),
                                                  ("vLLM", 59940.0, False, "$59,940")])],
}


# --- the real sample -------------------------------------------------------------------------------------------


def test_sample_groups_exactly(sample_text: str) -> None:
    lines = sample_text.splitlines()
    found = {n: [shape(g) for g in figures_in_line(line)] for n, line in enumerate(lines, 1)}
    assert {n: groups for n, groups in found.items() if groups} == EXPECTED


def test_sample_columns_point_at_the_values(sample_text: str) -> None:
    lines = sample_text.splitlines()
    for group in sample_groups(lines):
        line = lines[group.line - 1]
        for value in group.values:
            assert line[value.column - 1:].startswith(value.text), (group.line, value)
        assert group.sentence and all(v.text.lstrip("~+$") in line for v in group.values)


def test_sample_sentences_name_their_clause(sample_text: str) -> None:
    lines = sample_text.splitlines()
    by_line = {(g.line, g.label): g for g in sample_groups(lines) if g.kind == "comparison"}
    assert by_line[(23, "p99 TTFT")].sentence == "p99 TTFT SGLang 54.2s vs vLLM 58.9s"
    assert by_line[(106, "")].sentence == "NIM $110,940 vs vLLM $59,940/年"
    assert by_line[(23, "")].sentence == "实测精修 = SGLang ~16,200 vs LMDeploy ~16,200 vs vLLM ~12,500 tok/s on H100"


def test_sample_is_consistent(sample_text: str) -> None:
    assert figure_findings(sample_groups(sample_text.splitlines())) == []


def test_changed_copy_of_the_h100_comparison_is_a_finding(sample_text: str) -> None:
    lines = sample_text.splitlines()
    assert lines[45].count("vLLM ~12,500") == 1
    lines[45] = lines[45].replace("vLLM ~12,500", "vLLM ~13,100")
    (finding,) = figure_findings(sample_groups(lines))
    assert (finding.rule, finding.level, finding.line) == (RULE_ID, "warning", 46)
    assert lines[45][finding.column - 1:].startswith("~13,100")
    assert (finding.measured, finding.limit) == (13100.0, 12500.0)
    assert "line 46" in finding.message and "line 23" in finding.message
    assert "~13,100" in finding.message and "~12,500" in finding.message and "vLLM" in finding.message


def test_changed_speedup_is_a_finding(sample_text: str) -> None:
    lines = sample_text.splitlines()
    lines[105] = lines[105].replace("4× TTFT", "5× TTFT")
    (finding,) = figure_findings(sample_groups(lines))
    assert finding.line == 106 and finding.measured == 5.0 and finding.limit == 4.0
    assert "Dynamo TTFT" in finding.message and "line 22" in finding.message  # first stated as Dynamo's part


def test_non_figures_in_the_sample(sample_text: str) -> None:
    lines = sample_text.splitlines()
    for n in (6, 9, 15, 16, 21, 33, 38, 41, 50, 84, 93, 101, 112, 113):  # vs/×/%/$ that are no engine figures
        assert figures_in_line(lines[n - 1]) == (), n


@pytest.mark.parametrize(
    "text",
    [
        "共 3 主线 × 三段式",
        "RadixArk（$400M）+ NVIDIA NIM Operator",
        "SGLang v0.5.19 + vLLM 0.10.0 + TensorRT-LLM 1.3",
        "SGLang v0.6 vs vLLM 0.30",
        "⚠️=82 vs §0 自检栏声明 13",
        "Mixtral 8x7B and 0x1F and 4x4 tiles",
        "ONNX Runtime Web 1.30.0-dev",
        "2026-09-14 21:30 CST · 786 PRs / 214 contributors · +11.67 pp",
    ],
)
def test_things_that_are_not_engine_figures(text: str) -> None:
    assert figures_in_line(text) == ()


# --- other prose ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("vLLM 1,200 tok/s vs SGLang 1,500 tok/s on A100",
         [("comparison", "throughput", "tok/s", "A100", "", [("vLLM", 1200.0, False, "1,200"),
                                                             ("SGLang", 1500.0, False, "1,500")])]),
        ("On A100, vLLM reaches 1,200 tok/s vs SGLang's 1,500 tok/s.",
         [("comparison", "throughput", "tok/s", "A100", "", [("vLLM", 1200.0, False, "1,200"),
                                                             ("SGLang", 1500.0, False, "1,500")])]),
        ("p50 TTFT: vLLM 120ms vs TensorRT-LLM 95ms",
         [("comparison", "latency", "ms", None, "p50 TTFT", [("vLLM", 120.0, False, "120"),
                                                            ("TensorRT-LLM", 95.0, False, "95")])]),
        ("吞吐 SGLang 约 16,200 vs vLLM 12,500（H100）",
         [("comparison", "throughput", "", "H100", "吞吐", [("SGLang", 16200.0, True, "约 16,200"),
                                                          ("vLLM", 12500.0, False, "12,500")])]),
        ("TRT-LLM ≈16.2k tok/s vs llama.cpp 900 tok/s on 8x H100",
         [("comparison", "throughput", "tok/s", "8×H100", "", [("TensorRT-LLM", 16200.0, True, "≈16.2k"),
                                                               ("llama.cpp", 900.0, False, "900")])]),
        ("SGLang is 2x faster than vLLM on 8xH100",
         [("speedup", "speedup", "×", "8×H100", "", [("SGLang", 2.0, False, "2x")])]),
        ("Mixtral runs about 3× faster with SGLang",
         [("speedup", "speedup", "×", None, "", [("SGLang", 3.0, True, "about 3×")])]),
        ("Ollama 比 llama.cpp 快 up to 1.8× 吞吐",
         [("speedup", "speedup", "×", None, "throughput", [("Ollama", 1.8, False, "1.8×")])]),
        ("SGLang 比 vLLM 快 3 倍",
         [("speedup", "speedup", "×", None, "", [("SGLang", 3.0, False, "3 倍")])]),
        ("LMDeploy 吞吐提升 1.5~2 倍",
         [("speedup", "speedup", "×", None, "throughput", [("LMDeploy", 2.0, False, "1.5~2 倍")])]),
        ("vLLM 12,500 tok/s on H100",
         [("value", "throughput", "tok/s", "H100", "", [("vLLM", 12500.0, False, "12,500")])]),
        ("NIM ¥8万/年 vs Ollama ¥0.5万/年",
         [("comparison", "cost", "¥/年", None, "", [("NIM", 80000.0, False, "¥8万"),
                                                  ("Ollama", 5000.0, False, "¥0.5万")])]),
    ],
)
def test_prose_forms(text: str, expected: list[tuple]) -> None:
    assert [shape(g) for g in figures_in_line(text)] == expected


def test_several_comparisons_in_one_sentence() -> None:
    line = "- Engine figures: `p99 TTFT SGLang 54.2s vs vLLM 58.9s`, `4× lower TTFT`, `NIM $110,940 vs vLLM $59,940/年`."
    assert [shape(g) for g in figures_in_line(line)] == [
        ("comparison", "latency", "s", None, "p99 TTFT",
         [("SGLang", 54.2, False, "54.2"), ("vLLM", 58.9, False, "58.9")]),
        ("speedup", "speedup", "×", None, "TTFT", [("", 4.0, False, "4×")]),
        ("comparison", "cost", "$/年", None, "",
         [("NIM", 110940.0, False, "$110,940"), ("vLLM", 59940.0, False, "$59,940")]),
    ]
    line = "TTFT：vLLM 1.2s vs SGLang 0.9s，吞吐：vLLM 100 tok/s vs SGLang 150 tok/s"
    assert [(g.metric, g.unit, g.label, [v.value for v in g.values]) for g in figures_in_line(line)] == [
        ("latency", "s", "TTFT", [1.2, 0.9]), ("throughput", "tok/s", "吞吐", [100.0, 150.0])]
    line = "vLLM 1s vs SGLang 2s, NIM $3 vs vLLM $4"
    assert [(g.metric, g.unit, [v.engine for v in g.values]) for g in figures_in_line(line)] == [
        ("latency", "s", ["vLLM", "SGLang"]), ("cost", "$", ["NIM", "vLLM"])]
    line = "TTFT 上 vLLM 1.2s vs SGLang 0.9s，LMDeploy 1.0s vs Ollama 3.5s"
    assert [(g.label, [(v.engine, v.value) for v in g.values]) for g in figures_in_line(line)] == [
        ("TTFT", [("vLLM", 1.2), ("SGLang", 0.9)]), ("TTFT", [("LMDeploy", 1.0), ("Ollama", 3.5)])]


def test_gpu_counts_are_hardware_not_speedups() -> None:
    assert figures_in_line("Llama 3 70B on 8× H100 and 4x A100") == ()


def test_unbalanced_parentheses_are_read_without_error() -> None:
    (group,) = figures_in_line("（未闭合 SGLang 3× faster")
    assert shape(group)[5] == [("SGLang", 3.0, False, "3×")]
    assert [shape(g)[5] for g in figures_in_line("SGLang 3× faster）) ((")] == [[("SGLang", 3.0, False, "3×")]]


# --- the consistency finding ------------------------------------------------------------------------------------


def group(line: int, engine: str, value: float, *, text: str = "", label: str = "", hardware: str | None = "H100",
          unit: str = "tok/s", metric: str = "throughput", approx: bool = False) -> FigureGroup:
    v = FigureValue(engine=engine, value=value, approx=approx, column=5, text=text or f"{value:g}")
    return FigureGroup(metric=metric, unit=unit, hardware=hardware, line=line, values=[v], label=label)


def test_same_value_approx_or_not_is_consistent() -> None:
    assert figure_findings([group(3, "vLLM", 12500, approx=True), group(9, "vLLM", 12500)]) == []


def test_different_labels_hardware_units_engines_are_not_compared() -> None:
    groups = [
        group(1, "vLLM", 1.0, label="p99 TTFT", unit="s", metric="latency"),
        group(2, "vLLM", 2.0, label="p50 TTFT", unit="s", metric="latency"),
        group(3, "vLLM", 100, hardware="A100"),
        group(4, "vLLM", 200, hardware="H100"),
        group(5, "vLLM", 300, hardware=None),
        group(6, "SGLang", 400),
        group(7, "NIM", 1, unit="$/年", metric="cost"),
        group(8, "NIM", 2, unit="$/月", metric="cost"),
    ]
    assert figure_findings(groups) == []


def test_every_disagreeing_place_is_reported_against_the_first() -> None:
    groups = [group(40, "vLLM", 300), group(10, "vLLM", 100), group(20, "VLLM".replace("VLLM", "vLLM"), 200)]
    findings = figure_findings(groups)
    assert [(f.line, f.measured, f.limit) for f in findings] == [(20, 200, 100), (40, 300, 100)]
    assert findings[0].message == "vLLM throughput on H100: 200 tok/s at line 20 disagrees with 100 tok/s at line 10"


def test_ranges_compare_both_ends() -> None:
    a = group(1, "BCG", 5.2, text="3.8~5.2×", unit="×", metric="speedup", hardware=None, label="build")
    b = group(2, "BCG", 5.2, text="3.8~5.2×", unit="×", metric="speedup", hardware=None, label="build")
    c = group(3, "BCG", 5.2, text="4.1~5.2×", unit="×", metric="speedup", hardware=None, label="build")
    (finding,) = figure_findings([a, b, c])
    assert finding.line == 3 and "4.1~5.2× at line 3" in finding.message and "3.8~5.2× at line 1" in finding.message


def test_values_inside_one_group_are_a_comparison_not_a_conflict() -> None:
    (g,) = figures_in_line("vLLM V0 1,000 tok/s vs vLLM V1 1,400 tok/s on H100")
    assert [v.engine for v in g.values] == ["vLLM", "vLLM"]
    assert figure_findings([dataclasses.replace(g, line=1)]) == []


def test_groups_without_engine_are_skipped() -> None:
    assert figure_findings([group(1, "", 2.0), group(2, "", 3.0)]) == []


# --- any text ---------------------------------------------------------------------------------------------------

FIGURE_ALPHABET = st.sampled_from(
    list("0123456789.,~≈约×xX$¥/年 （）()；;。|·：:+-、，vsVS") + ["vLLM", "SGLang", "H100", " vs ", "tok/s", "Apple M4",
                                                              "up to", "比", "快", "TTFT", "p99", "ms", "s", "⚠️"]
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.lists(FIGURE_ALPHABET, max_size=40).map("".join)))
def test_any_text_reads_without_error(text: str) -> None:
    groups = figures_in_line(text)
    assert groups == figures_in_line(text)
    for g in groups:
        assert g.line == 0 and g.values and g.kind in ("comparison", "speedup", "value")
        for v in g.values:
            assert 1 <= v.column <= len(text) and text[v.column - 1:].startswith(v.text)
            assert v.value >= 0 and v.value == v.value  # no NaN
    placed = [dataclasses.replace(g, line=i + 1) for i, g in enumerate(groups)]
    for finding in figure_findings(placed + placed):
        assert finding.rule == RULE_ID


# --- through the analysis engine --------------------------------------------------------------------------------


def test_analysis_of_the_sample_carries_the_figures_and_no_conflict(sample_text: str) -> None:
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack

    analysis = analyze(sample_text, house_pack())
    assert [(g.line, shape(g)) for g in analysis.figures] == [
        (n, s) for n, groups in sorted(EXPECTED.items()) for s in groups
    ]
    assert [f for f in analysis.findings if f.rule == RULE_ID] == []
    changed = sample_text.replace("vLLM ~12,500 tok/s on H100）已核验", "vLLM ~13,100 tok/s on H100）已核验")
    (finding,) = [f for f in analyze(changed, house_pack()).findings if f.rule == RULE_ID]
    assert (finding.line, finding.level, finding.measured, finding.limit) == (46, "warning", 13100.0, 12500.0)


def test_long_lines_of_figures_are_read_whole() -> None:
    """A pasted table on one line: every figure is read, each with the right subject (and in linear time)."""
    groups = figures_in_line("SGLang 3× " * 1000)
    assert len(groups) == 1000 and {g.values[0].engine for g in groups} == {"SGLang"}
    groups = figures_in_line("vLLM 1s vs SGLang 2s, " * 300)
    assert len(groups) == 300 and all([v.engine for v in g.values] == ["vLLM", "SGLang"] for g in groups)


# --- the cheap scans stand for plain left-to-right regex scans ----------------------------------------------------

PLAIN_CLAUSE_SEP = re.compile(r"[；;。|·：`]|——|\s—+\s|:(?=\s)|\.(?<!vs\.)(?<!\d\.)(?=\s)")
PLAIN_ITEM_SEP = re.compile(r"[\s\x01]\+\s|、|，|,\s|\s/\s")
SEPARATOR_BITS = st.sampled_from(["—", "——", " — ", " ", "\t", "\u3000", "\x01", ":", ": ", ".", ". ", "vs. ", "3. ",
                                  "；", "|", "`", "a", "1", " + ", ",", ", ", "、", " / ", "/", "+", "x", "～"])


@settings(max_examples=400, deadline=None)
@given(st.lists(SEPARATOR_BITS, max_size=30).map("".join), st.integers(0, 5), st.integers(0, 5))
def test_separators_found_at_their_marks_are_the_ones_a_scan_finds(text: str, cut_start: int, cut_end: int) -> None:
    """Clause and item separators are found at a dash/plus/slash, never at a space; the spans are a plain scan's."""
    start, end = min(cut_start, len(text)), max(min(cut_start, len(text)), len(text) - cut_end)
    assert F._clause_seps(text, start, end) == [m.span() for m in PLAIN_CLAUSE_SEP.finditer(text, start, end)]
    assert F._item_seps(text, start, end) == [m.span() for m in PLAIN_ITEM_SEP.finditer(text, start, end)]


@settings(max_examples=300, deadline=None)
@given(st.lists(SEPARATOR_BITS, max_size=30).map("".join))
@example("成本：vLLM: $5 vs SGLang: $4")  # the value after "vLLM:" lies past a scan that stops at the cue
def test_the_clause_found_around_a_cue_is_the_one_a_whole_split_gives(text: str) -> None:
    whole = F._split(text, F._clause_seps(text, 0, len(text)), 0, len(text))
    end = -1
    for pos, ch in enumerate(text):
        if ch in "；;。|·：`—:." or ch.isspace():
            continue  # a separator may hold these; a cue never starts with one
        expected = next(span for span in whole if span[0] <= pos < span[1])
        if pos >= end:
            clause = F._clause_at(text, pos, max(end, 0))  # as the reader asks: from the previous clause on
            assert clause == expected
            end = clause[1]
        assert F._clause_at(text, pos) == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(FIGURE_ALPHABET, st.sampled_from(["about ", "around", "roughly ", "nearly", "最高", "高达", "+",
                                                             "1-2", "3.8~5.2×", "v1.2", "倍", " to ", "至", "–", "～",
                                                             "\t", "约为", "2026-09", "+1.21×~1.35×"])),
                max_size=25).map("".join))
def test_values_and_speedups_are_matched_where_a_scan_would(text: str) -> None:
    for pattern, start_re in ((F._VALUE_RE, F._VALUE_START), (F._SPEEDUP_RE, F._SPEEDUP_START)):
        for start in (0, 1, 3):
            expected = [m.span() for m in pattern.finditer(text, start)]
            assert [m.span() for m in F._matches(pattern, start_re, text, start, len(text))] == expected


PLAIN_MEASURE = re.compile("(?=[tilmbrc首延时吞内显构请成加])(?:" + "|".join(
    f"(?P<m{i}>{p})" for i, (_, p) in enumerate(F._MEASURES)) + ")", re.IGNORECASE)
MEASURE_BITS = st.sampled_from(["TTFT", "tTfT", "TPOT", "ITL", "ıtl", "İTL", "latency", "LATENCY", "throughput", "memory",
                                "build", "reBuild", "BUİLD", "request rate", "REQUEſT RATE", "cost", "coſt", "load",
                                "LOADING", "unload", "首字延迟", "延迟", "时延", "吞吐", "内存", "显存", "构建", "请求率",
                                "成本", "加载", "İ", "ı", "ſ", "\u212a", "K", "x", " ", "-", "3×"])


@settings(max_examples=300, deadline=None)
@given(st.lists(MEASURE_BITS, max_size=12).map("".join))
def test_measure_words_are_matched_as_a_case_blind_scan_would(text: str) -> None:
    """_MEASURE_RE spells re.IGNORECASE out (_case_blind): the same matches, İ, ı, ſ and the Kelvin sign too."""
    assert [(m.span(), m.lastgroup) for m in F._MEASURE_RE.finditer(text)] == \
        [(m.span(), m.lastgroup) for m in PLAIN_MEASURE.finditer(text)]


PLAIN_NAME_WORD = re.compile(  # _NAME_WORD_RE's alternatives in their first order
    r"[A-Za-z0-9](?<![A-Za-z0-9_.'\-].)(?:(?<=a)rXiv:\d{4}\.\d{4,5}"
    rf"|(?:{F._after_first_letter(sorted(F._LOWERCASE_NAMES, key=F.longest_first))})(?![A-Za-z0-9])"
    r"|(?<=[A-Z])[A-Za-z0-9]*(?:[-_.'][A-Za-z0-9]+)*|(?<=[a-z0-9])[a-z0-9]*[A-Z][A-Za-z0-9]*(?:[-_.'][A-Za-z0-9]+)*"
    r"|(?:(?<=[vV])\d+|(?<=\d)\d*)(?:\.\d+)+(?:-[A-Za-z0-9]+)?(?![A-Za-z0-9]))"
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(FIGURE_ALPHABET, st.sampled_from(["arXiv:2607.05708", "v0.5.19", "V3", "1.30.0-dev", "900K",
                                                             "vllm", "llama.cpp", "SGLang's", "KVarN", "iPhone", "٣",
                                                             "ab", "Ab", "aB", "1a", "1A", "'", "_"])),
                max_size=25).map("".join))
def test_name_words_are_the_ones_a_plain_pattern_finds(text: str) -> None:
    assert [m.span() for m in F._NAME_WORD_RE.finditer(text)] == [m.span() for m in PLAIN_NAME_WORD.finditer(text)]


def test_an_engine_colon_before_a_currency_value_keeps_the_comparison_whole():
    """ "vLLM: $5 vs SGLang: $4": the "$" cue's clause was cut at "vLLM:" (its value lay past the scan), so the chart
    showed SGLang's $4 alone and no comparison; "vLLM: 12,500 tok/s vs …" was read right."""
    (g,) = figures_in_line("成本：vLLM: $5 vs SGLang: $4 每百万 token")
    assert g.kind == "comparison" and [(v.engine, v.value) for v in g.values] == [("vLLM", 5.0), ("SGLang", 4.0)]
