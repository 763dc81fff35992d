"""QA27a (observation): a multi-line TOML string never closed in a rule pack was refused with no line at all
('e10.toml: TOML syntax error: Expected "\'\'\'" (at end of document)': tomllib places it at the end of the file).
It is named at the line where it opens; an error at the end of a file without a final newline at its line; any other
error at the end of the document at the last line that holds anything. Every broken pack names a line."""

from __future__ import annotations

import pytest

from editor_app.core.rulepack import PackError, parse_pack
from editor_app.wording import PackErrorWords

HEAD = 'schema = 1\nname = "t"\n'
TQ = "'" * 3


def _refused(source: str) -> PackError:
    with pytest.raises(PackError) as caught:
        parse_pack(source, "t.toml")
    return caught.value


@pytest.mark.parametrize("delim", [TQ, '"""'])
def test_an_unclosed_multi_line_string_is_named_where_it_opens(delim):
    source = HEAD + f"[[rules]]\nid = \"a\"\nmessage = {delim}bare ⚠\n\n[[rules]]\nid = \"b\"\nkind = \"count\"\n"
    error = _refused(source)
    assert error.line == 5
    assert error.message == f"TOML syntax error: the multi-line string opened with {delim} on line 5 is never closed"
    assert str(error) == f"t.toml:5: {error.message}"


def test_a_closed_one_above_does_not_mislead():
    source = HEAD + f"a = {TQ}one\ntwo{TQ}\nb = {TQ}three\n\nc = 1\n"
    assert _refused(source).line == 5


def test_crlf_pack():
    source = (HEAD + f"a = 1\nb = {TQ}x\n\nc = 2\n").replace("\n", "\r\n")
    assert _refused(source).line == 4


def test_cut_short_without_a_final_newline():
    assert _refused(HEAD + 'q = """ok"""\nb = "abc').line == 4
    assert _refused(HEAD + "b = {x = 1").line == 3
    assert _refused(HEAD + "[b").line == 3


def test_another_error_at_the_end_names_the_last_line_written():
    error = _refused(HEAD + "b = [1,\n2,\n\n")
    assert error.line == 4 and error.message == "TOML syntax error: Invalid value (at end of document)"


def test_said_in_chinese():
    error = _refused(HEAD + f"b = {TQ}x\n\nc = 2\n")
    assert PackErrorWords("zh_CN").error(error) == f"t.toml:3：TOML 语法错误：第 3 行以 {TQ} 开始的多行字符串一直没有结束"
