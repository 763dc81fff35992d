"""A key cut at the end of a line (the survey wrapped at a fixed width) is a secret hit on both lines, whatever its
kind: NVIDIA's "nvapi-", Groq's "gsk_" and Slack's app-level "xapp-1-" were left out of the cut shapes (fix27a's
note), so such a key's first part and its rest stayed in clear."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

PACK = house_pack()


@pytest.mark.parametrize("head,rest", [
    ("nvapi-Ab12Cd34", "Ef56Gh78Ij90Kl12Mn34Op56Qr78St90Uv12"),
    ("gsk_Ab12Cd34", "Ef56Gh78Ij90Kl12Mn34Op56Qr78St90Uv12"),
    ("xapp-1-Ab12Cd34", "Ef56Gh78Ij90Kl12Mn34"),
])
def test_a_cut_key_is_found_on_both_lines(head, rest):
    text = f"标题\n\n在行尾 {head}\n{rest} 续行。\n"
    a = analyze(text, PACK, today=date(2026, 12, 2))
    hits = sorted((h.line, h.column) for h in a.privacy if h.dimension == "secret")
    assert hits == [(3, 5), (4, 1)]
