"""QA (house rule boundaries): rule 4 (§3.1, §3.2, §3.3 each ≥ 150 CJK, each in three parts) passed when §3.1's
heading was written so that it is no heading ("3.1、…", "**3.1 …**"): the heading scope '^3\\.\\d+$' measured the two
sections left and passed for the third. A numbered scope's section the survey lacks is now said and fails the
rule, as a named one is; and a per-section list told against named sections takes each figure's own section."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack, load_pack
from editor_app.resources_path import house_pack_path


def rules(text: str, pack=None) -> dict:
    return {r.id: r for r in analyze(text, pack or house_pack()).rules}


def with_31(sample_text: str, heading: str) -> str:
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("3.1 "))
    lines[at] = heading
    lines[at + 1:at + 4] = ["(1) 机制：短。", "(2) 数据：短。", "(3) 截止日：短。"]
    return "\n".join(lines)


def test_the_sample_passes(sample_text):
    got = rules(sample_text)
    assert got["counter-argument-length"].status == "pass" and got["counter-argument-parts"].status == "pass"


@pytest.mark.parametrize("heading", ["3.1、主线 A · KV Cache 量化三维演进", "**3.1 主线 A · KV Cache 量化**",
                                     "3.1：主线 A", "（3.1）主线 A"])
def test_a_counter_argument_whose_heading_is_no_heading_fails_the_rule(sample_text, heading):
    got = rules(with_31(sample_text, heading))
    for rule_id in ("counter-argument-length", "counter-argument-parts"):
        rule = got[rule_id]
        assert rule.status == "fail", (rule_id, rule.measured)
        assert any(f.message.endswith("§3.1 not found; measured without it") for f in rule.findings)


def test_a_short_counter_argument_under_a_heading_still_fails_on_its_length(sample_text):
    rule = rules(with_31(sample_text, "3.1 主线 A · KV Cache 量化三维演进"))["counter-argument-length"]
    assert rule.status == "fail" and not any("not found" in f.message for f in rule.findings)


def test_a_list_stated_for_named_sections_takes_each_figure_s_own(sample_text, tmp_path):
    """With `sections = ["3.1", "3.2", "3.3"]`, "各主线 CJK 159/194/207" with §3.1 gone: 159 is §3.1's (not measured),
    194 §3.2's, 207 §3.3's. It was told against the sections left in turn: 159 against §3.2, and 207 had no place."""
    source = house_pack_path().read_text(encoding="utf-8").replace(
        "counter-arguments = { heading = '^3\\.\\d+$', each = true }",
        'counter-arguments = { sections = ["3.1", "3.2", "3.3"], each = true }')
    assert 'sections = ["3.1", "3.2", "3.3"]' in source
    pack_file = tmp_path / "named.toml"
    pack_file.write_text(source, encoding="utf-8")
    pack = load_pack(pack_file)
    text = with_31(sample_text, "3.1、主线 A")
    listed = [c for c in analyze(text, pack).claims if c.text.startswith("各主线") or "159/194/207" in c.text]
    by_value = {c.value_text: c for c in listed}
    assert by_value["159"].measured is None and "§3.1 not found" in by_value["159"].message
    assert by_value["194"].measured == 194 and not by_value["194"].wrong
    assert by_value["207"].measured == 207 and not by_value["207"].wrong
