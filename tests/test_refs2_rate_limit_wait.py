"""QA: after three 429s in a row the reason said "three times in a row; stopped asking. Try again in a few minutes."
even when arXiv's last answer had said Retry-After: 5. It now says the wait arXiv asked for ("It asked to wait 5 s
before asking again."), or that it did not say one; in Chinese too."""

from __future__ import annotations

from editor_app.services.arxiv_client import ArxivClient
from editor_app.wording import EngineText


def _three_429s(fake_arxiv, last_retry_after: float) -> str:
    fake_arxiv.push_fault("429", times=2)
    fake_arxiv.push_fault("429", times=1, seconds=last_retry_after)
    out = ArxivClient(fake_arxiv.url, contact="tests@example.org", interval=0.0, backoff=0.01).fetch(["2609.11582"])
    status, message = out.failed["2609.11582"]
    assert status == "rate limited" and len(fake_arxiv.api_requests()) == 3
    return message


def test_three_429s_say_the_wait_arxiv_asked_for(fake_arxiv):
    message = _three_429s(fake_arxiv, 5)
    assert message == ("arXiv answered 429 'Rate exceeded' three times in a row; stopped asking. "
                       "It asked to wait 5 s before asking again.")
    assert "few minutes" not in message
    assert EngineText("zh_CN")(message) == "arXiv 连续三次答复 429「Rate exceeded」，已停止询问。它要求等待 5 秒后再询问。"


def test_three_429s_without_a_wait_say_it_was_not_said(fake_arxiv):
    fake_arxiv.push_fault("429", times=3)
    out = ArxivClient(fake_arxiv.url, contact="tests@example.org", interval=0.0, backoff=0.01).fetch(["2609.11582"])
    message = out.failed["2609.11582"][1]
    assert message.endswith("stopped asking. It did not say how long to wait: try again in a few minutes.")
    assert EngineText("zh_CN")(message) == ("arXiv 连续三次答复 429「Rate exceeded」，已停止询问。它没有说要等多久：请几分钟后再试。")


def test_a_long_wait_is_said_in_minutes(fake_arxiv):
    assert _three_429s(fake_arxiv, 300).endswith("It asked to wait 5 min before asking again.")
