"""The privacy scan: five dimensions, masking, the pack's [privacy] table, and zero hits on the real sample."""

from __future__ import annotations

import dataclasses

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor_app.core.model import PrivacyHit
from editor_app.core.privacy import (
    DIMENSIONS,
    PrivacyConfig,
    mask,
    privacy_in_line,
    read_names,
    shannon_entropy,
)

ROOT = Path(__file__).resolve().parent.parent
HOUSE_ORG = r"(?<![A-Za-z0-9])(?:PRJ|INT|ORG)-\d{3,}(?![A-Za-z0-9])"


@pytest.fixture(scope="module")
def cfg() -> PrivacyConfig:
    return PrivacyConfig.from_dict({"names_file": "builtin:house-names", "org_patterns": [HOUSE_ORG]}, None)


def hits(text: str, cfg: PrivacyConfig) -> list[tuple[str, int, int]]:
    return [(h.dimension, h.column, h.length) for h in privacy_in_line(text, cfg)]


# --- the real sample -------------------------------------------------------------------------------------------


def test_sample_has_zero_hits(sample_text: str, cfg: PrivacyConfig) -> None:
    found = {n: privacy_in_line(line, cfg) for n, line in enumerate(sample_text.splitlines(), 1)}
    assert {n: h for n, h in found.items() if h} == {}


def test_sample_has_zero_hits_with_the_house_pack_table(sample_text: str) -> None:
    pack = ROOT / "resources" / "rulepacks" / "llm-infra-survey.toml"
    if not pack.exists():
        pytest.skip("house pack not present")
    table = tomllib.loads(pack.read_text(encoding="utf-8")).get("privacy", {})
    house = PrivacyConfig.from_dict(table, pack.parent)
    assert house.names, "the house pack points to a names list"
    assert all(not privacy_in_line(line, house) for line in sample_text.splitlines())


@pytest.mark.parametrize(
    "text",
    [
        "边界：仅写本文件 surveys/2026-09-14-llm-infra.md",
        "与 ai-dynamo/dynamo（K8s recipes）+ ai-boost/awesome-harness-engineering",
        "RadixArk（$400M）+ NVIDIA NIM Operator",
        "Apple M4 vs ONNX Runtime Web 1.30.0-dev 几何平均快 2.57×",
        "本稿遵循 W37 §4 G1 ① Spark 字数 ≤3,900 CJK",
        "SGLang v0.5.19 + vLLM 0.10.0 + TensorRT-LLM v1.3 + 2026-09-14 21:30 CST",
        "Ken Huang @ DistributedApps.ai · Karpathy nanochat（57.5k★）",
        "arXiv:2609.11582v1 HTML 已 web_fetch · hep-th/9901001",
        "BOS token + 强制 repetition penalty 1.1 · ICL 减 token",
        "Key 局部方差远低于 Gaussian；key 路径；KV-aware Router",
        "https://github.com/Users/someone · http://example.com/home/x · std::vector · Foo::Bar",
        "12:30:45 · 00:1A:2B:3C:4D:5E · 1.2.3 · 256.1.1.1 · 01.02.03.04",
        "token: 16,200 · password: required · key=value · secret: ******** · token=<your-token>",
    ],
)
def test_tricky_public_text_is_not_private(text: str, cfg: PrivacyConfig) -> None:
    assert privacy_in_line(text, cfg) == ()


# --- IP addresses -----------------------------------------------------------------------------------------------


def test_private_ipv4_next_to_cjk(cfg: PrivacyConfig) -> None:
    (hit,) = privacy_in_line("部署在服务器10.0.3.17上", cfg)
    assert hit == PrivacyHit(dimension="ip", line=0, column=7, masked="10*******", length=9)


@pytest.mark.parametrize(
    "text",
    ["see 192.0.2.1", "198.51.100.7", "203.0.113.254", "127.0.0.1", "0.0.0.0", "2001:db8::1", "::1", "::",
     "version 0.10.0.1", "netmask 255.255.255.0"],
)
def test_documentation_loopback_and_unspecified_addresses_are_allowed(text: str, cfg: PrivacyConfig) -> None:
    assert privacy_in_line(text, cfg) == ()


