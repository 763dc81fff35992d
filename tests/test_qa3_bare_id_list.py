"""QA: a reference list written as bare ids joined by "/" or "、" ("9.1 7 件 arXiv" over "2607.26627 / 2608.07009 /
… / 2605.19537") counted only its first id: the References tab left the others out (2605.19537, cited only there,
was missing), the claims audit said "arXiv ids cited here of §9.1: stated 7, measured 1", and Tools → Update
self-check figures rewrote the correct "7 件 arXiv" into "1 件 arXiv". Every id of such a list now counts."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import figure_updates

IDS = ["2607.26627", "2608.07009", "2608.01526", "2608.16157", "2606.02964", "2606.19746", "2605.19537"]


def test_every_id_of_a_slash_list_is_a_citation():
    assert [c.id for c in citations_in_line(" / ".join(IDS) + "。")] == IDS
    assert [c.id for c in citations_in_line("主轴：" + "、".join(IDS[:3]))] == IDS[:3]
    assert [c.id for c in citations_in_line("见 2607.26627；2608.07009")] == IDS[:2]
    # figures with four decimals stay figures
    assert citations_in_line("吞吐 1203.4567 tok/s 实测") == ()
    assert citations_in_line("比值 1203.4567 / 2") == ()


def test_the_list_is_counted_and_its_stated_count_left_alone():
    text = ("主题综述 · 测试（2026-10-02）\n"
            "一、正文\n"
            "正文。\n"
            "九、引用清单\n"
            "9.1 7 件 arXiv\n"
            + " / ".join(IDS) + "。\n")
    a = analyze(text, house_pack())
    assert sorted(r.id for r in a.references) == sorted(IDS)
    (stated,) = [c for c in a.claims if c.metric == "arxiv_ids"]
    assert stated.claimed == 7 and stated.measured == 7 and stated.ok
    assert not [u for u in figure_updates(text, a) if u.line == 5]


def test_a_sentence_going_on_after_an_id_is_not_its_name():
    """"(2) 数据：arXiv:2607.26627 的线上数据来自单一业务，…" named the paper "的线上数据来自单一业务" in the References
    tab and the report ("Speculative Decoding, 的线上数据来自单一业务")."""
    (c,) = citations_in_line("(2) 数据：arXiv:2607.26627 的线上数据来自单一业务，缺少公开复现。")
    assert c.id == "2607.26627" and c.name is None
    (named,) = citations_in_line("主轴：2605.19537 推理引擎可复现性 ★★ / 其他")
    assert named.name == "推理引擎可复现性"
