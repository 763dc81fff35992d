"""QA: a self-reported figure written as an estimate with "~", "～", "大约" or "… 左右" is still audited, and named as
an estimate (house rule 9: no ≈-style self-reports), as "≈" and "约" already were."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

MARKS = {"~3,900": "~", "～3,900": "～", "大约 3,900": "大约", "3,900 左右": "左右"}


def _on_line_9(a) -> list[str]:
    return [f.message for f in a.findings if f.line == 9]


@pytest.mark.parametrize("written", ["~3,900", "～3,900", "大约 3,900", "3,900 左右"])
def test_an_estimated_total_in_the_self_check_bar_is_audited(sample_text, written):
    """§0 ① "CJK 实测 ~3,900" (measured 3,838): before, no finding at all (the figure vanished from the audit,
    so the wrong total passed silently); "3,900 左右" was told wrong but not named as an estimate."""
    edited = sample_text.replace("CJK 实测 3,838（", f"CJK 实测 {written}（", 1)
    assert edited != sample_text
    a = analyze(edited, house_pack())
    cjk = a.metrics["cjk"]  # "大约" and "左右" are CJK characters themselves
    told = _on_line_9(a)
    assert f"CJK of document: stated 3,900, measured {cjk:,}" in told
    assert f"CJK of document: 3,900 is an estimate ({MARKS[written]}): measure it" in told


def test_a_tilde_in_a_range_or_a_path_is_not_an_estimate_mark():
    text = ("标题\n§0 自检\nCJK 实测 20 · 吞吐 +1.21×~1.35× · 准确率 8.4~10.2 pp · ~/notes · 行数 5\n"
            "一、主体\n中文中文\n")
    a = analyze(text, house_pack())
    assert [(c.metric, c.claimed, c.ok) for c in a.claims if c.kind == "value"] == [
        ("cjk", 20, True), ("lines", 5, True)]
    assert not [f for f in a.findings if "estimate" in f.message]
