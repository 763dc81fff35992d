"""QA: when arXiv answered 429 with a Retry-After longer than a run waits (2 min), the reason read "arXiv asked to wait
300 s before asking again": not that arXiv had answered 429, nor how many attempts were made; and a 429 after a
failed batch (429, 429, then two connection resets) stopped the next batch at its first attempt, "three times in a
row". The reason now says arXiv's answer, the wait it asked for and the attempts really made; 429s count "in a row"
only when no failed attempt came between them."""

from __future__ import annotations

from editor_app.services.arxiv_client import ArxivClient
from editor_app.wording import EngineText


def _client(fake_arxiv) -> ArxivClient:
    return ArxivClient(fake_arxiv.url, contact="tests@example.org", interval=0.0, backoff=0.01)


def test_a_long_wait_at_the_first_429_says_one_attempt_was_made(fake_arxiv):
    fake_arxiv.push_fault("429", times=1, seconds=300)
    out = _client(fake_arxiv).fetch(["2609.11582"])
    assert len(fake_arxiv.api_requests()) == 1
    status, message = out.failed["2609.11582"]
    assert status == "rate limited"
    assert message == ("arXiv answered 429 'Rate exceeded' and asked to wait 5 min before asking again, longer than a "
                       "run waits (120 s): stopped asking after attempt 1 of 4; try again once that wait is over.")
    assert "three" not in message
    assert EngineText("zh_CN")(message) == (
        "arXiv 答复 429「Rate exceeded」，并要求等待 5 分钟后再询问，超过一次核验所等的时间（120 秒）：第 1 次尝试后（共 4 次）"
        "已停止询问；请等过这段时间后再试。")


def test_a_long_wait_at_the_second_429_says_two_attempts(fake_arxiv):
    fake_arxiv.push_fault("429", times=1)
    fake_arxiv.push_fault("429", times=1, seconds=150)
    out = _client(fake_arxiv).fetch(["2609.11582"])
    assert len(fake_arxiv.api_requests()) == 2
    message = out.failed["2609.11582"][1]
    assert "stopped asking after attempt 2 of 4" in message
    assert "asked to wait 3 min" in message  # 150 s: not "2 min", less than arXiv asked for


def test_a_long_wait_from_a_503_says_it_was_a_503(fake_arxiv):
    fake_arxiv.push_fault("503", times=1, seconds=600)
    message = _client(fake_arxiv).fetch(["2609.11582"]).failed["2609.11582"][1]
    assert message.startswith("arXiv answered HTTP 503 and asked to wait 10 min before asking again")
    assert EngineText("zh_CN")(message).startswith("arXiv 答复 HTTP 503，并要求等待 10 分钟后再询问")


def test_429s_with_failed_attempts_between_are_not_three_in_a_row(fake_arxiv):
    client = _client(fake_arxiv)
    fake_arxiv.push_fault("429", times=2)
    fake_arxiv.push_fault("reset", times=2)
    first = client.fetch(["2609.11582"])
    assert first.failed["2609.11582"][0] == "unavailable"
    fake_arxiv.push_fault("429", times=1)
    second = client.fetch(["2609.11582"])  # one 429, then arXiv answers: asked again, not stopped
    assert "2609.11582" in second.found, second.failed
