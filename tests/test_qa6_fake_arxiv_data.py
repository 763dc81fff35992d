"""QA: `python -m editor_app.devtools.fake_arxiv --data papers.toml` (README: "for your own") tells what is wrong
with a papers file, and the documents it points to exist.

Before: a paper without `published` said only "cannot read papers.toml: 'published'", a file whose `paper` was
not a list of tables ended in a TypeError traceback, a misspelt `[[papers]]` served 0 papers without a word (every
id then "not found"), and the docstring and the sample papers file sent the reader to docs/arxiv-api.md, which
does not exist.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from editor_app.devtools.fake_arxiv import load_papers, main, sample_dataset_path

ROOT = Path(__file__).resolve().parent.parent


def _write(tmp_path, text: str) -> Path:
    path = tmp_path / "papers.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text, said", [
    ('[[paper]]\nid = "2609.00001"\ntitle = "X"\n', "paper 1 (2609.00001): missing published"),
    ('[[paper]]\ntitle = "X"\npublished = "2026-09-01T00:00:00Z"\n', "paper 1 (no id): missing id"),
    ('paper = 3\n', "no [[paper]] tables"),
    ('[[papers]]\nid = "2609.00001"\ntitle = "X"\npublished = "2026-09-01T00:00:00Z"\n', "no [[paper]] tables"),
    ('[[paper]]\nid = "2609.00001"\ntitle = "X"\npublished = "2026-09-01T00:00:00Z"\n[[paper.versions]]\ntitle = "Y"\n',
     "missing updated in each [[paper.versions]]"),
])
def test_a_bad_papers_file_is_named_with_what_is_wrong(tmp_path, capsys, text, said):
    path = _write(tmp_path, text)
    with pytest.raises(ValueError, match=re.escape(said)):
        load_papers(path)
    assert main(["--data", str(path), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fake_arxiv: cannot read {path}: ") and said in err and "Traceback" not in err


def test_a_missing_papers_file_says_so_plainly(tmp_path, capsys):
    assert main(["--data", str(tmp_path / "nope.toml"), "--port", "0"]) == 2
    assert capsys.readouterr().err.strip() == f"fake_arxiv: cannot read {tmp_path / 'nope.toml'}: No such file or directory"


def test_the_bundled_papers_still_load():
    papers = load_papers(sample_dataset_path())
    assert len(papers) == 15 and all(p.title and p.published for p in papers)


def test_the_docs_the_fake_and_its_data_point_to_exist():
    for source in (ROOT / "editor_app" / "devtools" / "fake_arxiv.py", ROOT / "resources" / "arxiv" / "sample-papers.toml",
                   ROOT / "README.md"):
        for ref in re.findall(r"(?<![\w/])((?:docs|resources|editor_app|packaging)/[\w./-]+\.(?:md|toml|py|png))",
                              source.read_text(encoding="utf-8")):
            assert (ROOT / ref).exists(), f"{source.name} points to {ref}, which does not exist"


def test_help_gives_the_defaults():
    out = subprocess.run([sys.executable, "-m", "editor_app.devtools.fake_arxiv", "--help"], capture_output=True,
                         text=True, timeout=60, cwd=ROOT).stdout
    assert "default: 8765" in out and "default: 127.0.0.1" in out
