"""QA26f D4: the report printed the survey's file name in clear ("siyuan-chen_kv-survey.md", "陈思远-草稿-10.1.2.3.md")
and nothing scanned it, so a clean survey exported without --force. The name is scanned as the text is: a hit holds
the export back, page 1 says why, and the report masks it."""

from __future__ import annotations

import shutil
from pathlib import Path

from editor_app.cli import main
from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.resources_path import resource_path
from editor_app.services.report import build_report_html

CLEAN = """# KV cache survey

## Overview

KV caches grow with the context; paging them keeps the memory in use close to what the requests need.

## Limitations

We measured one model on one machine; other models and larger batches may behave otherwise, and the figures
here are indicative only. Quantised caches trade accuracy for memory, which we did not measure at all, and the
long-context results rest on synthetic prompts rather than real traffic, which has a different length profile.
The measurements were taken on a single software version and may not carry over to later releases of the engines
that change their schedulers, their memory managers or the kernels they use for attention at long context.
Finally, the power and the clock settings of the machine were left at their defaults throughout, and the cooling of
the room was not controlled, so the throughput reported here can differ by a few percent from one day to the next.

## References

-- KV team · 2026-11-30
"""


def _team_pack(folder: Path) -> None:
    """The English pack with the house's names list, beside the survey."""
    text = resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8")
    text = text.replace("[privacy]\n", '[privacy]\nnames_file = "builtin:house-names"\n', 1)
    (folder / "survey-rules.toml").write_text(text, encoding="utf-8")


def test_a_name_in_the_file_name_holds_the_export_back(tmp_path, capsys):
    survey = tmp_path / "siyuan-chen_kv-survey.md"
    survey.write_text(CLEAN, encoding="utf-8")
    _team_pack(tmp_path)
    clean = tmp_path / "kv-survey.md"
    shutil.copy(survey, clean)
    assert main([str(clean), "--export", str(tmp_path / "clean.html")]) == 0  # the same text, named otherwise
    capsys.readouterr()

    out = tmp_path / "r.html"
    assert main([str(survey), "--export", str(out)]) == 1
    err = capsys.readouterr().err
    assert "not exporting: the file name holds private data (name)" in err
    assert not out.exists()

    assert main([str(survey), "--export", str(out), "--force"]) == 0
    html = out.read_text(encoding="utf-8")
    assert "siyuan" not in html.lower()
    assert "si********_kv-survey.md" in html
    assert "Not ready to publish." in html
    assert "The file name holds private data (name):" in html


def test_the_report_masks_a_name_and_an_address_in_the_file_name(sample_text):
    pack = house_pack()
    analysis = Analyzer(pack).analyze(sample_text, file="/home/chen/drafts/陈思远-草稿-10.1.2.3.md")
    for language in ("en", "zh_CN"):
        html = build_report_html(analysis, sample_text, pack_name=pack.name, pack_source=pack.source,
                                 language=language, pack=pack)
        assert "陈思远" not in html and "10.1.2.3" not in html and "/home/chen" not in html
        assert "陈****-草稿-10******.md" in html
    assert "文件名含私域数据（人名, IP）：" in html or "文件名含私域数据（人名、IP）：" in html


def test_a_survey_without_a_title_line_is_titled_by_its_masked_name(tmp_path):
    pack = house_pack()
    text = ""  # (no line to take the title from)
    analysis = Analyzer(pack).analyze(text, file=str(tmp_path / "陈思远-草稿.md"))
    html = build_report_html(analysis, text, pack_name=pack.name, pack_source=pack.source, pack=pack)
    assert "陈思远" not in html
    assert "<title>陈****-草稿</title>" in html
