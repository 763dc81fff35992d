"""QA27a D1: in the JSON, a stated range ("3.8~5.2×", "12,000~16,200 tok/s") came out as one exact figure, its upper
end with approx false, the lower end lost for CI. A range's value keeps its upper end and gains "low"; a single
figure has no "low"."""

from __future__ import annotations

import json
from datetime import date

from editor_app import cli
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

TEXT = ("SGLang v1 构建比 torch.compile 快 3.8~5.2×。\n"
        "SGLang 12,000~16,200 vs vLLM ~12,500 tok/s on H100。\n")


def values(d: dict) -> dict[str, list[dict]]:
    return {g["unit"]: g["values"] for g in d["figures"]}


def test_a_range_keeps_its_lower_end():
    got = values(analyze(TEXT, house_pack(), today=date(2026, 12, 2)).to_dict())
    assert got["×"] == [{"engine": "SGLang", "value": 5.2, "approx": False, "low": 3.8}]
    assert got["tok/s"] == [{"engine": "SGLang", "value": 16200.0, "approx": False, "low": 12000.0},
                            {"engine": "vLLM", "value": 12500.0, "approx": True}]


def test_the_cli_json_says_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.md").write_text(TEXT, encoding="utf-8")
    cli.main(["s.md", "--format", "json"])
    got = values(json.loads(capsys.readouterr().out))
    assert [v.get("low") for v in got["tok/s"]] == [12000.0, None]
