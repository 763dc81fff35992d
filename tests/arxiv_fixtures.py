"""Pytest plugin: a real fake-arXiv server on loopback (`fake_arxiv`), a config pointing at it, a fresh database.

The server serves the shipped sample dataset plus TEST_PAPERS below: made-up papers that exercise the verdicts
the sample never reaches (renamed, withdrawn, near-miss title, wrong category or date, old-style ids).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

TEST_PAPERS: list[dict] = [
    {  # renamed between versions: the survey uses the v1 name
        "id": "2601.00011", "title": "Efficient Small-Model Serving with Speculative Batching",
        "authors": ["Ada Example"], "published": "2026-01-05T10:00:00Z", "primary_category": "cs.DC",
        "versions": [
            {"updated": "2026-01-05T10:00:00Z", "title": "TinyServe: Serving Small Models Fast"},
            {"updated": "2026-02-01T10:00:00Z"},
        ],
    },
    {  # withdrawn: the latest version's comment says so
        "id": "2601.00012", "title": "A Flawed Result on KV Cache Eviction", "authors": ["Bo Example"],
        "published": "2026-01-06T10:00:00Z", "primary_category": "cs.LG",
        "versions": [
            {"updated": "2026-01-06T10:00:00Z", "comment": "10 pages"},
            {"updated": "2026-01-20T10:00:00Z", "comment": "This paper has been withdrawn by the authors due to "
                                                           "an error in Table 2"},
        ],
    },
    {  # the survey quotes the title with small slips: check by hand
        "id": "2601.00013", "title": "Scaling Laws for Sparse Mixture-of-Experts Inference on Commodity GPUs",
        "authors": ["Cy Example"], "published": "2026-01-07T10:00:00Z", "primary_category": "cs.LG",
    },
    {  # the survey calls it something else entirely
        "id": "2601.00014", "title": "A Study of Tokenizer Drift in Multilingual Models",
        "authors": ["Di Example"], "published": "2026-01-08T10:00:00Z", "primary_category": "cs.CL",
    },
    {  # the survey states the wrong category
        "id": "2601.00015", "title": "GraphKV: Graph-Structured KV Caches", "authors": ["Ed Example"],
        "published": "2026-01-09T10:00:00Z", "primary_category": "cs.CL", "categories": ["cs.CL"],
    },
    {  # the survey states the wrong date
        "id": "2601.00016", "title": "DateKV: When Was It Published", "authors": ["Fa Example"],
        "published": "2026-01-10T10:00:00Z", "primary_category": "cs.LG",
    },
    {  # the name is only in the abstract
        "id": "2601.00017", "title": "Efficient Memory Management for Large Language Model Serving",
        "authors": ["Gu Example"], "published": "2026-01-11T10:00:00Z", "primary_category": "cs.DC",
        "summary": "We build vFlash, a serving engine with paged memory.",
    },
    {
        "id": "hep-th/9901001", "title": "Dualities Revisited in String Theory", "authors": ["Hu Example"],
        "published": "1999-01-04T00:00:00Z", "primary_category": "hep-th",
    },
    {
        "id": "math/0611800", "title": "On a Classical Analysis Inequality", "authors": ["Io Example"],
        "published": "2006-11-27T00:00:00Z", "primary_category": "math.CA",
        "versions": [{"updated": "2006-11-27T00:00:00Z"}, {"updated": "2007-01-15T00:00:00Z"}],
    },
]

# A short survey excerpt citing every case above, one per line (line numbers are 1-based).
TEST_SURVEY = """\
1. TinyServe（arXiv:2601.00011）小模型服务。
2. arXiv:2601.00012 KVEvict（2026-01）驱逐。
3. arXiv:2601.00013 Scaling Laws for Sparse Mixture-of-Experts Training on Commodity Clusters（2026-01-07）
4. FlashServe（arXiv:2601.00014）服务引擎。
5. GraphKV（arXiv:2601.00015，cs.CV，2026-01-09）图结构。
6. DateKV（arXiv:2601.00016，2026-03-01）日期。
7. vFlash（arXiv:2601.00017）分页内存。
8. OmniKVQuant（arXiv:2609.11582v3）版本。
9. Ghost（arXiv:2601.09999）不存在。
10. 坏编号 arXiv:2609.115 与 arXiv:2613.00001 与 arXiv:1501.1234。
11. Dualities（hep-th/9901001）与 math.CA/0611800v2 经典。
"""


def all_test_papers():
    from editor_app.devtools.fake_arxiv import load_papers, paper_from_dict, sample_dataset_path

    return load_papers(sample_dataset_path()) + [paper_from_dict(p) for p in TEST_PAPERS]


@pytest.fixture
def fake_arxiv() -> Iterator:
    """The real fake-arXiv server on 127.0.0.1, a free port, sample + test papers; `.url`, `.log`, `.push_fault`."""
    from editor_app.devtools.fake_arxiv import FakeArxiv

    with FakeArxiv(all_test_papers(), "127.0.0.1", 0) as fake:
        yield fake


@pytest.fixture
def arxiv_config(fake_arxiv):
    """A Config that points at the fake server with no spacing (loopback tests)."""
    from editor_app.config import Config

    return Config(arxiv_url=fake_arxiv.url, arxiv_interval=0.0, contact="tests@example.org")


@pytest.fixture
def arxiv_db(tmp_path: Path):
    """A fresh, migrated history database file (its own connection)."""
    from editor_app.services.database import open_database

    opened = open_database(tmp_path / "arxiv-test.db")
    yield opened.db
    opened.db.conn.close()
