"""QA (exporting the report): a key written "sk-" and lowercase letters only was no private data, so it was printed
whole in the report; and in the report's survey text the masks' "*" were read as Markdown emphasis ("10******，日志在
/ho********" became bold text with the stars gone and a stray "**")."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.privacy import PrivacyConfig, privacy_in_line
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html


@pytest.mark.parametrize("line, found", [
    ("密钥 sk-abcdefghijklmnopqrstuvwx", ["sk-a********"]),  # a key's body without a digit
    ("用 sk-learn-based-classifier-pipeline 训练", []),  # words, not a key
    ("sk-xxxxxxxxxxxxxxxxxxxxxxxx", []),  # a placeholder
    ("sk-proj-Q7xL2mZ9vB4nK8wR3tY6uP1s", ["sk-p********"]),  # (as before)
])
def test_a_key_without_digits_is_a_key(line, found):
    assert [h.masked for h in privacy_in_line(line, PrivacyConfig())] == found


def test_the_reports_survey_text_shows_masks_as_masks(sample_text):
    text = sample_text.replace("\n一、", "\n部署于 10.1.2.3，日志在 /home/alice/x，密钥 sk-abcdefghijklmnopqrstuvwx\n一、", 1)
    pack = house_pack()
    html = build_report_html(analyze(text, pack), text, pack_name=pack.name, pack_source=pack.source, pack=pack)
    assert "10.1.2.3" not in html and "/home/alice" not in html and "sk-abcdefghijklmnopqrstuvwx" not in html
    assert "部署于 10＊＊＊＊＊＊，日志在 /ho＊＊＊＊＊＊＊＊，密钥 sk-a＊＊＊＊＊＊＊＊" in html
    assert "<strong><strong>" not in html
