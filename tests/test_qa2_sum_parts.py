"""QA: the parts of a stated sum are read whole however they are written: an estimated part ("主体 ≈2,892") and parts
written without a space after their label ("主体2,892 + 反方579"), as Chinese text often is."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

STATED = "3,838（主体 2,892 + 反方 579 + 元信息 950）"


def _line_9(sample_text: str, written: str):
    edited = sample_text.replace(STATED, written, 1)
    assert edited != sample_text
    a = analyze(edited, house_pack())
    return a, [f.message for f in a.findings if f.line == 9]


@pytest.mark.parametrize("mark", ["≈", "~", "约"])
def test_an_estimated_part_is_read_whole_and_named(sample_text, mark):
    """"主体 ≈2,892": the part was read as 892 ("stated sum 3,838 but the parts add up to 2,421", a sum nobody
    wrote) and the estimate was not named."""
    a, told = _line_9(sample_text, f"3,838（主体 {mark}2,892 + 反方 579 + 元信息 950）")
    assert "stated sum 3,838 but the parts add up to 4,421" in told
    assert "CJK of 主体: 2,892 is an estimate (≈/约): measure it" in told
    assert not [m for m in told if "2,421" in m]


def test_parts_written_without_spaces_are_audited(sample_text):
    """"3,838（主体2,892 + 反方579 + 元信息950）": no sum and no part was audited (元信息 950 is wrong, measured
    946, and the parts add up to 4,421): nothing was said."""
    a, told = _line_9(sample_text, "3,838（主体2,892 + 反方579 + 元信息950）")
    assert "stated sum 3,838 but the parts add up to 4,421" in told
    assert "CJK of 元信息: stated 950, measured 946" in told
    assert [(c.scope, c.claimed, c.ok) for c in a.claims if c.line == 9 and c.scope in ("主体", "反方", "元信息")] == [
        ("主体", 2892, True), ("反方", 579, True), ("元信息", 950, False)]


def test_the_sample_still_states_the_same_figures(sample_text):
    a = analyze(sample_text, house_pack())
    assert len(a.claims) == 61 and a.wrong_count() == 11  # (61: §八.3's "抽查 4/6 = 67%" is read since session 21)