@pytest.mark.parametrize(
    ("text", "column", "length"),
    [
        ("host 192.168.1.20 up", 6, 12),
        ("ssh 8.8.8.8", 5, 7),
        ("cidr 10.0.0.0/8 inside", 6, 10),
        ("v6 fe80::1ff:fe23:4567:890a%eth0 link", 4, 29),
        ("v6 2400:cb00:2048:1::c629:d7a2.", 4, 27),
        ("[2606:4700::1111]:443", 2, 15),
    ],
)
def test_real_addresses_are_hits(text: str, column: int, length: int, cfg: PrivacyConfig) -> None:
    assert hits(text, cfg) == [("ip", column, length)]


def test_allow_ips_extends_the_defaults() -> None:
    cfg = PrivacyConfig.from_dict({"allow_ips": ["10.1.0.0/16", "fd00::1"]}, None)
    assert privacy_in_line("10.1.2.3 fd00::1 192.0.2.9", cfg) == ()
    assert hits("10.2.0.1", cfg) == [("ip", 1, 8)]


# --- keys and tokens --------------------------------------------------------------------------------------------

SECRETS = [
    "sk-proj-abc123DEF456ghi789JKL012",
    "sk-ant-api03-Xy7pQ2vLmN8rT4wZ1bC6",
    "ghp_" + "aB3" * 12,
    "github_pat_11ABCDEFG0123456789_abcdefghijkl",
    "AKIAIOSFODNN7QZ4T2XY",
    "xoxb-123456789012-abcdefGHIJ",
    "hf_" + "AbC1" * 9,
    "-----BEGIN RSA PRIVATE KEY-----",
    "-----BEGIN OPENSSH PRIVATE KEY-----",
    "-----BEGIN PRIVATE KEY-----",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
]


