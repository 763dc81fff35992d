"""A heading holding a private key's BEGIN marker is masked once, in a fresh pass and after typing it alike (the
marker's end, "-----", is how its mask "----****" opens: masking the masked title again lengthened it)."""
from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.masked_excerpts import hidden_texts, mask_excerpt
from editor_app.core.rulepack import house_pack


def test_a_masked_text_is_not_masked_again():
    line = "## -----BEGIN PRIVATE KEY-----节"
    from editor_app.core.privacy import PrivacyConfig, privacy_in_line
    pack = house_pack()
    hits = privacy_in_line(line, PrivacyConfig.from_dict(pack.privacy, pack.base_dir))
    hidden = hidden_texts(line, hits)
    once = mask_excerpt("-----BEGIN PRIVATE KEY-----节", hidden)
    assert once == hits[0].masked + "节" and "BEGIN" not in once
    assert mask_excerpt(once, hidden) == once


def test_typing_the_marker_into_a_heading_agrees_with_a_fresh_pass():
    pack = house_pack()
    base = "正文\n" * 3 + "## 节\n" + "正文\n" * 10
    edited = base.replace("## 节", "## -----BEGIN PRIVATE KEY-----节")
    az = Analyzer(pack)
    az.analyze(base)
    again = az.analyze(edited).to_dict()
    fresh = analyze(edited, pack).to_dict()
    assert again == fresh
    title = fresh["sections"][0]["title"]
    assert "BEGIN" not in title and title.endswith("节") and title.count("*") == 8
