"""`survey-check --sample` says where the bundled sample is (QA26c D3: on a wheel install it sits somewhere in
site-packages, and neither the README nor --help said where: a CI user could only try the check on it through the
window's first save)."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor_app.cli import main


def test_sample_prints_the_bundled_surveys_path_and_the_check_runs_on_it(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--sample"])
    assert stop.value.code == 0
    path = Path(capsys.readouterr().out.strip())
    assert path.name == "llm-infra-2026-09-14.md" and path.is_file()
    assert main([str(path)]) == 1  # the sample states wrong figures of itself: the check fails it, as the README says
    assert "· pack llm-infra-survey · CJK 3,838/3,900" in capsys.readouterr().out
