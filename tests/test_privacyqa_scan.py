"""QA (privacy): the scan as a survey author meets it in Chinese technical prose, with the house pack's table."""

from __future__ import annotations

import pytest

from editor_app.core.privacy import PrivacyConfig, privacy_in_lines
from editor_app.core.rulepack import house_pack
from privacy_support import cfg, found  # noqa: F401 (cfg: a fixture)




@pytest.mark.parametrize(("text", "path"), [
    # a user folder named in Chinese was never reported (the end of a path stopped at the first CJK character)
    ("模型放在 C:\\Users\\张三\\Desktop\\qwen 下", "C:\\Users\\张三\\Desktop\\qwen"),
    ("见 /home/张三/work/a.md。", "/home/张三/work/a.md"),
    ("`/Users/李四/Downloads`", "/Users/李四/Downloads"),
    # a file:// link to a local file was never reported
    ("[草稿](file:///home/chensy/draft.md)", "/home/chensy/draft.md"),
    ("[笔记](file:///C:/Users/zhaojj/notes.md)", "C:/Users/zhaojj/notes.md"),
    # Windows ignores case
    ("日志在 c:\\users\\wang\\logs 里", "c:\\users\\wang\\logs"),
])
def test_local_paths_a_chinese_survey_writes(text: str, path: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == [("path", path)]


def test_a_latin_user_folder_still_ends_where_the_chinese_prose_starts(cfg: PrivacyConfig) -> None:
    assert found("见 /home/chen/work/llm.md中的说明", cfg) == [("path", "/home/chen/work/llm.md")]


@pytest.mark.parametrize("text", [
    "CUDA 装在 /usr/local/cuda/bin/nvcc，库在 /usr/lib/x86_64-linux-gnu",
    "文档 https://docs.vllm.ai/en/latest/serving/distributed_serving.html",
    "源码 https://github.com/vllm-project/vllm/blob/main/docs/home/index.md",
    "见 http://example.com/Users/张三/page",
])
def test_public_paths_and_links_are_not_private(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []


@pytest.mark.parametrize("text", [
    # code that reads a key from elsewhere is how a key is kept out of a survey: it was reported as a key
    "client = OpenAI(api_key=os.environ['OPENAI_API_KEY'])",
    "api_key=os.getenv(\"DEEPSEEK_API_KEY\")",
    "eos = dict(token=tokenizer.eos_token_id)",
    "权重映射 key: model.layers.0.self_attn（见 §2.1）",
    "key=value_cache_size_in_bytes",
    # a model's name after "token" / "key" in prose
    "基线 token：Qwen2.5-72B-Instruct，对照 Llama-3.1-405B",
    "Key: meta-llama/Llama-3.1-8B-Instruct 的 KV 量化",
])
def test_code_and_model_names_after_a_keyword_are_not_secrets(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []


@pytest.mark.parametrize(("text", "secret"), [
    ("令牌：a8F3kL9zQ2mX7pR4wT6y", "a8F3kL9zQ2mX7pR4wT6y"),
    ("token=ya29.a0AfH6SMBx3kQ9zL2", "ya29.a0AfH6SMBx3kQ9zL2"),  # a dotted token whose parts are random
    ("key: 123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-426614174000"),
    ("secret: Zq8Lm3Nx7Vb2-Kc9Pw4Rt", "Zq8Lm3Nx7Vb2-Kc9Pw4Rt"),
    # "密码为 …", "密码是：…": the everyday Chinese way to state a password was missed
    ("测试机密码为 Hunter2024，勿外传", "Hunter2024"),
    ("默认密码是：s3cr3tP@ss", "s3cr3tP@ss"),
    # a full-width "＝" typed with the Chinese input method
    ("auth_token＝a8F3kL9zQ2mX7pR4wT6y", "a8F3kL9zQ2mX7pR4wT6y"),
    # Chinese quotes are not part of the password (the mask showed “Hu…)
    ("密码：“Hunter2024”", "Hunter2024"),
])
def test_secrets_after_a_keyword(text: str, secret: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == [("secret", secret)]


@pytest.mark.parametrize("text", ["密码是否正确由服务端校验", "令牌是 token 级别的", "密码为空时拒绝", "初始化密码学库"])
def test_chinese_prose_after_a_keyword_is_no_secret(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []


@pytest.mark.parametrize(("text", "secret"), [
    # a value with Chinese right after it was judged with that Chinese and let go as prose
    ("测试令牌：a8F3kL9zQ2mX7pR4wT6y（仅内网）", "a8F3kL9zQ2mX7pR4wT6y"),
    ("数据库密码：Hunter2024（请勿外传）", "Hunter2024"),
    ("api_key=a8F3kL9zQ2mX7pR4wT6y见附件", "a8F3kL9zQ2mX7pR4wT6y"),
])
def test_a_secret_followed_by_chinese_prose(text: str, secret: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == [("secret", secret)]


@pytest.mark.parametrize("text", [
    # four-part versions were reported as IP addresses (and the privacy rule cannot be silenced)
    "TensorRT 10.3.0.26 + cuDNN 9.1.0.70 + CUDA 12.4.1",
    "TensorRT-LLM 0.12.0.1 起支持 FP8 KV cache",
    "vLLM 0.6.3.post1 与 SGLang 1.2.3.4-rc1、2.1.0.1.post2、2.5.1.3+cu121",
    "升级到版本 1.2.3.4 后 p99 TTFT 降低 12%",
    "version: 10.1.0.2 · build 11.2.3.4 · 1.2.3.4 版起支持",
])
def test_four_part_versions_are_no_ip_addresses(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []


@pytest.mark.parametrize(("text", "address"), [
    ("服务器 10.0.0.12 上跑", "10.0.0.12"),
    ("IPv4 10.20.30.40 与 Host 10.20.30.41", "10.20.30.40"),
    ("ssh 10.20.30.41 后执行", "10.20.30.41"),
    ("DNS 10.20.30.41 解析", "10.20.30.41"),
    ("node1 10.20.30.41 跑 TP=8", "10.20.30.41"),
    ("[控制台](http://10.1.2.3:8080/ui)", "10.1.2.3"),
])
def test_addresses_next_to_words_are_still_addresses(text: str, address: str, cfg: PrivacyConfig) -> None:
    assert ("ip", address) in found(text, cfg)


@pytest.mark.parametrize(("text", "secret"), [
    # a password in a link, and a bearer token in a curl example, were never reported
    ("数据库 `postgres://admin:s3cretPW9@db.internal/kv`", "s3cretPW9"),
    ("镜像仓库 https://chen:Passw0rd!@git.example.com/infra.git", "Passw0rd!"),
    ("redis://:Hunter2024@cache:6379 做前缀缓存", "Hunter2024"),
    ("curl -H 'Authorization: Bearer a8F3kL9zQ2mX7pR4wT6yU1' http://127.0.0.1:8000/v1/models", "a8F3kL9zQ2mX7pR4wT6yU1"),
])
def test_passwords_in_links_and_bearer_tokens(text: str, secret: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == [("secret", secret)]


@pytest.mark.parametrize("text", [
    "git clone git@github.com:vllm-project/vllm.git",
    "https://user:${HF_TOKEN}@huggingface.co/x",
    "Ken Huang @ DistributedApps.ai 见 https://distributedapps.ai/",
    "curl -H \"Authorization: Bearer $OPENAI_API_KEY\"",
    "vLLM 示例 -H 'Authorization: Bearer token-abc123' 与 Bearer EMPTY",
])
def test_links_and_placeholders_are_not_secrets(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []


def test_a_run_of_lines_with_a_link_password_is_scanned(cfg: PrivacyConfig) -> None:
    lines = ["正文"] * 40
    lines[35] = "postgres://admin:s3cretPW9@db.internal/kv"
    assert [i for i, hits in enumerate(privacy_in_lines(lines, cfg)) if hits] == [35]


@pytest.mark.parametrize(("text", "secret"), [
    # a key wrapped onto the next line: neither half had the shape's length, nothing was reported
    ("部署令牌 sk-proj-Zq8Lm3", "sk-proj-Zq8Lm3"),
    ("测试用的是 sk-Zq8Lm3Nx ", "sk-Zq8Lm3Nx"),
    ("`ghp_Zq8Lm3Nx7V", "ghp_Zq8Lm3Nx7V"),
])
def test_the_start_of_a_key_cut_by_a_line_break(text: str, secret: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == [("secret", secret)]


@pytest.mark.parametrize("text", [
    "pip install hf_transfer", "key 形如 sk-xxxxxxxx", "形如 sk-123456", "ghp_Zq8Lm3Nx7V 是被截断的例子",
])
def test_a_short_key_shape_inside_the_line_or_without_letters_and_digits_is_no_cut_key(text, cfg) -> None:
    assert found(text, cfg) == []


def test_a_wrapped_key_fails_the_survey(sample_text) -> None:
    from editor_app.core.analyze import analyze

    lines = sample_text.split("\n")
    lines[20:20] = ["部署令牌 sk-proj-Zq8Lm3", "Nx7Vb2Kc9Pw4Rt（已作废）"]
    analysis = analyze("\n".join(lines), house_pack())
    # (the rest, at the start of the next line, is a hit too since QA26f D6)
    assert [(h.dimension, h.line) for h in analysis.privacy] == [("secret", 21), ("secret", 22)]
