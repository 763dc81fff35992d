"""QA 14 (privacy): leaks the scan missed and versions it blocked as addresses (the reviewer's repros d01-d13)."""

from __future__ import annotations

import pytest

from editor_app.core.privacy import PrivacyConfig, privacy_in_lines
from privacy_support import cfg, found  # noqa: F401 (cfg: a fixture)




def ips(*addresses: str) -> list[tuple[str, str]]:
    return [("ip", a) for a in addresses]


@pytest.mark.parametrize(("text", "hits"), [
    # D1: an engine's or a service's name before an address made it a version ("TensorRT 10.3.0.26")
    ("vLLM 10.3.0.29:8000 上跑 DeepSeek。", ips("10.3.0.29")),
    ("对象存储用 MinIO 10.0.0.7:9000，元数据在 PostgreSQL 10.0.0.10:5432。", ips("10.0.0.7", "10.0.0.10")),
    ("| SGLang | 10.3.0.26 | 16,200 |", ips("10.3.0.26")),
    ("| TensorRT-LLM | 10.3.9.1:8001 | 12,500 |", ips("10.3.9.1")),
    ("服务类型 LoadBalancer 10.96.12.35，对外 EIP 47.98.1.3。", ips("10.96.12.35", "47.98.1.3")),
    ("OpenAI 兼容网关 LiteLLM 10.3.9.4:4000。", ips("10.3.9.4")),
    ("ssh 到 DeepSeek 10.3.9.5 看 dmesg。", ips("10.3.9.5")),
    ("监控走 GitLab 10.1.1.1 与 HAProxy 172.16.5.5。", ips("10.1.1.1", "172.16.5.5")),
    ("| vLLM | 10.3.0.27 |", ips("10.3.0.27")),
    ("| KServe | 10.3.9.2 |", ips("10.3.9.2")),
    # a port makes an address even after a product that numbers its versions so
    ("TensorRT 10.3.0.26:8000", ips("10.3.0.26")),
    # D2: "-prefill" is no release mark "-pre1", and "+" before an address joins two addresses
    ("PD 分离：10.2.3.5-prefill 与 10.2.3.6-decode 两组节点。", ips("10.2.3.5", "10.2.3.6")),
    ("主备 10.0.0.5+10.0.0.6 双活。", ips("10.0.0.5", "10.0.0.6")),
])
def test_an_address_after_a_service_name_or_with_a_port(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize("text", [
    # D13: versions of products written in capitals, or inside a release string, were blocked as addresses
    "IB 驱动 MLNX_OFED_LINUX-23.10-1.1.9.0，HPC-X 2.18.1.1。",
    "MLNX_OFED_LINUX-24.04-0.6.6.0:",
    "服务器 BIOS 1.8.2.0、BMC 固件 2.3.1.0 升级后 NVLink 正常。",
    "DCGM 3.3.5.1 与 dcgm-exporter 3.3.5-3.4.1 采集功耗。",
    # still versions: a product that numbers its versions in four parts, a release mark
    "TensorRT 10.3.0.26 + cuDNN 9.1.0.70 + cuBLAS 12.4.5.8 + CUDA 12.4.1",
    "| TensorRT | 10.3.0.26 | 2026-08 |",
    "| cuDNN | 9.1.0.70 |",
    "1.2.3.4-rc1、1.2.3.4.post1、2.4.0.1+cu121、1.2.3.4-pre2",
])
def test_a_four_part_version_is_no_address(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []


def test_an_address_range_is_two_addresses(cfg: PrivacyConfig) -> None:
    assert found("地址池 10.0.0.1-10.0.0.9", cfg) == ips("10.0.0.1", "10.0.0.9")


def secrets(*values: str) -> list[tuple[str, str]]:
    return [("secret", v) for v in values]


@pytest.mark.parametrize(("text", "hits"), [
    # D3: a keyword in Markdown bold
    ("**密码**：Xk9#mQ2!vL，**令牌**：9fK2mQ7xLp3vR8sT", secrets("Xk9#mQ2!vL", "9fK2mQ7xLp3vR8sT")),
    ("**Token**: 9fK2mQ7xLp3vR8sT", secrets("9fK2mQ7xLp3vR8sT")),
    # D4: a keyword in a subscript's string, then "] ="
    ('os.environ["OPENAI_API_KEY"] = "Zq8Wm3Xk5Lp9Rt2Vb7Nc1"', secrets("Zq8Wm3Xk5Lp9Rt2Vb7Nc1")),
    # D5: a note between the keyword and its colon
    ("令牌（只读）：Zq8Wm3Xk5Lp9Rt2Vb7Nc", secrets("Zq8Wm3Xk5Lp9Rt2Vb7Nc")),
    ("数据库密码(root)：Pa55w0rd!", secrets("Pa55w0rd!")),
    ("password (root): Pa55w0rd!", secrets("Pa55w0rd!")),
    # D7: the SK half of an AK/SK pair
    ("阿里云 AK：LTAI5tQm7Zx2Kp9Lw4Rt8Y，SK：Zq8Wm3Xk5Lp9Rt2Vb7NcXk3mQ9vLp",
     secrets("LTAI5tQm7Zx2Kp9Lw4Rt8Y", "Zq8Wm3Xk5Lp9Rt2Vb7NcXk3mQ9vLp")),
    ("ak=LTAI5tQm7Zx2Kp9Lw4Rt9Y, sk=Wq3Zx8Ko2Xk3mQ9vLp2Rt8Ys5Nb7Hc",
     secrets("LTAI5tQm7Zx2Kp9Lw4Rt9Y", "Wq3Zx8Ko2Xk3mQ9vLp2Rt8Ys5Nb7Hc")),
    # D8: a keyword ending a longer name, or plural
    ("PGPASSWORD=Xk9mQ2vLp7 psql -h db.internal -U bench", secrets("Xk9mQ2vLp7")),
    ("    rootPassword: Xk9mQ2vLp7", secrets("Xk9mQ2vLp7")),
    ("    adminToken: 9fK2mQ7xLp3vR8sTn4Wc", secrets("9fK2mQ7xLp3vR8sTn4Wc")),
    ('const cfg = { authToken: "9fK2mQ7xLp3vR8sTn4Wc", openaiApiKey: "Zq8Wm3Xk5Lp9Rt2Vb7Nc" };',
     secrets("9fK2mQ7xLp3vR8sTn4Wc", "Zq8Wm3Xk5Lp9Rt2Vb7Nc")),
    ('api_keys = ["Zq8Wm3Xk5Lp9Rt2Vb7Nc", "Kp3Lw9Rt2Yv5Nb7Hc4Jd"]', secrets("Zq8Wm3Xk5Lp9Rt2Vb7Nc", "Kp3Lw9Rt2Yv5Nb7Hc4Jd")),
    # D9: a password holding ";" or ",": to its closing quote, or on after a ";" with no space
    ("DB_PASSWORD='P@ss;w0rd!x'", secrets("P@ss;w0rd!x")),
    ('password: "Abc,12345xyz"', secrets("Abc,12345xyz")),
    ("DB_PASSWORD=P@ssw0rd;2024xyz", secrets("P@ssw0rd;2024xyz")),
])
def test_a_keyword_written_in_bold_a_subscript_a_name_or_with_a_note(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize("text", [
    "key = os.environ[\"OPENAI_API_KEY\"]",
    "max_tokens: 512，maxTokens: 4096，keys: [\"k_proj\", \"v_proj\"]",
    "**Token**：模型处理的最小单位；Token（词元）：见 §2。",
    "SK hynix: HBM3E-12H；disk: 3.84TB NVMe；task: summarization",
    'export DB_PASSWORD="${DB_PASSWORD}"; export HF_TOKEN=<HF_TOKEN>',
    'monkey: "Hello, world"',
])
def test_no_secret_in_names_and_prose_near_a_keyword(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []


def test_a_keyword_ending_a_name_among_the_lines_of_a_survey(cfg: PrivacyConfig) -> None:
    """The whole text's first look finds a name ending with a keyword ("pgpassword") among its words."""
    lines = ["一、环境", "吞吐 16,200 tokens/s，KV keys 与 values。", "PGPASSWORD=Xk9mQ2vLp7 psql", "完。"]
    assert [len(h) for h in privacy_in_lines(lines, cfg)] == [0, 0, 1, 0]


@pytest.mark.parametrize(("text", "hits"), [
    # D11: NVIDIA's, Groq's and Slack's app-level token shapes
    ("NIM 的 key 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",
     secrets("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")),
    ("Groq 的 gsk_Xk3mQ9vLp2Rt8Ys5Nb7Hc1Jd4Fg6Sa0EuWq3Zx8Ko2Xk3mQ9vLp2Rt8",
     secrets("gsk_Xk3mQ9vLp2Rt8Ys5Nb7Hc1Jd4Fg6Sa0EuWq3Zx8Ko2Xk3mQ9vLp2Rt8")),
    ("Slack app 级 xapp-1-A0123456789-1234567890123-9f8e7d6c5b4a3210fedcba9876543210",
     secrets("xapp-1-A0123456789-1234567890123-9f8e7d6c5b4a3210fedcba9876543210")),
    # D12: a key in dash-joined groups, each like a name's part
    ("token:Zx9k-Mq2w-Pl7v-Rt4y-Bn8c", secrets("Zx9k-Mq2w-Pl7v-Rt4y-Bn8c")),
])
def test_provider_token_shapes_and_a_license_key_style_token(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize("text", [
    "NIM 的 key 用 nvapi-xxxx 占位；Groq 的 gsk_… 与 xapp-… 见控制台。",
    "token: Qwen2.5-72B-Instruct；key: model.layers.0.self_attn.k_proj；token: H100-H200-B200-GB200",
])
def test_no_token_in_placeholders_and_model_names(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []
