"""QA (privacy): the exported report publishes neither the pack's private names nor the author's local path.

Before: a survey with zero private-data hits exported a report whose appendix printed the pack as written, with
its `names = ["王晓东", "Wang Xiaodong"]` (the very names the survey must not carry), and "Survey file:
/home/chen/surveys/llm-infra.md" (a local path naming the author's home folder)."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import parse_pack
from editor_app.resources_path import house_pack_path
from editor_app.services.report import build_report_html


def team_pack(tmp_path):
    source = house_pack_path().read_text(encoding="utf-8").replace(
        'names_file = "builtin:house-names"',
        'names_file = "builtin:house-names"\nnames = ["王晓东", "Wang Xiaodong"]')
    assert "王晓东" in source
    return parse_pack(source, str(tmp_path / "survey-rules.toml"), base_dir=tmp_path)


def test_the_report_masks_the_pack_s_names_and_names_no_local_folder(tmp_path, sample_text):
    pack = team_pack(tmp_path)
    analysis = analyze(sample_text, pack, file="/home/chen/surveys/llm-infra.md")
    assert analysis.privacy == []  # the survey itself is clean
    html = build_report_html(analysis, sample_text, pack_name=pack.name, pack_source=pack.source, pack=pack)
    assert "王晓东" not in html and "Wang Xiaodong" not in html
    assert "names = [&quot;王****&quot;, &quot;Wan********&quot;]" in html  # the pack's line, masked
    assert "/home/chen" not in html and "<code>llm-infra.md</code>" in html


def test_a_windows_path_is_reduced_to_the_file_name(tmp_path, sample_text):
    pack = team_pack(tmp_path)
    analysis = analyze(sample_text, pack, file="C:\\Users\\wang\\Desktop\\llm-infra.md")
    html = build_report_html(analysis, sample_text, pack_name=pack.name, pack_source=pack.source, pack=pack)
    assert "Users" not in html and "<code>llm-infra.md</code>" in html
