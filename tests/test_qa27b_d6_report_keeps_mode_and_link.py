"""QA27b D6: exporting over an existing report made it 0644 whatever it was (a report chmod 600 became readable by
everyone) and replaced a symlink by a regular file, leaving the link's target with the old report. The new report
keeps the mode of the one it replaces and is written through a symlink to its target, HTML and PDF alike, as a
survey's save does (checked here too)."""

from __future__ import annotations

import os
import stat

import pytest

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.services.files import save_text_atomic
from editor_app.ui.export import export_report_file


def _export(sample_text, out):
    pack = house_pack()
    export_report_file(Analyzer(pack).analyze(sample_text), sample_text, out, pack_name=pack.name,
                       pack_source=pack.source, charts=[], pack=pack)


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize("name", ["r.html", "r.pdf"])
def test_a_private_report_stays_private(sample_text, tmp_path, name):
    out = tmp_path / name
    out.write_text("old")
    out.chmod(0o600)
    _export(sample_text, out)
    assert out.read_bytes() != b"old"
    assert _mode(out) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == [name]  # no temporary file left


@pytest.mark.parametrize("name", ["t.html", "t.pdf"])
def test_a_symlinked_report_is_written_through_its_link(sample_text, tmp_path, name):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / name
    target.write_text("old")
    target.chmod(0o640)
    link = tmp_path / ("link" + target.suffix)
    link.symlink_to(os.path.join("real", name))
    _export(sample_text, link)
    assert link.is_symlink() and os.readlink(link) == os.path.join("real", name)
    assert target.read_bytes() != b"old" and _mode(target) == 0o640
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == [name]


def test_a_new_report_gets_the_usual_mode(sample_text, tmp_path):
    mask = os.umask(0o022)
    try:
        _export(sample_text, tmp_path / "new.html")
    finally:
        os.umask(mask)
    assert _mode(tmp_path / "new.html") == 0o644


def test_a_survey_save_keeps_its_mode_and_link(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "s.md"
    target.write_text("old\n")
    target.chmod(0o600)
    link = tmp_path / "s.md"
    link.symlink_to("real/s.md")
    save_text_atomic(link, "new\n")
    assert link.is_symlink() and target.read_text() == "new\n" and _mode(target) == 0o600
