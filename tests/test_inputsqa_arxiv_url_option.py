"""QA: `survey-check --verify --arxiv-url X` and `survey-editor --arxiv-url X` took any X without a word ("localhost:8123",
"ftp://…", http:// to arXiv's own host, which Edit → Settings refuses at Save): every request then failed, or went to
arXiv unencrypted. Both now refuse it as Settings does (one check, config_checks.arxiv_url_problem), with the reason,
and exit with status 2 (unusable input) before anything is checked or a window opens."""

from __future__ import annotations

import pytest

from editor_app.__main__ import main as survey_editor
from editor_app.cli import main as survey_check

NOT_URLS = ["localhost:8123/api/query", "not a url", "ftp://127.0.0.1/api", "https://", "http://127.0.0.1:port/api"]


def _refused(program, argv, capsys) -> str:
    with pytest.raises(SystemExit) as stopped:
        program(argv)
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing checked, nothing printed for a machine
    return captured.err


@pytest.mark.parametrize("url", NOT_URLS)
def test_survey_check_refuses_an_arxiv_url_that_is_not_a_web_address(sample_path, tmp_path, capsys, url):
    err = _refused(survey_check, [str(sample_path), "--verify", "--arxiv-url", url, "--db", str(tmp_path / "h.db")],
                   capsys)
    assert "--arxiv-url" in err and repr(url) in err and "is not a web address" in err
    assert not (tmp_path / "h.db").exists()


@pytest.mark.parametrize("url", ["http://export.arxiv.org/api/query", "http://arxiv.org/api/query"])
def test_survey_check_refuses_plain_http_to_the_real_arxiv(sample_path, capsys, url):
    err = _refused(survey_check, [str(sample_path), "--verify", "--arxiv-url", url], capsys)
    assert "--arxiv-url" in err and "https://" in err and url in err


@pytest.mark.parametrize("url", [NOT_URLS[0], NOT_URLS[2], "http://export.arxiv.org/api/query"])
def test_survey_editor_refuses_it_before_a_window_opens(tmp_path, capsys, url):
    err = _refused(survey_editor, ["--arxiv-url", url, "--screenshot", str(tmp_path / "shot.png")], capsys)
    assert "--arxiv-url" in err and url in err
    assert not (tmp_path / "shot.png").exists()


def test_a_test_server_and_the_real_api_are_taken(sample_path, tmp_path, fake_arxiv, capsys):
    code = survey_check([str(sample_path), "--format", "json", "--verify", "--arxiv-url", fake_arxiv.url,
                         "--arxiv-interval", "0", "--db", str(tmp_path / "h.db")])
    assert code in (0, 1)
    from editor_app.__main__ import build_parser

    args = build_parser().parse_args(["--arxiv-url", " https://export.arxiv.org/api/query "])
    assert args.arxiv_url == "https://export.arxiv.org/api/query"
