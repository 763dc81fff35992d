"""QA (editing an 8 MB survey): each analysis result cost the window ~145 ms in RuleResult.where(), which every
rule's row asks for: it filtered all of a rule's findings (20,000 § references in 8 MB, 68,000 startswith calls)
to take the first. It looks at findings only as far as the first it shows."""

from __future__ import annotations

from editor_app.core.model import SUPPRESSION_REFUSED, RuleResult


class Counted:
    reads = 0

    def __init__(self, line: int, message: str) -> None:
        self.line, self.column, self._message = line, 3, message

    @property
    def message(self) -> str:
        Counted.reads += 1
        return self._message


def rule(status: str, line: int | None, findings: list) -> RuleResult:
    return RuleResult(id="r", title="t", kind="count", level="warning", status=status, line=line, findings=findings)


def test_a_passing_rule_goes_to_its_line_without_reading_its_findings():
    Counted.reads = 0
    r = rule("pass", 12, [Counted(n, "§9.9 names no section of the survey") for n in range(20_000)])
    assert r.where() == (12, 1) and Counted.reads == 0


def test_a_failing_rule_goes_to_its_first_failure_past_a_refused_suppression():
    Counted.reads = 0
    findings = [Counted(5, SUPPRESSION_REFUSED + "rule privacy is unsuppressible"), Counted(40, "x"),
                *(Counted(n, "y") for n in range(20_000))]
    assert rule("fail", 12, findings).where() == (40, 3) and Counted.reads == 2


def test_without_a_line_the_first_finding_is_the_place_and_without_one_nothing():
    assert rule("pass", None, [Counted(7, "z")]).where() == (7, 3)
    assert rule("fail", 9, [Counted(4, SUPPRESSION_REFUSED + "…")]).where() == (9, 1)
