"""QA (packqa3): a word one letter off in [document] or a counter's builtin was refused without the word meant:
`heading_styles = ["markdwon"]` said 'must be a list of "numbered" and/or "markdown"', `builtin = "word"` said
'a counter needs regex, literal or builtin = one of …' under the counter's name, not its builtin key."""

from __future__ import annotations

import pytest
from pack_support import MINIMAL

from editor_app.core.rulepack import PackError, parse_pack
from editor_app.wording import PackErrorWords


def _refused(source: str) -> PackError:
    with pytest.raises(PackError) as err:
        parse_pack(source, "blog.toml")
    return err.value


@pytest.mark.parametrize("table, key, said, zh", [
    ('[document]\nheading_styles = ["markdwon"]\n', "document.heading_styles",
     'unknown heading style \'markdwon\'; did you mean "markdown"?', '未知的标题样式 \'markdwon\'；是否想写 "markdown"？'),
    ('[document]\nclaim_zones = ["headers", "sections"]\n', "document.claim_zones",
     'unknown claim zone \'headers\'; did you mean "header"?', '未知的自报区域 \'headers\'；是否想写 "header"？'),
    ("[counters.w]\nlabel = 'words'\nbuiltin = 'word'\n", "counters.w.builtin",
     'unknown builtin counter \'word\'; did you mean "words"?', '未知的内置计数器 \'word\'；是否想写 "words"？'),
])
def test_a_near_miss_names_the_word_meant_at_its_own_line(table, key, said, zh):
    source = MINIMAL + table
    exc = _refused(source)
    assert (exc.key, exc.message) == (key, said)
    assert exc.line == len(source.splitlines())  # the line the word is on
    assert PackErrorWords("zh_CN").error(exc) == f"blog.toml:{exc.line}：{key}：{zh}"


def test_a_word_far_from_any_still_lists_them():
    assert _refused(MINIMAL + '[document]\nheading_styles = ["setext"]\n').message == \
        'must be a list of "numbered" and/or "markdown"'
    assert "one of lines, chars, words, list_items (found 'pages')" in \
        _refused(MINIMAL + "[counters.p]\nbuiltin = 'pages'\n").message
