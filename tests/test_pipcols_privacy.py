"""Privacy: a package listing's version column is no IP address; a real address in a table or listing still is.

`pip list` / `conda list` output pasted into a survey about LLM infrastructure puts a package's version in the
column after its name ("tensorrt      10.3.0.26"): under the command or the listing's header the row is a version
(`privacy.listing_versions`), elsewhere (a "NAME  IP" table, a host list, `kubectl get pods -o wide`) the same shape
names a host and stays a hit. The row's part depends on the lines above it: the Analyzer widens an edit to the
listings it reaches (`privacy.widened_to_listings`), so its incremental passes equal a fresh analysis."""

from __future__ import annotations

from datetime import date
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import editor_app.core.privacy as privacy
from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack

from edit_support import edits_match_fresh

TODAY = date(2026, 12, 4)
PACK = house_pack()
F = "```"


def ip_hits(text: str) -> list[tuple[int, int]]:
    return [(h.line, h.column) for h in analyze(text, PACK, today=TODAY).privacy if h.dimension == "ip"]


def same_as_fresh(az: Analyzer, text: str):
    got = az.analyze(text)
    fresh = analyze(text, PACK, today=TODAY)
    assert got.to_dict() == fresh.to_dict()
    assert got == fresh
    return got


def doc(*lines: str) -> str:
    return "\n".join(["# t", "", *lines, ""])


LISTINGS = {
    "pip list | grep, in a fence": doc(F, "$ pip list | grep tensorrt", "tensorrt      10.3.0.26",
                                       "tensorrt-cu12 10.3.0.26", F),
    "pip list with its header": doc(F, "$ pip3 list", "Package       Version", "------------- ---------",
                                    "tensorrt      10.3.0.26", "nvidia-cudnn-cu12 9.1.0.70", "torch         2.4.0", F),
    "the header alone": doc(F, "Package       Version", "------------- ---------", "tensorrt      10.3.0.26", F),
    "the command in prose above the fence": doc("Output of `pip list`:", "", F, "tensorrt      10.3.0.26",
                                                "tensorrt_llm  0.12.0", F),
    "the command just above the fence": doc("`python -m pip list` shows:", F, "tensorrt 10.3.0.26", F),
    "conda list": doc(F, "$ conda list tensorrt", "# packages in environment at /opt/conda:", "#",
                      "# Name                    Version                   Build  Channel",
                      "tensorrt                  10.3.0.26                 py310_0    conda-forge",
                      "_libgcc_mutex             0.1                       main       conda-forge", F),
    "pip freeze rows among": doc(F, "$ pip freeze", "tensorrt==10.3.0.26", "tensorrt-cu12 10.3.0.26",
                                 "torch @ file:///wheels/torch-2.4.0.whl", F),
    "consecutive lines without a fence": doc("$ pip list | grep tensorrt", "tensorrt      10.3.0.26",
                                             "tensorrt-cu12 10.3.0.26", "", "That is the version we pinned."),
    "a pip show block": doc(F, "$ pip show tensorrt", "Name: tensorrt", "Version: 10.3.0.26", F),
    "pip list --outdated: the latest version too": doc(F, "$ pip list --outdated", "Package  Version    Latest     Type",
                                                       "-------- ---------- ---------- -----",
                                                       "tensorrt 10.3.0.26  10.3.0.27  wheel", F),
    "pip list -o, no header": doc(F, "$ pip list -o", "tensorrt 10.3.0.26  10.3.0.27  wheel", F),
}


@pytest.mark.parametrize("name", list(LISTINGS))
def test_a_listings_version_column_is_no_hit(name):
    assert ip_hits(LISTINGS[name]) == []


ADDRESSES = {
    "a host list": (doc(F, "node-1     10.3.0.26", "node-2     10.3.0.27", F), [(4, 12), (5, 12)]),
    "a worker table": (doc(F, "worker   10.0.0.7   ready", F), [(4, 10)]),
    "a host field": (doc("host: 10.3.0.26"), [(3, 7)]),
    "ssh": (doc(F, "$ ssh root@10.3.0.26", F), [(4, 12)]),
    "kubectl get pods -o wide": (doc(F, "$ kubectl get pods -o wide",
                                     "NAME        READY   STATUS    RESTARTS   AGE   IP          NODE",
                                     "vllm-0      1/1     Running   0          3d    10.3.0.26   gpu-node-3", F),
                                 [(6, 48)]),
    "under a NAME  IP header": (doc(F, "NAME        IP", "gpu-node-3  10.3.0.26", F), [(5, 13)]),
    "the package rows without any opener": (doc(F, "tensorrt      10.3.0.26", F), [(4, 15)]),
    # a listing ends at a blank line, a fence, another command: rows after it are hosts again
    "after the listing's fence": (doc(F, "$ pip list", "tensorrt 10.3.0.26", F, F, "node-1 10.3.0.27", F),
                                  [(8, 8)]),
    "after a blank line": (doc("$ pip list", "tensorrt 10.3.0.26", "", "node-1 10.3.0.27"), [(6, 8)]),
    "after another command": (doc(F, "$ pip list", "tensorrt 10.3.0.26", "$ cat hosts", "node-1 10.3.0.27", F),
                              [(7, 8)]),
    # in a listing, only the version column: an address elsewhere in the line, or the command's own line
    "a third column": (doc(F, "$ pip list", "tensorrt 10.3.0.26 10.0.0.7", F), [(5, 20)]),
    "the command's own line": (doc(F, "$ ssh 10.0.0.7 pip list", F), [(4, 7)]),
    "an address with a prefix length": (doc(F, "$ pip list", "subnet 10.3.0.0/16", F), [(5, 8)]),
    "a listing's command in prose far above a blank line": (doc("`pip list` output:", "", "", F, "node-1 10.3.0.26", F),
                                                            [(7, 8)]),
}


