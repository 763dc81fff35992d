"""QA (rule-pack authors): in the Chinese window a broken rule pack was refused in English under a Chinese title
("规则包不可用" over "team.toml:12: rules[0].max: must be a number (found '2000')"). The reason now reads in Chinese
in the Chinese window, still naming the file, line and key as written; the English window and survey-check keep the
English."""

from __future__ import annotations

import errno
import os
import re

import pytest
from pack_support import MINIMAL

from editor_app import cli
from editor_app.core import privacy, rulepack
from editor_app.core.rulepack import PackError, load_pack, parse_pack
from editor_app.wording import _PACK_ZH_CN, _PARSER_ZH_CN, PackErrorWords, _compile
from ui_support import window_beside_a_pack

_RULE = '[[rules]]\nid = "r"\n'
_SCOPED = MINIMAL.replace('max = 10\n', 'max = 10\nscope = {}\n')


def _scope(table: str) -> str:
    return MINIMAL + f'{_RULE}kind = "count"\ncounter = "cjk"\nmax = 1\nscope = {table}\n'


def _privacy(body: str) -> str:
    return MINIMAL + "[privacy]\n" + body + "\n"


# One broken pack for each way the loader refuses one (core/rulepack.py and the [privacy] table's core/privacy.py).
BROKEN = {
    "toml value": MINIMAL.replace('name = "t"', "name = t"),
    "toml escape": MINIMAL + '[counters.d]\nregex = "\\d"\n',
    "toml string": MINIMAL.replace('kind = "count"', 'kind = "count'),
    "toml array header": MINIMAL.replace("[[rules]]", "[[rules]"),
    "toml twice": MINIMAL + "max = 11\n",
    "toml table twice": MINIMAL + "[counters.cjk]\nregex = 'x'\n",
    "toml unclosed array": MINIMAL + "[document]\nclaim_zones = [\"header\"\n",
    "toml unclosed multi-line string": MINIMAL + "[document]\nfooter = '''x\n\n",
    "no schema": MINIMAL.replace("schema = 1\n", ""),
    "schema 2": MINIMAL.replace("schema = 1", "schema = 2"),
    "schema text": MINIMAL.replace("schema = 1", 'schema = "1"'),
    "no name": MINIMAL.replace('name = "t"\n', ""),
    "top typo": MINIMAL.replace('name = "t"', 'name = "t"\ntitel = "x"'),
    "top unknown": MINIMAL.replace('name = "t"', 'name = "t"\nzzzzz = 1'),
    "document not table": MINIMAL.replace('name = "t"', 'name = "t"\ndocument = 1'),
    "document key": MINIMAL + "[document]\nfooterr = 'x'\n",
    "heading styles": MINIMAL + '[document]\nheading_styles = ["md"]\n',
    "claim zones": MINIMAL + '[document]\nclaim_zones = ["body"]\n',
    "heading style near": MINIMAL + '[document]\nheading_styles = ["markdwon"]\n',
    "claim zone near": MINIMAL + '[document]\nclaim_zones = ["headers"]\n',
    "counter builtin near": MINIMAL + "[counters.w]\nbuiltin = 'word'\n",
    "footer regex": MINIMAL + "[document]\nfooter = '(x'\n",
    "no counter": MINIMAL.replace("[counters.cjk]\nregex = '[一-鿿]'\n", ""),
    "counter not table": MINIMAL.replace("[counters.cjk]\nregex = '[一-鿿]'\n", "[counters]\ncjk = 1\n"),
    "counter two": MINIMAL + "[counters.todo]\nregex = 'TODO'\nliteral = 'TODO'\n",
    "counter literal": MINIMAL + "[counters.todo]\nliteral = ''\n",
    "counter builtin": MINIMAL + "[counters.p]\nbuiltin = 'pages'\n",
    "counter nothing": MINIMAL + "[counters.p]\nlabel = 'pages'\n",
    "counter regex type": MINIMAL + "[counters.p]\nregex = 1\n",
    "counter empty match": MINIMAL + "[counters.p]\nregex = 'x?'\n",
    "counter key": MINIMAL + "[counters.p]\nregx = 'x'\n",
    "scope builtin name": MINIMAL + '[scopes]\nheader = { section = "1" }\n',
    "scope near": MINIMAL + '[scopes]\nbody = { section = "1" }\n' + _RULE + 'kind = "count"\ncounter = "cjk"\nmax = 1\n'
                            'scope = "bdy"\n',
    "scope far": _scope('"zzzzzz"'),
    "scope type": _scope("3"),
    "scope two": _scope('{ section = "1", heading = "x" }'),
    "scope list": _scope('{ sections = "1" }'),
    "scope float": _scope("{ section = 4.10 }"),
    "scope bool": _scope("{ section = true }"),
    "scope empty": _scope("{ each = true }"),
    "scope key": _scope('{ sectoin = "1" }'),
    "scope flag": _scope('{ section = "1", each = "true" }'),
    "scope heading": _scope("{ heading = '(x' }"),
    "scope here": _scope('"here"'),
    "scope part near": _scope('{ parts = ["heder", "footer"] }'),
    "scope section near": _scope('{ section = "footr" }'),
    "scope section title": _scope('{ section = "方法" }'),
    "rules one bracket": MINIMAL + "[rules]\nid = 'x'\n",
    "claims without rule": MINIMAL + "[[claims.patterns]]\nmetric = 'cjk'\npattern = 'CJK (?P<value>\\d+)'\n",
    "privacy without rule": MINIMAL + "[privacy]\norg_patterns = ['PRJ-\\d{3,}']\n",
    "rules not array": MINIMAL.replace('name = "t"', 'name = "t"\nrules = 1').split("[[rules]]")[0],
    "no rules": MINIMAL.split("[[rules]]")[0],
    "rule not table": MINIMAL.replace('name = "t"', 'name = "t"\nrules = [1]').split("[[rules]]")[0],
    "rule id": MINIMAL.replace('id = "cjk"', 'id = "c j k"'),
    "rule twice": MINIMAL + '[[rules]]\nid = "cjk"\nkind = "references"\n',
    "no kind": MINIMAL.replace('kind = "count"\n', ""),
    "kind near": MINIMAL.replace('kind = "count"', 'kind = "cuont"'),
    "kind far": MINIMAL.replace('kind = "count"', 'kind = "zzzzzz"'),
    "kind does not use": MINIMAL + "pattern = 'x'\n",
    "rule typo": MINIMAL + "unsupressible = true\n",
    "rule unknown": MINIMAL + "zzzzzz = 1\n",
    "level near": MINIMAL + 'level = "warn"\n',
    "level far": MINIMAL + 'level = "fatal"\n',
    "no counter named": MINIMAL.replace('counter = "cjk"\n', ""),
    "counter near": MINIMAL.replace('counter = "cjk"', 'counter = "cj"'),
    "counter far": MINIMAL.replace('counter = "cjk"', 'counter = "zzzzzz"'),
    "counter label": MINIMAL.replace("regex", "label = 'CJK 字'\nregex").replace('counter = "cjk"', 'counter = "CJK 字"'),
    "no limit": MINIMAL.replace("max = 10\n", ""),
    "max type": MINIMAL.replace("max = 10", 'max = "10"'),
    "max negative": MINIMAL.replace("max = 10", "max = -1"),
    "min above max": MINIMAL + "min = 20\n",
    "flag": MINIMAL + 'unsuppressible = "yes"\n',
    "pattern and patterns": MINIMAL + _RULE + 'kind = "forbidden-pattern"\npattern = "a"\npatterns = ["b"]\n',
    "patterns type": MINIMAL + _RULE + 'kind = "forbidden-pattern"\npatterns = "a"\n',
    "pattern type": MINIMAL + _RULE + 'kind = "forbidden-pattern"\npattern = 1\n',
    "pattern backspace": MINIMAL + _RULE + 'kind = "forbidden-pattern"\npattern = "\\bTODO\\b"\n',
    "pattern regex": MINIMAL + _RULE + "kind = \"forbidden-pattern\"\npattern = 'x**'\n",
    "forbidden empty": MINIMAL + _RULE + "kind = \"forbidden-pattern\"\npattern = 'TODO|'\n",
    "forbidden runaway": MINIMAL + _RULE + "kind = \"forbidden-pattern\"\npattern = '(a+)+b'\n",
    "forbidden too slow": MINIMAL + _RULE + "kind = \"forbidden-pattern\"\npattern = '(?:a{1,20})+b'\n",
    "required empty": MINIMAL + _RULE + "kind = \"required-pattern\"\npattern = ''\n",
    "no pattern": MINIMAL + _RULE + 'kind = "forbidden-pattern"\n',
    "section nothing": MINIMAL + _RULE + 'kind = "required-section"\n',
    "section number": MINIMAL + _RULE + 'kind = "required-section"\nnumber = 4.10\n',
    "section heading": MINIMAL + _RULE + "kind = \"required-section\"\nheading = '[a'\n",
    "share missing": MINIMAL + _RULE + 'kind = "verifiability"\n',
    "share": MINIMAL + _RULE + 'kind = "verifiability"\nmin = 20\n',
    "privacy max": MINIMAL + _RULE + 'kind = "privacy"\nmax = -1\n',
    "claims key": MINIMAL + "[claims]\nsum_metrik = 'cjk'\n",
    "sum metric": MINIMAL + "[claims]\nsum_metric = 'words'\n",
    "claim pattern missing": MINIMAL + "[[claims.patterns]]\nmetric = 'cjk'\n",
    "claim pattern not table": MINIMAL + "[claims]\npatterns = [1]\n",
    "patterns empty": MINIMAL + _RULE + 'kind = "required-pattern"\npatterns = []\n',
    "max too large": MINIMAL.replace("max = 10", "max = 9007199254740993"),
    "claim pattern key": MINIMAL + "[[claims.patterns]]\nmetric = 'cjk'\npattern = '(?P<value>\\d+)'\nlabl = 'x'\n",
    "claim pattern regex": MINIMAL + "[[claims.patterns]]\nmetric = 'cjk'\npattern = '(?P<value>\\d+'\n",
    "claim metric": MINIMAL + "[[claims.patterns]]\nmetric = 'CJK'\npattern = 'CJK (?P<value>\\d+)'\n",
    "claim patterns table": MINIMAL + "[claims.patterns]\nmetric = 'cjk'\npattern = 'CJK (?P<value>\\d+)'\n",
    "claim metric label": MINIMAL.replace("regex", "label = '字数'\nregex") + "[[claims.patterns]]\nmetric = '字数'\n"
                          "pattern = '字数 (?P<value>\\d+)'\n",
    "claim pattern group": MINIMAL + "[[claims.patterns]]\nmetric = 'cjk'\npattern = 'CJK (\\d+)'\n",
    "privacy not table": MINIMAL.replace('name = "t"', 'name = "t"\nprivacy = 1'),
    "privacy key near": _privacy("org_pattern = ['x']"),
    "privacy key far": _privacy("zzzzzz = 1"),
    "privacy regex": _privacy("org_patterns = ['(x']"),
    "privacy empty regex": _privacy("org_patterns = ['']"),
    "privacy list": _privacy("org_patterns = 'x'"),
    "privacy list item": _privacy("org_patterns = [1]"),
    "names file type": _privacy("names_file = 1"),
    "names builtin": _privacy("names_file = 'builtin:nobody'"),
    "names file missing": _privacy("names_file = 'no-such-names.txt'"),
    "names empty": _privacy("names = ['  ']"),
    "allow ips": _privacy("allow_ips = ['10.0.0.300/8']"),
    "secret keyword": _privacy("secret_keywords = [' ']"),
    "secret length": _privacy("secret_min_length = 0"),
    "password length": _privacy("password_min_length = 'x'"),
    "entropy": _privacy("secret_min_entropy = -1"),
    "dimension": _privacy("dimensions = ['phone']"),
    "allow everything": _privacy("allow_patterns = ['.*']"),
    "allow every IPv4 address": _privacy("allow_patterns = ['[\\d.]+']"),
    "allow an empty text": _privacy("allow_patterns = ['^']"),
    "heading marks": MINIMAL + _RULE + "kind = \"required-section\"\nheading = '^## Limitations'\n",
    "sum context regex": MINIMAL + "[claims]\nsum_metric = 'cjk'\nsum_context = '(?i)cjk'\n",
    "sum context alone": MINIMAL + "[claims]\nsum_context = 'CJK'\n",
    "sum context type": MINIMAL + "[claims]\nsum_metric = 'cjk'\nsum_context = 1\n",
    "title type": MINIMAL + "title = 1\n",
    "i18n table": MINIMAL + "[i18n]\nzh_CN = 1\n",

    "i18n language": MINIMAL + '[i18n.zh]\n"a" = "b"\n',
    "i18n string": MINIMAL + '[i18n.zh_CN]\n"a" = 1\n',
}

