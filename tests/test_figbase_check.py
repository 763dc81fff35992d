"""Speed-ups against different baselines are different figures (figbase): figure_check keys them by baseline."""

from __future__ import annotations

from editor_app.core.figure_check import check_figures, recheck_figures
from editor_app.core.figures import figures_in_line


def groups_of(lines: dict[int, str]) -> list:
    """The figures of the numbered lines, as the analyzer places them (copies with their line)."""
    from dataclasses import replace

    return [replace(g, line=n) for n, text in sorted(lines.items()) for g in figures_in_line(text)]


def messages(lines: dict[int, str]) -> list[str]:
    return [f.message for f in check_figures(groups_of(lines)).findings]


def test_speedups_against_different_baselines_do_not_disagree() -> None:
    assert messages({3: "SGLang 比 vLLM 快 2×。", 5: "SGLang 比 TGI 快 3×。"}) == []
    assert messages({3: "SGLang 3.1× faster than vLLM.", 5: "SGLang 吞吐是 TGI 的 1.3 倍", 7: "SGLang 吞吐是 vLLM 的 2 倍"}) == []


def test_the_same_baseline_still_disagrees() -> None:
    assert messages({3: "SGLang 比 vLLM 快 2×。", 5: "SGLang 比 TGI 快 3×。", 7: "SGLang 3.1× faster than vLLM."}) == [
        "SGLang speedup vs vLLM: 3.1× at line 7 disagrees with 2× at line 3"]
    assert messages({3: "相对 vLLM，SGLang TTFT 降低 4×", 9: "SGLang TTFT 比 vLLM 低 5×"}) == [
        "SGLang TTFT vs vLLM: 5× at line 9 disagrees with 4× at line 3"]


def test_an_alias_is_the_same_baseline() -> None:
    assert messages({3: "SGLang 比 TRT-LLM 快 2×", 5: "SGLang 3× faster than TensorRT-LLM"}) == [
        "SGLang speedup vs TensorRT-LLM: 3× at line 5 disagrees with 2× at line 3"]


def test_a_speedup_naming_no_baseline_is_read_as_the_first_statement() -> None:
    """"SGLang 快 5×" restates the figure first stated (against vLLM): it disagrees, and says against what."""
    lines = {3: "SGLang 比 vLLM 快 2×。", 5: "SGLang 比 TGI 快 3×。", 9: "SGLang 快 2×。", 11: "SGLang 快 5×。"}
    assert messages(lines) == ["SGLang speedup: 5× at line 11 disagrees with 2× (vs vLLM) at line 3"]
    # two naming none compare with each other, as before
    assert messages({3: "SGLang 3.1× faster", 5: "SGLang 快 2 倍"}) == [
        "SGLang speedup: 2 倍 at line 5 disagrees with 3.1× at line 3"]


def test_a_named_baseline_is_not_compared_with_an_earlier_unnamed_one() -> None:
    """"SGLang 快 3.1×" says less than "SGLang 比 vLLM 快 2×": the later, more precise one is no restatement."""
    assert messages({3: "SGLang 快 3.1×。", 5: "SGLang 比 vLLM 快 2×。"}) == []


def test_an_edit_is_rechecked_with_the_baselines() -> None:
    """The incremental recheck (an edited line, the others kept) finds what a full check finds."""
    lines = {3: "SGLang 比 vLLM 快 2×。", 5: "SGLang 比 TGI 快 3×。", 7: "SGLang 比 TGI 快 3×。"}
    prev = check_figures(groups_of(lines))
    assert prev.findings == []
    for edited in ("SGLang 比 vLLM 快 3×。", "SGLang 快 3×。", "SGLang 比 TGI 快 4×。", "SGLang 比 LMDeploy 快 3×。"):
        lines[7] = edited
        again = recheck_figures(prev, {7: tuple(groups_of({7: edited}))})
        full = check_figures(groups_of(lines))
        assert again is None or [f.message for f in again.findings] == [f.message for f in full.findings], edited
    # a line that becomes the first statement against its baseline needs the full check
    assert recheck_figures(prev, {7: tuple(groups_of({7: "SGLang 比 LMDeploy 快 3×。"}))}) is None


def test_the_analysis_finds_no_false_disagreement() -> None:
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack

    text = "# 测评\n\nSGLang 比 vLLM 快 2×。\n\nSGLang 比 TGI 快 3×。\n"
    assert [f for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"] == []
    text += "\nSGLang 3.1× faster than vLLM.\n"
    found = [f for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"]
    assert [(f.line, f.message) for f in found] == [
        (7, "SGLang speedup vs vLLM: 3.1× at line 7 disagrees with 2× at line 3")]
