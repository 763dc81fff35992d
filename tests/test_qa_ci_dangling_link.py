"""QA (CI): a survey that is a symbolic link to a file no longer there (a renamed target in the repository) was
reported as "dangling.md does not exist." while `ls` listed it; the message now names the link and its target,
in the Chinese window too."""

from __future__ import annotations

import os

import pytest

from editor_app import cli
from editor_app.services.files import UnreadableFile, load_text
from editor_app.wording import EngineText


def test_a_dangling_link_names_its_target(tmp_path, monkeypatch, capsys, sample_text):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "good.md").write_text(sample_text, encoding="utf-8")
    os.symlink("renamed-away.md", tmp_path / "dangling.md")
    assert cli.main(["good.md", "dangling.md"]) == 2
    assert "survey-check: dangling.md is a link to renamed-away.md, which does not exist." in capsys.readouterr().err
    with pytest.raises(UnreadableFile) as err:
        load_text(tmp_path / "dangling.md")
    assert EngineText("zh_CN")(str(err.value)) == (
        f"{tmp_path / 'dangling.md'} 是指向 renamed-away.md 的链接，而 renamed-away.md 不存在。")
    with pytest.raises(UnreadableFile, match=r"gone\.md does not exist\.$"):
        load_text(tmp_path / "gone.md")
