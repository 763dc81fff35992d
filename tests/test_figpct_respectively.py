""""分别为" lists (figpct): "SGLang、LMDeploy、vLLM 的吞吐分别为 16,200、16,200、12,500 tok/s" is one comparison, each
value on its engine, in order; lists of different lengths read nothing."""

from __future__ import annotations

from dataclasses import replace

from editor_app.core.figure_check import check_figures
from editor_app.core.figures import figures_in_line


def read(line: str) -> list[tuple]:
    return [(g.kind, g.metric, g.unit, g.label, g.hardware, [(v.engine, v.value, v.text) for v in g.values])
            for g in figures_in_line(line)]


def test_engines_and_values_pair_up_in_order() -> None:
    assert read("SGLang、LMDeploy、vLLM 的吞吐分别为 16,200、16,200、12,500 tok/s") == [
        ("comparison", "throughput", "tok/s", "吞吐", None,
         [("SGLang", 16200.0, "16,200"), ("LMDeploy", 16200.0, "16,200"), ("vLLM", 12500.0, "12,500")])]
    assert read("vLLM/SGLang 分别 58.9s/54.2s") == [
        ("comparison", "latency", "s", "", None, [("vLLM", 58.9, "58.9"), ("SGLang", 54.2, "54.2")])]


def test_words_before_the_list_units_and_hardware() -> None:
    # "和" joins the lists too; ms and s are one comparison in the unit stated first
    assert read("实测中 vLLM 和 SGLang 的 p99 TTFT 分别为 850 ms 和 1.2 s") == [
        ("comparison", "latency", "ms", "p99 TTFT", None, [("vLLM", 850.0, "850"), ("SGLang", 1200.0, "1.2 s")])]
    assert read("在 H100 上，vLLM 0.6.3、SGLang v0.5.19 分别为 12.5k、16.2k tok/s") == [
        ("comparison", "throughput", "tok/s", "", "H100", [("vLLM", 12500.0, "12.5k"), ("SGLang", 16200.0, "16.2k")])]


def test_a_count_mismatch_reads_nothing() -> None:
    assert read("SGLang、vLLM 的吞吐分别为 16,200、12,500、9,000 tok/s") == []
    assert read("SGLang、LMDeploy、vLLM 的吞吐分别为 16,200、12,500 tok/s") == []
    # nor does any other reader give a value of the list to the engine before it
    assert read("SGLang、vLLM 的吞吐分别为 16,200 tok/s、12,500 tok/s、9,000 tok/s") == []


def test_no_engine_list_no_figure() -> None:
    assert read("截止日：9-25 → 10-15 三档分别对应 ★ → ★★ → ★★★ 升级。") == []
    assert read("vLLM 的吞吐分别为 12,500 tok/s") == [
        ("value", "throughput", "tok/s", "吞吐", None, [("vLLM", 12500.0, "12,500")])]  # one engine: no list


def test_a_list_is_checked_against_the_other_statements() -> None:
    lines = {1: "SGLang ~16,200 vs vLLM ~12,500 tok/s", 2: "SGLang、vLLM 的吞吐分别为 16,200、13,000 tok/s"}
    groups = [replace(g, line=n) for n, text in lines.items() for g in figures_in_line(text)]
    assert [f.message for f in check_figures(groups).findings] == [
        "vLLM throughput: 13,000 tok/s at line 2 disagrees with ~12,500 tok/s at line 1"]
