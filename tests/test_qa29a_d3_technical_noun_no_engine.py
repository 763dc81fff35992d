"""QA29a D3: "kernel fusion and KV layout explain the 3.1x gap" was read as the speed-up of an engine called "KV",
and the Figures tab drew a bar "KV 3.1×". A run of names made of technical nouns alone (KV, KV Cache, HBM, SRAM,
PCIe …) names no subject: such a speed-up names none, as "差距约 3.1x" does. A name holding one is still a name
("KV Cache Manager 4× lower TTFT" on the sample's Dynamo line, "TurboQuant KV")."""

from __future__ import annotations

import pytest

from editor_app.core.figures import figures_in_line


def engines(line: str) -> list[tuple[str, str, float]]:
    return [(g.kind, v.engine, v.value) for g in figures_in_line(line) for v in g.values]


@pytest.mark.parametrize("line", [
    "2. kernel fusion and KV layout explain the 3.1x gap。",
    "3. 差距来自 KV layout，约 3.1x。",
    "KV Cache 4× smaller with paging",
    "HBM bandwidth explains the 2.5× gap",
])
def test_a_technical_noun_is_no_engine(line):
    assert [engine for _kind, engine, _value in engines(line)] == [""]


@pytest.mark.parametrize("line, expected", [
    ("KV-aware Router + KV Cache Manager 4× lower TTFT", [("speedup", "KV Cache Manager", 4.0)]),
    ("NVIDIA Dynamo 1.0（2026-09 · GTC）：⚠️ 开源；KV Cache Manager 4× lower TTFT + 1.5× higher throughput",
     [("speedup", "Dynamo", 4.0), ("speedup", "Dynamo", 1.5)]),
    ("TurboQuant KV 2x faster", [("speedup", "TurboQuant KV", 2.0)]),
    ("EdgeQuant 3.1x faster", [("speedup", "EdgeQuant", 3.1)]),
    ("SGLang 的 KV cache 命中率 85% vs vLLM 70%", [("comparison", "SGLang", 85.0), ("comparison", "vLLM", 70.0)]),
])
def test_a_name_holding_one_is_still_a_name(line, expected):
    assert engines(line) == expected
