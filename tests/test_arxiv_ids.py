from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from editor_app.core.arxiv_ids import explain_malformed, parse_arxiv_id, problem_with

TODAY = date(2026, 12, 2)


@pytest.mark.parametrize(
    "text, base, version",
    [
        ("arXiv:2609.11582", "2609.11582", None),
        ("arXiv:2609.11582v1", "2609.11582", "v1"),
        ("  arxiv: 2607.26627v12 ", "2607.26627", "v12"),
        ("2607.26627", "2607.26627", None),
        ("0704.0001", "0704.0001", None),
        ("hep-th/9901001", "hep-th/9901001", None),
        ("math.CA/0611800v2", "math/0611800", "v2"),
        ("arXiv:cond-mat/0207270", "cond-mat/0207270", None),
    ],
)
def test_parse_normalises(text, base, version):
    aid = parse_arxiv_id(text)
    assert aid is not None
    assert (aid.base, aid.version) == (base, version)
    assert aid.canonical == base + (version or "")


@pytest.mark.parametrize(
    "text", ["abc", "1.30.0", "2609.115", "26091.1582", "v0.5.19", "2609.11582v0", "2609.11582v", "foo/9901001",
             "hep-th/990100", "2026-09-14", ""]
)
def test_not_ids(text):
    assert parse_arxiv_id(text) is None


def test_old_style_keeps_archive_and_drops_subject_class():
    aid = parse_arxiv_id("math.CA/0611800v2")
    assert aid.old_style and aid.archive == "math" and aid.canonical == "math/0611800v2"
    assert aid.year_month == (2006, 11)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("2613.00001", "month 13 does not exist"),
        ("2600.00001", "month 0 does not exist"),
        ("1501.1234", "4-digit paper number is impossible after 1412"),
        ("1412.12345", "5-digit paper number is impossible before 1501"),
        ("2701.00001", "later than this month"),
        ("0612.0001", "start in April 2007"),
        ("hep-th/0801001", "old-style ids run from 9107 to 0703"),
        ("hep-th/9001001", "old-style ids run from 9107 to 0703"),
        ("2609.00000", "paper number 00000 does not exist"),
    ],
)
def test_impossible_ids_say_why(text, fragment):
    problem = problem_with(parse_arxiv_id(text), TODAY)
    assert problem is not None and fragment in problem


@pytest.mark.parametrize(
    "text", ["1412.9999", "1501.00001", "0704.0001", "2612.00001", "hep-th/9107001", "math/0703999", "2609.11582v3"]
)
def test_possible_ids(text):
    assert problem_with(parse_arxiv_id(text), TODAY) is None


def test_this_month_is_possible_next_month_is_not():
    assert problem_with(parse_arxiv_id("2612.00001"), date(2026, 12, 1)) is None
    assert problem_with(parse_arxiv_id("2701.00001"), date(2026, 12, 31)) is not None
    assert problem_with(parse_arxiv_id("2701.00001"), date(2027, 1, 1)) is None


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("arXiv:2609.115", "4 or 5 digits"),
        ("26091.1582", "must be 4 digits"),
        ("foo/9901001", "not an arXiv archive"),
        ("hep-th/99010", "7 digits"),
        ("abc", "not an arXiv id"),
        ("arXiv:", "nothing follows"),
    ],
)
def test_malformed_explained(text, fragment):
    assert fragment in explain_malformed(text)


@given(
    yy=st.integers(7, 26), mm=st.integers(1, 12), n=st.integers(1, 99999), v=st.one_of(st.none(), st.integers(1, 30))
)
def test_canonical_round_trips(yy, mm, n, v):
    yymm = f"{yy:02d}{mm:02d}"
    number = f"{n:05d}" if int(yymm) >= 1501 else f"{n % 10000 or 1:04d}"
    text = f"{yymm}.{number}" + (f"v{v}" if v else "")
    aid = parse_arxiv_id("arXiv:" + text)
    assert aid is not None and aid.canonical == text
    assert parse_arxiv_id(aid.canonical) == aid