# The TOML keys, kinds and values an error names as written (they are the pack's words, not sentences), Python's
# reprs of a value found, and the system's own words (kept as written, as everywhere in the window).
_PACK_TERMS = set(re.findall(r"[A-Za-z_]{3,}", " ".join([
    *rulepack.TOP_KEYS, *rulepack.DOCUMENT_KEYS, *rulepack.COUNTER_KEYS, *rulepack.SCOPE_KEYS, *rulepack.CLAIMS_KEYS,
    *rulepack.CLAIM_PATTERN_KEYS, *rulepack.ALL_RULE_KEYS, *rulepack.RULE_KINDS, *rulepack.LEVELS,
    *rulepack.BUILTIN_COUNTERS, *rulepack.BUILTIN_SCOPES, *rulepack.I18N_LANGUAGES, *privacy._KNOWN_KEYS,
    *privacy.DIMENSIONS, *privacy.BUILTIN_NAMES, "arxiv_ids numbered markdown sections true false True False TOML UTF",
    "value values NAME IPv4 IPv6", os.strerror(errno.ENOENT)])))

def _error(source: str, path: str = "team.toml") -> PackError:
    with pytest.raises(PackError) as err:
        parse_pack(source, path)
    return err.value


def _english_left(said: str, exc: PackError, source: str) -> list[str]:
    """English words in the Chinese reason, not counting the file, the pack's own words, quoted values and patterns."""
    bare = said.replace(exc.path, " ")
    bare = re.sub(r"'(?:[^'\\]|\\.)*'|\"[^\"]*\"|\(\?P<\w+>[^)]*\)", " ", bare)
    allowed = _PACK_TERMS | set(re.findall(r"[A-Za-z_]{3,}", source))
    return [w for w in re.findall(r"[A-Za-z_]{3,}", bare) if w not in allowed]


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_every_broken_pack_reads_in_chinese_with_its_file_line_and_key(case):
    source = BROKEN[case]
    exc = _error(source)
    zh, en = PackErrorWords("zh_CN").error(exc), PackErrorWords("en").error(exc)
    assert en == str(exc)  # the English window (and survey-check) say it as before
    where = f"team.toml:{exc.line}" if exc.line else "team.toml"
    assert zh.startswith(where + "：" + (exc.key + "：" if exc.key else "")), zh
    reason = zh[len(where) + 1 + (len(exc.key) + 1 if exc.key else 0):]
    assert re.search(r"[一-鿿]", reason), zh
    assert not _english_left(reason, exc, source), (str(exc), zh)


