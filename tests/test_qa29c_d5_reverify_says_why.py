"""QA29c D5: when Verify all again (or Re-verify) could not reach arXiv, the line above the table read only "arXiv could
not be asked again about 38 references: their rows show its earlier answer." Why (connection refused; a 429 asking to
wait 5 minutes, the run stopped after attempt 1 of 4) was only in each row's tooltip, though README says the line
states it. The line now says why, once, and for a wait until when it lasts, in English and Chinese."""

from __future__ import annotations

import math
import time
from datetime import datetime

from arxiv_fixtures import all_test_papers
from editor_app.devtools.fake_arxiv import FakeArxiv
from ui_support import verified_references_window

SURVEY = "一、正文\nHiSparse（arXiv:2608.07009）与 FreeToken（arXiv:2608.16157）。\n"


def wait_over_at(until: float) -> str:
    """Local time, rounded up to the minute, as "asked to wait until 14:13" says it."""
    return datetime.fromtimestamp(math.ceil(until / 60) * 60).strftime("%H:%M")


def _again(qtbot, panel) -> str:
    assert panel.verify(force=True)
    qtbot.waitUntil(lambda: panel.worker is None, timeout=30000)
    return panel.message.text()


def test_verify_all_again_with_arxiv_unreachable_says_why(qtbot, tmp_path):
    with FakeArxiv(all_test_papers(), "127.0.0.1", 0) as fake:
        window, panel = verified_references_window(qtbot, fake, tmp_path, SURVEY)
        port = fake.port
    assert panel.message.text() == "verified 2"
    assert _again(qtbot, panel) == (  # (the server is gone: connection refused)
        "arXiv could not be asked again about 2 references: their rows show its earlier answer. Asking again failed: "
        f"the connection to arXiv failed (Connection refused: 127.0.0.1:{port}) (after 4 attempts; stopped asking: "
        "check the network connection).\nverified 2")
    window.shutdown()


def test_verify_all_again_told_to_wait_says_until_when(qtbot, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    fake_arxiv.push_fault("429", times=1, seconds=300)
    asked = time.time()
    text = _again(qtbot, panel)
    over = {wait_over_at(asked + 300), wait_over_at(time.time() + 300)}
    assert text in {(
        "arXiv could not be asked again about 2 references: their rows show its earlier answer. Asking again failed: "
        "arXiv answered 429 'Rate exceeded' and asked to wait 5 min before asking again, longer than a run waits "
        f"(120 s): stopped asking after attempt 1 of 4; try again once that wait is over. That wait is over at {at}."
        "\nverified 2") for at in over}, text
    # a run inside that wait asks nothing; its reason says until when already, and the line says it once
    fake_arxiv.clear_log()
    text = _again(qtbot, panel)
    assert fake_arxiv.api_requests() == []
    assert any(text.startswith(
        "arXiv could not be asked again about 2 references: their rows show its earlier answer. Asking again failed: "
        f"arXiv answered 429 'Rate exceeded' earlier and asked to wait until {at} (") for at in over), text
    assert text.endswith("not asked again before then.\nverified 2") and "That wait is over" not in text
    window.shutdown()


def test_re_verifying_one_row_says_why(qtbot, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    fake_arxiv.push_fault("503", times=50)
    ref = next(r for r in panel.model.rows if r.id == "2608.07009")
    assert panel.verify([ref], force=True)
    qtbot.waitUntil(lambda: panel.worker is None, timeout=30000)
    assert panel.message.text() == (
        "arXiv could not be asked again about 1 reference: its row shows arXiv's earlier answer. Asking again failed: "
        "arXiv answered HTTP 503 (after 4 attempts).\nverified 2")
    window.shutdown()


def test_the_chinese_line_says_why_and_until_when(qtbot, chinese, zh_translation, fake_arxiv, tmp_path):
    window, panel = verified_references_window(qtbot, fake_arxiv, tmp_path, SURVEY)
    fake_arxiv.push_fault("429", times=1, seconds=300)
    asked = time.time()
    text = _again(qtbot, panel)
    over = {wait_over_at(asked + 300), wait_over_at(time.time() + 300)}
    assert text in {(
        "有 2 篇引用未能再次询问 arXiv：其所在行显示的是 arXiv 之前的答复。再次询问失败：arXiv 答复 429「Rate exceeded」，并要求"
        "等待 5 分钟后再询问，超过一次核验所等的时间（120 秒）：第 1 次尝试后（共 4 次）已停止询问；请等过这段时间后再试。"
        f"这段等待在 {at} 结束。\n已核验 2") for at in over}, text
    window.shutdown()


def test_the_chinese_line_says_the_connection_was_refused(qtbot, chinese, zh_translation, tmp_path):
    with FakeArxiv(all_test_papers(), "127.0.0.1", 0) as fake:
        window, panel = verified_references_window(qtbot, fake, tmp_path, SURVEY)
        port = fake.port
    assert _again(qtbot, panel) == (
        "有 2 篇引用未能再次询问 arXiv：其所在行显示的是 arXiv 之前的答复。再次询问失败：连接 arXiv 失败（Connection refused: "
        f"127.0.0.1:{port}）（尝试 4 次后；已停止询问：请检查网络连接）。\n已核验 2")
    window.shutdown()
