"""A `[privacy] allow_patterns` entry that lets a whole kind of private data through is no allowance: it switches the
scan off. `allow_patterns = ['.*']` (or '.+', '\\S+', '[\\s\\S]*') made the privacy rule pass a survey full of keys,
addresses and home paths, and nothing said so. Each pattern is tried, whole, on what the scan finds (`PROBES`, a
few texts of each kind: the hits' own texts, as the scan matches them); one matching every probe of a kind the pack
scans, or an empty text ('^', 'x*': no hit is empty, so it is not what its author meant), is refused when the pack
is read (`refusal`). A narrow one, a documentation range, 'example\\.com', '/home/runner/\\S*', matches one probe or
none. (A kind left unscanned is said so by `dimensions`, which the privacy rule's scope names.)"""

from __future__ import annotations

import re
from typing import Collection

# (what a reader calls the kind, its dimension, texts the scan reports as hits of it)
PROBES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("IPv4 address", "ip", ("10.3.7.21", "192.168.1.10", "172.16.0.5", "8.8.4.4")),
    ("IPv6 address", "ip", ("fe80::1ff:fe23:4567:890a", "2408:8207:1850::12")),
    ("key", "secret", ("sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12", "ghp_Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78",
                       "AKIAZ7Q4M2X9W3K8P5T1", "3f9aB7kQ2mX8vL4pZ6wR1tY5")),
    ("password", "secret", ("Xk9#mP2vL7q", "hunter2024")),
    ("local path", "path", ("/home/alice/notes.md", "C:\\Users\\alice\\Desktop\\a.txt", "~/work/.env",
                            "/Users/bob/Downloads")),
    ("name", "name", ("Alice Zhang", "陈思远", "bob")),
    ("org code", "org", ("PRJ-1234", "ACME-042", "INT－2025")),
)

EMPTY_WHY = "an allow pattern is matched against a hit's whole text, and no hit is empty"


def refusal(pattern: re.Pattern[str], dimensions: Collection[str]) -> str | None:
    """Why the allow pattern can't be used ("'.+' would let every hit through (it matches '10.3.7.21', …): …"), or
    None for one that allows what it names."""
    scanned = [(kind, dim, probes) for kind, dim, probes in PROBES if dim in dimensions]
    let_through = [(kind, dim, probes) for kind, dim, probes in scanned if all(map(pattern.fullmatch, probes))]
    if let_through:
        firsts: dict[str, str] = {}  # (a text of each dimension)
        for _, dim, probes in let_through:
            firsts.setdefault(dim, probes[0])
        examples = ", ".join(map(repr, list(firsts.values())[:3]))
        if len(let_through) == len(scanned):
            return (f"{pattern.pattern!r} would let every hit through (it matches {examples}): the privacy rule "
                    "would pass a survey full of private data")
        return (f"{pattern.pattern!r} would let every {', '.join(kind for kind, _, _ in let_through)} through (it "
                f"matches {examples}): the privacy rule would pass a survey full of them; allow the texts themselves, "
                "or leave a kind out with dimensions")
    if pattern.fullmatch("") is not None:
        return f"{pattern.pattern!r} matches an empty text: {EMPTY_WHY}"
    return None
