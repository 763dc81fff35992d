"""QA26f: forms of private data the privacy scan missed, and public text it flagged.

D1: a key written as Markdown exporters write it (``ghp\\_…``, ``github\\_pat\\_…``, ``gsk\\_…``, ``sk\\-proj\\-…``) or
broken by bold (``sk-Mm3Nn4Bb5**Vv6Cc7…**``) was not found, and the exported report, which renders the Markdown,
then showed it whole. D2: a secret right after a Chinese keyword ("密码Xk9#mP2vL7q") or after English "is" was
missed. D3: a zero-padded address ("192.168.001.010"). D7: "表 4.5.6.7" read as an address, ``C:\\Users\\Public``
as a person's folder, AWS's documented example keys as secrets."""

from __future__ import annotations

import re

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from privacy_support import cfg, found  # noqa: F401 (cfg: a fixture)


# ---- D1: keys as Markdown renders them ------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "written"), [
    ("GitHub ghp\\_9z8Y7x6W5v4U3t2S1r0Q9p8O7n6M5l4K3j2I 在 Typora 里。", "ghp\\_9z8Y7x6W5v4U3t2S1r0Q9p8O7n6M5l4K3j2I"),
    ("PAT github\\_pat\\_11ABCDEFG0123456789\\_abcdefghijklmnopqrstuvwxyz 泄露。",
     "github\\_pat\\_11ABCDEFG0123456789\\_abcdefghijklmnopqrstuvwxyz"),
    ("Groq gsk\\_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCd。", "gsk\\_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCd"),
    ("HF hf\\_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 可读。", "hf\\_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    ("OpenAI sk\\-proj\\-Ab3dEf9hIj2kLm5nOp8qRs1tUv4w 测试。", "sk\\-proj\\-Ab3dEf9hIj2kLm5nOp8qRs1tUv4w"),
    ("加粗拆分 sk-Mm3Nn4Bb5**Vv6Cc7Xx8Zz9Ll0** 渲染后一整串。", "sk-Mm3Nn4Bb5**Vv6Cc7Xx8Zz9Ll0"),
    ("AWS AKIA**2E0A8F3B**244C9986 泄露。", "AKIA**2E0A8F3B**244C9986"),
    ("行尾断开 ghp\\_9z8Y7x6W", "ghp\\_9z8Y7x6W"),  # a key cut at the line's end, escaped
])
def test_key_as_markdown_renders_it_is_found_in_the_lines_columns(text, written, cfg):
    assert found(text, cfg) == [("secret", written)]
    (hit,) = [h for h in analyze("标题\n\n" + text + "\n", house_pack()).privacy]
    assert (hit.line, hit.column, hit.length) == (3, text.index(written) + 1, len(written))
    assert "\\" not in hit.masked and hit.masked.startswith(written.replace("\\", "").replace("*", "")[:2])


@pytest.mark.parametrize("text", [
    "转义的 snake\\_case 与 max\\_tokens 与 **粗体** 与 a\\*b 与 2\\*3 与 sk\\-learn",  # escapes, no key
    "`ghp\\_` 前缀与 `hf\\_` 前缀与 `gsk\\_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` 占位",  # prefixes, a placeholder
    "**sk-learn** 与 *sk-image* 是库名",
])
def test_escapes_and_emphasis_without_a_key_are_no_hit(text, cfg):
    assert found(text, cfg) == []


def test_the_exported_report_shows_no_escaped_key_in_clear():
    survey = "\n".join(["隐私测试综述", "§0 自检栏", "GitHub ghp\\_9z8Y7x6W5v4U3t2S1r0Q9p8O7n6M5l4K3j2I 与 "
                        "sk-Mm3Nn4Bb5**Vv6Cc7Xx8Zz9Ll0** 两枚。", "Spark · 2026-10-01 12:00 CST"])
    a = analyze(survey, house_pack())
    assert len(a.privacy) == 2
    pack = house_pack()
    html = build_report_html(a, survey, pack_name=pack.name, pack_source=pack.source, language="en", pack=pack)
    plain = html.replace("\\", "").replace("*", "").replace("<strong>", "").replace("</strong>", "")
    for tail in ("9z8Y7x6W5v4U3t2S1r0Q9p8O7n6M5l4K3j2I", "Vv6Cc7Xx8Zz9Ll0", "Nn4Bb5"):
        assert tail not in plain


