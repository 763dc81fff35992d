"""QA: re-verifying a row ("Re-verify this reference", `survey-check --force-refresh`) while arXiv could not be
reached (offline, 429, 503) emptied the row: the title, authors, date and verdict it showed a moment ago were gone,
replaced by `unavailable`, although the cache still held arXiv's answer. Now the row keeps that answer, marked as
from the cache, and says that asking again failed and why (English and Chinese)."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.verification import verify_references
from editor_app.ui.engine_text import EngineText
from ui_support import verified_references_window

SURVEY = "一、正文\nKVarN（arXiv:2606.03458）\nGhost（arXiv:2601.09999）\n"


def test_a_failed_refresh_keeps_what_arxiv_said(fake_arxiv, arxiv_config, arxiv_db):
    refs = analyze(SURVEY, house_pack()).references
    first = verify_references(refs, config=arxiv_config, db=arxiv_db)
    assert first["2606.03458"]["status"] == "verified" and first["2601.09999"]["status"] == "not found"
    fake_arxiv.push_fault("503", times=50)
    again = verify_references(refs, config=arxiv_config, db=arxiv_db, force=True)
    kvarn = again["2606.03458"]
    assert kvarn["status"] == "verified" and kvarn["cached"] is True
    assert kvarn["title"].startswith("KVarN:") and kvarn["fetched_at"] == first["2606.03458"]["fetched_at"]
    assert kvarn["message"].endswith(" Asking arXiv again failed: arXiv answered HTTP 503 (after 4 attempts)")
    assert again["2601.09999"]["status"] == "not found"
    assert "Asking arXiv again failed" in again["2601.09999"]["message"]
    say = EngineText("zh_CN")
    assert say(kvarn["message"]) == ("arXiv 上找到（v1，来自缓存）：综述中的名称 'KVarN' 出现在标题中。"
                                     "再次询问 arXiv 失败：arXiv 答复 HTTP 503（尝试 4 次后）")


def test_an_unreachable_arxiv_never_asked_before_is_still_unavailable(fake_arxiv, arxiv_config, arxiv_db):
    refs = analyze(SURVEY, house_pack()).references
    fake_arxiv.push_fault("503", times=50)
    v = verify_references(refs, config=arxiv_config, db=arxiv_db, force=True)
    assert {x["status"] for x in v.values()} == {"unavailable"}


def test_reverifying_a_row_offline_keeps_its_title(qtbot, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    fake_arxiv.push_fault("429", times=50)
    ref = next(r for r in panel.model.rows if r.id == "2606.03458")
    assert panel.verify([ref], force=True)
    qtbot.waitUntil(lambda: panel.worker is None, timeout=20000)
    m = panel.view.model()
    row = next(r for r in range(m.rowCount()) if m.index(r, 0).data() == "2606.03458")
    assert m.index(row, 3).data() == "verified" and m.index(row, 2).data().startswith("KVarN:")
    assert "Asking arXiv again failed: arXiv answered 429" in m.index(row, 3).data(3)
    assert m.index(row, 8).data().endswith("(cache)")
    assert panel.message.text().startswith(  # the line above the table says the refresh failed, and why (QA29c D5)
        "arXiv could not be asked again about 1 reference: its row shows arXiv's earlier answer. Asking again failed: "
        "arXiv answered 429 'Rate exceeded' three times in a row; stopped asking. It did not say how long to wait: "
        "try again in a few minutes.\nverified 1"), panel.message.text()
    window.shutdown()


def test_the_chinese_window_says_the_refresh_failed(qtbot, chinese, zh_translation, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    fake_arxiv.push_fault("503", times=50)
    assert panel.verify(force=True)
    qtbot.waitUntil(lambda: panel.worker is None, timeout=20000)
    assert panel.message.text().startswith(
        "有 2 篇引用未能再次询问 arXiv：其所在行显示的是 arXiv 之前的答复。再次询问失败：arXiv 答复 HTTP 503（尝试 4 次后）。\n"
        "已核验 1"), panel.message.text()
    window.shutdown()


def test_survey_check_text_says_the_refresh_failed(tmp_path, fake_arxiv, capsys):
    """QA: `survey-check --verify --force-refresh` with arXiv unreachable showed the cache's verdicts and no word that
    asking again had failed (the JSON carried `asked_again`; the text said nothing, even with -v)."""
    from editor_app.cli import main as cli_main

    survey = tmp_path / "s.md"
    survey.write_text(SURVEY, encoding="utf-8")
    args = [str(survey), "--verify", "--arxiv-url", fake_arxiv.url, "--arxiv-interval", "0", "--db", str(tmp_path / "h.db")]
    cli_main(args)
    assert "Asking arXiv again failed" not in capsys.readouterr().out
    fake_arxiv.push_fault("503", times=50)
    cli_main([*args, "--force-refresh"])
    out = capsys.readouterr().out
    assert ("Asking arXiv again failed for 2 references (shown as the cache has them): arXiv answered HTTP 503 "
            "(after 4 attempts)") in out
    assert "2606.03458" in out and "verified" in out


def test_survey_check_text_says_why_arxiv_gave_no_answer(tmp_path, fake_arxiv, capsys):
    """QA (CI): with arXiv unreachable the text report's rows said `unavailable` and nothing more; why (HTTP 503, a
    refused connection, after how many attempts) was in the JSON alone."""
    from editor_app.cli import main as cli_main

    survey = tmp_path / "s.md"
    survey.write_text(SURVEY, encoding="utf-8")
    fake_arxiv.push_fault("503", times=50)
    cli_main([str(survey), "--verify", "--arxiv-url", fake_arxiv.url, "--arxiv-interval", "0",
              "--db", str(tmp_path / "h.db")])
    out = capsys.readouterr().out
    assert "arXiv gave no answer for 2 references: arXiv answered HTTP 503 (after 4 attempts" in out