@pytest.mark.parametrize("name", list(ADDRESSES))
def test_a_real_address_in_a_table_or_listing_stays_a_hit(name):
    text, expected = ADDRESSES[name]
    assert ip_hits(text) == expected


def test_editing_the_header_away_and_back_incrementally():
    text = LISTINGS["pip list with its header"].replace("$ pip3 list\n", "")
    az = Analyzer(PACK, today=TODAY)
    assert same_as_fresh(az, text).privacy == []
    header = "Package       Version"
    broken = text.replace(header, "Packages      Versions")  # typed over: the versions are hits again
    got = same_as_fresh(az, broken)
    assert [(h.line, h.dimension) for h in got.privacy] == [(6, "ip"), (7, "ip")]
    assert az._last.spliced is not None  # (spliced into the last pass, not analysed afresh)
    assert same_as_fresh(az, text).privacy == []  # undone
    gone = text.replace(header + "\n", "")  # the line deleted
    assert [h.line for h in same_as_fresh(az, gone).privacy] == [5, 6]
    # typed back a character at a time
    at = gone.index("-------------")
    for k in range(len(header) + 1):
        typed = gone[:at] + header[:k] + ("\n" if k == len(header) else "") + gone[at:]
        same_as_fresh(az, typed)
    assert same_as_fresh(az, text).privacy == []


def test_typing_inside_before_and_after_a_listing(sample_text):
    lines = sample_text.split("\n")
    listing = LISTINGS["conda list"].split("\n")[2:-1]
    text = "\n".join([*lines[:40], "", *listing, "", *lines[40:]])
    az = Analyzer(PACK, today=TODAY)
    base = len(same_as_fresh(az, text).privacy)
    for pos in (text.index("tensorrt "), text.index("conda list"), text.index("# Name"), text.index("_libgcc"),
                text.index("10.3.0.26") + 9, text.index(F, text.index("_libgcc")), len(text) // 2):
        for ch in ("x", "字", " ", "\n", "\n\n", F + "\n", "$ "):
            same_as_fresh(az, text[:pos] + ch + text[pos:])
        assert len(same_as_fresh(az, text).privacy) == base


PARTS = [F, "", "$ pip list", "$ pip list --outdated", "tensorrt 10.3.0.26  10.3.0.27  wheel", "`conda list` shows:", "Package    Version", "# Name  Version  Build  Channel",
         "----- -------", "tensorrt 10.3.0.26", "tensorrt-cu12 10.3.0.27", "node-1 10.0.0.7", "NAME  IP",
         "torch==2.4.0", "正文一行，CJK 实测 3。", "| a | 10.1.1.1 |", "host: 10.2.2.2", "#",
         # a key's block and a table beside: the edit widened to each in turn
         "-----BEGIN RSA PRIVATE KEY-----", "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi6Z1v2YtVQ0rW1xr8aHq9N7T6u",
         "| x | y |", "|---|---|"]
SNIPPETS = ["\n", "$ pip list\n", "Package  Version\n", F + "\n", "x", "字", " ", "10.3.0.26", "\n\n", "#", " -o",
            " Latest", " 10.3.0.27"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PARTS), max_size=30), st.integers(0, 2**32 - 1), st.sampled_from([1, 2, 3, 1000]))
def test_random_edits_of_texts_with_listings_match_fresh(parts, seed, bound):
    """(A short bound too: the edits reach a listing's farthest row and the line after it.)"""
    with patch.object(privacy, "LISTING_LINES", bound):
        edits_match_fresh(Analyzer(PACK, today=TODAY), lambda t: analyze(t, PACK, today=TODAY),
                          "\n".join(parts) + "\n", seed, SNIPPETS, cut=40, paste=120)
