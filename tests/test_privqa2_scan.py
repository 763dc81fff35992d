"""QA 2 (privacy): leaks and look-alikes a survey author writes in code fences, configs and links."""

from __future__ import annotations

import pytest

from editor_app.core.privacy import PrivacyConfig
from privacy_support import cfg, found  # noqa: F401 (cfg: a fixture)




@pytest.mark.parametrize(("text", "secret"), [
    # a keyword written as a JSON or Python dict key (its closing quote before the colon) was never looked at
    ('{"model": "deepseek-v3", "token": "a8F3kL9zQ2mX7pR4wT6y"}', "a8F3kL9zQ2mX7pR4wT6y"),
    ('{"api_key":"a8F3kL9zQ2mX7pR4wT6y"}', "a8F3kL9zQ2mX7pR4wT6y"),
    ('    "HF_TOKEN": "a8F3kL9zQ2mX7pR4wT6y",', "a8F3kL9zQ2mX7pR4wT6y"),
    ("cfg = {'password': 'hunter2024', 'user': 'bench'}", "hunter2024"),
])
def test_a_keyword_written_as_a_quoted_key(text: str, secret: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == [("secret", secret)]


@pytest.mark.parametrize("text", [
    '{"pad_token": "<|endoftext|>", "eos_token": "</s>", "unk_token": null, "model_max_length": 131072}',
    '{"key": "model.layers.0.self_attn.k_proj", "token": 2048}',
    "权重映射 key: model.layers.0.self_attn.k_proj（q_proj/v_proj 同理）",  # (a letter alone is a name's part)
    'client = OpenAI(base_url="http://127.0.0.1:8000/v1", api_key="EMPTY")',
])
def test_quoted_keys_holding_no_secret(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []


@pytest.mark.parametrize(("text", "hits"), [
    # a link's next query parameter was read as part of the value: a placeholder became a secret
    ("https://serpapi.com/search.json?engine=google&api_key=YOUR_KEY&q=vllm", []),
    ("http://127.0.0.1:8000/v1?token=EMPTY&x=1", []),
    # and a real key's mask and column span covered the parameters after it
    ("评测接口 https://api.example.com/v1/eval?api_key=9f8e7d6c5b4a3f2e1d0c&model=llama3",
     [("secret", "9f8e7d6c5b4a3f2e1d0c")]),
    # an "&" inside a password is still the password's
    ("密码：P@ss&word99", [("secret", "P@ss&word99")]),
])
def test_a_value_in_a_link_ends_before_the_next_parameter(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize("text", [
    # the pins pip freeze prints for torch 2.4's CUDA wheels were reported as IP addresses
    "nvidia-cudnn-cu12==9.1.0.70 nvidia-cublas-cu12==12.1.3.1",
    "tensorrt>=10.3.0.26, nvidia-cufft-cu12 ~= 11.0.2.54",
])
def test_a_pinned_four_part_version_is_no_address(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []


def test_an_address_after_an_equals_sign_is_still_one(cfg: PrivacyConfig) -> None:
    assert found("MASTER_ADDR=172.20.1.15 torchrun --nproc-per-node 8", cfg) == [("ip", "172.20.1.15")]


@pytest.mark.parametrize(("text", "hits"), [
    # a key given to a command-line option after a space was never found (only "--api-key=…" was)
    ("vllm serve Qwen/Qwen2.5-72B --api-key 3f9a2b7c8d1e4f5a6b7c --port 8000", [("secret", "3f9a2b7c8d1e4f5a6b7c")]),
    ("mysql -u bench --password Hunter2024 -h db", [("secret", "Hunter2024")]),
    # vLLM's own documentation example, a variable, an option that only starts with a keyword, a number
    ("vllm serve NousResearch/Meta-Llama-3-8B-Instruct --dtype auto --api-key token-abc123", []),
    ("vllm serve x --api-key $VLLM_API_KEY --port 8000", []),
    ("python bench.py --token-budget 8192 --token 2048 --key k_proj", []),
])
def test_a_secret_given_to_a_command_line_option(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize("text", [
    # a name typed with the Chinese input method's full-width space (U+3000), or a no-break space, was missed
    "感谢 Chen\u3000Siyuan 提供 H100 集群",
    "复核：Zhao\u00a0Junjie",
])
def test_a_listed_name_with_a_wide_space(text: str, cfg: PrivacyConfig) -> None:
    assert [dim for dim, _ in found(text, cfg)] == ["name"]


@pytest.mark.parametrize(("text", "hits"), [
    # a loopback or documentation address written IPv6-mapped (a dual-stack server's log) was private data
    ('INFO:  ::ffff:127.0.0.1:51234 - "POST /v1/chat/completions HTTP/1.1" 200', []),
    ("文档地址 ::ffff:192.0.2.1 仅作演示", []),
    ("压测机 [::ffff:10.0.0.1]:8000", [("ip", "::ffff:10.0.0.1")]),
])
def test_an_ipv4_address_mapped_into_ipv6_is_judged_as_itself(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize(("text", "hits"), [
    # a variable standing for the user folder names no one
    ("模型放在 /home/$USER/models 下，缓存在 /home/${USER}/.cache", []),
    ("Windows 上是 C:\\Users\\%USERNAME%\\.cache\\huggingface", []),
    ("模板 /Users/{user}/Library/Caches", []),
    # a user folder named is still a local path
    ("缓存在 /home/chensy/.cache/vllm 与 C:\\Users\\chen\\a", [("path", "/home/chensy/.cache/vllm"),
                                                            ("path", "C:\\Users\\chen\\a")]),
])
def test_a_user_folder_given_by_a_variable_is_no_local_path(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize(("text", "hits"), [
    # an environment table's four-part versions were IP addresses: the product's name is in the cell before
    ("| TensorRT | 10.3.0.26 | 2026-08 |", []),
    ("| cuDNN | 9.1.0.70 |", []),
    ("| node-3 | 10.0.0.12 | 8×H100 |", [("ip", "10.0.0.12")]),
    ("| Host | 10.0.0.13 |", [("ip", "10.0.0.13")]),
])
def test_a_version_in_the_cell_after_its_product(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


def test_a_listed_name_in_an_e_mail_address_or_a_handle(cfg: PrivacyConfig) -> None:
    # the parts of a listed name joined by "." "_" "-" were never found: the author's contact line leaked it
    text = "联系 siyuan.chen@example.com，代码在 github.com/zhao-junjie，数据集 lin_haoran/kv-bench"
    assert found(text, cfg) == [("name", "siyuan.chen"), ("name", "zhao-junjie"), ("name", "lin_haoran")]


@pytest.mark.parametrize(("text", "hits"), [
    # the everyday "账号 … 密码 …" with a space only was missed
    ("测试机账号 bench 密码 Hunter2024", [("secret", "Hunter2024")]),
    ("内网密钥 a8F3kL9zQ2mX7pR4wT6y（测试）", [("secret", "a8F3kL9zQ2mX7pR4wT6y")]),
    # a word, a number, a cipher's name or prose after the space is none
    ("密码 是否正确由服务端校验；口令 (见附件)；密钥 AES-256-GCM；密码 123456", []),
    # a value that is none may be the next keyword
    ("令牌 TOKEN：Zx9kQ2vL7pW4", [("secret", "Zx9kQ2vL7pW4")]),
])
def test_a_chinese_keyword_then_a_space(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize(("text", "hits"), [
    # a label after a keyword was a password ("token:" has six characters of two kinds) and hid the value after it
    ("口令 toKen: Zx9#kQ2!vL7pW4", [("secret", "Zx9#kQ2!vL7pW4")]),
    ("password: token: Zx9kQ2vL7pW4", [("secret", "Zx9kQ2vL7pW4")]),
    # base64's padding stays the key's
    ("Authorization: Basic dXNlcjpwYXNzd29yZA==", [("secret", "dXNlcjpwYXNzd29yZA==")]),
])
def test_a_label_after_a_keyword_is_no_value(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize(("text", "hits"), [
    # a Python slice in a RoPE or KV-cache snippet was an IPv6 address
    ("x1, x2 = x[..., ::2], x[..., 1::2]  # RoPE 奇偶拆分", []),
    ("k = k_cache[:, ::4]；v = v_cache[10::16]", []),
    # short addresses are still addresses
    ("fe80::1 与 [2408::1]:8000", [("ip", "fe80::1"), ("ip", "2408::1")]),
])
def test_a_python_slice_is_no_ipv6_address(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize(("text", "secrets"), [
    # Chinese cloud consoles' credentials and camelCase keywords (SDK configs) were never found
    ("阿里云百炼 AccessKeyId：LTAI5tQ9mX7pR4wT6yU1vB5n，AccessKeySecret：a8F3kL9zQ2mX7pR4wT6yU1vB5nC0dE",
     ["LTAI5tQ9mX7pR4wT6yU1vB5n", "a8F3kL9zQ2mX7pR4wT6yU1vB5nC0dE"]),
    ("腾讯云 SecretId: AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA SecretKey: Gu5t9xGARNpq86cd98joQYCN3Cozk1qA",
     ["AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA", "Gu5t9xGARNpq86cd98joQYCN3Cozk1qA"]),
    ("{ region: 'us-east-1', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCY7Q2mKxR4Ld' }",
     ["wJalrXUtnFEMI/K7MDENG/bPxRfiCY7Q2mKxR4Ld"]),
    ('飞书机器人 AppSecret=Zx9kQ2vL7pW4mN8b，clientSecret: "Zx9kQ2vL7pW4mN8bQ2vL"', ["Zx9kQ2vL7pW4mN8b", "Zx9kQ2vL7pW4mN8bQ2vL"]),
    ('accessToken: "Zx9kQ2vL7pW4mN8bQ2vL"', ["Zx9kQ2vL7pW4mN8bQ2vL"]),
    # the prefixes named, a placeholder
    ("LTAI 与 AKID 是前缀；LTAIxxxxxxxxxxxxxxxx 占位；accessToken: <从控制台复制>", []),
])
def test_cloud_console_credentials_and_camel_case_keywords(text: str, secrets: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == [("secret", s) for s in secrets]


@pytest.mark.parametrize(("text", "hits"), [
    # a keyword in one table cell and its value in the next, and "API key 为/是 …", were never looked at
    ("| API Key | 3f9a2b7c8d1e4f5a6b7c |", [("secret", "3f9a2b7c8d1e4f5a6b7c")]),
    ("| 密码 | Hunter2024 |", [("secret", "Hunter2024")]),
    ("智谱 API Key 为 8f2c0c1e0b1a4c3d9e8f7a6b5c4d3e2f.AbCdEfGhIjKlMnOp",
     [("secret", "8f2c0c1e0b1a4c3d9e8f7a6b5c4d3e2f.AbCdEfGhIjKlMnOp")]),
    ("API key 是 9f8e7d6c5b4a3f2e1d0c（测试）", [("secret", "9f8e7d6c5b4a3f2e1d0c")]),
    # a table's header, a number, prose and code after "key 是 / token 为"
    ("| key | 含义 | token | 2048 | Key | Value |", []),
    ("KV cache 的 key 是 temporal drift 的来源，token 为 LLM 的基本单位", []),
    ("key 为 (layer, head) 元组；key 为 hash(prefix)；token 为 eos_token_id", []),
])
def test_a_keyword_before_a_table_cell_or_wei_shi(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize("text", [
    # a number format after a keyword was a secret ("fp8_e4m3": letters, digits and "_", 8 characters)
    "| KV cache key | fp8_e4m3 |",
    "key: fp8_e5m2，token=w4a16_g128",
])
def test_a_number_format_after_a_keyword_is_no_secret(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []


@pytest.mark.parametrize(("text", "address"), [
    # a Kubernetes field naming an address mixes cases as a product's name does: its address was read as a version
    ("Service 的 ClusterIP 10.96.0.12 对外暴露 8000 端口", "10.96.0.12"),
    ("PodIP 10.244.1.17，调度到 gpu-3", "10.244.1.17"),
    ("masterAddr 10.0.0.1 上起 torchrun", "10.0.0.1"),
])
def test_an_address_after_a_field_naming_one(text: str, address: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == [("ip", address)]


@pytest.mark.parametrize(("text", "code"), [
    # the house pack's org codes typed with the Chinese input method's full-width hyphen, or an editor's en dash
    ("预算归属项目 PRJ－2041（全角连字符）", "PRJ－2041"),
    ("集群编号 INT–0457 由平台组分配", "INT–0457"),
])
def test_an_org_code_with_a_wide_hyphen(text: str, code: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == [("org", code)]


@pytest.mark.parametrize(("text", "hits"), [
    # a chat bot's webhook (an alert pushed to Feishu or Slack) holds its secret in the path: it was never found
    ("告警推送 https://open.feishu.cn/open-apis/bot/v2/hook/3f9a2b7c-8d1e-4f5a-9b7c-8d9e0f1a2b3c",
     [("secret", "3f9a2b7c-8d1e-4f5a-9b7c-8d9e0f1a2b3c")]),
    ("Slack https://hooks.slack.com/services/T01ABCDEF/B02GHIJKL/a8F3kL9zQ2mX7pR4wT6yU1vB",
     [("secret", "T01ABCDEF/B02GHIJKL/a8F3kL9zQ2mX7pR4wT6yU1vB")]),
    # DingTalk's and WeCom's are in the query, after a keyword
    ("钉钉 https://oapi.dingtalk.com/robot/send?access_token=3f9a2b7c8d1e4f5a6b7c8d9e0f1a2b3c",
     [("secret", "3f9a2b7c8d1e4f5a6b7c8d9e0f1a2b3c")]),
    # the documentation, a placeholder
    ("飞书文档 https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot 与 …/bot/v2/hook/<your-hook-id>", []),
])
def test_a_chat_bot_s_webhook(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits
