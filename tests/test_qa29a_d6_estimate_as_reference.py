"""QA29a D6: §0 stated "⚠️ 实测 13 处" (wrong: 14 measured) and the footer "⚠️ 实测 ~14 处" (an estimate, of the right
value). The figures stated otherwise elsewhere were told against the wrong 13 (no statement was right, since an
estimate never is, so the first one was taken): the footer's 14 got "stated as 14 here but as 13 on line 6", and §0's
13 no disagreement at all. An estimate whose value is the measured one is now the statement the others are told
against, as a right figure is; the footer is still said to be an estimate."""

from __future__ import annotations

from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack

PACK = house_pack()
TODAY = date(2026, 12, 2)


def survey(zero: str, footer: str, cautions: int = 2, also: str = "") -> str:
    """A short survey: §0 and the footer each stating the ⚠️ count; the body holds `cautions` of them (the
    statements' own ⚠️ are counted too: two more, four with `also`)."""
    body = "。".join(f"⚠️ 注意{k}" for k in range(cautions))
    return "\n".join(["主题综述", "§0 自检栏", f"① ⚠️ 实测 {zero} 处 ✅", "一、正文", body + "。",
                      *([also] if also else []), "二、结尾", "正文。", f"Spark · 2026-10-08 · ⚠️ 实测 {footer} 处"])


def claims_findings(text: str) -> list[tuple[int, str]]:
    return [(f.line, f.message) for f in analyze(text, PACK, today=TODAY).findings if f.rule == "claims"]


def test_a_wrong_figure_is_told_against_an_estimate_of_the_right_value():
    found = claims_findings(survey("3", "~4"))  # 4 measured: two in the body, one on each statement's line
    assert found == [
        (3, "⚠️ of document: stated 3, measured 4"),
        (3, "⚠️ of document stated as 3 here but as 4 on line 8"),
        (8, "⚠️ of document: 4 is an estimate (~): measure it"),
    ]


def test_the_estimate_of_the_right_value_outweighs_a_majority_of_wrong_ones():
    found = claims_findings(survey("3", "约 6", also="⚠️ 复核：⚠️ 实测 3 处"))  # 6 measured
    assert (9, "⚠️ of document: 6 is an estimate (约): measure it") in found
    said = [(ln, m) for ln, m in found if "stated as" in m]
    assert said == [(3, "⚠️ of document stated as 3 here but as 6 on line 9"),
                    (6, "⚠️ of document stated as 3 here but as 6 on line 9")]


def test_a_right_figure_stays_the_reference_and_a_wrong_estimate_is_told_against_it():
    found = claims_findings(survey("4", "~5"))
    assert (8, "⚠️ of document stated as 5 here but as 4 on line 3") in found
    assert not any(ln == 3 and "stated as" in m for ln, m in found)


def test_editing_the_count_away_from_the_estimate_tells_the_figures_as_a_fresh_pass_does():
    """The edit pass judges a group again when its statement of the measured number may change: here the estimate
    stated it (no figure was right) and, with one ⚠️ more in the body, none does."""
    az = Analyzer(PACK, today=TODAY)
    before = survey("3", "~4")
    az.analyze(before)
    after = before.replace("⚠️ 注意0。", "⚠️ 注意0。⚠️ 又一处。", 1)
    got = az.analyze(after)
    fresh = analyze(after, PACK, today=TODAY)
    assert got.to_dict() == fresh.to_dict()
    assert not any("stated as 3 here but as 4" in f.message for f in got.findings)
    # and back: the estimate states the measured number again
    again = az.analyze(before)
    assert again.to_dict() == analyze(before, PACK, today=TODAY).to_dict()
    assert any(f.line == 3 and f.message == "⚠️ of document stated as 3 here but as 4 on line 8"
               for f in again.findings)
