"""A faithful fake of arXiv's `/api/query` on loopback, for tests, benchmarks and offline demos.

It answers GET and POST as arXiv's API user manual describes (found, not found, the 400 `Error` entry,
versions, entries out of request order, `max_results` cutting long lists), can be told to misbehave the way
arXiv does (429 `Rate exceeded.`, 503, slow, blank, HTML, spurious empty feed, connection reset, hostile XML, an
`Error` entry sent with HTTP 200)
and records every request it saw.

    python -m editor_app.devtools.fake_arxiv --port 8765 --data papers.toml [--fault 429:2] [--fault-rate 0.1]

papers.toml: `[[paper]]` tables with `id`, `title`, `published` (required), `authors`, `primary_category`,
`categories`, `summary`, `comment`, `journal_ref`, `doi`, and `[[paper.versions]]` (`updated`, `title`,
`comment`); the bundled resources/arxiv/sample-papers.toml is an example.

Control while running: `GET /_log` (JSON request log), `POST /_fault?kind=503&times=2`, `POST /_clear`.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import socket
import struct
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit
from xml.sax.saxutils import escape, quoteattr

from editor_app.core.numbers import counted

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

FAULT_KINDS = ("429", "503", "slow", "blank", "html", "empty", "reset", "entity", "badxml", "redirect", "error200")
_ID_FORMAT = re.compile(r"(?:\d{4}\.\d{4,5}|[a-z]+(?:-[a-z]+)?(?:\.[A-Za-z]{2})?/\d{7})(?:v\d+)?")
_ATOM_HEAD = (
    "<?xml version='1.0' encoding='UTF-8'?>\n"
    '<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" '
    'xmlns="http://www.w3.org/2005/Atom">\n'
)


@dataclass
class Version:
    updated: str
    title: str | None = None  # None: the paper's title
    comment: str | None = None


@dataclass
class Paper:
    id: str  # canonical, without version
    title: str
    authors: list[tuple[str, str | None]]  # (name, affiliation)
    published: str
    primary_category: str
    categories: list[str] = field(default_factory=list)
    summary: str = ""
    comment: str | None = None
    journal_ref: str | None = None
    doi: str | None = None
    versions: list[Version] = field(default_factory=list)  # oldest first; empty: one version

    def all_versions(self) -> list[Version]:
        return self.versions or [Version(self.published, None, self.comment)]


@dataclass
class Fault:
    kind: str
    times: int = 1
    seconds: float = 0.0  # slow: delay; 429/503: Retry-After when > 0


PAPER_REQUIRED = ("id", "title", "published")


def load_papers(path: str | Path) -> list[Paper]:
    """Read a papers TOML (`[[paper]]` tables, optional `[[paper.versions]]`).

    A file without `[[paper]]` tables or a paper without id, title or published raises ValueError naming it."""
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    papers = data.get("paper")
    if not isinstance(papers, list) or not papers or not all(isinstance(p, dict) for p in papers):
        raise ValueError("no [[paper]] tables (each paper is a [[paper]] table with id, title and published)")
    for number, p in enumerate(papers, 1):
        missing = [key for key in PAPER_REQUIRED if key not in p]
        versions = p.get("versions", [])
        if not missing and not (isinstance(versions, list) and all(isinstance(v, dict) and "updated" in v
                                                                    for v in versions)):
            missing = ["updated in each [[paper.versions]]"]
        if missing:
            raise ValueError(f"paper {number} ({p.get('id', 'no id')}): missing {', '.join(missing)}")
    return [paper_from_dict(p) for p in papers]


def paper_from_dict(p: dict[str, Any]) -> Paper:
    authors = []
    for a in p.get("authors", []):
        if isinstance(a, dict):
            authors.append((a["name"], a.get("affiliation")))
        else:
            authors.append((str(a), None))
    versions = [Version(v["updated"], v.get("title"), v.get("comment")) for v in p.get("versions", [])]
    primary = p.get("primary_category", "cs.LG")
    return Paper(
        id=p["id"], title=p["title"], authors=authors, published=p["published"], primary_category=primary,
        categories=list(p.get("categories", [primary])), summary=p.get("summary", ""), comment=p.get("comment"),
        journal_ref=p.get("journal_ref"), doi=p.get("doi"), versions=versions,
    )


def canonical_base(raw: str) -> tuple[str, int | None]:
    """'math.CA/0611800v2' -> ('math/0611800', 2); '2609.11582' -> ('2609.11582', None)."""
    m = re.fullmatch(r"(.*?)(?:v(\d+))?", raw)
    assert m
    base, version = m.group(1), m.group(2)
    if "/" in base:
        archive, number = base.split("/", 1)
        base = archive.split(".")[0] + "/" + number
    return base, int(version) if version else None


class FakeArxiv:
    """The fake server: start() it, point the client at `.url`, read `.log`, stop() it."""

    def __init__(self, papers: list[Paper], host: str = "127.0.0.1", port: int = 0, seed: int = 7):
        self.papers = {p.id: p for p in papers}
        self.log: list[dict[str, Any]] = []
        self.faults: list[Fault] = []
        self.missing_once: set[str] = set()  # ids left out of the next answer that would include them
        self.fault_rate = 0.0
        self.name_bad_ids = True  # the 400 Error entry names the bad id, as arXiv's does today
        self.random_kinds: tuple[str, ...] = ("429", "503", "blank", "html", "empty", "reset")
        self._random = random.Random(seed)
        self._lock = threading.Lock()
        self._httpd = _Server((host, port), _Handler)
        self._httpd.fake = self
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/api/query"

    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    def start(self) -> FakeArxiv:
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-arxiv", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> FakeArxiv:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def push_fault(self, kind: str, times: int = 1, seconds: float = 0.0) -> None:
        """Answer the next `times` API requests with this fault (queued after earlier ones)."""
        if kind not in FAULT_KINDS:
            raise ValueError(f"unknown fault {kind!r}; known: {', '.join(FAULT_KINDS)}")
        with self._lock:
            self.faults.append(Fault(kind, times, seconds))

    def set_fault_rate(self, rate: float, kinds: tuple[str, ...] | None = None) -> None:
        """Misbehave at random on this fraction of API requests (seeded, reproducible)."""
        self.fault_rate = rate
        if kinds:
            self.random_kinds = kinds

    def clear_log(self) -> None:
        with self._lock:
            self.log.clear()

    def api_requests(self) -> list[dict[str, Any]]:
        return [r for r in self.log if r["path"] == "/api/query"]

    def _next_fault(self) -> Fault | None:
        with self._lock:
            if self.faults:
                fault = self.faults[0]
                fault.times -= 1
                if fault.times <= 0:
                    self.faults.pop(0)
                return Fault(fault.kind, 1, fault.seconds)
            if self.fault_rate and self._random.random() < self.fault_rate:
                kind = self._random.choice(self.random_kinds)
                return Fault(kind, 1, 0.05 if kind == "slow" else 0.0)
        return None

    # -- answering -------------------------------------------------------------------------------------------
    def answer(self, fields: dict[str, str]) -> tuple[int, str, bytes]:
        """(HTTP status, content type, body) for the query fields, as arXiv would answer."""
        ids = [i.strip() for i in fields.get("id_list", "").split(",") if i.strip()]
        try:
            max_results = int(fields.get("max_results", "10"))
            start = int(fields.get("start", "0"))
        except ValueError:
            return 400, "application/atom+xml; charset=utf-8", self._error_feed(fields, "max_results")
        for raw in ids:
            if not _ID_FORMAT.fullmatch(raw):
                named = raw if self.name_bad_ids else "id_list"
                return 400, "application/atom+xml; charset=utf-8", self._error_feed(fields, named)
        found: list[tuple[Paper, int]] = []
        seen: set[tuple[str, int]] = set()
        for raw in ids:
            base, version = canonical_base(raw)
            paper = self.papers.get(base)
            if paper is None:
                continue
            n = len(paper.all_versions())
            v = version or n
            if v < 1 or v > n or (base, v) in seen:
                continue
            with self._lock:
                if base in self.missing_once:
                    self.missing_once.discard(base)
                    continue
            seen.add((base, v))
            found.append((paper, v))
        total = len(found)
        page = found[start : start + max_results]
        order = list(range(len(page)))
        random.Random(len(page) * 31 + start).shuffle(order)
        if len(order) > 1 and order == sorted(order):
            order.reverse()
        entries = "".join(self._entry(*page[i]) for i in order)
        return 200, "application/atom+xml; charset=utf-8", self._feed(fields, total, len(page), start, entries)

    def _feed(self, fields: dict[str, str], total: int, per_page: int, start: int, entries: str) -> bytes:
        query = "search_query=&id_list={}&start={}&max_results={}".format(
            fields.get("id_list", ""), start, fields.get("max_results", "10")
        )
        return (
            _ATOM_HEAD
            + "  <id>https://arxiv.org/api/fake</id>\n"
            + f"  <title>arXiv Query: {escape(query)}</title>\n"
            + f"  <updated>{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}</updated>\n"
            + f"  <opensearch:itemsPerPage>{per_page}</opensearch:itemsPerPage>\n"
            + f"  <opensearch:totalResults>{total}</opensearch:totalResults>\n"
            + f"  <opensearch:startIndex>{start}</opensearch:startIndex>\n"
            + entries
            + "</feed>\n"
        ).encode("utf-8")

    def _error_feed(self, fields: dict[str, str], bad: str) -> bytes:
        entry = (
            "  <entry>\n"
            f"    <id>https://arxiv.org/api/errors#incorrect_id_format_for_{escape(bad)}</id>\n"
            "    <title>Error</title>\n"
            f"    <summary>incorrect id format for {escape(bad)}</summary>\n"
            "    <updated>2026-12-01T00:00:00-05:00</updated>\n"
            '    <link href="https://arxiv.org/api/errors#incorrect_id_format_for_'
            f'{escape(bad)}" rel="alternate" type="text/html"/>\n'
            "    <author><name>arXiv api core</name></author>\n"
            "  </entry>\n"
        )
        return self._feed(fields, 1, 1, 0, entry)

    def _entry(self, paper: Paper, v: int) -> str:
        version = paper.all_versions()[v - 1]
        title = _wrap(version.title or paper.title)
        vid = f"{paper.id}v{v}"
        authors = "".join(
            f"    <author><name>{escape(name)}</name>"
            + (f"<arxiv:affiliation>{escape(aff)}</arxiv:affiliation>" if aff else "")
            + "</author>\n"
            for name, aff in paper.authors
        )
        cats = "".join(
            f'    <category term={quoteattr(c)} scheme="http://arxiv.org/schemas/atom"/>\n' for c in paper.categories
        )
        optional = ""
        if version.comment:
            optional += f"    <arxiv:comment>{escape(version.comment)}</arxiv:comment>\n"
        if paper.journal_ref:
            optional += f"    <arxiv:journal_ref>{escape(paper.journal_ref)}</arxiv:journal_ref>\n"
        if paper.doi:
            optional += f"    <arxiv:doi>{escape(paper.doi)}</arxiv:doi>\n"
        return (
            "  <entry>\n"
            f"    <id>http://arxiv.org/abs/{vid}</id>\n"
            f"    <title>{escape(title)}</title>\n"
            f"    <updated>{version.updated}</updated>\n"
            f'    <link href="https://arxiv.org/abs/{vid}" rel="alternate" type="text/html"/>\n'
            f'    <link href="https://arxiv.org/pdf/{vid}" rel="related" type="application/pdf" title="pdf"/>\n'
            f"    <summary>{escape(paper.summary)}</summary>\n"
            + cats
            + f"    <published>{paper.published}</published>\n"
            + optional
            + f'    <arxiv:primary_category term={quoteattr(paper.primary_category)}/>\n'
            + authors
            + "  </entry>\n"
        )


def _wrap(title: str) -> str:
    """arXiv titles keep the submitter's line breaks: break long ones the same way."""
    if len(title) <= 50:
        return title
    cut = title.find(" ", 40)
    return title if cut < 0 else title[:cut] + "\n  " + title[cut + 1 :]


