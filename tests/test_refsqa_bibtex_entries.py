"""QA as an author pasting BibTeX entries spread over lines (Google Scholar's, arXiv's, DBLP's export).

Before: the entry's id was cited by its `journal = {arXiv preprint arXiv:…}` and its `eprint = {…}` lines, twice per
entry, and had no name (the `title = {…}` line is another line than the ids'), so it could not be compared with
arXiv's title; an edited title did not rename it.
"""

from __future__ import annotations

from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.reference_bibtex import named_by_entries
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack

TODAY = date(2026, 12, 2)
ENTRY = """@article{kim2026omni,
  title = {OmniKVQuant: {U}nified KV Cache
           Quantization},
  author = {Kim, J. and Lee, B.},
  journal = {arXiv preprint arXiv:2609.11582},
  eprint = {2609.11582},
  year = {2026}
}"""
DOC = f"# T\n\n## 参考\n\n```bibtex\n{ENTRY}\n@misc{{lee2026,\n  title={{FlashDecode: Fast Decoding}},\n" \
      "  journal={CoRR},\n  volume={abs/2608.07009},\n  url={https://arxiv.org/abs/2608.07009},\n}\n```\n"


def _refs(text: str):
    return [(r.id, r.name, r.lines, len(r.occurrences)) for r in analyze(text, house_pack(), today=TODAY).references]


def test_entry_names_its_id_by_its_title_once():
    assert _refs(DOC) == [("2609.11582", "OmniKVQuant: Unified KV Cache Quantization", [10], 1),
                          ("2608.07009", "FlashDecode: Fast Decoding", [17], 1)]


def test_a_second_id_in_an_entry_keeps_its_own_citation():
    lines = ["@article{a,", "  title = {OmniKVQuant},", "  eprint = {2609.11582},",
             "  note = {see arXiv:2608.07009},", "}"]
    out = named_by_entries(lines, [citations_in_line(l) for l in lines])
    assert [(c.id, c.name) for c in out[2]] == [("2609.11582", "OmniKVQuant")]
    assert 3 not in out


def test_lines_outside_an_entry_are_left_alone():
    lines = ["title = {X}", "eprint = {2609.11582}", "", "@article{a,", "", "  eprint = {2609.11583},", "}"]
    assert named_by_entries(lines, [citations_in_line(l) for l in lines]) == {}


def test_editing_the_title_renames_the_id_as_a_fresh_analysis_does():
    az = Analyzer(house_pack(), today=TODAY)
    az.analyze(DOC)
    for text in (DOC.replace("Fast Decoding", "Faster Decoding"), DOC.replace("@misc{lee2026,", "misc"),
                 DOC.replace("  year = {2026}\n", "\n"), DOC.replace("```bibtex\n", "```bibtex\n\n")):
        got = az.analyze(text)
        assert got == analyze(text, house_pack(), today=TODAY)
        az.analyze(DOC)


def test_random_edits_in_and_around_entries_match_a_fresh_analysis():
    import random

    rng = random.Random(11)
    pieces = ["\n", "}", "{", "@article{x,\n", "  title = {KVBoost},\n", "  eprint = {2609.11583},\n", "```\n", " ", "="]
    az = Analyzer(house_pack(), today=TODAY)
    text = DOC + "\n" + DOC.replace("2609.11582", "2609.11584")
    for _ in range(60):
        pos = rng.randint(0, len(text))
        text = (text[:pos] + rng.choice(pieces) + text[pos:] if rng.random() < 0.6
                else text[:pos] + text[pos + rng.randint(1, 30):])
        assert az.analyze(text) == analyze(text, house_pack(), today=TODAY)


def test_an_edit_far_from_any_entry_is_not_widened_to_its_whole_run():
    """A survey written without blank lines is one run: an edit 200 lines below a BibTeX entry was widened to the
    whole run (every keystroke re-read, and walked, all of an 8 MB survey); no entry is longer than _LOOK_UP lines."""
    from editor_app.core.reference_bibtex import _LOOK_UP, widened_to_entries

    lines = ["@article{kim2026,", "  title = {OmniKVQuant},", "  eprint = {2609.11582},", "}"]
    lines += [f"正文第 {i} 行" for i in range(400)]
    assert widened_to_entries(lines, 300, 301, ["正文第 296 行字"]) == (300, 301)
    a, b = widened_to_entries(lines, 2, 3, ["  eprint = {2609.11583},"])
    assert a == 0 and b <= 3 + _LOOK_UP  # an edit inside the entry still takes it in whole