def test_files_that_cannot_be_read_as_a_pack_read_in_chinese(tmp_path):
    say = PackErrorWords("zh_CN").error
    gone = tmp_path / "gone.toml"
    not_text = tmp_path / "latin1.toml"
    not_text.write_bytes("name = 'café'\n".encode("latin-1"))
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    told = []
    for path in (gone, not_text, folder):
        with pytest.raises(PackError) as err:
            load_pack(path)
        told.append(say(err.value))
    assert told[0] == f"{gone}：找不到规则包文件"
    assert told[1] == f"{not_text}:1：规则包不是 UTF-8 文本"
    assert told[2] == f"{folder}：规则包是文件夹，不是文件"  # (was the system's words: "无法读取规则包（Is a directory）")


def test_a_names_file_that_is_not_text_reads_in_chinese(tmp_path):
    (tmp_path / "names.txt").write_bytes("Zoë\n".encode("latin-1"))
    (tmp_path / "team.toml").write_text(_privacy("names_file = 'names.txt'"), encoding="utf-8")
    with pytest.raises(PackError) as err:
        load_pack(tmp_path / "team.toml")
    assert PackErrorWords("zh_CN").error(err.value).endswith(f"无法读取 '{tmp_path / 'names.txt'}'：它不是 UTF-8 文本")


