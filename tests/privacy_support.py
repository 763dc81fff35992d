"""What the privacy scan tests share: the house pack's privacy settings and a line's hits as the texts they hit."""

from __future__ import annotations

import pytest

from editor_app.core.privacy import PrivacyConfig, privacy_in_line, privacy_in_lines
from editor_app.core.rulepack import house_pack


@pytest.fixture(scope="module")
def cfg() -> PrivacyConfig:
    pack = house_pack()
    return PrivacyConfig.from_dict(pack.privacy, pack.base_dir)


def found(text: str, cfg: PrivacyConfig) -> list[tuple[str, str]]:
    """(dimension, the text hit) of each hit; the same whether the line is scanned alone, among a few lines or in
    a run of lines (privacy_in_lines' run-by-run path)."""
    alone = privacy_in_line(text, cfg)
    assert privacy_in_lines(["", text, "", "", ""], cfg)[1] == alone
    assert privacy_in_lines(["见 §3.1"] * 40 + [text], cfg)[40] == alone
    return [(h.dimension, text[h.column - 1:h.column - 1 + h.length]) for h in alone]
