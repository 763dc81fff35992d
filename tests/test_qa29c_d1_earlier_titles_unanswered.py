"""QA29c D1: a name that matches none of the titles known waits for the earlier versions' titles; when that request
fails (503), is cancelled, or a run judging again from the cache can't make it, the row was a red "name mismatch"
(TinyServe, the v1 title of 2601.00011, judged against v2's alone). It is now no verdict on the name, saying why;
under force the earlier titles the cache knows are kept, not asked again."""

from __future__ import annotations

import threading
from datetime import date

from editor_app.core.analyze import Analyzer
from editor_app.core.references import assemble_references, citations_in_line
from editor_app.core.rulepack import house_pack
from editor_app.core.rules import NO_ANSWER
from editor_app.services.verification import verify_references
from editor_app.wording import EngineText

RENAMED = "TinyServe（arXiv:2601.00011）小模型服务。"  # arXiv's v2 title is another: v1's is "TinyServe: …"


def refs_of(text: str):
    return assemble_references(((i, citations_in_line(l)) for i, l in enumerate(text.split("\n"), 1)), date.today())


def _fault_after_first_batch(fake, kind: str, times: int):
    """progress(): once the ids are answered, the next requests (the earlier titles') get the fault."""
    pushed = []

    def progress(done: int, total: int) -> None:
        if done and not pushed:
            pushed.append(True)
            fake.push_fault(kind, times=times)
    return progress


def test_a_503_on_the_earlier_titles_is_no_mismatch(fake_arxiv, arxiv_config, arxiv_db):
    got = verify_references(refs_of(RENAMED), config=arxiv_config, db=arxiv_db,
                            progress=_fault_after_first_batch(fake_arxiv, "503", 4))["2601.00011"]
    assert [r["ids"] for r in fake_arxiv.api_requests()][-1] == ["2601.00011v1"]  # (the request that failed)
    assert got["status"] == "unavailable", got["message"]
    assert got["status"] in NO_ANSWER  # (verifiability: not measured, never a failed citation)
    assert "mismatched_name" not in got and got["statuses"] == ["unavailable"]
    assert got["title"] == "Efficient Small-Model Serving with Speculative Batching"  # (arXiv's answer still shown)
    assert got["message"].startswith("Found on arXiv, but the name could not be checked (v2, just fetched): "
                                     "the survey's name 'TinyServe' does not match the latest title")
    assert "The earlier versions' titles could not be fetched: arXiv answered HTTP 503" in got["message"]
    zh = EngineText("zh_CN")(got["message"])
    assert zh.startswith("arXiv 上找到，但名称未能核对（v2，刚刚获取）：综述中的名称 'TinyServe' 与最新标题不符") \
        and "未能获取较早版本的标题" in zh, zh
    # the next run asks for them again and verifies the name
    again = verify_references(refs_of(RENAMED), config=arxiv_config, db=arxiv_db)["2601.00011"]
    assert again["status"] == "verified" and "earlier version" in again["message"]


def test_a_cancel_before_the_earlier_titles_is_no_mismatch(fake_arxiv, arxiv_config, arxiv_db):
    cancel = threading.Event()
    got = verify_references(refs_of(RENAMED), config=arxiv_config, db=arxiv_db, cancel=cancel,
                            progress=lambda done, total: cancel.set() if done else None)
    assert [r["ids"] for r in fake_arxiv.api_requests()] == [["2601.00011"]]  # (v1 never asked)
    v = got["2601.00011"]
    assert v["status"] == "unverified" and "mismatched_name" not in v, v["message"]
    assert v["message"].endswith("could not be fetched: the run was cancelled before arXiv gave them")


def test_judging_again_from_the_cache_does_not_call_an_edited_name_a_mismatch(fake_arxiv, arxiv_config, arxiv_db):
    right = "Efficient Small-Model Serving with Speculative Batching（arXiv:2601.00011）。"
    assert verify_references(refs_of(right), config=arxiv_config, db=arxiv_db)["2601.00011"]["status"] == "verified"
    fake_arxiv.clear_log()
    v = verify_references(refs_of(RENAMED), config=arxiv_config, db=arxiv_db, cache_only=True)["2601.00011"]
    assert fake_arxiv.api_requests() == []
    assert v["status"] == "unverified" and "verify again" in v["message"], v["message"]


def test_force_keeps_the_earlier_titles_it_knows(fake_arxiv, arxiv_config, arxiv_db):
    assert verify_references(refs_of(RENAMED), config=arxiv_config, db=arxiv_db)["2601.00011"]["status"] == "verified"
    fake_arxiv.clear_log()
    v = verify_references(refs_of(RENAMED), config=arxiv_config, db=arxiv_db, force=True,
                          progress=_fault_after_first_batch(fake_arxiv, "503", 4))["2601.00011"]
    assert [r["ids"] for r in fake_arxiv.api_requests()] == [["2601.00011"]]  # (v1's title not asked again)
    assert v["status"] == "verified" and v["cached"] is False, v["message"]


def test_the_analysis_does_not_score_it(fake_arxiv, arxiv_config, arxiv_db):
    """Through the whole analysis: the reference is not counted as a name mismatch nor against verifiability."""
    text = "一、引用\n" + RENAMED + "\n"
    refs = Analyzer(house_pack()).analyze(text).references
    verdicts = verify_references(refs, config=arxiv_config, db=arxiv_db,
                                 progress=_fault_after_first_batch(fake_arxiv, "503", 4))
    analysis = Analyzer(house_pack()).analyze(text, verdicts=verdicts)
    ref = next(r for r in analysis.references if r.id == "2601.00011")
    assert ref.status == "unavailable"
    assert analysis.metrics.get("verifiability") is None
