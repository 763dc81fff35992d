"""Fix 29 (wording): the Chinese window split an engine's name that holds a space: "MLC LLM speedup vs llama.cpp: 3.1x
at line 4 … disagrees with 3.6x at line 3" read "MLC 相对 llama.cpp 的LLM speedup：…", the templates' "{engine} {what}"
taking the name's first word for the engine and the rest for what was measured. {engine} now runs up to the measure
word ("MLC LLM 相对 llama.cpp 的加速比：…"); a name with no space ("llama.cpp", "SGLang") reads as before."""

from __future__ import annotations

from dataclasses import replace

import pytest

from editor_app.core.figure_check import check_figures
from editor_app.core.figures import figures_in_line
from editor_app.wording import EngineText


def messages(*lines: str) -> list[str]:
    groups = [replace(g, line=n) for n, text in enumerate(lines, 1) for g in figures_in_line(text)]
    return [f.message for f in check_figures(groups).findings]


# (the survey's lines, the engine's name as the message writes it, what the Chinese message starts with)
CASES = [
    (("MLC-LLM 在 M3 Max 上比 llama.cpp 快 3.6x。", "总结：MLC-LLM 比 llama.cpp 快 3.1x。"),
     "MLC LLM", "MLC LLM 相对 llama.cpp 的加速比：第 2 行的 3.1x（未写 GPU"),
    (("MLC LLM 的吞吐为 12,500 tok/s。", "MLC LLM 的吞吐为 9,800 tok/s。"),
     "MLC LLM", "MLC LLM 吞吐：第 2 行的 9,800 tok/s 与第 1 行的 12,500 tok/s 不一致"),
    (("ONNX Runtime 在 H100 上的 p99 TTFT 为 120 ms。", "ONNX Runtime 在 H100 上的 p99 TTFT 为 180 ms。"),
     "ONNX Runtime", "ONNX Runtime H100 上的p99 TTFT：第 2 行的 180 ms 与第 1 行的 120 ms 不一致"),
    (("SGLang 比 MLC LLM 快 2x。", "SGLang 比 MLC LLM 快 3x。"),
     "SGLang", "SGLang 相对 MLC LLM 的加速比：第 2 行的 3x 与第 1 行的 2x 不一致"),
    (("llama.cpp 的吞吐为 100 tok/s。", "llama.cpp 的吞吐为 150 tok/s。"),
     "llama.cpp", "llama.cpp 吞吐：第 2 行的 150 tok/s 与第 1 行的 100 tok/s 不一致"),
]


@pytest.mark.parametrize("lines, engine, chinese", CASES, ids=[c[1] + " " + str(i) for i, c in enumerate(CASES)])
def test_the_engine_name_comes_out_whole(lines, engine, chinese):
    found = messages(*lines)
    assert len(found) == 1 and found[0].startswith(f"{engine} "), found
    zh = EngineText("zh_CN")(found[0])
    assert zh.startswith(chinese), (found[0], zh)


@pytest.mark.parametrize("english, chinese", [
    ("ONNX Runtime Web latency change vs vLLM: -40% at line 3 disagrees with -20% at line 9",
     "ONNX Runtime Web 相对 vLLM 的延迟变化：第 3 行的 -40% 与第 9 行的 -20% 不一致"),
    ("MLC LLM speedup vs TensorRT-LLM on H100: 2x at line 3 contradicts TensorRT-LLM vs MLC LLM: 1.5x at line 1 "
     "(each stated ahead of the other)",
     "H100 上 MLC LLM 加速比 相对 TensorRT-LLM：第 3 行的 2x 与第 1 行 TensorRT-LLM 相对 MLC LLM 的 1.5x 矛盾（两处说的快"
     "慢相反）"),
    ("KV Cache Manager TTFT vs vLLM on H100: 120 vs 480 ms at line 2 make 4x, not 2x as stated at line 5",
     "H100 上 KV Cache Manager TTFT 相对 vLLM：第 2 行的 120 vs 480 ms 合 4x，而非第 5 行所说的 2x"),
    # what no measure word names: as before, the engine up to its first space
    ("Foo widgets: 3 at line 3 disagrees with 4 at line 9", "Foo widgets：第 3 行的 3 与第 9 行的 4 不一致"),
], ids=["latency change", "contradicts", "make", "no measure word"])
def test_each_engine_template(english, chinese):
    assert EngineText("zh_CN")(english) == chinese
