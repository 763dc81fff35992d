"""QA27e D2: a name of two capitalised words joined by a small word ("Caching on Clusters（arXiv:…）", "Strings on
Branes（hep-th/…）") was cut to its last word: the stop word was kept only inside a run of three capitalised words or
more. "Clusters" is in the title of ThunderServe, so the wrong name "Caching on Clusters" was verified with
similarity 1.00. A word written as a title's joined to the next by on, at, to, by or from keeps it."""

from __future__ import annotations

import pytest

from editor_app.core.references import citations_in_line
from editor_app.services.verification import name_check


@pytest.mark.parametrize("line, name", [
    ("Caching on Clusters（arXiv:2606.22222）提出跨主机 KV 缓存。", "Caching on Clusters"),
    ("Diffusion on Scale（arXiv:2610.01234）提出扩散模型服务。", "Diffusion on Scale"),
    ("Strings on Branes（hep-th/9901001）经典对照。", "Strings on Branes"),
    ("Learning to Rank（arXiv:2604.08810）", "Learning to Rank"),
    ("Serving at Scale (arXiv:2604.08810) shows gains.", "Serving at Scale"),
])
def test_a_two_word_title_keeps_its_small_word(line, name):
    assert [c.name for c in citations_in_line(line)] == [name]


@pytest.mark.parametrize("line, name", [
    ("Compared to FooNet（arXiv:2604.08810）", "FooNet"),
    ("Inspired by FooNet (arXiv:2601.00138)", "FooNet"),
    ("According to FooNet（arXiv:2604.08810）", "FooNet"),
    ("FooNet and BarNet（arXiv:2604.08810）", "BarNet"),
    ("SGLang to KVarN（arXiv:2604.08810）", "KVarN"),
    ("Apache-2.0up to KVarN（2606.03458）", "KVarN"),
    ("We build on FooNet（arXiv:2604.08810）", "FooNet"),
])
def test_prose_before_a_name_still_goes(line, name):
    assert [c.name for c in citations_in_line(line)] == [name]


def test_the_wrong_name_is_not_verified_by_its_last_word():
    (c,) = citations_in_line("Caching on Clusters（arXiv:2606.22222）提出跨主机 KV 缓存。")
    check = name_check([c.name], ["ThunderServe: Low-Latency LLM Serving on Heterogeneous Clusters"])
    assert not check.contained and check.similarity < 0.6
