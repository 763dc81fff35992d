"""QA: a 503 asking for a longer wait than a run waits (2 min) gave its rows the status "rate limited", though the
message said 503: a 503 is arXiv being unavailable, not the survey asking too often. The status is now
"unavailable" (the run still stops, once); a long wait after a 429 stays "rate limited"."""

from __future__ import annotations

from editor_app.services.arxiv_client import ArxivClient


def _client(fake_arxiv) -> ArxivClient:
    return ArxivClient(fake_arxiv.url, contact="tests@example.org", interval=0.0, backoff=0.01)


def test_a_long_wait_after_a_503_is_unavailable_and_stops_the_run(fake_arxiv):
    fake_arxiv.push_fault("503", times=1, seconds=600)
    ids = [f"2609.{n:05d}" for n in range(11582, 11582 + 60)]  # two batches (50 a batch): the second is never sent
    out = _client(fake_arxiv).fetch(ids)
    status, message = out.failed["2609.11582"]
    assert status == "unavailable"
    assert message.startswith("arXiv answered HTTP 503 and asked to wait 10 min before asking again")
    assert {out.failed[i][0] for i in ids} == {"unavailable"}
    assert len(fake_arxiv.api_requests()) == 1  # stopped: not asked again, nor the next batch


def test_a_long_wait_after_a_429_is_still_rate_limited(fake_arxiv):
    fake_arxiv.push_fault("429", times=1, seconds=600)
    status, _ = _client(fake_arxiv).fetch(["2609.11582"]).failed["2609.11582"]
    assert status == "rate limited"
