"""QA: a reference the survey names only in Chinese ("推理引擎可复现性（arXiv:2605.19537）") was reported `verified`
although nothing compared that name with arXiv's title (the id merely exists). It is now `name not compared`, with
the reason and the request to compare by hand, in the window (English and Chinese, among "Only problems"), in the
JSON `references[].status`, in the CLI's text and in the report; the verifiability share does not count it."""

from __future__ import annotations

import html as html_lib
import json
import re

from editor_app.cli import main as cli_main
from editor_app.config import Config
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import load_pack
from editor_app.resources_path import house_pack_path
from editor_app.services.report import build_report_html
from editor_app.services.verification import verify_references
from ui_support import open_window

SURVEY = """\
一、正文
1. 推理引擎可复现性（arXiv:2605.19537）研究推理引擎。
2. KVarN（arXiv:2606.03458）归一化方差。
3. 与 arXiv:2607.08028 对照。
"""


def _verdicts(text, arxiv_config, arxiv_db):
    refs = analyze(text, load_pack(house_pack_path())).references
    return verify_references(refs, config=arxiv_config, db=arxiv_db)


def test_a_chinese_only_name_is_not_called_verified(fake_arxiv, arxiv_config, arxiv_db):
    v = _verdicts(SURVEY, arxiv_config, arxiv_db)
    assert v["2605.19537"]["status"] == "name not compared"
    assert v["2605.19537"]["title"].startswith("Your Inference Engine")  # the facts are still shown
    assert "only in Chinese ('推理引擎可复现性')" in v["2605.19537"]["message"]
    assert "by hand" in v["2605.19537"]["message"]
    assert v["2606.03458"]["status"] == "verified"
    assert v["2607.08028"]["status"] == "verified"  # no name at all: the survey claims nothing but the id


def test_a_latin_name_beside_the_chinese_one_is_compared(fake_arxiv, arxiv_config, arxiv_db):
    text = SURVEY + "4. Hidden Hyperparameter（arXiv:2605.19537）再次引用。\n"
    assert _verdicts(text, arxiv_config, arxiv_db)["2605.19537"]["status"] == "verified"


def test_a_wrong_date_beside_a_chinese_name_is_check_by_hand(fake_arxiv, arxiv_config, arxiv_db):
    text = "一、正文\n推理引擎可复现性（arXiv:2605.19537，2024-01-02）\n"
    v = _verdicts(text, arxiv_config, arxiv_db)["2605.19537"]
    assert v["status"] == "check by hand" and "only in Chinese" in v["message"] and "2024-01-02" in v["message"]


def test_json_and_text_say_name_not_compared(tmp_path, fake_arxiv, capsys):
    survey = tmp_path / "s.md"
    survey.write_text(SURVEY, encoding="utf-8")
    args = [str(survey), "--verify", "--arxiv-url", fake_arxiv.url, "--arxiv-interval", "0",
            "--db", str(tmp_path / "h.db")]
    cli_main(args + ["--format", "json"])
    refs = {r["id"]: r for r in json.loads(capsys.readouterr().out)["references"]}
    assert refs["2605.19537"]["status"] == "name not compared"
    assert refs["2606.03458"]["status"] == "verified"
    cli_main(args)
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("2605.19537"))
    assert "name not compared" in row and "verified" not in row


def test_the_report_says_name_not_compared(fake_arxiv, arxiv_config, arxiv_db):
    pack = load_pack(house_pack_path())
    verdicts = _verdicts(SURVEY, arxiv_config, arxiv_db)
    analysis = analyze(SURVEY, pack, verdicts=verdicts)
    for language, status in (("en", "name not compared"), ("zh_CN", "名称未比对")):
        html = build_report_html(analysis, SURVEY, pack_name=pack.name, pack_source=pack.source, language=language,
                                 pack=pack)
        part = html[html.index('id="appendix-references"'):]
        row = part[part.index("2605.19537"):]
        row = html_lib.unescape(re.sub(r"<[^>]+>", " ", row[: row.index("</tr>")]))
        assert status in row and "verified" not in row and "已核验" not in row, row


def test_the_window_lists_it_among_problems_in_english_and_chinese(qtbot, qapp, fake_arxiv, tmp_path):
    survey = tmp_path / "s.md"
    survey.write_text(SURVEY, encoding="utf-8")
    cfg = Config(arxiv_url=fake_arxiv.url, arxiv_interval=0.0, contact="tests@example.org", db_path=tmp_path / "u.db")
    for language, status, reason in (("en", "name not compared", "only in Chinese"),
                                     ("zh_CN", "名称未比对", "综述只用中文称呼它（'推理引擎可复现性'）：请人工将其与标题比对")):
        was = qapp.property("survey_editor_language")
        qapp.setProperty("survey_editor_language", language)
        try:
            window = open_window(qtbot, survey, cfg)
            panel = window.references
            assert panel.verify()
            qtbot.waitUntil(lambda: panel.worker is None, timeout=20000)
            panel.only_problems.setChecked(True)
            proxy = panel.view.model()
            rows = {proxy.index(r, 0).data(): (proxy.index(r, 3).data(), proxy.index(r, 3).data(3))
                    for r in range(proxy.rowCount())}
            assert list(rows) == ["2605.19537"], rows
            assert rows["2605.19537"][0] == status and reason in rows["2605.19537"][1]
            window.shutdown()
        finally:
            qapp.setProperty("survey_editor_language", was)
