"""QA26e D3, D4, D5, D6, D11, D12: forms of engine figures the extraction did not read, or read apart."""

from __future__ import annotations

import json

import pytest

from editor_app.core.figure_check import check_figures
from editor_app.core.figures import figures_in_line


def groups(text: str) -> list:
    """The figures of a survey's lines, numbered from 1."""
    found = []
    for n, line in enumerate(text.split("\n"), 1):
        for group in figures_in_line(line):
            group.line = n
            found.append(group)
    return found


def read(line: str) -> list[tuple]:
    return [(g.kind, g.metric, g.unit, g.baseline, [(v.engine, v.value, v.approx) for v in g.values])
            for g in figures_in_line(line)]


def messages(text: str) -> list[str]:
    return [f.message for f in check_figures(groups(text)).findings]


# D6: not read at all
@pytest.mark.parametrize(("line", "expected"), [
    ("vLLM 部署成本 ￥420,000/年", [("value", "cost", "¥/年", "", [("vLLM", 420000.0, False)])]),  # U+FFE5
    ("vLLM 成本 RMB 420,000/年", [("value", "cost", "¥/年", "", [("vLLM", 420000.0, False)])]),
    ("vLLM 18.5 k tok/s on H100", [("value", "throughput", "tok/s", "", [("vLLM", 18500.0, False)])]),
])
def test_common_forms_are_read(line: str, expected: list) -> None:
    assert read(line) == expected


def test_full_width_yen_keeps_its_text_and_column() -> None:
    (g,) = figures_in_line("vLLM 部署成本 ￥420,000/年")
    assert (g.values[0].text, g.values[0].column) == ("￥420,000", 11)


# D12: exact scaling
def test_a_figure_in_wan_is_exact_in_the_json() -> None:
    (g,) = figures_in_line("SGLang 在 H100 上约 1.62 万 tokens/s")
    assert g.values[0].value == 16200
    assert json.dumps(g.values[0].value) == "16200.0"


# D11: 左右
def test_zuoyou_after_a_value_marks_it_approximate() -> None:
    assert read("SGLang 16,200 tok/s 左右（H100）") == [("value", "throughput", "tok/s", "", [("SGLang", 16200.0, True)])]
    # "上下文" is no 上下
    assert read("vLLM 12,500 tok/s 上下文 8k")[0][4] == [("vLLM", 12500.0, False)]


# D4: per year in one unit
@pytest.mark.parametrize("line", ["NIM 成本 $99,000/yr", "NIM 成本 $99,000/year", "NIM costs $99,000 per year"])
def test_a_yearly_cost_is_per_year_whatever_the_wording(line: str) -> None:
    assert [g.unit for g in figures_in_line(line)] == ["$/年"]


def test_yearly_costs_worded_apart_are_compared() -> None:
    assert messages("NIM $110,940 vs vLLM $59,940/年；NIM 成本 $99,000/yr。") == [
        "NIM cost: $99,000/年 at line 1 disagrees with $110,940/年 at line 1"]
    found = messages("TGI 部署成本 36 万元/年；TGI 年成本 50 万元。")
    assert len(found) == 1 and "50 万" in found[0] and "36 万" in found[0]


# D5: signed changes
def test_a_signed_change_beside_an_engine_and_a_baseline_is_read() -> None:
    assert read("SGLang 比 vLLM 吞吐 +80%") == [("change", "change", "%", "vLLM", [("SGLang", 80.0, False)])]
    assert read("SGLang 比 vLLM 吞吐 −8%") == [("change", "change", "%", "vLLM", [("SGLang", -8.0, False)])]
    # no engine, no baseline, no measure, or no sign: no change
    for line in ("SGLang 吞吐 +80%", "比 vLLM +80%", "SGLang 比 vLLM +80%", "准确率 2-8%"):
        assert [g for g in figures_in_line(line) if g.kind == "change"] == [], line


def test_a_wrong_signed_change_is_flagged() -> None:
    found = messages("SGLang ~16,200 vs vLLM ~12,500 tok/s on H100。\nSGLang 比 vLLM 吞吐 +80%。")
    assert found == ["SGLang throughput change vs vLLM on H100: +80% at line 2 disagrees with ~16,200 vs ~12,500 "
                     "tok/s at line 1 (+29.6%)"]


# D3: baselines named by 以 … 为基线 and by pronouns
def test_yi_x_wei_jixian_names_the_baseline() -> None:
    assert read("以 TGI 为基线，SGLang 快 2.0 倍") == [("speedup", "speedup", "×", "TGI", [("SGLang", 2.0, False)])]


@pytest.mark.parametrize("line", ["TGI 在 H100 上 9,800 tok/s，LMDeploy 比它快 3 倍",
                                  "TGI 9,800 tok/s，SGLang 吞吐是它的 3 倍",
                                  "TGI 9,800 tok/s，与之相比，SGLang 快 3 倍"])
def test_a_pronoun_names_the_one_engine_before_it_in_its_sentence(line: str) -> None:
    assert [g.baseline for g in figures_in_line(line) if g.kind == "speedup"] == ["TGI"]


def test_a_pronoun_baseline_is_not_taken_for_naming_none() -> None:
    """它 here names no engine of its sentence: the speed-up is not compared with the one against vLLM."""
    text = "SGLang 比 vLLM 快 1.3 倍。TGI 在 H100 上的吞吐为 9,800 tok/s。SGLang 比它快 1.65 倍。"
    assert messages(text) == []
    assert [g.baseline for g in figures_in_line("vLLM 与 TGI 接近，SGLang 比它快 2 倍") if g.kind == "speedup"] == []


def test_a_wrong_speed_up_against_a_pronoun_is_flagged() -> None:
    text = "SGLang ~16,200 vs LMDeploy ~15,800 vs TGI ~9,800 tok/s on H100。\nTGI 9,800 tok/s，LMDeploy 比它快 3 倍。"
    found = messages(text)
    assert len(found) == 1 and "LMDeploy" in found[0] and "vs TGI" in found[0]
