"""QA (house rule 8): an address, a code or a key typed with a Chinese input method's full-width digits and letters
("１０.０.３.１７", "ＰＲＪ－１２３４") passed the privacy scan: they are read as ASCII, one character for one."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack


@pytest.mark.parametrize("written, dimension", [
    ("压测节点 １０.０.３.１７ 上跑", "ip"), ("压测节点 １０．０．３．１７ 上跑", "ip"), ("内部代号 ＰＲＪ－１２３４", "org"),
    ("密钥 ｓｋ－ｐｒｏｊ－Ｚｑ８Ｗｍ３Ｘｋ５Ｌｐ９Ｒｔ２Ｖｂ７Ｎｃ１", "secret"),
])
def test_full_width_private_data_is_found_where_it_is_written(written, dimension):
    text = f"一、部署\n{written}\n" + "正文。\n" * 4
    (hit,) = analyze(text, house_pack()).privacy
    start = next(i for i, ch in enumerate(written) if ch in "１ＰｓＺ")
    assert (hit.dimension, hit.line, hit.column) == (dimension, 2, start + 1)


def test_full_width_punctuation_in_chinese_prose_is_no_private_data(sample_text):
    assert analyze(sample_text, house_pack()).privacy == []
    assert analyze("一、正文\n版本（Ｖ２）：见下文，共３处。\n", house_pack()).privacy == []
