"""QA: the References tab's counts line counted each row under its main status only. A withdrawn paper with a wrong
name (its row reads "name mismatch · withdrawn?") added to "withdrawn? 1" and not to "name mismatch": two rows with
a name mismatch were counted as one. Now every status a row has is counted, and the line says the counts may add
up to more than the references."""

from __future__ import annotations

from editor_app.core.reference_verdicts import status_counts
from test_refs2_verdict_details import WITHDRAWN, _verified_window


def test_every_status_of_a_row_is_counted():
    assert status_counts([["withdrawn?", "name mismatch"], ["name mismatch"], ["verified"]]) == {
        "name mismatch": 2, "withdrawn?": 1, "verified": 1}
    assert list(status_counts([["verified"], ["not found"], ["verified"]])) == ["verified", "not found"]  # most first


def test_the_tab_counts_a_withdrawn_paper_with_a_wrong_name_under_both(qtbot, qapp, fake_arxiv, tmp_path):
    window, panel = _verified_window(qtbot, qapp, fake_arxiv, tmp_path, WITHDRAWN)
    assert panel.message.text() == (
        "name mismatch 2 · withdrawn? 1  (2 references: one with several statuses counts under each)")
    window.shutdown()


def test_the_chinese_tab_says_it_too(qtbot, qapp, zh_translation, fake_arxiv, tmp_path):
    was = qapp.property("survey_editor_language")
    try:
        window, panel = _verified_window(qtbot, qapp, fake_arxiv, tmp_path, WITHDRAWN, "zh_CN")
        assert panel.message.text() == "名称不符 2 · 可能已撤回 1  （共 2 篇引用：有几个状态的引用在每个状态下各计一次）"
        window.shutdown()
    finally:
        qapp.setProperty("survey_editor_language", was)


def test_rows_with_one_status_each_need_no_note(qtbot, qapp, fake_arxiv, tmp_path):
    window, panel = _verified_window(qtbot, qapp, fake_arxiv, tmp_path, "一、正文\n1. KVarN（arXiv:2606.03458）。\n")
    assert panel.message.text() == "verified 1"
    window.shutdown()


def test_one_row_with_two_statuses_says_it_counts_under_each(qtbot, qapp, fake_arxiv, tmp_path):
    window, panel = _verified_window(qtbot, qapp, fake_arxiv, tmp_path, WITHDRAWN.splitlines()[0] + "\n"
                                     + WITHDRAWN.splitlines()[1] + "\n")
    assert panel.message.text() == "withdrawn? 1 · name mismatch 1  (1 reference: counted under each of its statuses)"
    window.shutdown()
