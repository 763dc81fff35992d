"""The claims table tells a self-reported figure that is stated otherwise elsewhere.

"GitHub 已验 7 件" in §0 and "GitHub 已验 实测 8 件" in the footer cannot be measured, so both rows said "—"; the
disagreement was a finding (underlined in the text) but the claims table, where the author looks for what the
survey states about itself, showed nothing."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.ui.claims_order import claims_parts
from editor_app.ui.selfcheck_panel import SelfCheckPanel


def _edited(sample_text: str) -> str:
    assert sample_text.count("GitHub 已验 实测 7 件") == 1
    return sample_text.replace("GitHub 已验 实测 7 件", "GitHub 已验 实测 8 件")


def test_the_figure_stated_otherwise_is_marked_in_the_claims_table(qtbot, sample_text):
    a = analyze(_edited(sample_text), house_pack())
    found = claims_parts(a)[0]
    eight = next(c for c in a.claims if c.line == 113 and c.metric == "github_verified")
    assert eight.ok is None and eight.claimed == 8  # not measurable: the row used to say only "—"
    assert set(found) == {(eight.line, eight.column)}
    assert "stated as 8 here but as 7 on line 9" in found[(eight.line, eight.column)].message
    panel = SelfCheckPanel()
    qtbot.addWidget(panel)
    panel.show_analysis(a)
    model = panel.claims_model
    row = model.rows.index(eight)
    assert row < sum(1 for c in a.claims if c.ok is not True)  # listed with the wrong ones, before those that hold
    assert model.data(model.index(row, 0)) == "disagrees"
    assert "stated as 8 here but as 7 on line 9" in model.data(model.index(row, 6))
    # wrong figures keep their own verdict; the unedited survey has no disagreement
    assert all(model.data(model.index(r, 0)) == "wrong" for r, c in enumerate(model.rows) if c.ok is False)
    plain = analyze(sample_text, house_pack())
    assert claims_parts(plain)[0] == {}
    panel.show_analysis(plain)
    assert "disagrees" not in [model.data(model.index(r, 0)) for r in range(len(model.rows))]