_ENTITY_BOMB = (
    '<?xml version="1.0"?>\n<!DOCTYPE feed [\n<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">\n'
    + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">\n' for i in range(9))
    + ']>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>&j;</title></feed>\n'
).encode()
_HTML_PAGE = b"<!DOCTYPE html><html><head><title>arXiv</title></head><body><h1>Service busy</h1></body></html>"


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    fake: FakeArxiv

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a reset connection is the point of some faults, not an error worth a traceback


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def setup(self) -> None:
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # no 40 ms delayed-ACK stalls

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        self._dispatch("GET", parts.path, _fields(parts.query))

    def do_POST(self) -> None:
        parts = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
        fields = _fields(parts.query)
        fields.update(_fields(body))
        self._dispatch("POST", parts.path, fields)

    def _dispatch(self, method: str, path: str, fields: dict[str, str]) -> None:
        fake = self.server.fake
        if path == "/_log":
            return self._send(200, "application/json", json.dumps(fake.log, ensure_ascii=False).encode())
        if path == "/_fault" and method == "POST":
            try:
                fake.push_fault(fields.get("kind", ""), int(fields.get("times", "1")), float(fields.get("seconds", "0")))
            except ValueError as exc:
                return self._send(400, "text/plain", str(exc).encode())
            return self._send(200, "text/plain", b"ok")
        if path == "/_clear" and method == "POST":
            fake.clear_log()
            return self._send(200, "text/plain", b"ok")
        record: dict[str, Any] = {
            "time": time.time(),
            "method": method,
            "path": path,
            "ids": [i for i in fields.get("id_list", "").split(",") if i],
            "max_results": fields.get("max_results"),
            "start": fields.get("start"),
            "user_agent": self.headers.get("User-Agent", ""),
            "fault": None,
            "status": None,
        }
        with fake._lock:
            fake.log.append(record)
        if path != "/api/query":
            record["status"] = 404
            return self._send(404, "text/plain", b"not found")
        fault = fake._next_fault()
        record["fault"] = fault.kind if fault else None
        if fault and fault.kind == "slow":
            time.sleep(fault.seconds or 2.0)
        if fault and fault.kind == "reset":
            record["status"] = "reset"
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()
            return None
        if fault and fault.kind == "redirect":  # as http:// -> https://, to the same place here
            record["status"] = 301
            return self._send(301, "text/html", b"<html>Moved</html>", {"Location": self.path})
        status, ctype, body = self._faulty(fault) if fault and fault.kind != "slow" else fake.answer(fields)
        record["status"] = status
        headers = {"Retry-After": str(int(fault.seconds))} if fault and fault.seconds and status in (429, 503) else {}
        return self._send(status, ctype, body, headers)

    def _faulty(self, fault: Fault) -> tuple[int, str, bytes]:
        fake = self.server.fake
        if fault.kind == "429":
            return 429, "text/plain", b"Rate exceeded."
        if fault.kind == "503":
            return 503, "text/html", b"<html><body><h1>503 Service Unavailable</h1></body></html>"
        if fault.kind == "blank":
            return 200, "application/atom+xml; charset=utf-8", b""
        if fault.kind == "html":
            return 200, "text/html; charset=utf-8", _HTML_PAGE
        if fault.kind == "empty":
            return 200, "application/atom+xml; charset=utf-8", fake._feed({}, 0, 0, 0, "")
        if fault.kind == "entity":
            return 200, "application/atom+xml; charset=utf-8", _ENTITY_BOMB
        if fault.kind == "error200":  # an API error entry (here: one the ids did not cause) with a 200 status
            return 200, "application/atom+xml; charset=utf-8", fake._error_feed({}, "id_list")
        return 200, "application/atom+xml; charset=utf-8", _ATOM_HEAD.encode() + b"  <entry><id>http://arxiv.org/abs/"

    def _send(self, status: int, ctype: str, body: bytes, headers: dict[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(body)
        except OSError:
            self.close_connection = True

    def finish(self) -> None:
        try:
            super().finish()
        except OSError:
            pass


def _fields(query: str) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(query, keep_blank_values=True).items()}


def sample_dataset_path() -> Path:
    from editor_app.resources_path import resource_path

    return resource_path("arxiv", "sample-papers.toml")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m editor_app.devtools.fake_arxiv", description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8765, help="port to listen on (default: 8765)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--data", type=Path, default=None, help="papers TOML (default: the sample survey's papers)")
    parser.add_argument("--fault", action="append", default=[], metavar="KIND[:TIMES]",
                        help=f"answer the first requests with a fault; kinds: {', '.join(FAULT_KINDS)}")
    parser.add_argument("--fault-rate", type=float, default=0.0, help="misbehave at random on this fraction")
    args = parser.parse_args(argv)
    data = args.data or sample_dataset_path()
    try:
        papers = load_papers(data)
    except (OSError, tomllib.TOMLDecodeError, ValueError) as exc:
        print(f"fake_arxiv: cannot read {data}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return 2
    try:
        fake = FakeArxiv(papers, args.host, args.port)
    except OSError as exc:
        print(f"fake_arxiv: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    for spec in args.fault:
        kind, _, times = spec.partition(":")
        try:
            fake.push_fault(kind, int(times or 1))
        except ValueError as exc:
            print(f"fake_arxiv: {exc}", file=sys.stderr)
            return 2
    fake.set_fault_rate(args.fault_rate)
    print(f"fake arXiv: {counted(len(papers), 'paper')} from {data} at {fake.url} (Ctrl-C stops)", flush=True)
    try:
        fake._httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        fake._httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
