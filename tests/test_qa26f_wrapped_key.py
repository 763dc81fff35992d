"""QA26f D6: a key wrapped onto the next line ("…在行尾 sk-Gg5Hh6Jj7" / "Kk8Ll9Zz0Xx1Cc2 续行。") was found on its first
line only: the rest, 15 of its 27 characters, stayed in clear in a --force export and in the analysis' quotes. The
rest (a run of key characters at the very start of the next line, under a key's first part ending its line) is a
secret hit too, masked whole, and the incremental Analyzer widens an edit to it (`privacy.widened_to_wraps`)."""

from __future__ import annotations

import json
import random
from datetime import date

import pytest

from editor_app import cli
from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html

TODAY = date(2026, 12, 2)
PACK = house_pack()
HEAD, REST = "sk-Gg5Hh6Jj7", "Kk8Ll9Zz0Xx1Cc2"
TWICE = "令牌在行尾 sk-proj-Ab3dEf9hIj2k\nLm5nOp8qRs1tUv4wXy7zAb3dEf9hIj2kLm5n\nOp8qRs1tUv4w 续行。"
WRAPPED = f"换行拆开的 key 在行尾 {HEAD}\n{REST} 续行，SGLang 吞吐 16,200 tok/s。"


def with_wrapped(sample_text: str, block: str = WRAPPED) -> str:
    lines = sample_text.split("\n")
    return "\n".join([*lines[:40], "", block, "", *lines[40:]])


def secret_lines(analysis) -> list[tuple[int, int, int]]:
    return [(h.line, h.column, h.length) for h in analysis.privacy if h.dimension == "secret"]


def rest_hits(analysis, text: str) -> list[tuple[int, int]]:
    """(line, length) of the hits at column 1 of a line starting with a key's rest."""
    lines = text.split("\n")
    return [(h.line, h.length) for h in analysis.privacy
            if h.dimension == "secret" and h.column == 1 and lines[h.line - 1].startswith(REST[:4])]


def test_the_cli_json_masks_both_parts(tmp_path, monkeypatch, capsys, sample_text):
    monkeypatch.chdir(tmp_path)
    text = with_wrapped(sample_text)
    (tmp_path / "s.md").write_text(text, encoding="utf-8")
    cli.main(["s.md", "--format", "json"])
    out = capsys.readouterr().out
    report = json.loads(out)
    first = text.split("\n").index(f"换行拆开的 key 在行尾 {HEAD}") + 1
    found = {(h["line"], h["column"]) for h in report["privacy"]}
    assert (first, text.split("\n")[first - 1].index(HEAD) + 1) in found
    assert (first + 1, 1) in found
    assert REST not in out and REST[4:] not in out and "Gg5Hh6Jj7" not in out


def test_the_analysis_quotes_mask_the_rest(sample_text):
    text = with_wrapped(sample_text)
    a = analyze(text, PACK, today=TODAY)
    assert len(rest_hits(a, text)) == 1
    assert REST not in json.dumps(a.to_dict(), ensure_ascii=False)
    assert any("16,200" in g.sentence for g in a.figures if "续行" in g.sentence)  # (the line's figure is quoted)


def test_the_exported_report_shows_no_clear_rest(sample_text):
    text = with_wrapped(sample_text)
    a = analyze(text, PACK, today=TODAY)
    html = build_report_html(a, text, pack_name=PACK.name, pack_source=PACK.source, language="en", pack=PACK)
    assert "续行" in html  # (the line is there, its rest masked)
    assert REST not in html and REST[4:] not in html and "Gg5Hh6Jj7" not in html


def test_a_key_wrapped_twice_is_masked_on_every_line():
    text = "标题\n\n" + TWICE + "\n"
    a = analyze(text, PACK, today=TODAY)
    assert secret_lines(a) == [(3, 7, 20), (4, 1, 36), (5, 1, 12)]


@pytest.mark.parametrize("block", [
    f"在行尾 {HEAD}\nThe next paragraph starts with a word.",  # a word, no digit
    f"在行尾 {HEAD}\n2024 年的数据。",  # digits alone
    f"在行尾 {HEAD}\n  {REST} 缩进。",  # space before the run
    f"在行尾 {HEAD}。\n{REST} 前一行的 key 不在行尾。",  # the key does not end its line
    "export KEY=sk-proj-Ab3dEf9hIj2kLm5nOp8qRs1tUv4w\nKEY2=value 是下一行的赋值。",  # a name given a value
    "export KEY=sk-proj-Ab3dEf9hIj2kLm5nOp8qRs1tUv4w\npython run.py",
    f"短的 x1y2z3\n{REST} 不是续行（上一行没有 key）。",
])
def test_a_normal_next_line_is_no_hit(block):
    text = "标题\n\n" + block + "\n"
    a = analyze(text, PACK, today=TODAY)
    assert [h for h in a.privacy if h.line == 4] == []