_UNREACHED = {"cannot read builtin {name}: {error}",  # a bundled names list that can't be read: a broken install
              "rule id {id} is used twice"}  # the first use's line not found


def test_every_translation_of_a_pack_error_is_of_a_sentence_the_loader_writes():
    """A template no broken pack reaches is a sentence the loader no longer writes, or a case missing above."""
    reasons = [_error(source).message for source in BROKEN.values()]
    reasons += ["rule pack file not found", "rule pack is not UTF-8 text", "rule pack is a folder, not a file",
                "cannot read rule pack (x)",
                "cannot read 'names.txt': it is not UTF-8 text"]
    reasons += [w.message for w in parse_pack(MINIMAL + '[i18n.zh_CN]\n"cjj" = "中文"\n"zzz qqq" = "无"\n').warnings]
    unused = [en for en, _ in _PACK_ZH_CN if en not in _UNREACHED
              and not any(_compile(en).match(r) for r in reasons)]
    assert not unused


def test_the_parsers_own_words_are_translated_where_common():
    say = PackErrorWords("zh_CN").error
    assert say(_error(BROKEN["toml value"])) == "team.toml:2：TOML 语法错误：无效的值（第 2 行第 8 列）"
    assert say(_error(BROKEN["pattern regex"])) == "team.toml:13：rules[1].pattern：正则表达式无效：重复符号连用（位置 2）"
    assert say(_error(BROKEN["kind does not use"])).endswith(
        "rules[0].pattern：count 规则用不到这个键（它可用的键：id, title, kind, level, unsuppressible, counter, scope, "
        "min, max）")
    unknown = _error(MINIMAL + "[counters.p]\nregex = '(?P<n>x)(?P<n>y)'\n")  # a rarer regex error stays as written
    assert re.search(r"正则表达式无效：redefinition of group name 'n'", say(unknown))
    assert {en for en, _ in _PARSER_ZH_CN}  # (the table exists)


