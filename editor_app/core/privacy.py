"""The privacy scan: private data (IPs, keys, personal names, local paths, org codes) in the lines of a survey.

A published survey must carry zero private-domain hits (house rule 8). `privacy_in_line` is a pure function of
the line text and a `PrivacyConfig`, so callers may memoise it by line text; hits come back with ``line=0``
(the caller sets the real line) and the matched text masked, never whole. One kind of hit is not the line's
alone: the body of a private key pasted whole, its base64 lines under its ``-----BEGIN … PRIVATE KEY-----`` line
(the same lines elsewhere are no secret). `key_bodies` finds them over the lines, each line up to its END line (or,
without one, the base64 lines that follow, `KEY_BODY_LINES` at most) a "secret" hit covering its base64 and
masked whole (`KEY_BODY_MASK`); `widened_to_keys` says which lines around an edit a caller that re-reads only the
edited lines (`analyze.Analyzer`) must read again. Another is the line's alone but for what is above it: a package
listing's row, "tensorrt      10.3.0.26" under `pip list`, holds a version, not an address. `listing_versions` finds,
among the lines with a hit, the four-part numbers in the second column of a row (a package's name, then it; and in
the third of `pip list --outdated`'s, the latest version) under a
line opening a listing: the command (`pip list`, `pip freeze`, `pip show`, `conda list`, also in prose just above
the code fence) or its header ("Package  Version", conda's "# Name  Version  Build  Channel"), over the listing's
lines (rows, pip's "---- ----", conda's "#" comments, `pip freeze`'s "name==…"), `LISTING_LINES` at most, up to
the first other line (a blank line, a fence, "$ kubectl …"); a caller drops their IP hits (`widened_to_listings`:
the lines an edit can change). The same row under no such line ("node-1  10.3.0.26", a "NAME  IP" table) is a hit.
And the rest of a key wrapped onto the next line ("…在行尾 sk-Gg5Hh6Jj7" / "Kk8Ll9Zz0Xx1Cc2 续行。") means nothing
alone: `wrapped_keys` finds it under a line whose own hits end in a key's first part (`widened_to_wraps`: the lines
an edit can change).

The ``[privacy]`` table of a rule pack (every key optional):

``names_file``          names list, a path relative to the pack's folder, or ``"builtin:house-names"`` (the list
                        shipped in ``resources/names/house-names.txt``). UTF-8, one name per line, ``#`` comments.
``names``               more names, inline (a list of strings).
``org_patterns``        regexes for internal organisation codes, e.g. ``'(?<![A-Za-z0-9])PRJ-\\d{3,}(?![0-9])'``.
``path_patterns``       extra regexes for local paths (``/home/…``, ``/Users/…``, ``/root/…``, ``C:\\Users\\…``,
                        ``~/…`` are built in, also as ``file://`` links and with a user folder named in Chinese;
                        not the shared ``Public``, ``Default``, ``All Users``, ``Shared``).
``allow_ips``           addresses or CIDR networks that are not private data, added to the defaults: the
                        documentation ranges 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32,
                        loopback 127.0.0.0/8 and ::1, "this network" 0.0.0.0/8 and ::, reserved 240.0.0.0/4.
``secret_keywords``     more words after which ``: = ： ＝``, ``为``/``是``, English ``is`` or a table's next cell ``|``
                        (after a CJK one also a space, or nothing: "密码Xk9#mP2vL7q", judged stricter, letters and
                        digits mixed at random, `_glued_secret`; a JSON or dict key's closing quote first,
                        ``"token": …``) and a
                        high-entropy value is a secret (also ``--api-key VALUE``, a built-in word as a
                        command-line option; the defaults are
                        password/passwd/pwd/secret/token/key/api_key/access_key/authorization/密码/口令/令牌/
                        密钥/秘钥/ak/sk, and in camelCase accessToken/secretKey/secretAccessKey/AccessKeySecret/
                        AppSecret/clientSecret; "Bearer"/"Basic" after the separator is skipped; a keyword may
                        end a longer name, "rootPassword", "PGPASSWORD" (`_embedded_forms`), be plural
                        ("api_keys = [\"…\", \"…\"]": each value), in bold ("**密码**：") or a subscript
                        ('os.environ["…_KEY"] = …'), with a note before its separator ("令牌（只读）："); a
                        value in quotes runs to its closing quote, a password on after ";" or "," with no space); a
                        call, a subscript or a dotted name ("os.environ[…]", "tokenizer.eos_token_id",
                        "Qwen2.5-72B-Instruct") is code or a model's name, not a secret.
``secret_min_length``   shortest value after a keyword that can be a secret (default 8).
``secret_min_entropy``  Shannon entropy in bits per character a value needs to be a secret (default 3.0). After
                        password/passwd/pwd/密码/口令 a value of ``password_min_length`` (default 6) or more
                        characters mixing two kinds (letters, digits, symbols) is a password whatever its entropy:
                        "hunter2" is one.
``allow_patterns``      regexes; a hit whose matched text matches one of them whole is not reported. One that
                        would let a whole kind through ('.*', '\\S+', '[\\d.]+' for every IPv4 address) or matches an
                        empty text is refused (`privacy_allow`): it would switch the scan off.
``dimensions``          the dimensions to scan, a subset of ip/secret/name/path/org (default all five).

Built-in secret shapes: ``sk-…`` (OpenAI/Anthropic style), ``ghp_``/``gho_``/``ghu_``/``ghs_``/``ghr_``,
``github_pat_``, ``AKIA``/``ASIA`` access key ids (Alibaba Cloud's ``LTAI``, Tencent Cloud's ``AKID``), Slack
``xox?-`` and ``xapp-``, Hugging Face ``hf_``, Google ``AIza``, GitLab ``glpat-``, NVIDIA ``nvapi-``, Groq ``gsk_``, JSON web tokens (``eyJ….eyJ….…``),
a ``-----BEGIN … PRIVATE KEY-----`` line (with the body written on it, a JSON string's ``\\n…``; the lines of
its body: `key_bodies`) and the secret in a Feishu/Lark or Slack
webhook's path; a key shape needs a digit in it; its start at the end of a line (the rest wrapped onto the next) is one too.
The shapes are matched on the line as written and as Markdown renders it (`_as_rendered`: "ghp\\_…" escaped as
exporters write it, "sk-Mm3Nn4Bb5**Vv6Cc7…**" broken by bold), the hit in the line's columns; a key ending with
"EXAMPLE" or "EXAMPLEKEY" is a vendor's documented example (AWS's "AKIAIOSFODNN7EXAMPLE"), no hit. A link's password (``scheme://user:PASSWORD@host``) is judged as a password. IPv4 needs four dotted parts that `ipaddress` accepts, or padded to three digits ("192.168.001.010") (so versions such as
``1.30.0-dev`` or ``v0.5.19`` never match) and is no four-part version ("TensorRT 10.3.0.26", "DCGM 3.3.5.1",
"版本 1.2.3.4", "1.2.3.4-rc1", a table's or a figure's number "表 4.5.6.7"; one followed by a port always is an
address, `_is_version`); IPv6 needs ``::`` or eight groups, and a digit or three groups.
Names: CJK names match as written (no word boundary exists next to CJK); Latin names match whole words in any
case with any spacing, or joined by "." "_" "-" (an e-mail address, a handle). A hit inside a longer hit (a name inside a path) is reported once, as the longer one.
"""

from __future__ import annotations

import ipaddress
import math
import re
from bisect import bisect_right
from collections import Counter
from dataclasses import field
from difflib import get_close_matches
from itertools import chain, compress, count, islice, repeat
from pathlib import Path
from typing import Any, Iterable, Iterator, Literal, Sequence

from editor_app.core.model import PrivacyHit
from editor_app.core.numbers import FULL_WIDTH_DIGITS, FULL_WIDTH_LETTERS, as_ascii_table
from editor_app.core.privacy_allow import refusal
from editor_app.core.records import record
from editor_app.core.regex_looks import any_word_regex, first_look, holds_any, longest_first

DIMENSIONS = ("ip", "secret", "name", "path", "org")

DEFAULT_ALLOW_IPS = (
    "192.0.2.0/24",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "2001:db8::/32",
    "127.0.0.0/8",
    "::1/128",
    "0.0.0.0/8",
    "::/128",
    "240.0.0.0/4",
)

DEFAULT_SECRET_KEYWORDS = (
    "password", "passwd", "pwd", "secret", "token", "key", "api_key", "apikey", "api-key", "access_key",
    "secret_key", "authorization", "密码", "口令", "令牌", "密钥", "秘钥",
    # a cloud's AccessKey pair as Chinese teams name it ("AK：LTAI…，SK：…", "ak=…, sk=…"): the SK is the secret half
    "ak", "sk",
    # written in camelCase by SDKs and cloud consoles ("secretAccessKey: …", "AccessKeySecret：…", "AppSecret=…")
    "accesstoken", "secretkey", "secretaccesskey", "accesskeysecret", "appsecret", "clientsecret",
)

PASSWORD_WORDS = frozenset({"password", "passwd", "pwd", "密码", "口令"})  # a value after them is judged as a password

_DEFAULT_ALLOW_NETS = tuple(ipaddress.ip_network(n) for n in DEFAULT_ALLOW_IPS)
_ALL_DIMENSIONS = frozenset(DIMENSIONS)

BUILTIN_NAMES = {"house-names": ("names", "house-names.txt")}

_KNOWN_KEYS = {
    "names_file", "names", "org_patterns", "path_patterns", "allow_ips", "secret_keywords",
    "secret_min_length", "secret_min_entropy", "allow_patterns", "dimensions", "password_min_length",
}

_NOT_LATIN = r"(?<![A-Za-z0-9])"
_NOT_LATIN_AFTER = r"(?![A-Za-z0-9])"

_IPV4 = (r"(?=\d)(?<![0-9A-Za-z.])(\d{1,3}(?:\.\d{1,3}){3})(?:/\d{1,2})?(?![0-9A-Za-z]|\.\d)")
_IPV6 = (r"(?=[0-9A-Fa-f:])(?<![0-9A-Za-z:.])([0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:\.\d{1,3}){0,3})"
                   r"(?:%[0-9A-Za-z]+)?(?:/\d{1,3})?(?![0-9A-Za-z:])")

# The built-in key shapes, the one list of them: (its prefix as written, a family's letters in brackets, "gh[pousr]_"
# for ghp_ gho_ ghu_ ghs_ ghr_; the rest of the key; whether the prefix and 6 key characters or more at a line's end
# are a key cut there, `_CUT_SHAPE`). The shapes' regex, their first looks (`_SECRET_PREFIXES`, `_SHAPE_WORDS`,
# `_SHAPE_LITERALS`), the cut shape and a wrapped key's first part (`_WRAP_PREFIXES`) are made from it.
_KEY_SHAPES: tuple[tuple[str, str, bool], ...] = (
    ("sk-", r"(?:proj-|ant-(?:api\d\d-)?)?[A-Za-z0-9_\-]{16,}", True),  # OpenAI / Anthropic
    ("gh[pousr]_", r"[A-Za-z0-9]{30,}", True),
    ("github_pat_", r"[A-Za-z0-9_]{22,}", True),
    ("AKIA", r"[0-9A-Z]{16}(?![0-9A-Za-z])", True),
    ("ASIA", r"[0-9A-Z]{16}(?![0-9A-Za-z])", True),
    ("LTAI", r"[0-9A-Za-z]{12,30}(?![0-9A-Za-z])", True),  # Alibaba Cloud
    ("AKID", r"[0-9A-Za-z]{28,40}(?![0-9A-Za-z])", True),  # Tencent Cloud
    ("xox[abposr]-", r"[A-Za-z0-9\-]{10,}", True),
    ("hf_", r"[A-Za-z0-9]{30,}", True),
    ("AIza", r"[0-9A-Za-z_\-]{35}", True),
    ("glpat-", r"[A-Za-z0-9_\-]{20,}", True),
    # NVIDIA's NIM / NGC "nvapi-…", Groq's "gsk_…", a Slack app-level token "xapp-1-…"
    ("nvapi-", r"[A-Za-z0-9_\-]{40,}", True),
    ("gsk_", r"[A-Za-z0-9]{40,}", True),
    ("xapp-", r"\d-[A-Za-z0-9\-]{20,}", True),
)
# A JSON web token: three parts, the first its header ('{"alg": …}' in base64), no key's first part alone
_JWT = r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"
_JWT_PREFIX = "eyJ"
_KEY_BEGIN = "-----BEGIN"


def _spellings(prefix: str) -> list[str]:
    """A prefix as a key writes it: "gh[pousr]_" -> ghp_, gho_, ghu_, ghs_, ghr_."""
    head, bracket, rest = prefix.partition("[")
    if not bracket:
        return [prefix]
    letters, _, tail = rest.partition("]")
    return [head + letter + tail for letter in letters]


def _stem(prefix: str) -> str:
    """What every spelling of a prefix holds: "gh" of "gh[pousr]_"."""
    return prefix.partition("[")[0]


