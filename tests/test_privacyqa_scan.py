"""QA (privacy): the scan as a survey author meets it in Chinese technical prose, with the house pack's table."""

from __future__ import annotations

import pytest

from editor_app.core.privacy import PrivacyConfig, privacy_in_line, privacy_in_lines
from editor_app.core.rulepack import house_pack


@pytest.fixture(scope="module")
def cfg() -> PrivacyConfig:
    pack = house_pack()
    return PrivacyConfig.from_dict(pack.privacy, pack.base_dir)


def found(text: str, cfg: PrivacyConfig) -> list[tuple[str, str]]:
    """(dimension, the text hit) of each hit; the same whether the line is scanned alone or in a run of lines."""
    alone = privacy_in_line(text, cfg)
    assert privacy_in_lines(["", text, "", "", ""], cfg)[1] == alone
    return [(h.dimension, text[h.column - 1:h.column - 1 + h.length]) for h in alone]


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
