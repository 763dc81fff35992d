"""QA 2 (privacy): the leaks this pass found (a quoted JSON key, a command-line option, a link's query, a name with a
full-width space) reach the window, `survey-check --format json` and the history masked, never as written."""

from __future__ import annotations

import json

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from test_privacyqa_window import shown_texts
from ui_support import open_window

SECRETS = ("a8F3kL9zQ2mX7pR4wT6y", "3f9a2b7c8d1e4f5a6b7c", "9f8e7d6c5b4a3f2e1d0c", "Chen\u3000Siyuan")

LEAKY_LINES = [
    # a figure sentence (quoted by the Figures tab), a table row naming a paper (the References tab), a heading
    "`vllm serve Qwen/Qwen2.5-72B --api-key 3f9a2b7c8d1e4f5a6b7c` 实测 SGLang ~16,200 vs vLLM ~12,500 tok/s on H100",
    "| 6 | 2609.04263 | Chen\u3000Siyuan 整理 | ★ 候选 |",
    '2.4 配置 {"token": "a8F3kL9zQ2mX7pR4wT6y"}',
    "评测接口 https://api.example.com/v1/eval?api_key=9f8e7d6c5b4a3f2e1d0c&model=llama3",
]


def leaky_survey(sample_text: str) -> str:
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("2.3 "))
    return "\n".join(lines[:at] + LEAKY_LINES + lines[at:])


def leaked(text: str) -> list[str]:
    return [s for s in SECRETS if s in text]


def test_the_analysis_finds_them_and_quotes_them_masked(sample_text):
    analysis = analyze(leaky_survey(sample_text), house_pack())
    assert sorted(h.dimension for h in analysis.privacy) == ["name", "secret", "secret", "secret"]
    assert leaked(json.dumps(analysis.to_dict(), ensure_ascii=False)) == []


def test_the_window_shows_them_masked(qtbot, tmp_path, sample_text):
    path = tmp_path / "leaky.md"
    path.write_text(leaky_survey(sample_text), encoding="utf-8")
    window = open_window(qtbot, path)
    window.tabs.setCurrentWidget(window.figures)
    qtbot.waitUntil(lambda: window.figures.charts and len(window.figures.chart_widgets) == len(window.figures.charts),
                    timeout=10000)
    texts = shown_texts(window)
    for mask in ("3f9a********", "a8F3********", "9f8e********", "Ch********"):
        assert any(mask in t for t in texts), mask
    assert [t for t in texts if leaked(t)] == []
