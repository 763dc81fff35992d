"""Privacy: a private key pasted into a survey is secret on every line of its body, not on its BEGIN line alone.

Before: `-----BEGIN RSA PRIVATE KEY-----` was the only hit; the base64 lines under it were none, so the report
exported with --force (and every quote of those lines) printed the key itself. Now each body line, up to the END
line (or, without one, the base64 lines that follow, at most `KEY_BODY_LINES`), is a "secret" hit covering its
base64, masked whole, in the JSON, the CLI, the window's underlines and the report."""

from __future__ import annotations

import json

from editor_app.core.analyze import analyze
from editor_app.core.privacy import KEY_BODY_LINES, KEY_BODY_MASK, PrivacyConfig, key_bodies
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html

PACK = house_pack()
BODY = [
    "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi6Z1v2YtVQ0rW1xr8aHq9N7T6u",
    "q1tSu0yCp0lm0B3cZl4cX9yV4h9iJ6P6Jm5sR3v8u3fJb0Kl4q8x7Wm5lXyZ1Ab2",
    "Kq+/0aBc7dE==",
]


def survey(begin="-----BEGIN RSA PRIVATE KEY-----", end="-----END RSA PRIVATE KEY-----", body=BODY, fence=True):
    block = [begin, *body] + ([end] if end else [])
    if fence:
        block = ["```", *block, "```"]
    return "\n".join(["# 部署笔记", "", "误贴的密钥如下：", "", *block, "", "之后的正文，照常书写。", ""])


def hits_by_line(text):
    return {h.line: h for h in analyze(text, PACK).privacy}


def test_every_body_line_is_a_secret_masked_whole():
    text = survey()
    lines = text.split("\n")
    got = hits_by_line(text)
    begin = lines.index("-----BEGIN RSA PRIVATE KEY-----") + 1
    assert sorted(got) == [begin, begin + 1, begin + 2, begin + 3]  # the BEGIN line and the three body lines
    for k, body in enumerate(BODY, 1):
        h = got[begin + k]
        assert (h.dimension, h.column, h.length, h.masked) == ("secret", 1, len(body), KEY_BODY_MASK)
        assert body[:4] not in h.masked  # not even the first characters: four of each line add up
    assert begin + 4 not in got  # the END line holds no secret


def test_each_kind_of_private_key():
    for kind in ("RSA ", "OPENSSH ", "", "EC ", "DSA ", "ENCRYPTED "):
        text = survey(f"-----BEGIN {kind}PRIVATE KEY-----", f"-----END {kind}PRIVATE KEY-----")
        assert len(analyze(text, PACK).privacy) == 1 + len(BODY), kind


def test_an_indented_body_is_covered_from_its_first_character_to_its_last():
    text = survey(body=["    " + b + "  " for b in BODY], fence=False)
    got = [h for h in analyze(text, PACK).privacy if h.masked == KEY_BODY_MASK]
    assert [(h.column, h.length) for h in got] == [(5, len(b)) for b in BODY]


def test_without_an_end_line_the_base64_lines_that_follow_are_the_body():
    text = survey(end=None)  # the fence closes it: "```" is no base64
    assert len(analyze(text, PACK).privacy) == 1 + len(BODY)
    lines = ["-----BEGIN PRIVATE KEY-----", *["QUJD" * 16] * (KEY_BODY_LINES + 30)]
    bodies = key_bodies(lines, PrivacyConfig())
    assert [i for i, _ in bodies] == list(range(1, KEY_BODY_LINES + 1))  # bounded


def test_the_body_ends_at_the_first_line_that_is_not_base64():
    text = "\n".join(["-----BEGIN OPENSSH PRIVATE KEY-----", BODY[0], "正文：一行中文。", BODY[1], ""])
    assert [h.line for h in analyze(text, PACK).privacy] == [1, 2]  # the base64 after the prose is no key's


def test_an_encrypted_key_s_headers_are_in_its_block_but_no_hits():
    lines = ["-----BEGIN RSA PRIVATE KEY-----", "Proc-Type: 4,ENCRYPTED", "DEK-Info: AES-128-CBC,3F17F5316E2BAC89",
             "", *BODY, "-----END RSA PRIVATE KEY-----"]
    assert [i for i, _ in key_bodies(lines, PrivacyConfig())] == [4, 5, 6]


