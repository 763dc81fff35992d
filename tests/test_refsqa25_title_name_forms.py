"""QA25 D4: a paper's own name with words of its title is a right name, and a verdict says each of the survey's
names ("SAC CXL" for "SAC: Spilling Attention Caches to CXL Memory …" was a red name mismatch; beside a wrong
name it was not said at all). Verdicts come from the fake arXiv on loopback."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor_app.config import Config
from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.devtools.fake_arxiv import FakeArxiv, paper_from_dict
from editor_app.services.database import open_database
from editor_app.services.verification import verify_references
from editor_app.wording import EngineText

SAC = "2606.19746"
PAPERS = [{"id": SAC, "title": "SAC: Spilling Attention Caches to CXL Memory without Losing Throughput",
           "published": "2026-06-19T10:00:00Z", "primary_category": "cs.DC", "authors": ["A Reader"]}]


@pytest.fixture(scope="module")
def verdict(tmp_path_factory):
    """verdict(survey lines) -> the verdict of SAC's id, through the whole analysis and the fake arXiv."""
    opened = open_database(Path(tmp_path_factory.mktemp("qa25")) / "qa25.db")
    with FakeArxiv([paper_from_dict(p) for p in PAPERS], "127.0.0.1", 0) as fake:
        config = Config(arxiv_url=fake.url, arxiv_interval=0.0, contact="tests@example.org")

        def run(*lines: str) -> dict:
            refs = Analyzer(house_pack()).analyze("一、引用\n" + "\n".join(lines) + "\n").references
            return verify_references(refs, config=config, db=opened.db)[SAC]

        yield run
    opened.db.conn.close()


@pytest.mark.parametrize("name", ["SAC CXL", "CXL SAC", "SAC-CXL", "SAC Throughput"])
def test_the_title_s_own_name_with_words_of_the_title_is_right(verdict, name):
    v = verdict(f"1. {name}（arXiv:{SAC}）讨论调度。")
    assert v["status"] == "verified", v["message"]
    assert f"the survey's name '{name}' is the title's name 'SAC' with words of the title" in v["message"]


@pytest.mark.parametrize("name", ["SAC Atlas", "KV SAC", "Attention CXL", "Spilling Caches"])
def test_a_word_not_in_the_title_or_no_title_name_is_not_such_a_form(verdict, name):
    v = verdict(f"1. {name}（arXiv:{SAC}）讨论调度。")
    assert v["status"] != "verified" or "the title's name" not in v["message"], v["message"]
    assert "with words of the title" not in v["message"]


def test_beside_a_wrong_name_the_right_form_is_said_to_match(verdict):
    v = verdict(f"1. HydraKV（arXiv:{SAC}）把 KV cache 放到 CXL。", f"2. SAC CXL（arXiv:{SAC}）讨论调度。")
    assert v["status"] == "name mismatch"
    assert "'HydraKV' (L2) does not match the title" in v["message"]
    assert "'SAC CXL' (L3) matches it" in v["message"]


def test_every_wrong_name_is_said_not_only_the_first(verdict):
    v = verdict(f"1. HydraKV（arXiv:{SAC}）把 KV cache 放到 CXL。", f"2. FooNet（arXiv:{SAC}）讨论调度。",
                f"3. SAC（arXiv:{SAC}）。")
    assert v["status"] == "name mismatch"
    assert "'HydraKV' (L2) does not match the title" in v["message"]
    assert "'FooNet' (L3) does not match it either" in v["message"]
    assert "'SAC' (L4) matches it" in v["message"]


def test_the_new_notes_read_in_chinese(verdict):
    say = EngineText("zh_CN")
    alone = say(verdict(f"1. SAC CXL（arXiv:{SAC}）讨论调度。")["message"])
    assert "综述中的名称 'SAC CXL' 是标题中的名称 'SAC' 加上标题中的词" in alone, alone
    both = say(verdict(f"1. HydraKV（arXiv:{SAC}）。", f"2. FooNet（arXiv:{SAC}）。", f"3. SAC CXL（arXiv:{SAC}）。")["message"])
    assert "'FooNet' (L3) 也与之不符" in both and "'SAC CXL' (L4) 与之相符" in both, both