def test_survey_check_keeps_the_english(tmp_path, capsys):
    survey = tmp_path / "survey.md"
    survey.write_text("# Survey\n\nText.\n", encoding="utf-8")
    pack = tmp_path / "team.toml"
    pack.write_text(MINIMAL.replace("max = 10", 'max = "10"'), encoding="utf-8")
    assert cli.main([str(survey), "--pack", str(pack)]) == 2
    assert f"broken rule pack: {pack}:9: rules[0].max: must be a number (found '10')" in capsys.readouterr().err


def _broken_pack_in_window(qtbot, tmp_path):
    window, pack, good = window_beside_a_pack(qtbot, tmp_path)
    told = []
    window.notify = lambda title, message: told.append((title, message))
    pack.write_text(good.replace("max = 2500", 'max = "2000"'), encoding="utf-8")
    assert window._pack_watcher.check()
    qtbot.waitUntil(lambda: bool(told), timeout=5000)
    return window, pack, told


def _line_of_mistake(pack) -> int:
    return next(i for i, text in enumerate(pack.read_text(encoding="utf-8").splitlines(), 1) if '"2000"' in text)


def test_the_chinese_window_says_why_the_pack_is_broken_in_chinese(qtbot, chinese, tmp_path):
    window, pack, told = _broken_pack_in_window(qtbot, tmp_path)
    (title, message), = told
    line = _line_of_mistake(pack)
    assert message.splitlines()[0] == f"{pack}:{line}：rules[0].max：必须是数字（实为 '2000'）"  # before: English
    assert window.pack.name == "english-markdown"  # the last usable pack goes on checking
    window.shutdown()


def test_the_english_window_says_it_in_english(qtbot, tmp_path):
    window, pack, told = _broken_pack_in_window(qtbot, tmp_path)
    assert told[0][1].startswith(f"{pack}:{_line_of_mistake(pack)}: rules[0].max: must be a number (found '2000')\n\n")
    window.shutdown()