@pytest.mark.parametrize("secret", SECRETS)
def test_well_known_key_shapes(secret: str, cfg: PrivacyConfig) -> None:
    text = f"配置：{secret} 已写入"
    (hit,) = privacy_in_line(text, cfg)
    assert (hit.dimension, hit.column, hit.length) == ("secret", 4, len(secret))
    assert hit.masked.startswith(secret[:1]) and secret not in hit.masked
    assert set(hit.masked[min(4, len(secret) // 4):]) == {"*"}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("密码：Xk9#pQ2vLm", "Xk9#pQ2vLm"),
        ("令牌=Q2w9ErT5yU1iO3p", "Q2w9ErT5yU1iO3p"),
        ("password: 'hunter2Xk9!zQ'", "hunter2Xk9!zQ"),
        ("API_KEY = 9f8e7d6c5b4a3F2E1D0C", "9f8e7d6c5b4a3F2E1D0C"),
        ("access token：aZ8xQ3mK0pL5", "aZ8xQ3mK0pL5"),
    ],
)
def test_high_entropy_values_after_keywords(text: str, value: str, cfg: PrivacyConfig) -> None:
    (hit,) = privacy_in_line(text, cfg)
    assert hit.dimension == "secret"
    assert text[hit.column - 1:hit.column - 1 + hit.length] == value


def test_secret_thresholds_and_keywords_come_from_the_pack() -> None:
    strict = PrivacyConfig.from_dict({"secret_min_length": 20, "password_min_length": 20}, None)
    assert privacy_in_line("密码：Xk9#pQ2vLm", strict) == ()
    assert privacy_in_line("令牌：Xk9#pQ2vLm", PrivacyConfig.from_dict({"secret_min_length": 20}, None)) == ()
    extra = PrivacyConfig.from_dict({"secret_keywords": ["凭据"]}, None)
    assert hits("凭据：Zq8Wx7Ec6Rv5", extra) == [("secret", 4, 12)]
    assert privacy_in_line("凭据：Zq8Wx7Ec6Rv5", PrivacyConfig()) == ()


def test_entropy_and_mask_helpers() -> None:
    assert shannon_entropy("") == 0.0
    assert shannon_entropy("aaaa") == 0.0
    assert shannon_entropy("abcd") == pytest.approx(2.0)
    assert mask("sk-abcdefgh") == "sk********"
    assert mask("sk-abcdefghijklmnop") == "sk-a********"
    assert mask("陈思远") == "陈****"
    assert mask("x") == "****"


# --- names, paths, org codes ------------------------------------------------------------------------------------


def test_house_names_in_chinese_and_pinyin(cfg: PrivacyConfig) -> None:
    assert hits("本节由陈思远审阅", cfg) == [("name", 4, 3)]
    assert hits("reviewed by Chen  Siyuan.", cfg) == [("name", 13, 12)]
    assert hits("thanks to siyuan chen", cfg) == [("name", 11, 11)]
    assert privacy_in_line("chensiyuan Chen Siyuanx", cfg) == ()


def test_house_names_list_holds_no_cited_public_figures() -> None:
    names = read_names((ROOT / "resources" / "names" / "house-names.txt").read_text(encoding="utf-8"))
    assert len(names) >= 8
    assert any(any("\u4e00" <= c <= "\u9fff" for c in n) for n in names)
    assert not {"Ken Huang", "Karpathy", "Andrej Karpathy", "spark", "Spark"} & set(names)


@pytest.mark.parametrize(
    ("text", "column", "length"),
    [
        ("路径 /home/chenyu/work/a.py 里", 4, 22),
        ("open /Users/alice/Desktop/x.md", 6, 25),
        ("C:\\Users\\bob\\Desktop\\survey.md", 1, 30),
        ("D:/Users/bob/x", 1, 14),
        ("读取 ~/.ssh/id_rsa。", 4, 13),
        ("/root/.cache/huggingface", 1, 24),
        ("/mnt/c/Users/bob/x", 1, 18),
        # a home folder under another mount ("/data/home/…" on clusters) was not reported
        ("日志在 /data/home/alice/logs/run.txt 里", 5, 29),
        ("/export/home/eve/src", 1, 20),
    ],
)
def test_local_paths(text: str, column: int, length: int, cfg: PrivacyConfig) -> None:
    assert hits(text, cfg) == [("path", column, length)]


def test_home_inside_a_url_or_a_relative_path_is_no_local_path(cfg: PrivacyConfig) -> None:
    assert hits("https://example.com/home/page 与 github.com/x/home/y 与 data/home/dave/b", cfg) == []


def test_name_inside_a_path_is_reported_once_as_the_path() -> None:
    cfg = PrivacyConfig.from_dict({"names": ["chenyu"]}, None)
    assert hits("/home/chenyu/x", cfg) == [("path", 1, 14)]
    assert hits("by chenyu", cfg) == [("name", 4, 6)]


def test_org_codes_from_pack_patterns(cfg: PrivacyConfig) -> None:
    assert hits("见 PRJ-1234 与 INT-007", cfg) == [("org", 3, 8), ("org", 14, 7)]
    assert privacy_in_line("PRJ-12 · XPRJ-1234 · W37 §4 G1", cfg) == ()


def test_extra_path_patterns_and_allow_patterns() -> None:
    cfg = PrivacyConfig.from_dict(
        {"path_patterns": [r"/data/[a-z]+"], "allow_patterns": [r"/home/runner/\S*"]}, None
    )
    assert hits("/data/team x", cfg) == [("path", 1, 10)]
    assert privacy_in_line("/home/runner/work/a", cfg) == ()
    assert hits("/home/alice/a", cfg) == [("path", 1, 13)]


def test_dimensions_subset() -> None:
    text = "10.0.0.1 /home/a sk-abcdefghij0123456789"
    only_ip = PrivacyConfig.from_dict({"dimensions": ["ip"]}, None)
    assert [h.dimension for h in privacy_in_line(text, only_ip)] == ["ip"]
    assert [h.dimension for h in privacy_in_line(text, PrivacyConfig())] == ["ip", "path", "secret"]


def test_hits_are_ordered_and_line_is_left_for_the_caller(cfg: PrivacyConfig) -> None:
    found = privacy_in_line("陈思远 10.9.8.7 PRJ-5555", cfg)
    assert [h.column for h in found] == [1, 5, 14]
    assert all(h.line == 0 for h in found)
    placed = [dataclasses.replace(h, line=7) for h in found]
    assert [h.line for h in placed] == [7, 7, 7]


# --- the [privacy] table ----------------------------------------------------------------------------------------


def test_names_file_relative_to_the_pack(tmp_path: Path) -> None:
    (tmp_path / "names.txt").write_text("\ufeff# team\n王晓东\n\nWang Xiaodong\n王晓东\n", encoding="utf-8")
    cfg = PrivacyConfig.from_dict({"names_file": "names.txt", "names": ["Li  Wei"]}, tmp_path)
    assert cfg.names == ("王晓东", "Wang Xiaodong", "Li Wei")
    assert [h.dimension for h in privacy_in_line("王晓东 and li wei", cfg)] == ["name", "name"]


@pytest.mark.parametrize(
    ("table", "key"),
    [
        ({"org_patterns": ["(unclosed"]}, "org_patterns[0]"),
        ({"org_patterns": "PRJ-\\d+"}, "org_patterns"),
        ({"path_patterns": ["ok", "[bad"]}, "path_patterns[1]"),
        ({"allow_patterns": [""]}, "allow_patterns[0]"),
        ({"allow_ips": ["10.0.0.0/33"]}, "allow_ips[0]"),
        ({"allow_ips": ["not-an-ip"]}, "allow_ips[0]"),
        ({"names_file": "missing.txt"}, "names_file"),
        ({"names_file": "builtin:nobody"}, "names_file"),
        ({"names_file": 3}, "names_file"),
        ({"names": [1]}, "names"),
        ({"secret_keywords": [" "]}, "secret_keywords[0]"),
        ({"secret_min_length": 0}, "secret_min_length"),
        ({"secret_min_length": True}, "secret_min_length"),
        ({"secret_min_entropy": "high"}, "secret_min_entropy"),
        ({"dimensions": ["ip", "email"]}, "dimensions"),
        ({"nmaes_file": "x"}, "nmaes_file"),
    ],
)
def test_bad_values_name_the_key(table: dict, key: str, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"privacy\." + key.replace("[", r"\[").replace("]", r"\]")):
        PrivacyConfig.from_dict(table, tmp_path)


def test_config_is_hashable_and_comparable_for_memoising() -> None:
    a = PrivacyConfig.from_dict({"names": ["陈思远"], "org_patterns": [HOUSE_ORG]}, None)
    b = PrivacyConfig.from_dict({"names": ["陈思远"], "org_patterns": [HOUSE_ORG]}, None)
    assert a == b and hash(a) == hash(b)
    assert PrivacyConfig.from_dict({}, None) == PrivacyConfig()
    assert set(DIMENSIONS) == {"ip", "secret", "name", "path", "org"}


# --- any text ---------------------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_scans_without_error_and_hits_point_into_the_text(text: str) -> None:
    cfg = PrivacyConfig.from_dict({"names": ["陈思远", "Chen Siyuan"], "org_patterns": [HOUSE_ORG]}, None)
    found = privacy_in_line(text, cfg)
    assert found == privacy_in_line(text, cfg)
    for hit in found:
        assert hit.dimension in DIMENSIONS
        assert 1 <= hit.column and hit.column - 1 + hit.length <= len(text)
        matched = text[hit.column - 1:hit.column - 1 + hit.length]
        kept = len(hit.masked.rstrip("*"))
        assert kept <= 4 and matched.startswith(hit.masked[:kept])


@settings(max_examples=200, deadline=None)
@given(st.from_regex(r"[A-Za-z0-9]{20,40}", fullmatch=True), st.sampled_from(["sk-", "ghp_", "hf_"]))
def test_masks_never_show_the_whole_secret(body: str, prefix: str) -> None:
    secret = prefix + body + "7"
    for hit in privacy_in_line(f"key {secret} end", PrivacyConfig()):
        assert secret not in hit.masked and hit.masked.count("*") >= 4


# --- through the analysis engine --------------------------------------------------------------------------------


def test_analysis_reports_hits_with_their_lines(sample_text: str) -> None:
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack

    assert analyze(sample_text, house_pack()).privacy == []
    leaked = sample_text.replace("- 作者：spark", "- 作者：spark（陈思远，10.0.3.17）")
    analysis = analyze(leaked, house_pack())
    assert analysis.privacy == [
        PrivacyHit(dimension="name", line=2, column=12, masked="陈****", length=3),
        PrivacyHit(dimension="ip", line=2, column=16, masked="10*******", length=9),
    ]
    (rule,) = [r for r in analysis.rules if r.id == "privacy"]
    assert (rule.status, rule.measured) == ("fail", 2)


@pytest.mark.parametrize(
    ("text", "dimension"),
    [
        ("口令 toKen: Zx9#kQ2!vL7pW4", "secret"),  # KELVIN SIGN K: matches k case-insensitively
        ("apıkey = Zx9#kQ2!vL7pW4", "secret"),  # dotless ı matches i case-insensitively
        ("联系 CHEN\tSIYUAN 或王Alex", "name"),
        ("负责人：陈思远", "name"),
        ("见 -----BEGIN RSA PRIVATE KEY----- 段", "secret"),
        ("令牌=Zx9kQ2vL7pW4", "secret"),
        ("日志在 C:\\Users\\wang\\x 里", "path"),
        ("代号 PRJ-1234 的", "org"),
    ],
)
def test_first_looks_never_skip_a_line_with_a_hit(text: str, dimension: str) -> None:
    cfg = PrivacyConfig.from_dict({"names": ["Chen Siyuan", "陈思远", "王Alex"], "org_patterns": [HOUSE_ORG]})
    assert dimension in {h.dimension for h in privacy_in_line(text, cfg)}


def test_keyword_without_a_separator_is_prose() -> None:
    cfg = PrivacyConfig.from_dict({})
    assert privacy_in_line("the KV key and token budget Zx9kQ2vL7pW4", cfg) == ()
    assert [h.dimension for h in privacy_in_line("the KV key = Zx9kQ2vL7pW4", cfg)] == ["secret"]
    assert privacy_in_line("KV key 见 arXiv:2609.11582 Zx9kQ2vL7pW4", cfg) == ()  # the separator is elsewhere
    assert [h.dimension for h in privacy_in_line("令牌 TOKEN\u3000\u00a0：Zx9kQ2vL7pW4", cfg)] == ["secret"]


@pytest.mark.parametrize("text, masked", [
    ("password=hunter2", "h******"),
    ("passwd: s3cr3tP@ss", "s3********"),
    ("数据库密码：hunter2", "h******"),
    ("口令=abc123", "a*****"),
    ("PASSWORD = 'Tr0ub4dor'", "Tr*******"),
])
def test_people_s_passwords_are_found_though_short_and_low_in_entropy(text: str, masked: str, cfg: PrivacyConfig) -> None:
    """After password/passwd/pwd/密码/口令 a value mixing letters and digits is a password: "hunter2" was missed
    because the entropy bar meant for keys and tokens (3 bits a character, 8 characters) applied to it too."""
    assert [h.masked for h in privacy_in_line(text, cfg)] == [masked]


@pytest.mark.parametrize("text", [
    "password: required", "password=******", "密码：见附件", "pwd: abc", "password: Optional[str]",
    "the key: performance", "password: <your password>", "password=$DB_PASSWORD",
])
def test_prose_and_placeholders_after_password_are_not_passwords(text: str, cfg: PrivacyConfig) -> None:
    assert privacy_in_line(text, cfg) == ()
