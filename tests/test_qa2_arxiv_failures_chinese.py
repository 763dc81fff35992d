"""QA: in the Chinese window, a verification arXiv could not answer showed its status in Chinese (被限流, 不可用) but
the reason in English, and the catch-all "x: y" template sprinkled full-width colons into the network's own words
("…port=8123)：Max retries exceeded with url：/api/query"). The reasons now read in Chinese; what arXiv and the
network said is kept exactly as written."""

from __future__ import annotations

from editor_app.config import Config
from editor_app.ui.engine_text import EngineText
from ui_support import open_window


def _status_tips(qtbot, window) -> dict[str, str]:
    panel = window.references
    assert panel.verify(force=True)
    qtbot.waitUntil(lambda: panel.worker is None, timeout=30000)
    model = panel.view.model()
    return {model.index(r, 3).data(): model.index(r, 3).data(3) for r in range(model.rowCount())}  # 3: ToolTipRole


def test_why_arxiv_gave_no_verdict_reads_in_chinese(qtbot, chinese, sample_path, fake_arxiv, tmp_path):
    cfg = Config(arxiv_url=fake_arxiv.url, arxiv_interval=0.0, contact="tests@example.org", db_path=tmp_path / "a.db")
    window = open_window(qtbot, sample_path, cfg)

    fake_arxiv.push_fault("429", times=5)
    tips = _status_tips(qtbot, window)
    assert tips == {"被限流": "arXiv 连续三次答复 429「Rate exceeded」，已停止询问。它没有说要等多久：请几分钟后再试。"}

    fake_arxiv.push_fault("reset", times=50)
    tips = _status_tips(qtbot, window)
    assert set(tips) == {"不可用"}
    assert tips["不可用"].startswith("连接 arXiv 失败（connection reset）（尝试 4 次后）")  # before: all English
    window.shutdown()


def test_the_network_s_own_words_keep_their_colons():
    say = EngineText("zh_CN")
    detail = ("HTTPConnectionPool(host='127.0.0.1', port=8123): Max retries exceeded with url: /api/query "
              "(Caused by NewConnectionError('[Errno 111] Connection refused'))")
    assert say(f"the connection to arXiv failed ({detail}) (after 4 attempts)") == f"连接 arXiv 失败（{detail}）（尝试 4 次后）"
    assert say("arXiv's answer is not well-formed XML (no element found: line 3, column 34) (after 4 attempts)") == \
        "arXiv 的答复不是格式正确的 XML（no element found: line 3, column 34）（尝试 4 次后）"
    assert say("arXiv answered HTTP 503 (after 4 attempts) (stopped asking after three failed batches in a row)") == \
        "arXiv 答复 HTTP 503（尝试 4 次后）（连续三批失败，已停止询问）"
    assert say(f"the connection to arXiv failed ({detail}) (after 4 attempts; stopped asking: check the network "
               "connection)") == f"连接 arXiv 失败（{detail}）（尝试 4 次后；已停止询问：请检查网络连接）"
    assert say("arXiv answered 429 'Rate exceeded' and asked to wait 4 min before asking again, longer than a run "
               "waits (120 s): stopped asking after attempt 1 of 4; try again once that wait is over.") == (
        "arXiv 答复 429「Rate exceeded」，并要求等待 4 分钟后再询问，超过一次核验所等的时间（120 秒）：第 1 次尝试后（共 4 次）"
        "已停止询问；请等过这段时间后再试。")
    assert EngineText("en")("arXiv answered HTTP 503 (after 4 attempts)") == "arXiv answered HTTP 503 (after 4 attempts)"
