"""QA as an author who writes the facts before the id in the parentheses, or prose around the id.

Before: "OmniKVQuant（KAIST，arXiv:2609.11582）" gave the paper no name (only "NAME（arXiv:…" was read);
"另见（arXiv:2609.11582, cs.CV, …）" named it "另见" ("see also"); "见 arXiv:2609.11582 给出了数据。" named it "给出了数据"
(what the paper does).
"""

from __future__ import annotations

import pytest

from editor_app.core.references import citations_in_line


@pytest.mark.parametrize(
    "line, name, version, stated_date, category",
    [
        ("OmniKVQuant（KAIST，arXiv:2609.11582）", "OmniKVQuant", None, None, None),
        ("OmniKVQuant (KAIST + POSTECH, cs.CV, arXiv:2609.11582v2, 2026-09-10)", "OmniKVQuant", "v2", "2026-09-10",
         "cs.CV"),
        ("推理引擎可复现性（2026-05，arXiv:2609.11582）", "推理引擎可复现性", None, "2026-05", None),
        ("另见（arXiv:2609.11582, cs.CV, 2026-09-10, OmniKVQuant）。", None, None, "2026-09-10", "cs.CV"),
        ("见 arXiv:2609.11582 给出了数据。", None, None, None, None),
        ("Kim, Lee (2026), arXiv:2609.11582", None, None, None, None),  # (the parenthesis closed before the id)
        ("arXiv:2609.11582 推理引擎可复现性 / 其他", "推理引擎可复现性", None, None, None),  # (still a name)
    ],
)
def test_name_and_facts(line, name, version, stated_date, category):
    c = citations_in_line(line)[0]
    assert (c.id, c.name, c.version, c.stated_date, c.stated_category) == (
        "2609.11582", name, version, stated_date, category)


def test_a_list_of_ids_in_parentheses_names_only_the_first_by_the_word_before():
    first, second = citations_in_line("OmniKVQuant（arXiv:2609.11582，arXiv:2609.11583）")
    assert (first.name, second.name) == ("OmniKVQuant", None)