def _escaped(prefix: str) -> list[str]:
    """The prefix as Markdown exporters write it, up to its first escaped character: "sk\\-", "ghp\\_" (`_as_rendered`
    reads them as "sk-…", "ghp_…"); none for one without "_" or "-"."""
    at = [i for i, ch in enumerate(prefix) if ch in "_-"]
    return [prefix[:at[0]] + "\\" + prefix[at[0]]] if at else []


def _first_characters(prefixes: Iterable[str]) -> str:
    return "".join(sorted({p[0] for p in prefixes}))


_KEY_PREFIXES = tuple(prefix for prefix, _, _ in _KEY_SHAPES)
_SECRET_SHAPES = (
    rf"(?=[{_first_characters((*_KEY_PREFIXES, _JWT_PREFIX))}])(?<![A-Za-z0-9_\-])(?:"
    + "|".join(prefix + rest for prefix, rest, _ in _KEY_SHAPES) + "|" + _JWT + ")"
    r"|(?=-)-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
    # and the body written on the same line: a JSON string's ("private_key": "-----BEGIN …-----\nMIIEvQ…\n…", a
    # cloud service account's key file), or base64 after a space
    r"(?:(?:\\[rn])+[A-Za-z0-9+/]+=*|[ \t]+[A-Za-z0-9+/]{40,}=*)*"
)

# The start of a key at the end of a line, too short for its shape: the rest is on the next line (a survey
# wrapped at a fixed width, a key pasted from a terminal). The line is reported; the rest, on the next line, shows no
# shape alone (`wrapped_keys` finds it over the lines).
_CUT_PREFIXES = tuple(prefix for prefix, _, cut in _KEY_SHAPES if cut)
_CUT_SHAPE = (rf"(?=[{_first_characters(_CUT_PREFIXES)}])(?<![A-Za-z0-9_\-])"
              rf"(?:{'|'.join(_CUT_PREFIXES)})"
              r"(?=[A-Za-z_\-]*\d)(?=[0-9_\-]*[A-Za-z])[A-Za-z0-9_\-]{6,}(?=\s*$)")  # letters and digits
# A secret given to a command-line option after a space ("vllm serve … --api-key 3f9a…", "--password …"); an option of
# the built-in keywords only (each ends with a keyword's word: its line is first-looked as a keyword's, and then
# `_has_option_word` looks where the line holds "--").
_OPTION_WORDS = ("api-key", "apikey", "access-key", "secret-key", "token", "key", "secret", "password", "passwd", "pwd")
_OPTION_LITERALS = tuple("--" + w for w in _OPTION_WORDS)
_OPTION_SECRET = (rf"(?<![\w-])--(?P<word>{'|'.join(_OPTION_WORDS)})[ \t]+[\"'“]?(?P<value>[^\s\"'`“”]+)")
# What may stand between an ASCII keyword (and spaces) and its value, in UTF-8: ":", "=", "|" (a table's next cell),
# "：", "＝", "为", "是", English "is" (the keyword regex's separators).
_SEPARATORS = rb"(?::|=|\||\xef\xbc[\x9a\x9d]|\xe4\xb8\xba|\xe6\x98\xaf|is[\t ])"
# The characters \s matches, in UTF-8 (\t-\r, \x1c-\x20, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029,
# U+202F, U+205F, U+3000).
_SPACES = rb"(?:[\t-\r\x1c-\x20]|\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]|\xe2\x81\x9f|\xe3\x80\x80)*"
_URL_PASSWORD = r"(?<=://)[^\s/:@]*:(?P<value>[^\s/@]+)@"  # "postgres://admin:s3cret@…", "https://chen:…@git…"
_PATH_END = r"[^\s\"'`<>|，。；：、）)\]】\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]"
# A chat bot's webhook carries its secret in its path: Feishu / Lark ".../open-apis/bot/v2/hook/<id>", Slack
# "hooks.slack.com/services/<T…>/<B…>/<secret>" (DingTalk's and WeCom's are "access_token=" / "key=" queries).
_WEBHOOK_LITERALS = ("/bot/v2/hook/", "hooks.slack.com/services/")
_WEBHOOK = (r"(?<=/bot/v2/hook/)[0-9A-Za-z\-]{16,}"
            r"|(?<=hooks\.slack\.com/services/)[A-Za-z0-9]+/[A-Za-z0-9]+/[A-Za-z0-9]{16,}")
# A first look for the shapes: what every spelling holds, also as Markdown exporters write it (Typora, Notion:
# "ghp\_…", "sk\-proj\-…" render as "ghp_…")
_SECRET_PREFIXES = tuple(dict.fromkeys(chain(*((_stem(p), *_escaped(_stem(p))) for p in _KEY_PREFIXES),
                                             (_JWT_PREFIX, _KEY_BEGIN))))
_PATH_HINTS = ("/home/", "/Users/", "/root/", "~/")
# The folder after /home/, /Users/, C:\Users\: a user name written in Chinese ("张三") runs on to the next separator;
# one in Latin letters ends, as the rest of a path does, where CJK prose starts ("/home/chen/a.md中的").
_USER_FOLDER = (rf"(?![$%{{])"  # a variable for it names no one: "/home/$USER/…", "C:\Users\%USERNAME%\…"
                # nor do the folders every machine has: "C:\Users\Public\…", "Default", "All Users", macOS's
                # "/Users/Shared/…"
                r"(?!(?i:public|default(?: user)?|all users|shared)(?:[\\/\s\"'`<>|，。；：、）)\]】]|$))"
                rf"(?:[\u3400-\u9fff][^\s\"'`<>|/\\，。；：、）)\]】\u3000-\u303f\uff00-\uffef]*{_PATH_END}*"
                rf"|{_PATH_END}+)")
_NOT_IN_A_PATH = r"(?:(?<![A-Za-z0-9._~/\\\-])|(?<=file://))"  # a file:// link names a local path too
_UNIX_PATHS = (
    rf"(?=[/~]){_NOT_IN_A_PATH}(?:"
    rf"(?:/[A-Za-z0-9._\-]{{1,40}}){{0,4}}/(?:home|Users|root)/{_USER_FOLDER}"  # /data/home/…, /mnt/c/Users/…
    rf"|~/{_PATH_END}+"
    r")"
)
_WINDOWS_PATHS = (  # Windows ignores case: c:\users\… is the same folder
    r"(?=[A-Za-z]:[\\/])(?:(?<![A-Za-z0-9._~/\\\-])|(?<=file:///))"
    rf"[A-Za-z]:(?:\\{{1,2}}|/)(?i:users|documents and settings)(?:\\{{1,2}}|/){_USER_FOLDER}"
)
_compiled: dict[str, re.Pattern[str]] = {}


def _lazy(pattern: str) -> re.Pattern[str]:
    """Compiled on the first line that needs it: most surveys never show a key, a path or an IPv6 address, and the
    CJK ranges of a path's end cost milliseconds to compile."""
    rx = _compiled.get(pattern)
    if rx is None:
        rx = _compiled[pattern] = re.compile(pattern)
    return rx


