"""QA: a fault in the incremental reuse of the last pass must not leave the panels stuck on "Analysis failed"."""

from __future__ import annotations

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from ui_support import open_window

# Deleting ",892 CJK |⏎| 反方（" in the §8.2 table joins two rows; then any character typed in the middle of
# line 9 (§0) made every incremental pass raise KeyError('cjk', 3, '', 0, 0) in claims_audit.
JOINED = ",892 CJK |\n| 反方（"


def _joined(sample_text: str) -> str:
    i = sample_text.index(JOINED)
    return sample_text[:i] + sample_text[i + len(JOINED):]


def test_the_runner_starts_afresh_when_a_warm_pass_fails(qtbot):
    from editor_app.ui.analysis_runner import AnalysisRunner

    made = []

    class Flaky:
        """Fails on its second pass, as an incremental pass over a kept one can."""

        def __init__(self) -> None:
            self.passes = 0
            made.append(self)

        def analyze(self, text):
            self.passes += 1
            if self.passes == 2:
                raise KeyError("kept pass")
            return text.upper()

    current = {"text": "a"}
    runner = AnalysisRunner(lambda: current["text"], None, debounce_ms=10, make_analyzer=lambda p: Flaky())
    seen, failed = [], []
    runner.analysis_ready.connect(lambda a, s: seen.append(a))
    runner.analysis_failed.connect(failed.append)
    try:
        with qtbot.waitSignal(runner.analysis_ready, timeout=5000):
            runner.analyse_now()
        current["text"] = "b"
        with qtbot.waitSignal(runner.analysis_ready, timeout=5000):
            runner.analyse_now()
    finally:
        runner.shutdown()
    assert seen == ["A", "B"] and not failed
    assert len(made) == 2  # the analyzer whose pass failed was dropped, a new one analysed the text


def test_the_runner_reports_a_text_that_fails_even_afresh(qtbot):
    from editor_app.ui.analysis_runner import AnalysisRunner

    class Broken:
        def analyze(self, text):
            raise ValueError("cannot")

    runner = AnalysisRunner(lambda: "x", None, debounce_ms=10, make_analyzer=lambda p: Broken())
    try:
        with qtbot.waitSignal(runner.analysis_failed, timeout=5000) as blocker:
            runner.analyse_now()
    finally:
        runner.shutdown()
    assert "ValueError: cannot" in blocker.args[0]


def test_typing_after_joining_two_table_rows_keeps_the_panels_live(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(_joined(sample_text), encoding="utf-8")
    window = open_window(qtbot, survey)
    window.goto_line(9, 30)
    cursor = window.editor.textCursor()
    with qtbot.waitSignal(window.analysis_ready, timeout=20000):
        cursor.insertText("字")
    qtbot.waitUntil(lambda: window.runner.published_revision == window.runner.revision, timeout=20000)
    assert not window.headline_label.text().startswith("Analysis failed"), window.headline_label.text()
    text = window.current_text()
    assert window.latest_analysis.to_dict() == analyze(text, window.pack).to_dict()


def test_incremental_pass_after_joining_two_table_rows(sample_text):
    text = _joined(sample_text)
    az = Analyzer(house_pack())
    az.analyze(text)
    edited = text[:1000] + "字" + text[1000:]  # any character typed mid line 9
    assert az.analyze(edited) == analyze(edited, house_pack())


def test_a_suppression_comment_typed_with_a_wrong_rule_id_is_reported_while_typing(sample_text):
    lines = sample_text.split("\n")
    lines[20] += " <!-- survey-check disable no-such-rule -->"
    edited = "\n".join(lines)
    az = Analyzer(house_pack())
    az.analyze(sample_text)
    got = [f.message for f in az.analyze(edited).findings if f.rule == "suppression"]
    assert got == [f.message for f in analyze(edited, house_pack()).findings if f.rule == "suppression"]
    assert got == ["unknown rule id 'no-such-rule' in suppression comment"]
