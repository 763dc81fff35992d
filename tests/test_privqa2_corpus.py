"""QA 2 (privacy): a survey author's lines, half leaking private data in less obvious forms (an IPv4-mapped
IPv6 address, a port, a CIDR subnet, ~/ and /root/ paths, a Windows path with "/" or a lower-case drive, a key in an
export, a JSON key, a link's query, a command-line option, Hugging Face / Slack / GitHub / JWT shapes, "密码：",
listed names next to CJK), half that must stay clean (versions, arXiv ids, documentation and loopback addresses,
commit hashes, digests, /usr/lib, model names, "token 数", "key-value cache"). Each leak is found, exactly; the rest
is not. (Left alone, see the report of the privqa2 branch: pip list's columns, "tensorrt    10.3.0.26", and "~/req".)"""

from __future__ import annotations

import pytest

from editor_app.core.privacy import PrivacyConfig
from editor_app.core.rulepack import house_pack
from test_privqa2_scan import found  # (each line scanned alone and among others)

@pytest.fixture(scope="module")
def cfg() -> PrivacyConfig:
    pack = house_pack()
    return PrivacyConfig.from_dict(pack.privacy, pack.base_dir)


LEAKS = [
    ('压测环境：vLLM 0.6.3.post1 部署在 [::ffff:10.0.0.1]:8000，走内网 RDMA。',
     [('ip', '::ffff:10.0.0.1')]),
    ('SGLang router 监听 10.12.3.45:30000，p99 TTFT 54.2s vs vLLM 58.9s ⚠️',
     [('ip', '10.12.3.45')]),
    ('训练集群网段 10.8.32.0/20 内做 NCCL all-reduce，8×H100 每节点。',
     [('ip', '10.8.32.0/20')]),
    ('IPv6 直连 2408:8207:18a0:5a1::1f 上的 Dynamo 1.0 前端 ⚠️',
     [('ip', '2408:8207:18a0:5a1::1f')]),
    ('`curl http://[fd12:3456:789a::21]:8000/v1/models` 返回 200。',
     [('ip', 'fd12:3456:789a::21')]),
    ('| node-3 | 192.168.31.207 | 8×H100 SXM | ~16,200 tok/s |',
     [('ip', '192.168.31.207')]),
    ('MASTER_ADDR=172.20.1.15 torchrun --nproc-per-node 8 bench.py',
     [('ip', '172.20.1.15')]),
    ('模型权重放在 ~/models/Qwen2.5-72B-Instruct-AWQ 下，AWQ 4bit。',
     [('path', '~/models/Qwen2.5-72B-Instruct-AWQ')]),
    ('docker run --gpus all -v /root/.cache/huggingface:/data vllm/vllm-openai:v0.6.3',
     [('path', '/root/.cache/huggingface:/data')]),
    ('基准结果汇总在 C:/Users/zhaojj/Desktop/bench-0914.xlsx（Excel 导出）',
     [('path', 'C:/Users/zhaojj/Desktop/bench-0914.xlsx')]),
    ('日志：d:\\users\\chensy\\AppData\\Local\\Temp\\sglang.log',
     [('path', 'd:\\users\\chensy\\AppData\\Local\\Temp\\sglang.log')]),
    ('$ ls /home/chensy/.cache/vllm/torch_compile_cache',
     [('path', '/home/chensy/.cache/vllm/torch_compile_cache')]),
    ('export OPENAI_API_KEY=sk-proj-Xa8F3kL9zQ2mX7pR4wT6yU1vB5nC0',
     [('secret', 'sk-proj-Xa8F3kL9zQ2mX7pR4wT6yU1vB5nC0')]),
    ('{"model": "deepseek-v3", "token": "a8F3kL9zQ2mX7pR4wT6y"}',
     [('secret', 'a8F3kL9zQ2mX7pR4wT6y')]),
    ('评测接口 https://api.example.com/v1/eval?model=llama3&api_key=9f8e7d6c5b4a3f2e1d0c',
     [('secret', '9f8e7d6c5b4a3f2e1d0c')]),
    ('huggingface-cli login --token hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
     [('secret', 'hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789')]),
    ('告警推送 Slack：xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
     [('secret', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx')]),
    ('CI 用 github_pat_11ABCDEFG0abcdefghijkl_MNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvw 拉私有仓库',
     [('secret', 'github_pat_11ABCDEFG0abcdefghijkl_MNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvw')]),
    ('Authorization 头示例 '
     'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
     [('secret', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U')]),
    ('跳板机密码：Xk9#mP2q（勿外传）',
     [('secret', 'Xk9#mP2q')]),
    ('本节数据由陈思远复核，赵俊杰补充 Dynamo 实测。',
     [('name', '陈思远'), ('name', '赵俊杰')]),
    ('感谢Chen Siyuan与Zhao Junjie提供 H100 集群。',
     [('name', 'Chen Siyuan'), ('name', 'Zhao Junjie')]),
    ('预算归属项目PRJ-2041，集群编号 INT-0457。',
     [('org', 'PRJ-2041'), ('org', 'INT-0457')]),
    ('{"password": "hunter2024", "user": "bench"}',
     [('secret', 'hunter2024')]),
    ('vllm serve Qwen/Qwen2.5-72B --api-key 3f9a2b7c8d1e4f5a6b7c',
     [('secret', '3f9a2b7c8d1e4f5a6b7c')]),
    ('ssh root@10.1.2.3 -p 2222 然后 nvidia-smi',
     [('ip', '10.1.2.3')]),
    ('HF_TOKEN="hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789" python serve.py',
     [('secret', 'hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789')]),
    ('api_key: "a8F3kL9zQ2mX7pR4wT6yU1"  # 来自 DeepSeek 控制台',
     [('secret', 'a8F3kL9zQ2mX7pR4wT6yU1')]),
    ('密钥：sk-ant-api03-AbCdEfGhIjKlMnOp0123456789',
     [('secret', 'sk-ant-api03-AbCdEfGhIjKlMnOp0123456789')]),
    ('[笔记](/Users/liuyt/Documents/llm-infra/notes.md)',
     [('path', '/Users/liuyt/Documents/llm-infra/notes.md')]),
    ('AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCY7Q2mKxR4Ld',
     [('secret', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCY7Q2mKxR4Ld')]),
    ('访问 http://10.0.3.17:8000/metrics 看 Prometheus 指标',
     [('ip', '10.0.3.17')]),
    ('感谢 Chen\u3000Siyuan（全角空格）',
     [('name', 'Chen\u3000Siyuan')]),
    ("'token': 'a8F3kL9zQ2mX7pR4wT6y',",
     [('secret', 'a8F3kL9zQ2mX7pR4wT6y')]),
    ('export HF_HOME=/home/ubuntu/hf && vllm serve ...',
     [('path', '/home/ubuntu/hf')]),
    ('部署在fe80::1ff:fe23:4567:890a%eth0上',
     [('ip', 'fe80::1ff:fe23:4567:890a%eth0')]),
]

CLEAN = [
    'vLLM 0.6.3.post1 与 SGLang v0.5.19、TensorRT-LLM v1.3 对比 ⚠️',
    'OmniKVQuant（arXiv:2609.11582，KAIST + POSTECH，cs.CV，2026-09-10）',
    '文档示例地址 192.0.2.10:8000 与 2001:db8::1 仅作演示。',
    '本地验证：curl http://127.0.0.1:8000/v1/models 与 http://localhost:30000',
    '`python -m sglang.launch_server --host 0.0.0.0 --port 30000`',
    '复现基于 commit 3f9a2b7c8d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a（vllm-project/vllm）',
    '模型文件 SHA256：e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    'CUDA 库在 /usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15',
    'Llama-3-70B 与 Qwen2.5-72B-Instruct 在 8×H100 上的 TTFT',
    '每请求 token 数：2,048；max_tokens=4096',
    'key-value cache 的显存占用随 batch 线性增长',
    'KV cache 的 key：temporal drift，value：heterogeneous geometry',
    '$ export HF_HOME=$HOME/.cache/huggingface',
    'pip install vllm==0.6.3.post1 flashinfer==0.1.6',
    'nvidia-cudnn-cu12==9.1.0.70 nvidia-cublas-cu12==12.1.3.1',
    'client = OpenAI(base_url="http://127.0.0.1:8000/v1", api_key="EMPTY")',
    'export OPENAI_API_KEY=<your-key> 或 sk-xxxxxxxxxxxxxxxxxxxx',
    '| vLLM | 0.6.3.post1 | ~12,500 tok/s | p99 58.9s |',
    '时间 2026-09-14T16:43:21+08:00，`std::vector<int>` 与 c10::cuda::CUDAStream',
    '见 https://huggingface.co/meta-llama/Llama-3.1-70B-Instruct/tree/main',
    '令牌桶（token bucket）限流，密钥管理交给 KMS。',
    'pad_token=<|endoftext|>，eos_token_id=151643',
    'Key 局部方差远低于 Gaussian（audio/video tokens 尤甚）',
    'C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4',
    '版本矩阵 torch 2.4.0+cu121 / triton 3.0.0 / flash-attn 2.6.3',
    'Ken Huang @ DistributedApps.ai《Physics & Engineering of Frontier LLM Inference》',
    'RadixArk（$400M）+ NVIDIA NIM Operator + HF WebGPU Kernels 200+',
    'hf_transfer 加速下载，HF_HUB_ENABLE_HF_TRANSFER=1',
    'tokenizer: meta-llama/Llama-3.1-8B-Instruct，chat_template 默认',
    '镜像 vllm/vllm-openai@sha256:4f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4',
    'MAC 00:1a:2b:3c:4d:5e 与时间 16:43:21',
    'nccl 2.21.5 + cuda 12.4.1 + driver 550.54.15',
    '见 DOI 10.48550/arXiv.2609.11582',
]


@pytest.mark.parametrize(("text", "hits"), LEAKS)
def test_each_leak_is_found(text: str, hits: list, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == hits


@pytest.mark.parametrize("text", CLEAN)
def test_each_look_alike_stays_clean(text: str, cfg: PrivacyConfig) -> None:
    assert found(text, cfg) == []


def test_half_and_half() -> None:
    assert len(LEAKS) >= 20 and len(CLEAN) >= 20