def _has_cjk(text: str) -> bool:
    """True when the text holds CJK (U+3000-U+303F, U+3400-U+9FFF, U+FF00-U+FFEF): no word boundary next to it."""
    return any("\u3000" <= c <= "\u303f" or "\u3400" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef" for c in text)


_IPV4_HINT = re.compile(r"\.\d{1,3}\.\d{1,3}\.\d")  # every IPv4 address holds this; cheap, led by a literal
# The only non-ASCII characters that a case-insensitive regex matches to an ASCII letter (İ ı ſ and the Kelvin
# sign); a line without them can be lowered and searched for a word's ASCII letters instead.
_ODD_CASE = ("\u0130", "\u0131", "\u017f", "\u212a")

# First looks by word: the line's ASCII letters lowered, every other character a space, split into words.
_LETTERS = bytes(c + 32 if 65 <= c <= 90 else c if 97 <= c <= 122 else 32 for c in range(256))
# ASCII characters from the rarest in a survey to the commonest, roughly: the one of a literal's characters that comes
# first here (any non-ASCII character before them all) is the one that leads its regex (`_literal_looks`)
_RARE_FIRST = ("".join(map(chr, range(32))) + "\x7f`^~{}\\@$&!?<>;'\"|[]#%*_=+QZXJqzjxVKWYvkwyUFBGHPMbgphf"
               "CDLNROSIETAucmldrsnioate0123456789-/:().,\t ")
_RARITY = {ch: k for k, ch in enumerate(_RARE_FIRST)}


# Whole words every built-in secret shape / path holds ("sk-…" holds the word "sk"; "/home/…" the word "home", a
# webhook "hook" or "hooks"); the other shapes are looked for as written ("ghp_", "AKIA…" runs on into the key).
# A password given on a command line to the commands that take one after a short option, and in a .netrc line:
# "mysql -uroot -pRootPass123", "sshpass -p '…'", "redis-cli -a …", "curl -u elastic:…", "machine … login … password …"
# (a short option alone is no password's: "docker run -p 8000:8000"). The words the line holds then (whole words
# in the first looks: mysql's other commands as well).
_COMMAND_WORDS = ("mysql", "sshpass", "redis", "curl", "machine")
_KEY_SPELLINGS = tuple(chain.from_iterable(map(_spellings, _KEY_PREFIXES)))
_WORD_PREFIXES = tuple(p for p in _KEY_SPELLINGS if re.fullmatch(r"[A-Za-z]+-", p))  # "sk-…" holds the word "sk"
_SHAPE_WORDS = (*(p[:-1].lower().encode() for p in _WORD_PREFIXES), b"hook", b"hooks",
                *(w.encode() for w in _COMMAND_WORDS), b"mysqldump", b"mysqladmin")
_COMMAND_PASSWORD = (
    r"(?<![\w-])(?:mysql(?:dump|admin)?(?=\s)[^\n|]*?\s-p(?P<mysql>[^\s'\"`]+)"
    r"|sshpass\s+-p\s*['\"]?(?P<sshpass>[^\s'\"`]+)"
    r"|redis-cli(?=\s)[^\n|]*?\s-a\s+['\"]?(?P<redis>[^\s'\"`]+)"
    r"|curl(?=\s)[^\n|]*?\s(?:-u|--user)\s+['\"]?[^\s:'\"`]+:(?P<curl>[^\s'\"`@]+)"
    r"|machine\s+\S+\s+login\s+\S+\s+password\s+(?P<netrc>\S+))")
_LITERAL_PREFIXES = tuple(p for p in _KEY_SPELLINGS if p not in _WORD_PREFIXES)  # "ghp_", "AKIA" run on into the key
_SHAPE_LITERALS = (*_LITERAL_PREFIXES, _JWT_PREFIX, _KEY_BEGIN,
                   # with the underscore escaped, as Markdown exporters write it (`_as_rendered`)
                   *chain.from_iterable(map(_escaped, _LITERAL_PREFIXES)))
_PATH_WORDS = (b"home", b"users", b"root", b"settings")
_PATH_LITERALS = ("~/",)


def _literal_looks(literals: list[str]) -> tuple[tuple[tuple[bytes, ...], str, str], ...]:
    """For each literal: the runs of ASCII letters, lowered, that a text holding it holds in its words ("ghp " when
    "ghp_" must end a word: in " ".join(words) + " ", with spaces where a word must start or end; () when it has
    none), its characters, and a regex that finds it, led by its rarest character alone (compiled when first needed,
    `_lazy`: most never are).

    (re looks for one character at a fraction of a ns per character of the text, for one of several at a few ns: a
    regex led by one character finds a literal several times faster than one for any of several literals.)
    """
    looks: list[tuple[tuple[bytes, ...], str, str]] = [((), "", "")] if "" in literals else []
    for lit in dict.fromkeys(filter(None, literals)):
        k = min(range(len(lit)), key=lambda i: (_RARITY.get(lit[i], -1), -i))  # (non-ASCII: -1; the last of a tie)
        rx = (re.escape(lit[k]) + (f"(?<={re.escape(lit[:k + 1])})" if k else "")
              + (f"(?={re.escape(lit[k + 1:])})" if lit[k + 1:] else ""))
        runs = []
        if lit.isascii():
            letters = lit.encode().translate(_LETTERS)  # (a space for every other character)
            for m in re.finditer(rb"[a-z]+", letters):
                runs.append((b" " if m.start() else b"") + m.group() + (b" " if m.end() < len(letters) else b""))
        looks.append((tuple(runs), "".join(dict.fromkeys(lit)), rx))
    return tuple(looks)


def _letter_runs(word: str) -> list[bytes]:
    """The runs of ASCII letters in a word, lowered: each is a whole word of the line wherever the word matches."""
    return word.encode("ascii", "replace").translate(_LETTERS).split()


def _plain_word(word: str) -> bool:
    """True when `word in text.lower()` is a safe first look for `(?i:word)`: ASCII or caseless CJK only."""
    return all(c.isascii() or "\u3000" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef" for c in word)


def _compile(pattern: Any, key: str, flags: int = 0) -> re.Pattern[str]:
    if not isinstance(pattern, str) or not pattern:
        raise ValueError(f"privacy.{key}: must be a non-empty regex string, got {pattern!r}")
    try:
        return re.compile(pattern, flags)
    except re.error as exc:
        raise ValueError(f"privacy.{key}: invalid regular expression: {exc}") from None


def _str_list(d: dict[str, Any], key: str) -> list[str]:
    value = d.get(key, [])
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise ValueError(f"privacy.{key}: must be a list of strings")
    for item in value:
        if not isinstance(item, str):
            raise ValueError(f"privacy.{key}: must be a list of strings, found {item!r}")
    return list(value)


def read_names(text: str) -> tuple[str, ...]:
    """Names from a names-list text: one per line, '#' comments and blank lines skipped, order kept, no repeats."""
    names: dict[str, None] = {}
    for raw in text.splitlines():
        name = " ".join(raw.split())
        if name and not name.startswith("#"):
            names[name] = None
    return tuple(names)


def _names_file_text(spec: Any, base_dir: Path | None) -> str:
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError("privacy.names_file: must be a path or 'builtin:NAME'")
    if spec.startswith("builtin:"):
        which = spec[len("builtin:"):]
        if which not in BUILTIN_NAMES:
            raise ValueError(f"privacy.names_file: unknown builtin {which!r} (known: {', '.join(BUILTIN_NAMES)})")
        from importlib import resources

        resource = resources.files("editor_app.resources").joinpath(*BUILTIN_NAMES[which])
        try:
            return resource.read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise ValueError(f"privacy.names_file: cannot read builtin {which!r}: {exc}") from None
    path = Path(spec).expanduser()
    if not path.is_absolute() and base_dir is not None:
        path = Path(base_dir) / path
    try:
        return path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise ValueError(f"privacy.names_file: cannot read {str(path)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ValueError(f"privacy.names_file: cannot read {str(path)!r}: it is not UTF-8 text") from None


def _name_regexes(names: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    """CJK names as written (one literal alternation); Latin names as whole words, any case and spacing (a
    no-break or full-width space, U+3000, typed with a Chinese input method, too), or joined by "." "_" "-"."""
    cjk = [n for n in names if _has_cjk(n)]
    latin = [n for n in names if not _has_cjk(n)]
    out = []
    if cjk:
        out.append(re.compile("|".join(re.escape(n) for n in sorted(cjk, key=longest_first))))
    if latin:
        firsts = "".join(sorted({c for n in latin for c in (n[0].lower(), n[0].upper())}))
        space = r"(?:[ \t\u00a0\u3000]+|[._\-])"  # (an e-mail address, a handle: "siyuan.chen@…", "zhao-junjie")
        spaced = (space.join(re.escape(p) for p in n.split()) for n in sorted(latin, key=longest_first))
        out.append(re.compile(f"(?=[{re.escape(firsts)}]){_NOT_LATIN}(?i:{'|'.join(spaced)}){_NOT_LATIN_AFTER}"))
    return tuple(out)


def _embedded_forms(keywords: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The forms of the keywords written at the end of a longer name: capitalised after a lower-case letter or a
    digit, camelCase ("rootPassword", "authToken", "openaiApiKey"), of the keywords of letters three or more long;
    in capitals after a capital, an environment variable's ("PGPASSWORD", "MYSQLPASSWORD"), of those five or more
    long ("KEY" would be "MONKEY")."""
    plain = sorted({k.lower() for k in keywords if k.isascii() and k.isalpha() and len(k) >= 3}, key=longest_first)
    return [k.capitalize() for k in plain], [k.upper() for k in plain if len(k) >= 5]


# A note between a keyword and its separator: "令牌（只读）：…", "数据库密码(root)：…"
_KEYWORD_NOTE = r"(?:\s*[（(][^（）()\n]{1,20}[）)])?"
# The same in UTF-8, for the first looks (a superset: up to 80 bytes, 20 CJK characters are 60)
_KEYWORD_NOTE_BYTES = rb"(?:(?:\(|\xef\xbc\x88)[^()\n]{1,80}?(?:\)|\xef\xbc\x89))?"
# What may close a keyword before its separator: a JSON or dict key's quote, a subscript's ('os.environ["…_KEY"] =
# …'), Markdown bold or italics ("**密码**：…")
_KEYWORD_CLOSE = r"(?:[\"']?\]|[\"']|\*{1,2})?"
_KEYWORD_CLOSE_BYTES = rb"(?:[\"']?\]|[\"']|\*{1,2})?"
# A value in quotes runs to its closing quote ("Abc,12345xyz", 'P@ss;w0rd!x'), when it holds no space
_QUOTED_VALUE = r"[^\s\"'`\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+"


def _keyword_regex(keywords: tuple[str, ...]) -> re.Pattern[str]:
    words = "|".join(re.escape(k) for k in sorted(set(keywords), key=longest_first))
    camel, capitals = _embedded_forms(keywords)
    firsts = "".join(sorted({c for k in keywords for c in (k[0].lower(), k[0].upper())}))
    embedded = "".join(
        [rf"|(?<=[a-z0-9]){'|'.join(camel)}" if camel else "", rf"|(?<=[A-Z0-9]){'|'.join(capitals)}" if capitals else ""])
    bearer = r"(?:(?i:bearer|basic)\s+)?"
    return re.compile(
        # the keyword, alone, or ending a name (`_embedded_forms`), maybe plural ("api_keys")
        # (a CJK keyword may have a letter right after it: "密码Xk9#…")
        rf"(?=[{re.escape(firsts)}])(?P<word>(?<![A-Za-z])(?i:{words}){embedded})"
        r"(?:(?<=[\u3400-\u9fff])|(?i:s)?(?![A-Za-z]))"
        + _KEYWORD_CLOSE + _KEYWORD_NOTE +
        # "密码为 …", "API key 是 …", a table's next cell ("| API Key | 3f9a… |"), "密码 Hunter2024" after a CJK keyword,
        # "密码Xk9#mP2vL7q" right after one (judged stricter: `_looks_glued`), "the password is …" in English
        r"(?:\s*[:=：＝|]|\s*[为是]\s*[:：]?|(?<=[\u3400-\u9fff])\s+"
        r"|(?P<glued>(?<=[\u3400-\u9fff]))(?=[\"'`“‘「『]?[A-Za-z0-9])|[ \t]+is[ \t]+)"
        # a list of values ("api_keys = ["…", "…"]": its first; `_list_values` the others)
        r"\s*(?P<list>\[\s*(?=[\"']))?"
        rf"(?:(?P<quote>[\"']){bearer}(?P<qvalue>{_QUOTED_VALUE})(?P=quote)|"
        # (the value ends where Chinese prose or full-width punctuation starts: "令牌：a8F3…（测试用）", and before a
        # link's next query parameter: "?api_key=YOUR_KEY&q=vllm")
        rf"[\"'`“‘「『]?{bearer}(?P<value>"
        r"(?:[^\s\"'`,;)\]}>&“”‘’\u3000-\u303f\u3400-\u9fff\uff00-\uffef]|&(?![A-Za-z_][\w.\-]*=))+))"
    )


_LIST_VALUE = re.compile(rf"\s*,\s*([\"'])({_QUOTED_VALUE})\1")  # the next quoted value of a list, after a comma
# the rest of a password written without quotes, after a ";" or "," with no space after it ("P@ssw0rd;2024xyz")
_PASSWORD_REST = re.compile(r"(?:[;,][^\s\"'`,;)\]}>&“”‘’\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+)+")


@record(frozen=True)
class PrivacyConfig:
    """What the privacy scan looks for; build it from a pack's [privacy] table with `from_dict`."""

    names: tuple[str, ...] = ()
    org_patterns: tuple[re.Pattern[str], ...] = ()
    path_patterns: tuple[re.Pattern[str], ...] = ()
    allow_ips: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = _DEFAULT_ALLOW_NETS
    secret_keywords: tuple[str, ...] = DEFAULT_SECRET_KEYWORDS
    secret_min_length: int = 8
    secret_min_entropy: float = 3.0
    allow_patterns: tuple[re.Pattern[str], ...] = ()
    dimensions: frozenset[str] = _ALL_DIMENSIONS
    password_min_length: int = 6
    _names_res: tuple[re.Pattern[str], ...] = field(init=False, repr=False, compare=False, default=())
    _keywords_re: re.Pattern[str] | None = field(init=False, repr=False, compare=False, default=None)
    # first looks (substring tests) that let a line skip a regex; None: always run it
    _keyword_words: tuple[str, ...] | None = field(init=False, repr=False, compare=False, default=None)
    _latin_name_words: tuple[str, ...] | None = field(init=False, repr=False, compare=False, default=None)
    _cjk_names_re: re.Pattern[str] | None = field(init=False, repr=False, compare=False, default=None)
    _latin_names_re: re.Pattern[str] | None = field(init=False, repr=False, compare=False, default=None)
    _org_looks: tuple[tuple[re.Pattern[str], tuple[str, ...] | None], ...] = field(
        init=False, repr=False, compare=False, default=())
    _path_looks: tuple[tuple[re.Pattern[str], tuple[str, ...] | None], ...] = field(
        init=False, repr=False, compare=False, default=())
    _gate: re.Pattern[str] | None = field(init=False, repr=False, compare=False, default=None)
    _plan: tuple | None = field(init=False, repr=False, compare=False, default=None)  # see privacy_in_line

    def __eq__(self, other: object) -> bool:  # (replaced by `record`: written for mypyc, see records.py)
        return NotImplemented

    def __init__(
        self,
        names: tuple[str, ...] = (),
        org_patterns: tuple[re.Pattern[str], ...] = (),
        path_patterns: tuple[re.Pattern[str], ...] = (),
        allow_ips: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = _DEFAULT_ALLOW_NETS,
        secret_keywords: tuple[str, ...] = DEFAULT_SECRET_KEYWORDS,
        secret_min_length: int = 8,
        secret_min_entropy: float = 3.0,
        allow_patterns: tuple[re.Pattern[str], ...] = (),
        dimensions: frozenset[str] = _ALL_DIMENSIONS,
        password_min_length: int = 6,
    ) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["names"] = names
        d["org_patterns"] = org_patterns
        d["path_patterns"] = path_patterns
        d["allow_ips"] = allow_ips
        d["secret_keywords"] = secret_keywords
        d["secret_min_length"] = secret_min_length
        d["secret_min_entropy"] = secret_min_entropy
        d["allow_patterns"] = allow_patterns
        d["dimensions"] = dimensions
        d["password_min_length"] = password_min_length
        d["_names_res"] = ()
        d["_keywords_re"] = None
        d["_keyword_words"] = None
        d["_latin_name_words"] = None
        d["_cjk_names_re"] = None
        d["_latin_names_re"] = None
        d["_org_looks"] = ()
        d["_path_looks"] = ()
        d["_gate"] = None
        d["_plan"] = None
        self.__post_init__()

    def __post_init__(self) -> None:
        object.__setattr__(self, "_names_res", _name_regexes(self.names))
        object.__setattr__(self, "_keywords_re", _keyword_regex(self.secret_keywords))
        if all(_plain_word(k) for k in self.secret_keywords):
            object.__setattr__(self, "_keyword_words", tuple(dict.fromkeys(k.lower() for k in self.secret_keywords)))
        latin = [n for n in self.names if not _has_cjk(n)]
        if latin:
            object.__setattr__(self, "_latin_names_re", self._names_res[-1])
        if len(latin) < len(self.names):
            object.__setattr__(self, "_cjk_names_re", self._names_res[0])
        if all(n.isascii() for n in latin):  # a Latin name needs at least its longest part, in any case
            words = (max(n.lower().split(), key=len) for n in latin)
            object.__setattr__(self, "_latin_name_words", tuple(dict.fromkeys(words)))
        object.__setattr__(self, "_org_looks", tuple((p, first_look(p)) for p in self.org_patterns))
        object.__setattr__(self, "_path_looks", tuple((p, first_look(p)) for p in self.path_patterns))
        object.__setattr__(self, "_plan", self._make_plan())
        if self._plan is None:  # the plan's first looks are cheaper; this one is for unusual packs
            object.__setattr__(self, "_gate", self._make_gate())

    def _make_plan(self) -> tuple | None:
        """Words and literals one of which any hit but an IP address needs; None when some hit has none."""
        dims = self.dimensions
        words: list[bytes] = []
        literals: list[str] = []
        keyword_words: list[bytes] = []  # these count only in a line with a separator (":", "=", "：")
        keyword_literals: list[str] = []
        if "secret" in dims:
            words += _SHAPE_WORDS
            literals += _SHAPE_LITERALS
            for keyword in self.secret_keywords:
                runs = _letter_runs(keyword)
                if runs:
                    keyword_words.append(runs[-1])
                elif keyword.lower() == keyword.upper():  # CJK: matched as written
                    keyword_literals.append(keyword)
                else:
                    return None
        if "path" in dims:
            words += _PATH_WORDS
            literals += _PATH_LITERALS
        if "name" in dims:
            for name in self.names:
                if _has_cjk(name):
                    literals.append(name)
                elif name.isascii() and _letter_runs(name):
                    words.append(max(_letter_runs(name), key=len))
                else:
                    return None
        for dim, looks in (("path", self._path_looks), ("org", self._org_looks)):
            if dim in dims:
                for _, look in looks:
                    if look is None:
                        return None
                    literals += look
        literals += keyword_literals  # (the separator is not looked for with them)
        keyword_then_separator = None
        if keyword_words:  # the keyword, lowered, then whitespace (or any non-ASCII character) and a separator
            # (before "|", "为", "是", whitespace only: "是" is in most lines)
            ascii_keywords = sorted({k.lower().encode() for k in self.secret_keywords if _letter_runs(k)}, key=lambda k: (len(k), k))
            # (and what the keyword regex lets stand between: a plural's "s", a closing quote, bracket or "**", a
            # note in brackets)
            keyword_then_separator = re.compile(b"(?:" + b"|".join(map(re.escape, reversed(ascii_keywords)))
                                                + rb")s?" + _KEYWORD_CLOSE_BYTES
                                                + rb"(?:[\t-\r\x1c-\x20\"'\x80-\xff]*" + _KEYWORD_NOTE_BYTES
                                                + rb"[\t-\r\x1c-\x20\x80-\xff]*(?::|=|\xef\xbc[\x9a\x9d])"
                                                + rb"|[\"']?" + _SPACES + _KEYWORD_NOTE_BYTES + _SPACES
                                                + rb"(?:\||\xe4\xb8\xba|\xe6\x98\xaf|is[\t ]))")
        # whether every ASCII keyword ends with its last run of letters (then a keyword's match ends where that
        # word does, and what may follow it is known: `_SPACES_THEN_SEPARATOR`)
        words_end_keywords = all(k[-1:].isalpha() and k[-1:].isascii() for k in self.secret_keywords
                                 if _letter_runs(k))
        # a word ending with a keyword's: its plural, a name ending with it ("pgpassword", "authtoken", "apikeys")
        # (a name ends with one of three letters or more, as `_embedded_forms` has it: "disk" is no "sk")
        ends = tuple(dict.fromkeys(chain((w for w in keyword_words if len(w) >= 3), (w + b"s" for w in keyword_words))))
        return (frozenset(words), frozenset(keyword_words), keyword_then_separator,
                any_word_regex(literals) if literals else None, "secret" in dims, _literal_looks(literals),
                words_end_keywords, ends, tuple(e + b" " for e in ends), {})

    def _make_gate(self) -> re.Pattern[str] | None:
        """One regex over the lowered line for every word a hit other than an IP needs; None if some has none."""
        looks = [look for _, look in self._org_looks + self._path_looks]
        if self._keyword_words is None or self._latin_name_words is None or None in looks:
            return None
        words = {w.lower() for w in (*self._keyword_words, *self._latin_name_words, *_SECRET_PREFIXES,
                                     *_WEBHOOK_LITERALS, *_PATH_HINTS, ":\\", ":/", "://", *_COMMAND_WORDS,
                                     *(w for look in looks for w in look))}  # type: ignore[union-attr]
        words |= {n.lower() for n in self.names if _has_cjk(n)}  # matched as written: lowered, still there
        if not all(_plain_word(w) for w in words):
            return None
        return any_word_regex(words)

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None, base_dir: Path | None = None) -> PrivacyConfig:
        """Read a pack's [privacy] table; a bad value raises ValueError naming the key."""
        d = dict(d or {})
        unknown = sorted(set(d) - _KNOWN_KEYS)
        if unknown:
            close = get_close_matches(unknown[0], sorted(_KNOWN_KEYS), n=1, cutoff=0.6)  # org_pattern, allow_ip
            hint = f'; did you mean "{close[0]}"?' if close else f" (known: {', '.join(sorted(_KNOWN_KEYS))})"
            raise ValueError(f"privacy.{unknown[0]}: unknown key{hint}")
        names: list[str] = []
        if "names_file" in d:
            names.extend(read_names(_names_file_text(d["names_file"], base_dir)))
        for name in _str_list(d, "names"):
            if not name.strip():
                raise ValueError("privacy.names: empty name")
            names.append(" ".join(name.split()))
        allow = list(DEFAULT_ALLOW_IPS)
        for i, spec in enumerate(_str_list(d, "allow_ips")):
            try:
                ipaddress.ip_network(spec, strict=False)
            except ValueError as exc:
                raise ValueError(f"privacy.allow_ips[{i}]: not an address or network {spec!r}: {exc}") from None
            allow.append(spec)
        keywords = list(DEFAULT_SECRET_KEYWORDS)
        for i, word in enumerate(_str_list(d, "secret_keywords")):
            if not word.strip():
                raise ValueError(f"privacy.secret_keywords[{i}]: empty keyword")
            keywords.append(word.strip())
        min_length = d.get("secret_min_length", 8)
        if isinstance(min_length, bool) or not isinstance(min_length, int) or min_length < 1:
            raise ValueError(f"privacy.secret_min_length: must be a positive integer, got {min_length!r}")
        password_length = d.get("password_min_length", 6)
        if isinstance(password_length, bool) or not isinstance(password_length, int) or password_length < 1:
            raise ValueError(f"privacy.password_min_length: must be a positive integer, got {password_length!r}")
        min_entropy = d.get("secret_min_entropy", 3.0)
        if isinstance(min_entropy, bool) or not isinstance(min_entropy, (int, float)) or min_entropy < 0:
            raise ValueError(f"privacy.secret_min_entropy: must be a number >= 0, got {min_entropy!r}")
        dims = _str_list(d, "dimensions") if "dimensions" in d else list(DIMENSIONS)
        for dim in dims:
            if dim not in DIMENSIONS:
                raise ValueError(f"privacy.dimensions: unknown dimension {dim!r} (known: {', '.join(DIMENSIONS)})")
        return cls(
            names=tuple(dict.fromkeys(names)),
            org_patterns=tuple(
                _compile(p, f"org_patterns[{i}]") for i, p in enumerate(_str_list(d, "org_patterns"))
            ),
            path_patterns=tuple(
                _compile(p, f"path_patterns[{i}]") for i, p in enumerate(_str_list(d, "path_patterns"))
            ),
            allow_ips=tuple(ipaddress.ip_network(n, strict=False) for n in dict.fromkeys(allow)),
            secret_keywords=tuple(dict.fromkeys(keywords)),
            secret_min_length=min_length,
            secret_min_entropy=float(min_entropy),
            allow_patterns=_allow_patterns(d, dims),
            dimensions=frozenset(dims),
            password_min_length=password_length,
        )


def _allow_patterns(d: dict[str, Any], dims: list[str]) -> tuple[re.Pattern[str], ...]:
    """The allow patterns compiled; one letting a whole kind of private data through is refused (`privacy_allow`)."""
    out = []
    for i, p in enumerate(_str_list(d, "allow_patterns")):
        rx = _compile(p, f"allow_patterns[{i}]")
        why = refusal(rx, dims)
        if why is not None:
            raise ValueError(f"privacy.allow_patterns[{i}]: {why}")
        out.append(rx)
    return tuple(out)


def config_of_pack(pack: Any) -> PrivacyConfig:
    """The PrivacyConfig a rule pack asks for: the one read (and checked) when the pack was loaded while its
    [privacy] table is still that one, else read again; the defaults without a pack. The analysis scans the text
    with it, the report the file names and the pack it prints."""
    if pack is None:
        return PrivacyConfig()
    read = getattr(pack, "privacy_config", None)  # (the pack's [privacy] table, its PrivacyConfig)
    if read and read[0] is pack.privacy:
        return read[1]
    return PrivacyConfig.from_dict(getattr(pack, "privacy", None) or {}, getattr(pack, "base_dir", None))


def mask(text: str) -> str:
    """The matched text with all but its first few characters hidden: "sk-abcd…" -> "sk-a********"."""
    keep = min(4, max(1, len(text) // 4)) if len(text) > 1 else 0
    return text[:keep] + "*" * max(4, min(8, len(text) - keep))


def shannon_entropy(value: str) -> float:
    """Bits per character of the value's own character distribution."""
    if not value:
        return 0.0
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in Counter(value).values())


def _char_classes(value: str) -> int:
    return (
        any(c.islower() for c in value)
        + any(c.isupper() for c in value)
        + any(c.isdigit() for c in value)
        + any(not c.isalnum() for c in value)
    )


# A part of a name in code or of a model's name: words in any case (camelCase, CONSTANT), a short number after them,
# a size or version ("72B", "405B", "v2"), a chip ("H100", "fp16"), a number format ("e4m3", "w4a16"), a letter.
_NAME_PART = re.compile(r"(?:[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]{2,})+\d{0,3}[A-Za-z]?|(?:[A-Za-z]{1,2}\d{1,4}){1,2}[A-Za-z]?"
                        r"|\d{1,4}[A-Za-z]{0,2}|[A-Za-z]")  # (a letter alone: the k of "self_attn.k_proj")
_NAME_SEPARATORS = re.compile(r"[._/\-]+")


def _is_code_or_name(value: str) -> bool:
    """A call or subscript ("os.environ[", "os.getenv("), or two or more name parts joined by . _ - /
    ("tokenizer.eos_token_id", "model.layers.0.self_attn", "Qwen2.5-72B-Instruct"): what follows "key=" or
    "token:" in code and prose about models. A key's random characters never split into such parts."""
    if holds_any(value, ("(", "[")):
        return True
    parts = [p for p in _NAME_SEPARATORS.split(value) if p]
    return len(parts) >= 2 and all(_NAME_PART.fullmatch(p) for p in parts) and not _license_key(parts)


def _license_key(parts: list[str]) -> bool:
    """Four groups or more of the same length, each of letters and digits: a key written as a license key is
    ("Zx9k-Mq2w-Pl7v-Rt4y-Bn8c"), whose groups each look like a name's part ("H100")."""
    return (len(parts) >= 4 and len({len(p) for p in parts}) == 1 and len(parts[0]) >= 4
            and all(not p.isalpha() and not p.isdigit() for p in parts))


def _looks_like_secret(value: str, cfg: PrivacyConfig) -> bool:
    if len(value) < cfg.secret_min_length or _has_cjk(value):
        return False
    if value[0] in "<{$%[(" or value.lower().startswith(("http://", "https://", "xxx")):
        return False  # placeholders and links, not secrets
    if len(set(value)) <= 2:
        return False  # "********", "xxxxxxxx"
    return (_char_classes(value) >= 2 and shannon_entropy(value) >= cfg.secret_min_entropy
            and not _is_code_or_name(value))


def _looks_like_password(value: str, cfg: PrivacyConfig) -> bool:
    """After password/passwd/pwd/密码/口令 a value is a password unless it is a word or a placeholder: people's
    passwords ("hunter2", "s3cr3tP@ss") are short and low in entropy, unlike the keys and tokens the other
    keywords introduce; prose ("password: required", "密码：见附件") has one class of character or CJK."""
    if len(value) < cfg.password_min_length or _has_cjk(value) or holds_any(value, ("[", "(", "{", "<")):
        return False  # "password: Optional[str]" is code, not a password
    if value[0] in "$%" or value.lower().startswith(("http://", "https://", "xxx")):
        return False
    return len(set(value)) > 2 and _char_classes(value) >= 2


def _random_mix(value: str) -> bool:
    """Letters and digits mixed as a random string mixes them: at least one run of a kind (lower, upper, digit,
    other) for every two characters ("a8F3kq9Zp2LmX7vB"; not "SHA256withRSA", "AES256GCM", "2048bit")."""
    kinds = [c.islower() + 2 * c.isupper() + 3 * c.isdigit() for c in value]
    runs = 1 + sum(a != b for a, b in zip(kinds, kinds[1:]))
    return runs * 2 >= len(value)


def _glued(value: str) -> bool:
    return (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
            and _char_classes(value) >= 3 and _random_mix(value))


def _glued_secret(value: str, cfg: PrivacyConfig) -> bool:
    """A key written right after a CJK keyword ("令牌a8F3kq9Zp2LmX7vB"): Chinese prose glues Latin words to its
    words ("令牌Bucket", "密钥AES256", "密钥SHA256withRSA"), so letters and digits mixed at random, three kinds."""
    return _looks_like_secret(value, cfg) and _glued(value)


def _glued_password(value: str, cfg: PrivacyConfig) -> bool:
    """A password right after 密码/口令 ("密码Xk9#mP2vL7q", "口令Qw3rty!9xZ"): mixed at random, or letters, digits and
    a symbol ("密码Hunter2024!"; not "密码BCrypt", "密码MD5", "密码SHA256withRSA")."""
    return _looks_like_password(value, cfg) and (
        _glued(value) or (_char_classes(value) >= 3 and any(c.isdigit() for c in value)
                          and any(not c.isalnum() for c in value)))


def _ip_allowed(address: ipaddress.IPv4Address | ipaddress.IPv6Address, cfg: PrivacyConfig) -> bool:
    """Whether the pack allows the address; an IPv4 address written IPv6-mapped ("::ffff:127.0.0.1") as itself."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address.version == net.version and address in net for net in cfg.allow_ips)


# A four-part version: a release mark after it ("1.2.3.4-rc1", ".post1", "+cu121", "… 版"; not "-prefill" nor the
# "+" joining two addresses, "10.0.0.5+10.0.0.6"), a version word before it ("版本 …", "version: …", "固件 …"), a
# pip requirement's operator ("nvidia-cudnn-cu12==9.1.0.70", ">=", "~="), a release string's two-part version before
# it ("MLNX_OFED_LINUX-23.10-1.1.9.0"), or the name of a product that numbers its versions in four parts
# ("TensorRT 10.3.0.26", "cuDNN 9.1.0.70", "DCGM 3.3.5.1", "BIOS 1.8.2.0", also in the table cell before:
# "| cuDNN | 9.1.0.70 |"). Any other name before it is a host's or a service's ("vLLM 10.3.0.29", "| SGLang |
# 10.3.0.26 |", "MinIO 10.0.0.7"): an engine-per-row table of addresses is everyday content.
_VERSION_AFTER = re.compile(r"(?:[-.~_](?:(?:post|dev|rc|alpha|beta|pre|final)(?![A-Za-z])|a\d|b\d)"
                            r"|\+(?!\d{1,3}(?:\.\d{1,3}){3}(?!\d))[A-Za-z0-9]| ?版)", re.IGNORECASE)
_VERSION_BEFORE = re.compile(r"(?:(?<![A-Za-z])(?i:version|ver|release|build|tag|firmware|fw)\.?|版本号?|升级[到至]?|发布"
                             r"|固件(?:版本)?)\s*[:：]?\s*$"
                             # a table's, a figure's or a section's number ("表 4.5.6.7", "如图 1.2.3.4", "§4.5.6.7",
                             # "Table 4.5.6.7"; not "路由表 10.0.0.0", "拓扑图 10.0.0.1", "节点列表：10.0.0.1")
                             r"|(?:(?<![\u3400-\u9fff])|(?<=[见如在和与及、]))[表图]\s*$|§\s*$"
                             r"|(?<![A-Za-z])(?:Table|Fig(?:ure)?|Sec(?:tion)?)\.?\s*$"
                             r"|[=<>~!]=\s*$|(?<![\d.])\d+\.\d+-$")
# (fullmatch) the products that number their versions in four parts: NVIDIA's libraries ("cuDNN", "cuBLAS",
# "cuFFT", "nvJPEG", "TensorRT" but not "TensorRT-LLM", "Nsight", "DCGM"), Mellanox's "OFED" / "HPC-X" / "DOCA",
# a server's "BIOS", Intel's "oneAPI" / "OpenVINO", Huawei's "CANN". (Not "BMC" nor "driver": a BMC's or a Ray
# driver's address is written so too.)
_FOUR_PART_PRODUCT = re.compile(r"cu[A-Z][A-Za-z]{1,7}|nv[A-Z][A-Za-z]{2,7}"
                                r"|(?i:cu(?:dnn|blas(?:lt)?|fft|rand|solver|sparse|tensor)|nvjpeg|nvjitlink|tensorrt"
                                r"|nsight(?:[-_]\w+)?|dcgm|(?:mlnx[-_])?ofed|hpc-?x|doca|v?bios|oneapi|openvino|cann)")
# a port after it: an address ("vLLM 10.3.0.29:8000"); a version is never followed by one
_PORT_AFTER = re.compile(r"[:：]\d{1,5}(?!\d)")
_WORD_BEFORE = re.compile(r"(?<![A-Za-z0-9_\-])([A-Za-z][A-Za-z0-9+_\-]*) ?(?:\| ?)?$")


def _is_version(text: str, start: int, end: int) -> bool:
    """Whether the dotted number at text[start:end] reads as a version rather than an IPv4 address."""
    if _PORT_AFTER.match(text, end):
        return False
    if _VERSION_AFTER.match(text, end):
        return True
    before = text[max(0, start - 24):start]
    if _VERSION_BEFORE.search(before):
        return True
    m = _WORD_BEFORE.search(before)
    return m is not None and _FOUR_PART_PRODUCT.fullmatch(m.group(1)) is not None


def _ip_spans(text: str, cfg: PrivacyConfig) -> list[tuple[int, int, str]]:
    spans: list[tuple[int, int, str]] = []
    if "." in text and text.count(".") >= 3 and _IPV4_HINT.search(text):
        for m in _lazy(_IPV4).finditer(text):
            try:
                address = ipaddress.IPv4Address(m.group(1))
            except ValueError:  # `ipaddress` refuses leading zeros; a router's page pads to three ("192.168.001.010")
                octets = m.group(1).split(".")  # (not "01.02.03.04": a date or a time more likely)
                if not all(int(o) <= 255 and (o[0] != "0" or len(o) == 3) for o in octets):
                    continue
                address = ipaddress.IPv4Address(".".join(str(int(o)) for o in octets))
            if not _ip_allowed(address, cfg) and not _is_version(text, m.start(), m.end()):
                spans.append((m.start(), m.end(), "ip"))
    if _may_hold_ipv6(text):
        for m in _lazy(_IPV6).finditer(text):
            candidate = m.group(1).rstrip(".")
            groups = [g for g in candidate.split(":") if g]
            if not any(ch.isdigit() for ch in candidate) and len(groups) < 3:
                continue  # "cafe::babe" is prose more often than an address
            if len(groups) < 3 and all(g.isdigit() and len(g) <= 3 for g in groups):
                continue  # a Python slice: "x[..., 1::2]", "k[:, ::4]"
            try:
                address6 = ipaddress.IPv6Address(candidate)
            except ValueError:
                continue
            if not _ip_allowed(address6, cfg):
                spans.append((m.start(), m.end() - (len(m.group(1)) - len(candidate)), "ip"))
    return spans


# A run of 20 letters or more with no separator: no word of prose ("sk-learn-pipeline" is words), so a key's body
# even without a digit ("sk-abcdefghijklmnopqrstuvwx" was left unmasked in the report)
_LONG_RUN = re.compile(r"[A-Za-z]{20,}")


def _random_run(token: str) -> bool:
    """A run of 20 letters or more of 10 different letters at least (not a placeholder: "sk-xxxxxxxxxxxxxxxxxxxx")."""
    return any(len(set(run.group())) >= 10 for run in _LONG_RUN.finditer(token))


_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")  # what a backslash escapes in Markdown
_KEY_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _as_rendered(text: str) -> tuple[str, list[int]]:
    """The text as Markdown renders it, for a key's shape: a backslash escape without its backslash ("ghp\\_…",
    "sk\\-proj\\-…", as Typora and Notion export "_" and "-"), and a run of "*" next to a key's character gone
    (emphasis: "sk-Mm3Nn4Bb5**Vv6Cc7**" renders as one string); and for each of its characters its index in the
    text (the hit's column and length are the line's, and the mask covers the line's span)."""
    out: list[str] = []
    at: list[int] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\" and i + 1 < n and text[i + 1] in _ASCII_PUNCTUATION:
            out.append(text[i + 1])
            at.append(i + 1)
            i += 2
            continue
        if ch == "*":
            j = i
            while j < n and text[j] == "*":
                j += 1
            if (i and text[i - 1] in _KEY_CHARACTERS) or (j < n and text[j] in _KEY_CHARACTERS):
                i = j
                continue
        out.append(ch)
        at.append(i)
        i += 1
    return "".join(out), at


def _shape_spans(text: str) -> list[tuple[int, int, str]]:
    """The built-in key shapes in the text (`_SECRET_SHAPES`, and a key cut at the line's end, `_CUT_SHAPE`)."""
    spans: list[tuple[int, int, str]] = []
    for m in _lazy(_SECRET_SHAPES).finditer(text):
        token = m.group(0)
        if token.startswith("-----") or any(ch.isdigit() for ch in token) or _random_run(token):
            spans.append((m.start(), m.end(), "secret"))
    cut = _lazy(_CUT_SHAPE).search(text)
    if cut is not None:
        spans.append((cut.start(), cut.end(), "secret"))
    return spans


def _rendered_shape_spans(text: str) -> list[tuple[int, int, str]]:
    """`_shape_spans` of the line as written and as Markdown renders it (`_as_rendered`), in the line's columns: a key
    the export would show whole is a hit even when escapes or emphasis break it in the line."""
    spans = _shape_spans(text)
    if "\\" not in text and "*" not in text:
        return spans
    rendered, at = _as_rendered(text)
    if len(rendered) == len(text):
        return spans
    found = [(at[s], at[e - 1] + 1, d) for s, e, d in _shape_spans(rendered)]
    return found + [s for s in spans if not any(s[0] < e and f < s[1] for f, e, _ in found)]


def _secret_spans(text: str, cfg: PrivacyConfig, lower: str | None) -> list[tuple[int, int, str]]:
    spans: list[tuple[int, int, str]] = []
    if holds_any(text, _SECRET_PREFIXES):
        spans += _rendered_shape_spans(text)
    if holds_any(text, _WEBHOOK_LITERALS):
        spans += [(m.start(), m.end(), "secret") for m in _lazy(_WEBHOOK).finditer(text)]
    if "://" in text and "@" in text:  # scheme://user:password@host
        for m in _lazy(_URL_PASSWORD).finditer(text):
            if _looks_like_password(m.group("value"), cfg):
                spans.append((m.start("value"), m.end("value"), "secret"))
    if holds_any(lower if lower is not None else text.lower(), _COMMAND_WORDS):
        for m in _lazy(_COMMAND_PASSWORD).finditer(text):
            start, end = m.span(m.lastgroup)  # (each command's password group ends its branch)
            if _looks_like_password(text[start:end], cfg):
                spans.append((start, end, "secret"))
    words = cfg._keyword_words
    if lower is not None and words is not None and not holds_any(lower, words):
        return spans  # no keyword in the line
    rx, pos = cfg._keywords_re, 0
    while rx is not None and (km := rx.search(text, pos)) is not None:
        is_password = km.group("word").lower() in PASSWORD_WORDS
        judge = _looks_like_password if is_password else _looks_like_secret
        if km.group("glued") is not None:
            judge = _glued_password if is_password else _glued_secret
        if km.group("qvalue") is not None:
            start, value = km.start("qvalue"), km.group("qvalue")
        else:
            start, value = km.start("value"), km.group("value").rstrip(".:")  # (a label's colon: "口令 toKen: …"
            if is_password and len(value) == len(km.group("value")):  # is judged as "toKen")
                rest = _PASSWORD_REST.match(text, km.end("value"))
                if rest is not None:
                    value += rest.group()
        if judge(value, cfg):
            spans.append((start, start + len(value), "secret"))
            pos = start + len(value)
        else:  # a value that is none may be the next keyword: "令牌 TOKEN：Zx9k…"
            pos = km.end("word")
        if km.group("list") is not None and km.group("qvalue") is not None:  # the list's other values
            at = km.end()
            while (lm := _LIST_VALUE.match(text, at)) is not None:
                if judge(lm.group(2), cfg):
                    spans.append((lm.start(2), lm.end(2), "secret"))
                at = pos = lm.end()
    if "--" in text:
        for m in _lazy(_OPTION_SECRET).finditer(text):
            if (_looks_like_password(m.group("value"), cfg) if m.group("word") in PASSWORD_WORDS else
                    _looks_like_secret(m.group("value"), cfg)):
                spans.append((m.start("value"), m.end("value"), "secret"))
    return spans


def _pattern_spans(
    text: str, looks: tuple[tuple[re.Pattern[str], tuple[str, ...] | None], ...], dim: str
) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), dim) for p, look in looks if look is None or holds_any(text, look)
            for m in p.finditer(text) if m.end() > m.start()]


def _lowered(text: str) -> str | None:
    """The line lowered for substring first looks, or None when it holds a character that defeats them."""
    if text.isascii():
        return text.lower()
    return None if holds_any(text, _ODD_CASE) else text.lower()


# A Chinese input method's full-width digits and letters, and the signs written between them in an address, a key, a
# path or a code ("１０.０.３.１７", "ＰＲＪ－１２３４", "ｓｋ－…"): read as ASCII, one character for one, so the columns
# stay the line's. Only in a line holding a full-width digit or letter (full-width punctuation alone is Chinese prose).
_FULL_WIDTH_LETTER = re.compile("[０-９Ａ-Ｚａ-ｚ]")
_FULL_WIDTH_READ = as_ascii_table(FULL_WIDTH_DIGITS + FULL_WIDTH_LETTERS + "．－＿＠／＼：＝")


def _as_ascii(text: str) -> str:
    return text.translate(_FULL_WIDTH_READ) if _FULL_WIDTH_LETTER.search(text) is not None else text


def privacy_in_line(text: str, cfg: PrivacyConfig) -> tuple[PrivacyHit, ...]:
    """Every private-data hit in one line, left to right, with line=0 and the matched text masked (full-width
    digits and letters read as ASCII)."""
    text = _as_ascii(text)
    plan = cfg._plan
    if plan is None or _may_hold(text, plan):
        return _scan_line(text, cfg)
    if "ip" not in cfg.dimensions:
        return ()
    spans = _ip_spans(text, cfg)  # the only kind of hit left possible
    return _hits(text, spans, cfg) if spans else ()


_RUN = 32  # lines whose first look privacy_in_lines makes at once


def privacy_in_lines(texts: list[str], cfg: PrivacyConfig) -> list[tuple[PrivacyHit, ...]]:
    """`privacy_in_line` of each text, the first look (`_may_hold`) made once for the whole text.

    A published survey holds no private data: nearly always the text lacks every word and literal a hit other than
    an IP address needs (`_text_may_hold`), and then only the lines that may hold an IP address, and those holding a
    secret keyword's word before a separator, are looked at line by line. Otherwise the lines are looked at by runs
    (`_privacy_by_runs`).
    """
    plan = cfg._plan
    if plan is None or len(texts) < 4:
        return [privacy_in_line(t, cfg) for t in texts]
    joined = "\n".join(texts)
    if _FULL_WIDTH_LETTER.search(joined) is not None:
        texts = [_as_ascii(t) for t in texts]
        joined = "\n".join(texts)
    looked = _text_may_hold(joined, plan)
    if looked is None or joined.count("\n") != len(texts) - 1:  # (a line found by counting line breaks)
        return _privacy_by_runs(texts, cfg, plan)
    data, letters, keywords = looked
    out: list[tuple[PrivacyHit, ...]] = [()] * len(texts)
    if "ip" in cfg.dimensions:
        for i in _ip_lines(joined, texts):
            if spans := _ip_spans(texts[i], cfg):
                out[i] = _hits(texts[i], spans, cfg)
    if keywords:  # the lines holding a keyword's word whole: the rest of _may_hold's keyword look
        found = _keyword_spans(keywords, letters, plan)
        line, pos, scanned = 0, 0, -1
        for at, end in found:
            # the keyword's match would end with this word: then spaces and a separator must follow (or "--" before
            # it: "--api-key"); looked at before the line is counted, so a text whose keywords are all prose ("key
            # 路径") counts no line breaks
            if plan[6] and _SPACES_THEN_SEPARATOR.match(data, end) is None and b"--" not in data[max(0, at - 9):at]:
                continue
            line += data.count(b"\n", pos, at)  # (the line of each, counting line breaks from the one before)
            pos = at
            if line == scanned:
                continue
            if plan[6]:
                if _SPACES_THEN_SEPARATOR.match(data, end) is None and not _has_option_word(texts[line]):
                    continue
            else:
                encoded = texts[line].encode("utf-8", "surrogatepass")
                if not (_has_separator(encoded) and plan[2].search(encoded.lower())
                        or _has_option_word(texts[line])):
                    continue
            out[line] = _scan_line(texts[line], cfg)
            scanned = line
    return out


# What the keyword regex (`_keyword_regex`) lets stand between an ASCII keyword and its value, in UTF-8: the
# characters \s matches (`_SPACES`), then a separator (`_SEPARATORS`); a JSON or dict key's closing quote may come
# first ('"token": "…"'). (A line where a keyword's word is followed by something else holds no keyword's secret:
# `_may_hold`'s looser look, any non-ASCII character before ":" "=" "：" "＝", scans it for nothing.)
_SPACES_THEN_SEPARATOR = re.compile(_KEYWORD_CLOSE_BYTES + _SPACES + _KEYWORD_NOTE_BYTES + _SPACES + _SEPARATORS)


def _keyword_words_in(found: Iterable[bytes], plan: tuple) -> set[bytes]:
    """The words (lowered letters) of a line or run that may be a secret keyword's: one's word, or a word ending
    with one's word or its plural ("keys", "pgpassword", "authtoken", "openaiapikey": `_embedded_forms`)."""
    ends = plan[7]
    return {w for w in found if w.endswith(ends)} if ends else set()


def _text_may_hold(joined: str, plan: tuple) -> tuple[bytes, bytes, frozenset[bytes]] | None:
    """`_may_hold` for lines joined by line breaks, made once for the whole text: None when some line may hold a hit
    other than an IP address found by its words or literals, else (the text's UTF-8 bytes, those bytes with letters
    lowered and every other byte a space, the secret keywords' words it holds whole when it holds a separator too:
    their lines get the rest of the keyword look).

    (A literal is looked for by its letters among the text's distinct words, or by its characters, `in` the text;
    then, if they are there, by its regex: `_literal_looks`.)
    """
    words, keyword_words, _, _, secrets, literal_looks = plan[:6]
    if secrets and _link_with_password(joined):
        return None
    if joined.isascii():
        data = joined.encode("ascii")
    else:
        data = joined.encode("utf-8", "surrogatepass")
        if 0xC4 in data or 0xC5 in data or "\u212a" in joined:
            return None  # İ ı ſ K (see _words_of)
    letters = data.translate(_LETTERS)
    found = set(letters.split())
    if not words.isdisjoint(found):
        return None
    seen = b" " + b" ".join(found) + b" "  # each word once: a literal's runs of letters are in them
    for runs, chars, rx in literal_looks:  # a literal's letters, or else all its characters, then itself
        if (all(map(seen.__contains__, runs)) if runs else all(map(joined.__contains__, chars))) \
                and _lazy(rx).search(joined) is not None:
            return None
    keywords = set(keyword_words.intersection(found))
    for end in plan[8]:  # and the words ending with one (`_keyword_words_in`), among the distinct words (a find
        at = seen.find(end)  # for each is several times faster than one regex for them all)
        while at >= 0:
            keywords.add(seen[seen.rfind(b" ", 0, at) + 1:at + len(end) - 1])
            at = seen.find(end, at + 1)
    return data, letters, (frozenset(keywords) if keywords and (_has_separator(data) or b"--" in data)
                           else frozenset())


def _link_with_password(joined: str) -> bool:
    """Whether a line of the text holds both "@" and "://" (`_may_hold`'s look for "https://user:password@host"),
    looked at in the few lines that hold "@" (a search for "://" in the whole text takes several times longer)."""
    at = joined.find("@")
    for _ in range(64):
        if at < 0:
            return False
        start, end = joined.rfind("\n", 0, at) + 1, joined.find("\n", at)
        if end < 0:
            end = len(joined)
        if joined.find("://", start, end) >= 0:
            return True
        at = joined.find("@", end)
    return "://" in joined  # (many lines hold "@")


def _has_option_word(text: str) -> bool:
    """Whether the text holds an option `_OPTION_SECRET` looks at ("--api-key"), looked for where "--" is (a
    Markdown table's "|---|" holds it too)."""
    at = text.find("--")
    while at >= 0:
        if text.startswith(_OPTION_LITERALS, at):
            return True
        at = text.find("--", at + 1)
    return False


def _ip_lines(joined: str, texts: list[str]) -> list[int]:
    """The indices of the lines that may hold an IP address: those holding `_IPV4_HINT` or `_may_hold_ipv6`."""
    lines: set[int] = set()
    if "." in joined:
        line, pos = 0, 0
        for m in _IPV4_HINT.finditer(joined):
            line += joined.count("\n", pos, m.start())
            pos = m.start()
            lines.add(line)
    if ":" in joined:  # (each line's ":" counted by str.count, in C: most have none or one)
        lines.update(i for i, n in enumerate(map(str.count, texts, repeat(":")))
                     if n >= 7 or (n > 1 and "::" in texts[i]))
    return sorted(lines)


def _privacy_by_runs(texts: list[str], cfg: PrivacyConfig, plan: tuple) -> list[tuple[PrivacyHit, ...]]:
    """`privacy_in_lines` for a text that may hold private data: the first look is made once for a run of lines.

    Where the run holds a word or literal some hit needs, its lines are scanned line by line; where it only holds a
    secret keyword's word, only the lines holding that word are; the others only get the IP look. (A run joined by
    line breaks holds every word and literal any of its lines holds: a line break is no letter and in none of them.)
    """
    ip = "ip" in cfg.dimensions
    out: list[tuple[PrivacyHit, ...]] = []
    for k in range(0, len(texts), _RUN):
        run = texts[k:k + _RUN]
        joined = "\n".join(run)
        maybe = _run_may_hold(joined, plan)
        if maybe is True:
            out += [privacy_in_line(t, cfg) for t in run]
            continue
        if not ip:
            hits: list[tuple[PrivacyHit, ...]] = [()] * len(run)
        elif "." in joined and _IPV4_HINT.search(joined):
            hits = [_hits(t, spans, cfg) if (spans := _ip_spans(t, cfg)) else () for t in run]
        else:  # no line holds an IPv4 address: only those that may hold an IPv6 one are looked at
            hits = [_hits(t, spans, cfg) if _may_hold_ipv6(t) and (
                spans := _ip_spans(t, cfg)) else () for t in run]
        for i in maybe:  # the lines holding a keyword's word whole: the rest of _may_hold's keyword look
            line = run[i].encode("utf-8", "surrogatepass")
            if _has_separator(line) and plan[2].search(line.lower()) or _has_option_word(run[i]):
                hits[i] = _scan_line(run[i], cfg)
        out += hits
    return out


def _run_may_hold(joined: str, plan: tuple) -> Literal[True] | list[int]:
    """`_may_hold` for lines joined by line breaks: True when some line may hold a hit other than an IP address
    found by its words or literals (then every line is looked at), else the indices of the lines that hold a
    secret keyword's word whole with a separator in the run (the keyword look is made line by line for them)."""
    words, keyword_words, _, literals, secrets = plan[:5]
    if secrets and "@" in joined and "://" in joined:
        return True
    looked = _words_of(joined)
    if looked is None:
        return True
    line, found = looked
    if not words.isdisjoint(found):
        return True
    if literals is not None and literals.search(joined) is not None:
        return True
    if not (_has_separator(line) or b"--" in line):
        return []
    keywords = keyword_words.intersection(found) | _keyword_words_in(set(found), plan)
    if not keywords:
        return []
    lower = line.lower()
    breaks = [m.start() for m in _BREAK.finditer(line)]
    return sorted({bisect_right(breaks, m.start()) for word in keywords for m in _whole_word(word).finditer(lower)})


def _keyword_spans(keywords: frozenset[bytes], letters: bytes, plan: tuple) -> list[tuple[int, int]]:
    """The spans, in order, of the given words (`_text_may_hold`'s) as whole words of the lowered letters. A word is
    found by the end it shares with a keyword's word, the shortest ("tokens", "freetoken" and "token" by "token",
    "keys" and "apikey" by "key"): a pass over the text for each such end, not for each word."""
    keyword_words, known = plan[1], plan[9]  # (known: each word's end, found once)
    ends: set[bytes] = set()
    for word in keywords:
        end = known.get(word)
        if end is None:
            stem = word[:-1] if word.endswith(b"s") and word not in keyword_words else word
            end = min((k for k in keyword_words if stem.endswith(k) or word.endswith(k)), key=len, default=word)
            if len(known) < 4096:
                known[word] = end
        ends.add(end)
    spans = set()
    for end in ends:
        for m in _word_end(end).finditer(letters):
            start, stop = letters.rfind(b" ", 0, m.start()) + 1, m.end() + (letters[m.end():m.end() + 1] == b"s")
            if letters[start:stop] in keywords:
                spans.add((start, stop))
    return sorted(spans)


_WORD_ENDS: dict[bytes, re.Pattern[bytes]] = {}


def _word_end(end: bytes) -> re.Pattern[bytes]:
    """The lowered letters at the end of a whole word, maybe with an "s" after them, compiled once (led by them)."""
    rx = _WORD_ENDS.get(end)
    if rx is None:
        rx = _WORD_ENDS[end] = re.compile(re.escape(end) + b"(?=s?(?![a-z]))")  # (a lookahead: still led by them)
    return rx


_BREAK = re.compile(b"\n")
_WHOLE_WORDS: dict[bytes, re.Pattern[bytes]] = {}


def _whole_word(word: bytes) -> re.Pattern[bytes]:
    """The lowered word as a whole word in lowered bytes (letters a-z only), compiled once."""
    rx = _WHOLE_WORDS.get(word)
    if rx is None:
        w = re.escape(word)  # (led by the word, so re finds it by a plain search, the letter before looked at after)
        rx = _WHOLE_WORDS[word] = re.compile(w + b"(?<![a-z]" + w + b")(?![a-z])")
    return rx


def _may_hold_ipv6(text: str) -> bool:
    """An IPv6 address either compresses ("::") or has eight groups (seven ":")."""
    return ":" in text and ("::" in text or text.count(":") >= 7)


def _has_separator(line: bytes) -> bool:
    """Whether UTF-8 bytes hold one of `_SEPARATORS`, one of which an ASCII secret keyword needs after it."""
    return (58 in line or 61 in line or 124 in line or line.find(b"\xef\xbc\x9a") >= 0
            or line.find(b"\xef\xbc\x9d") >= 0 or line.find(b"\xe4\xb8\xba") >= 0 or line.find(b"\xe6\x98\xaf") >= 0
            or line.find(b" is ") >= 0)


def _words_of(text: str) -> tuple[bytes, list[bytes]] | None:
    """(the text's UTF-8 bytes, its whole words of ASCII letters, lowered); None when a character defeats a first
    look by word: İ ı ſ K (in U+0100..017F, U+212A) match i, s, k in any case."""
    if text.isascii():
        line = text.encode("ascii")
    else:
        line = text.encode("utf-8", "surrogatepass")
        if 0xC4 in line or 0xC5 in line or line.find(b"\xe2\x84\xaa") >= 0:
            return None
    return line, line.translate(_LETTERS).split()


def _may_hold(text: str, plan: tuple) -> bool:
    """True unless the line lacks every word and literal a hit other than an IP address needs.

    Whole words of ASCII letters are looked up in a set (the line's UTF-8 bytes, letters lowered, split at every
    other byte), a keyword word only where a separator follows it; the literals by one regex (a trie).
    """
    words, keyword_words, keyword_then_separator, literals, secrets = plan[:5]
    if secrets and "@" in text and "://" in text:
        return True  # a password in a link ("https://user:password@host")
    looked = _words_of(text)
    if looked is None:
        return True
    line, found = looked
    if not words.isdisjoint(found):
        return True
    if (not keyword_words.isdisjoint(found) or _keyword_words_in(found, plan)) and (
            _has_separator(line) and keyword_then_separator.search(line.lower()) or _has_option_word(text)):
        return True  # a keyword, then one of ":", "=", "：" (the keyword regex allows only whitespace between)
    return literals is not None and literals.search(text) is not None


def _scan_line(text: str, cfg: PrivacyConfig) -> tuple[PrivacyHit, ...]:
    """The full scan of one line: every dimension, each behind its own first look."""
    dims = cfg.dimensions
    spans: list[tuple[int, int, str]] = []
    lower = _lowered(text)
    if "ip" in dims:
        spans += _ip_spans(text, cfg)
    if lower is not None and cfg._gate is not None and cfg._gate.search(lower) is None:
        return _hits(text, spans, cfg) if spans else ()  # no word any other kind of hit needs
    if "secret" in dims:
        spans += _secret_spans(text, cfg, lower)
    if "path" in dims:
        if holds_any(text, _PATH_HINTS):
            spans += [(m.start(), m.end(), "path") for m in _lazy(_UNIX_PATHS).finditer(text)]
        if ":\\" in text or ":/" in text:
            spans += [(m.start(), m.end(), "path") for m in _lazy(_WINDOWS_PATHS).finditer(text)]
        spans += _pattern_spans(text, cfg._path_looks, "path")
    if "name" in dims:
        if cfg._cjk_names_re is not None:
            spans += [(m.start(), m.end(), "name") for m in cfg._cjk_names_re.finditer(text)]
        words = cfg._latin_name_words
        if cfg._latin_names_re is not None and (lower is None or words is None or holds_any(lower, words)):
            spans += [(m.start(), m.end(), "name") for m in cfg._latin_names_re.finditer(text)]
    if "org" in dims:
        spans += _pattern_spans(text, cfg._org_looks, "org")
    if not spans:
        return ()
    return _hits(text, spans, cfg)


_ORDER = {d: i for i, d in enumerate(DIMENSIONS)}
# AWS's documentation writes its example keys so ("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"):
# no one's secret
_EXAMPLE_ENDS = ("EXAMPLE", "EXAMPLEKEY")


def _hits(text: str, spans: list[tuple[int, int, str]], cfg: PrivacyConfig) -> tuple[PrivacyHit, ...]:
    order = _ORDER
    spans.sort(key=lambda s: (s[0], s[0] - s[1], order[s[2]]))
    hits: list[PrivacyHit] = []
    kept_end = -1
    for start, end, dim in spans:
        if end <= kept_end:
            continue  # inside a longer hit already reported
        matched = text[start:end]
        if any(p.fullmatch(matched) for p in cfg.allow_patterns):
            continue
        if dim == "secret":
            if matched.endswith(_EXAMPLE_ENDS):
                continue  # a vendor's documented example key, as the documentation IP ranges are allowed
            if "\\" in matched or "*" in matched:
                matched = _as_rendered(matched)[0] or matched  # masked as the export shows it: "ghp_9z8Y********"
        kept_end = max(kept_end, end)
        hits.append(PrivacyHit(dimension=dim, line=0, column=start + 1, masked=mask(matched), length=end - start))
    return tuple(hits)


# ---- a private key's body ---------------------------------------------------------------------------------------
# `privacy_in_line` finds a key's BEGIN line; the base64 lines under it, up to its END line, are each a line that
# means nothing alone (the same line elsewhere is no secret), so they are found over the lines: `key_bodies`.
KEY_BODY_LINES = 200  # the most lines after a BEGIN line read as its body (an 8192-bit RSA key has ~100 of 64 characters)
# a line opening a key whose body follows (not one holding the key's END too: a key written on one line)
_KEY_OPENS = re.compile(r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----(?!.*-----END)")
_KEY_BODY_LINE = re.compile(r"[ \t]*([A-Za-z0-9+/]+=*)[ \t\r]*")  # (fullmatch) a line of base64
# RFC 1421 headers of an encrypted PEM key, before its base64 and a blank line ("Proc-Type: 4,ENCRYPTED",
# "DEK-Info: AES-128-CBC,3F17…"): in the block, not hits
_KEY_HEADER_LINE = re.compile(r"[ \t]*[A-Za-z][A-Za-z0-9\-]*:[ \t]*\S")
KEY_BODY_MASK = "********"  # a key's body shows none of its characters: four of each of 50 lines would be 200


def _opens_key(line: str) -> bool:
    return _KEY_BEGIN in line and _KEY_OPENS.search(line) is not None


def key_bodies(lines: Sequence[str], cfg: PrivacyConfig, text: str | None = None) -> list[tuple[int, PrivacyHit]]:
    """(index, hit) for each body line of the private keys in the lines: the base64 after a BEGIN line (and after
    the headers an encrypted key has), up to the first line that is none (its END line, a code fence, prose), at
    most `KEY_BODY_LINES` lines. The hit covers the line's base64, with line=0 and masked by `KEY_BODY_MASK`.

    A line's part depends only on the lines above it, at most KEY_BODY_LINES + 1 of them: `widened_to_keys` says
    which lines an edit can change. `text`: the lines joined, when the caller has it (a first look for "-----BEGIN").
    """
    if "secret" not in cfg.dimensions or _KEY_BEGIN not in (text if text is not None else "\n".join(lines)):
        return []
    out: list[tuple[int, PrivacyHit]] = []
    n = len(lines)
    for s in [i for i, line in enumerate(lines) if _KEY_BEGIN in line]:
        if _KEY_OPENS.search(lines[s]) is None:
            continue
        headers, header_seen = True, False  # (headers only before the first base64 line)
        for j in range(s + 1, min(n, s + 1 + KEY_BODY_LINES)):
            line = lines[j]
            m = _KEY_BODY_LINE.fullmatch(line)
            if m is not None:
                headers = False
                start, end = m.span(1)
                if not any(p.fullmatch(m.group(1)) for p in cfg.allow_patterns):
                    out.append((j, PrivacyHit(dimension="secret", line=0, column=start + 1, masked=KEY_BODY_MASK,
                                              length=end - start)))
            elif headers and _KEY_HEADER_LINE.match(line) is not None:
                header_seen = True
            elif headers and header_seen and not line.strip():
                headers = False  # the blank line after the headers
            else:
                break
    return out


def _may_be_in_key(line: str) -> bool:
    """Whether the line may be in a key's block (base64, a header, a blank line): a superset of `key_bodies`'."""
    return (_KEY_BODY_LINE.fullmatch(line) is not None or not line.strip()
            or _KEY_HEADER_LINE.match(line) is not None)


def _opened_above(back: Iterator[str]) -> int:
    """How far up (1: the first line given) the line opening a key is whose block may go on below the lines given,
    last line first; 0 when none (a line that can't be in a block, or none within KEY_BODY_LINES)."""
    for k, line in enumerate(islice(back, KEY_BODY_LINES), 1):
        if _opens_key(line):
            return k
        if not _may_be_in_key(line):
            return 0
    return 0


def _above(lines: Sequence[str], end: int) -> Iterator[str]:
    """lines[end - 1], lines[end - 2], … lines[0], read lazily: callers stop after a line or two. (A map, not a
    generator expression, which mypyc would build as a whole list.)"""
    return map(lines.__getitem__, range(end - 1, -1, -1))


def widened_to_keys(old_lines: Sequence[str], lo: int, hi: int, new_lines: Sequence[str]) -> tuple[int, int]:
    """The edited lines old_lines[lo:hi] (now `new_lines`) widened so that no key's block crosses either end, in
    the old text or in the new one: up to the BEGIN line of a block that may go on into the edit, and on over the
    lines below it that may be a block's (`_may_be_in_key`) when a block may go on past it in either text (a BEGIN
    line deleted or typed, an END line typed or deleted). Then `key_bodies` of the widened lines is theirs in the
    whole text. (Looking costs a line or two where no key is near: prose is in no block.)"""
    up = _opened_above(_above(old_lines, lo))
    if (_opened_above(_above(old_lines, hi))
            or _opened_above(chain(reversed(new_lines), _above(old_lines, lo)))):
        stop = min(len(old_lines), hi + KEY_BODY_LINES)
        while hi < stop and _may_be_in_key(old_lines[hi]):
            hi += 1
    return lo - up, hi


# ---- a key wrapped onto the next line ------------------------------------------------------------------------
# A key broken by a line break (a survey wrapped at a fixed width, a key pasted from a terminal) is found on its first
# line (`_CUT_SHAPE`, or a whole shape); its rest, at the very start of the next line, means nothing alone. So it is
# found over the lines, as a key's body is: `wrapped_keys`.
WRAPPED_MASK = "********"  # the rest of a key shows none of its characters
# A key's first part ends its line: a built-in shape's prefix, or 20 key characters or more (a keyword's value).
_WRAP_PREFIXES = _KEY_SPELLINGS
_WRAP_MIN = 20
# (match at a line's start) the rest: 4 key characters or more, letters and digits, no space before them, not a name
# being given a value or called ("KEY2=…", "name1: …", "f2(…)")
_WRAPPED_REST = re.compile(r"(?=[A-Za-z_\-]*\d)(?=[0-9_\-]*[A-Za-z])[A-Za-z0-9_\-]{4,}(?![A-Za-z0-9_\-=:(])")
_KEY_AT_END = re.compile(r"[A-Za-z0-9_\-\\*]+\Z")  # (search the line without its end's white space)


def _key_like(token: str) -> bool:
    """A run of key characters (as Markdown renders it: escapes and emphasis gone) that may be a key's first part."""
    token = token.replace("\\", "").replace("*", "")
    return (bool(token) and all(ch in _KEY_CHARACTERS for ch in token)
            and (len(token) >= _WRAP_MIN or token.startswith(_WRAP_PREFIXES)))


def _ends_in_key(line: str, hits: Sequence[PrivacyHit]) -> bool:
    """Whether the line's last secret hit is a key's first part ending the line (white space after it aside)."""
    last = max((h for h in hits if h.dimension == "secret"), key=lambda h: h.column + h.length, default=None)
    if last is None:
        return False
    start, end = last.column - 1, last.column - 1 + last.length
    return end == len(line.rstrip()) and _key_like(line[start:end])


def wrapped_keys(lines: Sequence[str], hits: Sequence[Sequence[PrivacyHit]]) -> list[tuple[int, PrivacyHit]]:
    """(index, hit) for each line starting with the rest of a key wrapped onto it: a run of key characters
    (`_WRAPPED_REST`) at the very start of a line under one whose last secret hit is a key's first part ending the line
    (`_ends_in_key`; `hits`: each line's own hits). The hit covers the run, with line=0 and masked by `WRAPPED_MASK`.
    A rest filling its line whole may go on on the next line (a long key wrapped twice).

    A line's part depends on the lines above it up to one that cannot carry a key on (`widened_to_wraps` says which
    lines an edit can change)."""
    out: list[tuple[int, PrivacyHit]] = []
    n = len(lines)
    for i in list(compress(count(), hits)):  # (the lines with hits: few)
        if not _ends_in_key(lines[i], hits[i]):
            continue
        j = i + 1
        while j < n:
            m = _WRAPPED_REST.match(lines[j])
            if m is None or any(h.column == 1 for h in hits[j]):  # (a hit there already: its own key)
                break
            out.append((j, PrivacyHit(dimension="secret", line=0, column=1, masked=WRAPPED_MASK, length=m.end())))
            if m.end() != len(lines[j].rstrip()):
                break
            j += 1
    return out


def _may_carry_key(line: str) -> bool:
    """Whether a key may go on from the line to the next one: a superset of `wrapped_keys`' (its end is a key's first
    part, or the line is a key's rest whole)."""
    text = line.rstrip()
    if not text:
        return False
    m = _KEY_AT_END.search(text)
    if m is not None:  # (the run holds the hit: a prefix anywhere in it)
        token = m.group().replace("\\", "").replace("*", "")
        if len(token) >= _WRAP_MIN or any(p in token for p in _WRAP_PREFIXES):
            return True
    rest = _WRAPPED_REST.match(text)
    return rest is not None and rest.end() == len(text)


def widened_to_wraps(old_lines: Sequence[str], lo: int, hi: int, new_lines: Sequence[str]) -> tuple[int, int]:
    """The edited lines old_lines[lo:hi] (now `new_lines`) widened so that no wrapped key crosses either end, in the
    old text or the new one: up over the lines that may be a key's rest under one that may carry a key on, and down
    over the lines below that may be a rest (a line break typed into a key, two lines joined, a rest edited). Then
    `wrapped_keys` of the widened lines is theirs in the whole text. (Looking costs a line or two where no key is.)"""
    first = new_lines[0] if new_lines else (old_lines[hi] if hi < len(old_lines) else "")
    while lo > 0 and _WRAPPED_REST.match(first) is not None and _may_carry_key(old_lines[lo - 1]):
        lo -= 1
        first = old_lines[lo]
    n = len(old_lines)
    if hi < n and _WRAPPED_REST.match(old_lines[hi]) is not None:
        hi += 1
        while hi < n and _may_carry_key(old_lines[hi - 1]) and _WRAPPED_REST.match(old_lines[hi]) is not None:
            hi += 1
    return lo, hi


# ---- a package listing's version column -------------------------------------------------------------------------
# `pip list` / `conda list` print a package's version in the column after its name: "tensorrt      10.3.0.26" reads
# as an IPv4 address on its own line, and as a version only in the listing (the same line under a "NAME  IP" header
# names a host). So a listing's rows are found over the lines, as a key's body is: `listing_versions`.
LISTING_LINES = 1000  # the most lines between a listing's opening line and a row of it (a big environment: ~500)
# A line that opens a listing: the command ("$ pip list | grep tensorrt", "`conda list` shows:") or its header
# ("Package    Version", conda's "# Name    Version    Build  Channel").
_LISTING_COMMAND = re.compile(r"(?<![\w-])(?:pip3?|conda|mamba|micromamba)[ \t]+(?:list|freeze|show)(?![\w-])")
_LISTING_HEADER = re.compile(r"[ \t]*(?:#[ \t]*)?(?:Package|Name)[ \t]+Version(?![^ \t\r])")
_PACKAGE = r"[A-Za-z0-9_][A-Za-z0-9._+\-]*"
# (fullmatch) a row: a package's name, then a version (it starts with a digit), then maybe more columns (conda's
# build and channel, pip's location; `pip list --outdated`'s latest version, the second group when it is one)
_LISTING_ROW = re.compile(rf"[ \t]*{_PACKAGE}[ \t]+(\d\S*)(?:[ \t]+(\d\S*))?(?:[ \t]+\S.*)?[ \t\r]*")
# (fullmatch) the other lines a listing may hold: pip's rule under its header ("-------- -------"), conda's comments
# ("# packages in environment at /opt/conda:", "#"), `pip freeze`'s "name==1.2.3", "name @ file:///…", "-e git+…"
_LISTING_OTHER = re.compile(rf"[ \t]*(?:-[- \t]*|#[ \t]*(?:packages in environment .*)?"
                            rf"|{_PACKAGE}[ \t]*(?:===?|@)[ \t]*\S.*|-e[ \t]+\S.*)[ \t\r]*")
_FENCE = re.compile(r" {0,3}(?:```|~~~)")
_FOUR_PARTS = re.compile(r"\d+(?:\.\d+){3}")
# a listing whose third column is a version too: `pip list --outdated` (`-o`), its header "Package Version Latest Type"
_OUTDATED = re.compile(r"--outdated|(?<![\w-])-o(?![\w-])|(?<![\w-])Latest(?![\w-])")


def _opens_listing(line: str) -> bool:
    return (("Version" in line and _LISTING_HEADER.match(line) is not None)
            or (("pip" in line or "conda" in line or "mamba" in line) and _LISTING_COMMAND.search(line) is not None))


def _in_listing(line: str) -> bool:
    """Whether the line may stand between a listing's opening line and a row of it (a row, pip's rule, …)."""
    return _LISTING_ROW.fullmatch(line) is not None or _LISTING_OTHER.fullmatch(line) is not None


def _listing_above(lines: Sequence[str], i: int, known: tuple[int, int | None] | None = None) -> int | None:
    """The index of the line opening the listing that line i is in, looking up from it (None: none): over lines of
    the listing (`_in_listing`), at most LISTING_LINES lines; an opening code fence goes on only to the opening line
    just above it ("Output of `pip list`:", a blank line allowed between). `known`: (a row above i, the line opening
    its listing) found before: the walk up from i that reaches it over rows goes on as that row's did."""
    after_fence = 0  # 1: the line below is a fence; 2: a fence, then a blank line
    for j in range(i - 1, max(-1, i - 1 - LISTING_LINES), -1):
        line = lines[j]
        if _opens_listing(line):
            return j
        if after_fence:
            if after_fence == 1 and not line.strip():
                after_fence = 2
                continue
            return None
        if known is not None and j == known[0]:
            return known[1] if known[1] is not None and i - known[1] <= LISTING_LINES else None
        if _FENCE.match(line):
            after_fence = 1
        elif not _in_listing(line):
            return None
    return None


def listing_versions(lines: Sequence[str], rows: Iterable[int]) -> list[tuple[int, tuple[int, ...]]]:
    """(index, columns) of the versions of a package listing among the given lines (those with an IP hit, in order):
    a four-part number ("10.3.0.26") in the second column of a row (a package's name, then it), or, in a listing of
    `pip list --outdated`, in the third ("Latest": "tensorrt  10.3.0.26  10.3.0.27  wheel") of a listing, the
    rows under the line that opens it (`pip list`, `pip freeze`, `conda list`, `pip show`, or a "Package  Version" /
    "Name  Version  Build  Channel" header), in the same code block or run of lines. Such a version is no address.

    A line's part depends only on the lines above it, at most LISTING_LINES + 2 of them: `widened_to_listings` says
    which lines an edit can change."""
    out: list[tuple[int, tuple[int, ...]]] = []
    known: tuple[int, int | None] | None = None
    for i in rows:
        m = _LISTING_ROW.fullmatch(lines[i])
        if m is None:
            continue
        versions = [g for g in (1, 2) if m.group(g) and _FOUR_PARTS.fullmatch(m.group(g))]
        if not versions:
            continue
        opener = _listing_above(lines, i, known)
        known = (i, opener)
        if opener is not None and (versions := [g for g in versions if g == 1 or _OUTDATED.search(lines[opener])]):
            out.append((i, tuple(m.start(g) + 1 for g in versions)))
    return out


def _may_be_in_listing(line: str) -> bool:
    """Whether the line may stand between a listing's opening line and a row: a superset of `_listing_above`'s."""
    return not line.strip() or _FENCE.match(line) is not None or _in_listing(line)


def _listing_reaches(back: Iterator[str]) -> bool:
    """Whether a listing opened in the lines given (last first) may go on below them."""
    for line in islice(back, LISTING_LINES + 2):
        if _opens_listing(line):
            return True
        if not _may_be_in_listing(line):
            return False
    return False


def widened_to_listings(old_lines: Sequence[str], lo: int, hi: int, new_lines: Sequence[str]) -> tuple[int, int]:
    """The edited lines old_lines[lo:hi] (now `new_lines`) widened so that no listing crosses either end, in the old
    text or the new one (as `widened_to_keys` does for keys): up to the line opening a listing that may go on into
    the edit, and on over the lines below that may be a listing's when one may go on past the edit in either text
    (an opening line typed or deleted, a row broken). Then `listing_versions` of the widened lines is theirs in the
    whole text. (Looking costs a line or two where no listing is near.)"""
    up = 0
    for k, line in enumerate(islice(_above(old_lines, lo), LISTING_LINES + 2), 1):
        if _opens_listing(line):
            up = k
            break
        if not _may_be_in_listing(line):
            break
    if (_listing_reaches(_above(old_lines, hi))
            or _listing_reaches(chain(reversed(new_lines), _above(old_lines, lo)))):
        stop = min(len(old_lines), hi + LISTING_LINES + 2)
        while hi < stop and _may_be_in_listing(old_lines[hi]):
            hi += 1
    return lo - up, hi


# ---- a table's secret columns -------------------------------------------------------------------------------
# A credentials table (`| 服务 | 用户名 | 密码 |` over `| MySQL | root | Xk9#mQ2!vLa |`) says in its header which
# column holds secrets; a row alone says nothing ("Xk9#mQ2!vLa" after "root |" is no keyword's value), so its cells
# are judged by the header, over the lines (the analyzer reads a table with its header: `secret_cells`).
_SECRET_NOTE = re.compile(r"[（(][^（）()]*[）)]\s*\Z")  # "密码（明文）": the column's name before its note
_HEADER_CJK = ("密码", "口令", "令牌", "密钥", "秘钥")
_NOT_HEADER_WORDS = frozenset({"key", "ak"})  # "| Key | Value |" names config keys; an AK is no secret alone
_CELL_VALUE = re.compile(r"[\"'`“]?([^\s\"'`“”|]+)")


def secret_columns(header: str, delimiter: str, cfg: PrivacyConfig) -> tuple[tuple[int, bool], ...] | None:
    """(cell index as `row.split("|")`, whether it holds passwords) of each column whose header cell names a secret
    ("密码", "数据库密码（明文）", "Token", "API Key", "Password"), when `delimiter` makes `header` a table's header;
    else None. A CJK keyword ends the cell ("密码算法" names algorithms); a Latin one ends its words joined."""
    if "-" not in delimiter or not _TABLE_DELIMITER.fullmatch(delimiter):
        return None
    words = _header_words(cfg.secret_keywords)
    found = []
    for j, cell in enumerate(header.split("|")):
        text = cell.strip().strip("*_` ")
        if "（" in text or "(" in text:
            text = _SECRET_NOTE.sub("", text).strip()
        if not text or len(text) > 30:
            continue
        joined = _JOINERS.sub("", text.lower())
        cjk = next((k for k in _HEADER_CJK if text.endswith(k)), None)
        latin = next((w for w in words if joined.endswith(w)
                      and (len(joined) == len(w) or not joined[-len(w) - 1].isalpha() or text[-len(w)].isupper()
                           or " " in text or "_" in text or "-" in text)), None)
        if cjk or latin:
            found.append((j, (cjk or latin) in PASSWORD_WORDS))
    return tuple(found) or None


_JOINERS = re.compile(r"[\s_\-]")
_HEADER_WORDS: dict[tuple[str, ...], frozenset[str]] = {}


def _header_words(keywords: tuple[str, ...]) -> frozenset[str]:
    """The pack's Latin secret keywords as a header cell names them joined ("api_key", "API Key": "apikey")."""
    got = _HEADER_WORDS.get(keywords)
    if got is None:
        got = _HEADER_WORDS[keywords] = frozenset(
            w for k in keywords if (w := _JOINERS.sub("", k.lower())).isascii()) - _NOT_HEADER_WORDS
    return got


_TABLE_DELIMITER = re.compile(r"\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*")


def secret_cells(row: str, columns: tuple[tuple[int, bool], ...], cfg: PrivacyConfig) -> tuple[PrivacyHit, ...]:
    """The hits of a table row's cells under a secret column's header, each cell's first word judged as a password
    or a key is after its keyword (placeholders, "见 Vault", "********" are none)."""
    if "secret" not in cfg.dimensions:
        return ()
    spans: list[tuple[int, int, str]] = []
    starts = [0]
    for k, ch in enumerate(row):
        if ch == "|" and (k == 0 or row[k - 1] != "\\"):
            starts.append(k + 1)
    starts.append(len(row) + 1)
    for j, is_password in columns:
        if j + 1 >= len(starts):
            continue
        cell_start, cell_end = starts[j], starts[j + 1] - 1
        m = _CELL_VALUE.match(row, cell_start + len(row[cell_start:cell_end]) - len(row[cell_start:cell_end].lstrip()),
                              cell_end)
        if m is None:
            continue
        value = m.group(1)
        if (_looks_like_password if is_password else _looks_like_secret)(value, cfg):
            spans.append((m.start(1), m.end(1), "secret"))
    return _hits(row, spans, cfg) if spans else ()