def same_as_fresh(az: Analyzer, text: str):
    got = az.analyze(text)
    fresh = analyze(text, PACK, today=TODAY)
    assert got.to_dict() == fresh.to_dict()
    assert got == fresh
    return got


def test_incremental_typing_the_line_break_joining_and_editing_the_rest(sample_text):
    one = with_wrapped(sample_text, f"换行拆开的 key 在行尾 {HEAD}{REST} 续行。")
    az = Analyzer(PACK, today=TODAY)
    assert rest_hits(same_as_fresh(az, one), one) == []
    at = one.index(REST)
    wrapped = one[:at] + "\n" + one[at:]  # the line break typed into the key
    assert rest_hits(same_as_fresh(az, wrapped), wrapped) == [(43, 15)]
    assert az._last.spliced is not None  # (spliced into the last pass, not analysed afresh)
    assert rest_hits(same_as_fresh(az, one), one) == []  # joined again
    assert rest_hits(same_as_fresh(az, wrapped), wrapped) == [(43, 15)]
    # the rest edited: a character typed into it, at its start (a space: no longer a rest), then taken back
    at = wrapped.index(REST)
    edited = wrapped[:at + 5] + "Q" + wrapped[at + 5:]
    assert rest_hits(same_as_fresh(az, edited), edited) == [(43, 16)]
    spaced = wrapped[:at] + " " + wrapped[at:]
    assert rest_hits(same_as_fresh(az, spaced), spaced) == []
    assert rest_hits(same_as_fresh(az, wrapped), wrapped) == [(43, 15)]
    # the line above edited: its key no longer ends it, then does again
    ended = wrapped.replace(HEAD + "\n", HEAD + "。\n")
    assert rest_hits(same_as_fresh(az, ended), ended) == []
    assert rest_hits(same_as_fresh(az, wrapped), wrapped) == [(43, 15)]
    # the line holding the key's start deleted, then typed back
    line = f"换行拆开的 key 在行尾 {HEAD}\n"
    gone = wrapped.replace(line, "")
    assert rest_hits(same_as_fresh(az, gone), gone) == []
    assert rest_hits(same_as_fresh(az, wrapped), wrapped) == [(43, 15)]


def test_incremental_a_key_wrapped_twice(sample_text):
    doc = with_wrapped(sample_text, TWICE)
    az = Analyzer(PACK, today=TODAY)
    base = len(same_as_fresh(az, doc).privacy)
    middle = doc.index("Lm5nOp8q")
    cut = doc[:middle + 36] + "。" + doc[middle + 36:]  # the middle line no longer whole: the third is no rest
    assert len(same_as_fresh(az, cut).privacy) == base - 1
    assert len(same_as_fresh(az, doc).privacy) == base
    top = doc.index("sk-proj-Ab3d")
    broken = doc[:top] + "x" + doc[top:]  # the first part no key: neither line below a rest
    assert len(same_as_fresh(az, broken).privacy) == base - 3
    assert len(same_as_fresh(az, doc).privacy) == base


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_edits_around_wrapped_keys_match_a_fresh_analysis(sample_text, seed):
    """Line breaks typed, characters deleted and pasted at random within the wrapped keys and the lines around them."""
    rng = random.Random(seed)
    doc = with_wrapped(sample_text, TWICE + "\n\n" + WRAPPED)
    az = Analyzer(PACK, today=TODAY)
    same_as_fresh(az, doc)
    snippets = ["\n", " ", "。", "Kk8", "sk-Ab1Cd2Ef3", "x9", "\n\n", "\nZz9Yy8"]
    for _ in range(60):
        lo = doc.index("令牌在行尾") - 20
        hi = doc.index(" 续行，") + 20
        pos = rng.randint(lo, hi)
        op = rng.random()
        if op < 0.6:
            doc = doc[:pos] + rng.choice(snippets) + doc[pos:]
        elif op < 0.9:
            doc = doc[:pos] + doc[pos + rng.randint(1, 6):]
        else:
            a = rng.randint(lo, hi)
            doc = doc[:pos] + doc[a:a + rng.randint(1, 60)] + doc[pos:]
        if "令牌在行尾" not in doc or " 续行，" not in doc or doc.index(" 续行，") < doc.index("令牌在行尾"):
            break
        same_as_fresh(az, doc)