# ---- D2: a secret right after a CJK keyword, or after English "is" ----------------------------------------------
@pytest.mark.parametrize(("text", "secret"), [
    ("账号 root 密码Xk9#mP2vL7q 登录。", "Xk9#mP2vL7q"),
    ("数据库口令Qw3rty!9xZ 已泄露。", "Qw3rty!9xZ"),
    ("令牌a8F3kq9Zp2LmX7vB 有效。", "a8F3kq9Zp2LmX7vB"),
    ("测试密钥9fK2xQ7mL4pW8vR3 已轮换。", "9fK2xQ7mL4pW8vR3"),
    ("管理员密码Hunter2024! 勿外传。", "Hunter2024!"),
    ("the password is Hunter2024! here.", "Hunter2024!"),
    ("the API key is 9f8e7d6c5b4a39281706f5e4d3c2b1a0 here.", "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
])
def test_secret_glued_to_a_chinese_keyword_or_after_is_is_found(text, secret, cfg):
    assert found(text, cfg) == [("secret", secret)]


@pytest.mark.parametrize("text", [
    "密码学与令牌桶算法是两回事，令牌环网络也是。",
    "密码BCrypt 加密，密钥AES256GCM，签名密钥SHA256withRSA，令牌Bucket 限流，密钥2048bit。",
    "密码Manager 与口令123456 与密钥ID 与令牌TTL。",
    "the password is required; the key is 8-bit; the token is <bos>; the key is FP8/BF16; the secret is in Vault.",
    "The key is Llama3.1-70B and the token is EOS_token_id; the key isn't 9f8e7d6c5b4a39281706f5e4d3c2b1a0.",
])
def test_prose_with_keywords_glued_or_before_is_is_no_hit(text, cfg):
    assert found(text, cfg) == []


def test_english_is_is_found_in_a_long_clean_text():
    """The whole-text first look (privacy_in_lines' fast path) lets a keyword before "is" through."""
    lines = ["正文 §3.1 无私域数据。"] * 200 + ["the password is Hunter2024! here."]
    (hit,) = analyze("\n".join(lines), house_pack()).privacy
    assert (hit.line, hit.column) == (201, 17)


# ---- D3: a zero-padded address ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "ips"), [
    ("服务器 192.168.001.010 与 010.012.003.045:8000 两台。", ["192.168.001.010", "010.012.003.045"]),
    ("网关 010.001.002.254 可达。", ["010.001.002.254"]),
])
def test_zero_padded_address_is_found(text, ips, cfg):
    assert found(text, cfg) == [("ip", ip) for ip in ips]


@pytest.mark.parametrize("text", [
    "文档段 192.000.002.001 与回环 127.000.000.001。",  # the documentation range and loopback, padded
    "时间 01.02.03.04 与 999.001.002.003 与 192.168.001.256。",  # two-digit padding, an octet over 255
])
def test_padded_allowed_or_impossible_address_is_no_hit(text, cfg):
    assert found(text, cfg) == []


# ---- D7: false alarms -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "IEEE 802.11 与 图 1.2.3 与 表 4.5.6.7 编号。",
    "见表 4.5.6.7，如图 1.2.3.4 所示，详见 §4.5.6.8 与 Table 4.5.6.9、Fig. 2.3.4.5。",
    r"Windows C:\Users\Public\a.md 与 C:\Users\Default\x 与 c:\users\all users\x 与 /Users/Shared/x。",
    "示例 AKIAIOSFODNN7EXAMPLE 是 AWS 文档自带的假 key。",
    "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
])
def test_numbering_shared_folders_and_documented_keys_are_no_hit(text, cfg):
    assert found(text, cfg) == []


@pytest.mark.parametrize(("text", "hits"), [
    ("路由表 10.0.0.9 与拓扑图 10.0.0.1 与节点列表：10.0.0.2 与 表 10.0.0.3:8000",
     [("ip", "10.0.0.9"), ("ip", "10.0.0.1"), ("ip", "10.0.0.2"), ("ip", "10.0.0.3")]),
    (r"C:\Users\Publicity\x 与 C:\Users\publicchen\y",
     [("path", r"C:\Users\Publicity\x"), ("path", r"C:\Users\publicchen\y")]),
    ("AKIA2E0A8F3B244EXAMPL 与 AKIAIOSFODNN7QZ4T2XY", [("secret", "AKIAIOSFODNN7QZ4T2XY")]),
    ("Secret Key: wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY9", [("secret", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY9")]),
])
def test_near_misses_stay_hits(text, hits, cfg):
    assert found(text, cfg) == hits


def test_the_sample_stays_clean_with_escapes_and_emphasis(sample_text):
    assert analyze(sample_text, house_pack()).privacy == []
    assert re.search(r"\*\*|\\", sample_text)  # (the sample has emphasis or escapes to read)
