"""QA29b D7, D8: the name a survey written in Markdown gives a cited paper.

D7: an escaped pipe in a table cell ("| 1 | 2609.10226 | Φ-Bench \\| WrongName |") cut the cell at it: the paper was
named "Φ-Bench \\" and verified on the fragment. A "\\|" is part of the cell's text, as GitHub-flavoured Markdown
renders it: cells are split at pipes not escaped, in the row read alone, under a header naming the columns, and in a
table of engine figures. D8: a reference-style link ("[WrongName][omni]" with "[omni]: https://arxiv.org/abs/…")
gave the paper no name, so a wrong name was "verified", and only the definition's line was listed. The link is a
citation of the id its label is defined to, on its own line, named by its text (full, collapsed and shortcut
forms), also as the survey is edited. Verdicts come from the fake arXiv on loopback."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from editor_app.config import Config
from editor_app.core.analyze import Analyzer
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack
from editor_app.devtools.fake_arxiv import FakeArxiv, paper_from_dict
from editor_app.services.database import open_database
from editor_app.services.verification import verify_references

TODAY = date(2026, 12, 2)
OMNI, PHI, AKASHIC, ASYM = "2609.11582", "2609.10226", "2607.05708", "2606.02964"


def _refs(text: str, az: Analyzer | None = None) -> dict:
    """id -> (name, lines, [(line, link or id as written, name) of each occurrence])."""
    analysis = (az or Analyzer(house_pack(), today=TODAY)).analyze(text)
    return {r.id: (r.name, list(r.lines), [(o.line, o.raw, o.name) for o in r.occurrences])
            for r in analysis.references}


# ---- D7: an escaped pipe is part of the cell -------------------------------------------------------------------

@pytest.mark.parametrize("line, name", [
    (f"| 1 | {PHI} | Φ-Bench \\| WrongName |", "Φ-Bench | WrongName"),
    (f"| 1 | {PHI} | Φ\\|Bench |", "Φ|Bench"),
    # the status cell after the id: the name is read further on, whole
    (f"| {OMNI} | 已核验 ✓ | Omni \\| KV |", "Omni | KV"),
    # the name before the id, its cell holding an escaped pipe
    (f"| ✓ | Omni \\| KV | arXiv:{OMNI} |", "Omni | KV"),
])
def test_an_escaped_pipe_is_part_of_the_name_read_from_a_row(line, name):
    assert [c.name for c in citations_in_line(line)] == [name]


def test_a_row_without_escapes_reads_as_before():
    assert [c.name for c in citations_in_line(f"| 1 | {PHI} | Φ-Bench |")] == ["Φ-Bench"]


def test_the_header_names_the_whole_cell_and_its_columns_stay_in_place():
    text = ("# 参考\n\n| # | arXiv | 标题 |\n|---|---|---|\n"
            f"| 1 | {PHI} | Φ-Bench \\| WrongName |\n\n"
            "| 论文 | arXiv | 状态 |\n|---|---|---|\n"
            f"| Omni \\| KV | {OMNI} | 已读 |\n")
    got = _refs(text)
    assert got[PHI][0] == "Φ-Bench | WrongName"
    # (split at every pipe, the escaped one put the id in the 状态 column's place and the name in arXiv's)
    assert got[OMNI][0] == "Omni | KV"


def test_an_escaped_pipe_in_a_header_cell_moves_no_column():
    text = ("# 参考\n\n| 编号 \\| 备注 | 论文 | arXiv |\n|---|---|---|\n"
            f"| 1 | OmniKVQuant | {OMNI} |\n")
    assert _refs(text)[OMNI][0] == "OmniKVQuant"


def test_an_engine_table_reads_its_figure_column_past_an_escaped_pipe():
    text = ("# 引擎\n\n| 引擎 | 吞吐（tok/s） |\n|---|---|\n"
            "| vLLM \\| v0.6 | 12,500 |\n")
    analysis = Analyzer(house_pack(), today=TODAY).analyze(text)
    values = [(v.engine, v.value) for g in analysis.figures for v in g.values]
    assert values == [("vLLM", 12500.0)]


# ---- D8: a reference-style link names the paper its label is defined to ------------------------------------------

REFLINK = f"""\
# 综述

正文引用 [WrongName][omni]。