def test_base64_elsewhere_and_a_key_on_one_line_are_no_body():
    assert key_bodies(BODY, PrivacyConfig()) == []  # no BEGIN line above
    one_line = ["-----BEGIN PRIVATE KEY----- MIIE -----END PRIVATE KEY-----", *BODY]
    assert key_bodies(one_line, PrivacyConfig()) == []
    public = ["-----BEGIN PUBLIC KEY-----", *BODY, "-----END PUBLIC KEY-----"]
    assert key_bodies(public, PrivacyConfig()) == []  # a public key is no secret
    text = survey(begin="-----BEGIN CERTIFICATE-----", end="-----END CERTIFICATE-----")
    assert analyze(text, PACK).privacy == []


def test_a_pack_without_the_secret_dimension_or_allowing_the_text_finds_no_body():
    lines = ["-----BEGIN PRIVATE KEY-----", *BODY]
    assert key_bodies(lines, PrivacyConfig.from_dict({"dimensions": ["ip", "name", "path", "org"]})) == []
    allowed = PrivacyConfig.from_dict({"allow_patterns": ["MIIE.*"]})
    assert [i for i, _ in key_bodies(lines, allowed)] == [2, 3]


def test_the_json_and_the_cli_show_the_body_masked(tmp_path, capsys):
    from editor_app.cli import main

    path = tmp_path / "keyed.md"
    path.write_text(survey(), encoding="utf-8")
    assert main([str(path), "--format", "json"]) == 1
    out = capsys.readouterr().out
    assert all(body not in out for body in BODY) and all(body[:12] not in out for body in BODY)
    report = json.loads(out)
    report = report[0] if isinstance(report, list) else report
    assert [h["masked"] for h in report["privacy"]].count(KEY_BODY_MASK) == len(BODY)
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert out.count(f"private data (secret): {KEY_BODY_MASK}") == len(BODY)
    assert all(body[:12] not in out for body in BODY)


def test_the_report_exported_anyway_prints_no_line_of_the_key():
    text = survey()
    analysis = analyze(text, PACK)
    html = build_report_html(analysis, text, pack_name=PACK.name, pack_source=PACK.source, pack=PACK)
    for body in BODY:
        assert body not in html and body[:12] not in html and body[-12:] not in html
    assert html.count(KEY_BODY_MASK) >= 2 * len(BODY)  # in the survey's text and in the private-data table


def test_what_the_analysis_quotes_from_a_body_line_is_masked():
    # A pack forbidding a pattern that matches inside the key: its finding quotes the match, masked.
    from editor_app.core.rulepack import parse_pack

    source = PACK.source + '\n[[rules]]\nid = "no-q1t"\nkind = "forbidden-pattern"\ntitle = "No q1t"\npatterns = ["q1tSu0"]\n'
    pack = parse_pack(source, "survey-rules.toml")
    analysis = analyze(survey(), pack)
    findings = [f for r in analysis.rules if r.id == "no-q1t" for f in r.findings]
    assert findings and all("q1tSu0" not in f.message for f in findings)


def test_the_window_underlines_each_body_line(qapp):
    from editor_app.ui.problem_spans import problem_spans

    text = survey()
    spans = {(s.line, s.column, s.length) for s in problem_spans(analyze(text, PACK))}
    begin = text.split("\n").index("-----BEGIN RSA PRIVATE KEY-----") + 1
    for k, body in enumerate(BODY, 1):
        assert (begin + k, 1, len(body)) in spans


def test_the_sample_has_no_key_and_no_hit(sample_text):
    assert key_bodies(sample_text.split("\n"), PrivacyConfig()) == []
    assert analyze(sample_text, PACK).privacy == []


def test_a_key_written_on_one_line_is_one_hit_holding_its_body():
    """A cloud service account's key file pasted as JSON holds the key on one line, its line breaks written "\\n"."""
    body = "\\n".join(BODY)
    line = f'  "private_key": "-----BEGIN PRIVATE KEY-----\\n{body}\\n-----END PRIVATE KEY-----\\n",'
    hits = analyze(line + "\n", PACK).privacy
    assert len(hits) == 1 and hits[0].masked == "----********"
    covered = line[hits[0].column - 1:hits[0].column - 1 + hits[0].length]
    assert all(b in covered for b in BODY)
    spaced = f"-----BEGIN PRIVATE KEY----- {BODY[0]} -----END PRIVATE KEY-----"
    (hit,) = analyze(spaced + "\n", PACK).privacy
    assert hit.length == len("-----BEGIN PRIVATE KEY----- ") + len(BODY[0])
    # prose after a BEGIN line's marker is not taken in
    (hit,) = analyze("见 -----BEGIN RSA PRIVATE KEY----- and more\n", PACK).privacy
    assert hit.length == len("-----BEGIN RSA PRIVATE KEY-----")