[omni]: https://arxiv.org/abs/{OMNI}
"""


def test_a_full_reference_link_names_the_paper_where_it_stands():
    name, lines, occurrences = _refs(REFLINK)[OMNI]
    assert name == "WrongName"
    assert lines == [3, 5]  # where it is cited, and the definition, where the id is written
    assert occurrences == [(3, "[WrongName][omni]", "WrongName"), (5, f"arxiv.org/abs/{OMNI}", None)]


def test_collapsed_and_shortcut_links_and_labels_in_any_case():
    text = (f"# 综述\n\n见 [OmniKVQuant][] 与 [Akashic]，又见 [Φ-Bench][PHI  Bench]。\n\n"
            f"[omnikvquant]: <https://arxiv.org/abs/{OMNI}v2>\n"
            f"[AKASHIC]: https://arxiv.org/pdf/{AKASHIC} \"Akashic: Paged Agent Memory\"\n"
            f"[phi bench]: https://arxiv.org/abs/{PHI}\n")
    got = _refs(text)
    assert {k: v[0] for k, v in got.items()} == {OMNI: "OmniKVQuant", AKASHIC: "Akashic", PHI: "Φ-Bench"}
    assert all(v[1][0] == 3 for v in got.values())


def test_in_a_table_under_a_header_the_link_and_the_name_column_name_the_paper_alike():
    text = ("# 参考\n\n| 论文 | arXiv |\n|---|---|\n"
            f"| [OmniKVQuant][omni] | {OMNI} |\n| Akashic | [arXiv][ak] |\n\n"
            f"[omni]: https://arxiv.org/abs/{OMNI}\n[ak]: https://arxiv.org/abs/{AKASHIC}\n")
    analysis = Analyzer(house_pack(), today=TODAY).analyze(text)
    assert {r.id: r.names for r in analysis.references} == {OMNI: ["OmniKVQuant"], AKASHIC: ["Akashic"]}


def test_what_is_no_reference_link_cites_nothing():
    text = (f"# 综述\n\n`[omni]` ![omni][omni] [omni](https://example.org) [x][nodef] [^omni] \\[omni]\n\n"
            f"[omni]: https://arxiv.org/abs/{OMNI}\n")
    assert _refs(text)[OMNI][1] == [5]


def test_a_number_is_no_name_and_a_link_citing_an_id_itself_is_cited_once():
    text = (f"# 综述\n\n如 [12] 所示；[arXiv:{OMNI}][omni]。\n\n"
            f"[12]: https://arxiv.org/abs/{ASYM}\n[omni]: https://arxiv.org/abs/{OMNI}\n")
    got = _refs(text)
    assert got[ASYM][0] is None and got[ASYM][1] == [3, 5]
    assert [o for o in got[OMNI][2] if o[0] == 3] == [(3, f"arXiv:{OMNI}", None)]


def test_a_definition_of_no_possible_id_makes_no_citation_of_its_links():
    text = "# 综述\n\n用 [bad] 一文。\n\n[bad]: https://arxiv.org/abs/2613.1234\n"
    (got,) = _refs(text).values()
    assert got[1] == [5]


@pytest.mark.parametrize("edited, names", [
    (REFLINK.replace("[WrongName]", "[OmniKVQuant]"), {OMNI: "OmniKVQuant"}),  # the link's text
    (REFLINK.replace(OMNI, AKASHIC), {AKASHIC: "WrongName"}),  # the definition's id: the link cites the other paper
    (REFLINK.replace("[omni]:", "[other]:"), {OMNI: None}),  # its label: the link cites nothing any more
    # an earlier definition of the label counts
    (REFLINK.replace("。\n", "。\n\n[omni]: https://arxiv.org/abs/" + ASYM + "\n"), {ASYM: "WrongName", OMNI: None}),
    (REFLINK.replace("正文引用", "正文\n\n另起一段引用"), {OMNI: "WrongName"}),  # lines added before the link
    (REFLINK + "\n再引 [Again][omni]。\n", {OMNI: "WrongName"}),  # another link
])
def test_an_edit_reads_the_links_as_a_fresh_analysis_does(edited, names):
    az = Analyzer(house_pack(), today=TODAY)
    az.analyze(REFLINK)
    got = _refs(edited, az)
    assert got == _refs(edited)
    assert {k: v[0] for k, v in got.items()} == names
    assert _refs(REFLINK, az) == _refs(REFLINK)  # and back


def test_adding_the_definition_cites_the_link_written_before():
    az = Analyzer(house_pack(), today=TODAY)
    without = REFLINK.replace(f"[omni]: https://arxiv.org/abs/{OMNI}\n", "")
    assert _refs(without, az) == {}
    assert _refs(REFLINK, az)[OMNI][0] == "WrongName"


# ---- verdicts --------------------------------------------------------------------------------------------------

PAPERS = [
    {"id": OMNI, "title": "OmniKVQuant: Modality-Aware KV Cache Quantization for Omni-Modal Language Models",
     "published": "2026-09-10T10:00:00Z", "primary_category": "cs.CV", "authors": ["A Reader"]},
    {"id": PHI, "title": "Φ-Bench: Can LLMs Engineer Infrastructure? From Kernels to End-to-End Systems",
     "published": "2026-09-09T10:00:00Z", "primary_category": "cs.SE", "authors": ["A Reader"]},
]


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory):
    """verdicts(survey text) -> {id: verdict}, through the house pack's analysis and the fake arXiv."""
    opened = open_database(Path(tmp_path_factory.mktemp("qa29b")) / "qa29b.db")
    with FakeArxiv([paper_from_dict(p) for p in PAPERS], "127.0.0.1", 0) as fake:
        config = Config(arxiv_url=fake.url, arxiv_interval=0.0, contact="tests@example.org")

        def run(text: str) -> dict:
            refs = Analyzer(house_pack(), today=TODAY).analyze(text).references
            return verify_references(refs, config=config, db=opened.db)

        yield run
    opened.db.conn.close()


def test_a_wrong_name_is_judged_whole_in_a_cell_and_in_a_reference_link(verdicts):
    got = verdicts("§0 自检栏\n一、主题脉络\n正文引用 [WrongName][omni]。\n\n"
                   f"[omni]: https://arxiv.org/abs/{OMNI}\n\n"
                   f"| # | arXiv | 标题 |\n|---|---|---|\n| 1 | {PHI} | Φ-Bench \\| WrongName |\n")
    assert got[OMNI]["status"] == "name mismatch", got[OMNI]["message"]
    assert "WrongName" in got[OMNI]["message"]
    assert got[PHI]["status"] != "verified", got[PHI]["message"]
    assert "Φ-Bench | WrongName" in got[PHI]["message"]


def test_a_right_name_in_a_reference_link_is_verified(verdicts):
    got = verdicts(f"§0 自检栏\n一、主题脉络\n正文引用 [OmniKVQuant][omni]。\n\n[omni]: https://arxiv.org/abs/{OMNI}\n")
    assert got[OMNI]["status"] == "verified", got[OMNI]["message"]
    assert "OmniKVQuant" in got[OMNI]["message"]
