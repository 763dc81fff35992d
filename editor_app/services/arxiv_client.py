"""A polite arXiv API client: batched, spaced, retried with care, and honest about what went wrong.

It asks for ids in batches of at most 50 (`max_results` = batch size, POST when the URL grows long), one request
at a time with the configured spacing claimed in the shared database, retries 429/5xx/timeouts/resets/bad bodies
with exponential backoff and jitter (Retry-After honoured, and kept in the database: no copy of the program asks
before the wait arXiv asked for is over), stops after three 429s in a row, never retries a 400 (it splits the batch
to find the bad id), re-asks missing ids alone once, and parses XML without entities.
"""

from __future__ import annotations

import math
import random
import re
import sqlite3
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from email.utils import parsedate_to_datetime
from urllib.parse import urlencode, urljoin, urlsplit

import requests
import sqlite_utils
import urllib3
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as safe_fromstring

from editor_app import __version__
from editor_app.config import MIN_REAL_ARXIV_INTERVAL
from editor_app.core.arxiv_ids import parse_arxiv_id

from . import arxiv_cache

ATOM = "{http://www.w3.org/2005/Atom}"
ARXIV = "{http://arxiv.org/schemas/atom}"
OPENSEARCH = "{http://a9.com/-/spec/opensearch/1.1/}"
MAX_BATCH = 50
GET_URL_LIMIT = 2000  # longer id lists go as a POST form body
MAX_RETRY_AFTER = 120.0  # a longer wait is not waited out: the run stops ("rate limited" after a 429, else "unavailable")
_ONE_AT_A_TIME = threading.Lock()  # one connection to arXiv at a time in this process
WAITING_FOR_EARLIER_REQUEST = "waiting for arXiv to answer a request sent earlier (one request at a time)"
_MEMORY_BUDGET: dict[str, float] = {}  # used when no database is given


def user_agent(contact: str) -> str:
    return f"survey-editor/{__version__} (mailto:{contact})"


@dataclass
class ArxivEntry:
    """One `<entry>` of a feed: a paper at one version."""

    id: str  # canonical, without version
    version: int
    title: str  # whitespace collapsed
    authors: list[str]
    published: str
    updated: str
    primary_category: str | None
    categories: list[str] = field(default_factory=list)
    comment: str | None = None
    journal_ref: str | None = None
    doi: str | None = None
    summary: str = ""


@dataclass
class Feed:
    entries: list[ArxivEntry]
    total: int | None
    errors: list[str]  # summaries of `Error` entries ("incorrect id format for abc")
    error_ids: list[str]  # the ids those errors name


class ArxivProblem(Exception):
    """A request that could not be answered; `status` is the verdict it leads to."""

    status = "unavailable"


class BadFeed(ArxivProblem):
    pass


class Unavailable(ArxivProblem):
    status = "unavailable"


class Unreachable(Unavailable):
    """No attempt got any answer: the connection itself failed (offline, DNS, refused). The next batch would fail
    the same way, so the run stops after the first instead of retrying every batch for a minute."""


class UnavailableForLong(Unavailable):
    """arXiv is unavailable (a 5xx) and asked for a longer wait than a run waits: the run stops. Not "rate limited":
    a 503 says arXiv is down, not that the survey asked too often."""


class RateLimited(ArxivProblem):
    status = "rate limited"


class Cancelled(ArxivProblem):
    status = "cancelled"


class BadRequest(ArxivProblem):
    """HTTP 400: arXiv rejected an id of the batch; never retried."""

    status = "malformed"

    def __init__(self, message: str, bad_ids: list[str]):
        super().__init__(message)
        self.bad_ids = bad_ids


def parse_feed(body: bytes) -> Feed:
    """Parse an Atom feed safely (no DTD, no entities); BadFeed for blank, HTML or broken bodies."""
    if not body.strip():
        raise BadFeed("arXiv sent an empty body")
    head = body.lstrip()[:200].lower()
    if head.startswith(b"<!doctype html") or head.startswith(b"<html"):
        raise BadFeed("arXiv sent an HTML page instead of an Atom feed")
    try:
        root = safe_fromstring(body, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise BadFeed(f"arXiv's answer declared XML entities or a DTD and was refused ({type(exc).__name__})")
    except (ET.ParseError, ValueError) as exc:
        raise BadFeed(f"arXiv's answer is not well-formed XML ({exc})")
    if root.tag != f"{ATOM}feed":
        raise BadFeed(f"arXiv's answer is not an Atom feed (root element {root.tag!r})")
    total_text = root.findtext(f"{OPENSEARCH}totalResults")
    total = int(total_text) if total_text and total_text.strip().isdigit() else None
    entries: list[ArxivEntry] = []
    errors: list[str] = []
    error_ids: list[str] = []
    for e in root.findall(f"{ATOM}entry"):
        raw_id = (e.findtext(f"{ATOM}id") or "").strip()
        if not raw_id:
            continue  # older servers answer a missing id with an empty entry
        if "/api/errors" in raw_id:
            errors.append(_text(e, f"{ATOM}summary") or _text(e, f"{ATOM}title"))
            marker = "incorrect_id_format_for_"
            if marker in raw_id:
                error_ids.append(raw_id.split(marker, 1)[1])
            continue
        aid = parse_arxiv_id(raw_id.rsplit("/abs/", 1)[-1])
        if aid is None or aid.version_number is None:
            continue
        primary = e.find(f"{ARXIV}primary_category")
        entries.append(
            ArxivEntry(
                id=aid.base,
                version=aid.version_number,
                title=_text(e, f"{ATOM}title"),
                authors=[_text(a, f"{ATOM}name") for a in e.findall(f"{ATOM}author")],
                published=_text(e, f"{ATOM}published"),
                updated=_text(e, f"{ATOM}updated"),
                primary_category=primary.get("term") if primary is not None else None,
                categories=[c.get("term", "") for c in e.findall(f"{ATOM}category") if c.get("term")],
                comment=_text(e, f"{ARXIV}comment") or None,
                journal_ref=_text(e, f"{ARXIV}journal_ref") or None,
                doi=_text(e, f"{ARXIV}doi") or None,
                summary=_text(e, f"{ATOM}summary"),
            )
        )
    return Feed(entries, total, errors, error_ids)


def _text(e: ET.Element, tag: str) -> str:
    return " ".join((e.findtext(tag) or "").split())


@dataclass
class FetchOutcome:
    """What a fetch learned, keyed by the id as asked ("2609.11582" or "2605.19537v1")."""

    found: dict[str, ArxivEntry] = field(default_factory=dict)
    not_found: set[str] = field(default_factory=set)
    failed: dict[str, tuple[str, str]] = field(default_factory=dict)  # id -> (status, message)
    requests: int = 0
    cancelled: bool = False


class ArxivClient:
    """Ask arXiv for papers by id. Collaborators (session, database, clock, sleep) are passed in."""

    def __init__(
        self,
        base_url: str,
        *,
        contact: str,
        interval: float,
        db: sqlite_utils.Database | None = None,
        session: requests.Session | None = None,
        timeout: float = 30.0,
        max_attempts: int = 4,
        backoff: float | None = None,
        cancel: threading.Event | None = None,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.time,
        on_retry: Callable[[str], None] | None = None,
    ):
        self.base_url = base_url
        self.on_retry = on_retry  # hears why a request is asked again and when: a long wait is never silent
        if not math.isfinite(interval):  # (max(0.0, nan) was 0.0: no spacing at all, even against the real arXiv)
            interval = MIN_REAL_ARXIV_INTERVAL
        # Arrivals jitter by network transit: keep starts a little further apart than the bare minimum.
        self.interval = max(0.0, interval) + min(0.25, 0.05 * max(0.0, interval))
        self.db = db
        self.session = session or requests.Session()
        self.timeout = (min(10.0, timeout), timeout)
        self.max_attempts = max(1, max_attempts)
        self.backoff = backoff if backoff is not None else max(self.interval, 0.05)
        self.cancel = cancel or threading.Event()
        self.rng = rng or random.Random()
        self.clock = clock
        self.headers = {"User-Agent": user_agent(contact), "Accept": "application/atom+xml"}
        self.host = urlsplit(base_url).netloc or base_url
        self.get_url_limit = GET_URL_LIMIT
        self.requests_sent = 0
        self.started_at: list[float] = []  # when each request actually started (clock time)
        self._429_in_a_row = 0
        self._stop: ArxivProblem | None = None  # once set, nothing more is asked
        self._unavailable_in_a_row = 0
        self._wait_seen: arxiv_cache.AskedWait | None = None  # the kept wait the last request was sent after
        if db is not None:
            arxiv_cache.ensure_tables(db)

    # -- public ----------------------------------------------------------------------------------------------
    def fetch(
        self,
        ids: Iterable[str],
        progress: Callable[[int, int], None] | None = None,
        settled: Callable[[list[str], FetchOutcome], None] | None = None,
    ) -> FetchOutcome:
        """Ask for every id (as given; the caller sends only well-formed ones); every id ends in one bucket.

        `settled(ids, outcome)` hears of ids as their answer becomes final, batch by batch; `progress(done, total)`
        counts those ids, so an id missing from its batch counts only once it has been asked again alone."""
        wanted = list(dict.fromkeys(ids))
        out = FetchOutcome()
        done = 0

        def tell(ids: list[str]) -> None:
            nonlocal done
            if not ids:
                return
            done += len(ids)
            if settled:
                settled(ids, out)
            if progress:
                progress(done, len(wanted))

        for start in range(0, len(wanted), MAX_BATCH):
            batch = wanted[start : start + MAX_BATCH]
            self._ask(batch, out)
            tell([i for i in batch if i in out.found or i in out.failed])
        missing = [i for i in wanted if i not in out.found and i not in out.failed and i not in out.not_found]
        # The API sometimes leaves out ids that exist, a whole batch too (a spurious empty feed): each missing id is
        # asked once more, alone, before it is called not found (arxiv-api.md), not its batch again.
        for i in missing:
            self._ask([i], out)
            if i not in out.found and i not in out.failed:
                out.not_found.add(i)
            tell([i])
        out.requests = self.requests_sent
        out.cancelled = isinstance(self._stop, Cancelled)
        return out

    # -- batches ---------------------------------------------------------------------------------------------
    def _ask(self, batch: list[str], out: FetchOutcome) -> None:
        if self._stop is not None:
            self._fail(batch, out, self._stop)
            return
        try:
            feed = self._query(batch)
        except BadRequest as exc:
            self._split_bad_batch(batch, out, exc)
            return
        except (RateLimited, Cancelled, Unreachable, UnavailableForLong) as exc:
            self._stop = exc
            self._fail(batch, out, exc)
            return
        except ArxivProblem as exc:
            self._unavailable_in_a_row += 1
            if self._unavailable_in_a_row >= 3:  # the network or arXiv is down: don't hammer it
                self._stop = Unavailable(f"{exc} (stopped asking after three failed batches in a row)")
            self._fail(batch, out, exc)
            return
        self._unavailable_in_a_row = 0
        by_key = {_key(i): i for i in batch}
        for entry in feed.entries:
            for key in ((entry.id, entry.version), (entry.id, None)):
                asked = by_key.get(key)
                if asked is not None and asked not in out.found:
                    out.found[asked] = entry
                    break

    def _split_bad_batch(self, batch: list[str], out: FetchOutcome, exc: BadRequest) -> None:
        """A 400 fails the whole batch: mark the id arXiv names, or bisect until the bad one is alone."""
        if len(batch) == 1:
            out.failed[batch[0]] = ("malformed", f"arXiv rejected the id: {exc}")
            return
        named = [i for i in batch if i in exc.bad_ids]
        if named:
            for i in named:
                out.failed[i] = ("malformed", f"arXiv rejected the id: incorrect id format for {i}")
            rest = [i for i in batch if i not in named]
            if rest:
                self._ask(rest, out)
            return
        half = len(batch) // 2
        self._ask(batch[:half], out)
        self._ask(batch[half:], out)

    @staticmethod
    def _fail(batch: list[str], out: FetchOutcome, exc: ArxivProblem) -> None:
        for i in batch:
            if i not in out.found:
                out.failed[i] = (exc.status, str(exc))

    # -- one request, retried --------------------------------------------------------------------------------
    def _query(self, ids: list[str]) -> Feed:
        fields = {"id_list": ",".join(ids), "start": "0", "max_results": str(len(ids))}
        method = "POST" if len(self.base_url) + 1 + len(urlencode(fields)) > self.get_url_limit else "GET"
        problem = "no answer"
        unreachable = True  # every attempt so far failed to connect at all
        for attempt in range(1, self.max_attempts + 1):
            retry_after: float | None = None
            answered_429 = self._429_in_a_row
            self._429_in_a_row = 0  # (no answer breaks a run of 429s too: "three times in a row" counts answers)
            try:
                response = self._send(method, fields)
            except requests.Timeout as exc:
                unreachable = unreachable and isinstance(exc, requests.ConnectTimeout)
                problem = f"arXiv did not answer within {self.timeout[1]:g} s"
            except requests.ConnectionError as exc:
                unreachable = unreachable and _never_connected(exc)
                problem = f"the connection to arXiv failed ({_short(exc)})"
            except requests.RequestException as exc:
                unreachable = False
                problem = f"the request to arXiv failed ({_short(exc)})"
            else:
                unreachable = False
                status = response.status_code
                if status == 200:
                    try:
                        feed = parse_feed(response.content)
                    except BadFeed as exc:
                        problem = str(exc)
                    else:
                        if not feed.errors:
                            return self._answered(feed)
                        # An Error entry is arXiv refusing the query, not an answer about the ids: never "not found".
                        if any(i in feed.error_ids for i in ids):
                            raise BadRequest("; ".join(feed.errors), feed.error_ids)
                        if feed.entries:
                            return self._answered(feed)
                        problem = f"arXiv answered with an error instead of papers ({'; '.join(feed.errors)})"
                elif status == 400:
                    try:
                        feed = parse_feed(response.content)
                        message = "; ".join(feed.errors) or "HTTP 400"
                        raise BadRequest(message, feed.error_ids)
                    except BadFeed:
                        raise BadRequest("HTTP 400 (unreadable error feed)", []) from None
                elif status == 429:
                    self._429_in_a_row = answered_429 + 1
                    retry_after = self._keep_wait(response.headers.get("Retry-After"), status)
                    if self._429_in_a_row >= 3:
                        raise RateLimited(_rate_limited_three_times(retry_after))
                    problem = "arXiv answered 429 'Rate exceeded'"
                elif status == 414:
                    method = "POST"
                    problem = "the URL was too long (HTTP 414)"
                    continue
                elif status in (301, 302, 303, 307, 308) and response.headers.get("Location"):
                    # http:// moved to https://: follow with the same method and fields (a POST must stay a POST)
                    self.base_url = urljoin(self.base_url, response.headers["Location"]).split("?", 1)[0]
                    problem = f"arXiv redirected the request (HTTP {status})"
                    continue
                elif status >= 500:
                    retry_after = self._keep_wait(response.headers.get("Retry-After"), status)
                    problem = f"arXiv answered HTTP {status}"
                else:
                    raise Unavailable(f"arXiv answered HTTP {status}")
            if attempt == self.max_attempts:
                break
            if retry_after is not None and retry_after > MAX_RETRY_AFTER:
                stop = RateLimited if self._429_in_a_row else UnavailableForLong  # (this attempt's answer was a 429)
                raise stop(_asked_to_wait_too_long(problem, retry_after, attempt, self.max_attempts))
            delay = retry_after if retry_after is not None else self._backoff(attempt)
            if self.on_retry:  # (the wait said is at least until arXiv's spacing lets the next request go: _send)
                spaced = self.started_at[-1] + self.interval - self.clock() if self.started_at else 0.0
                self.on_retry(f"{problem}; asking again in {max(delay, spaced, 1):.0f} s "
                              f"(attempt {attempt + 1} of {self.max_attempts})")
            self._sleep(delay)
        if unreachable:
            raise Unreachable(f"{problem} (after {self.max_attempts} attempts; stopped asking: "
                              f"check the network connection)")
        raise Unavailable(f"{problem} (after {self.max_attempts} attempts)")

    def _keep_wait(self, header: str | None, status: int) -> float | None:
        """The wait a 429's or 503's Retry-After asks for (None: it says none), kept in the database for every copy
        of the program, this one's next run included."""
        now = self.clock()
        retry_after = _retry_after(header, now)
        if retry_after and self.db is not None:
            try:
                arxiv_cache.keep_asked_wait(self.db, self.host, retry_after, status, now)
            except sqlite3.Error:  # (a database locked past its wait: this run still waits, or stops, as asked)
                pass
        return retry_after

    def _answered(self, feed: Feed) -> Feed:
        """arXiv answered: a wait it had asked for, which this request was sent after, is over for every copy."""
        if self._wait_seen is not None and self.db is not None:
            try:
                arxiv_cache.clear_asked_wait(self.db, self.host, self._wait_seen)
            except sqlite3.Error:  # (kept, it is over all the same: the next request clears it)
                pass
            self._wait_seen = None
        return feed

    def _honour_asked_wait(self) -> None:
        """Before a request: wait out a wait arXiv asked for that is kept (asked of this run or another copy of the
        program), or stop asking, saying until when, if more of it is left than a run waits."""
        self._wait_seen = None
        if self.db is None:
            return
        wait = arxiv_cache.asked_wait(self.db, self.host, self.clock())
        self._wait_seen = wait
        if wait is None or wait.left <= 0:
            return
        if wait.left > MAX_RETRY_AFTER:
            stop = RateLimited if wait.http_status == 429 else UnavailableForLong
            raise stop(_not_asked_inside_the_wait(wait))
        if self.on_retry and wait.left >= 1:
            self.on_retry(f"arXiv asked to wait until {datetime.fromtimestamp(wait.until):%H:%M:%S}; "
                          f"asking in {math.ceil(wait.left)} s")
        self._sleep(wait.left)

    def _backoff(self, attempt: int) -> float:
        return min(60.0, self.backoff * 2 ** (attempt - 1)) * (0.5 + self.rng.random())

    def _send(self, method: str, fields: dict[str, str]) -> requests.Response:
        self._wait_for_the_line()
        try:
            self._check_cancel()
            self._honour_asked_wait()
            start = self._claim_slot()
            self._sleep(start - self.clock())
            started = self.clock()
            self._record_start(started)
            self.started_at.append(started)
            self.requests_sent += 1
            kw = {"params": fields} if method == "GET" else {"data": fields}
            return self.session.request(
                method, self.base_url, headers=self.headers, timeout=self.timeout, allow_redirects=False, **kw
            )
        finally:
            _ONE_AT_A_TIME.release()

    def _wait_for_the_line(self) -> None:
        """One connection to arXiv at a time in this process: a run started while a cancelled run's request is still
        in flight (left to end in the background, up to the timeout) waits for its answer, says so, and stops
        waiting at once when it is cancelled too."""
        if _ONE_AT_A_TIME.acquire(blocking=False):
            return
        if self.on_retry:
            self.on_retry(WAITING_FOR_EARLIER_REQUEST)
        while not _ONE_AT_A_TIME.acquire(timeout=0.1):
            self._check_cancel()

    def _claim_slot(self) -> float:
        if self.db is not None:
            return arxiv_cache.reserve_request_slot(self.db, self.host, self.interval, self.clock)
        now = self.clock()
        start = max(now, _MEMORY_BUDGET.get(self.host, 0.0))
        _MEMORY_BUDGET[self.host] = start + self.interval
        return start

    def _record_start(self, started: float) -> None:
        if self.db is not None:
            arxiv_cache.record_request_start(self.db, self.host, started, self.interval)
        else:
            _MEMORY_BUDGET[self.host] = max(_MEMORY_BUDGET.get(self.host, 0.0), started + self.interval)

    def _sleep(self, seconds: float) -> None:
        if seconds > 0 and self.cancel.wait(seconds):
            raise Cancelled("verification was cancelled")
        self._check_cancel()

    def _check_cancel(self) -> None:
        if self.cancel.is_set():
            raise Cancelled("verification was cancelled")


def _key(asked: str) -> tuple[str, int | None]:
    aid = parse_arxiv_id(asked)
    if aid is None:
        return (asked, None)
    return (aid.base, aid.version_number)


def _rate_limited_three_times(retry_after: float | None) -> str:
    """Why the run stopped after three 429s, with the wait arXiv asked for when its last answer said one."""
    said = "arXiv answered 429 'Rate exceeded' three times in a row; stopped asking."
    if retry_after is None:  # (arXiv's 429 usually says no more than "Rate exceeded.")
        return f"{said} It did not say how long to wait: try again in a few minutes."
    return f"{said} It asked to wait {_wait(retry_after)} before asking again."


def _asked_to_wait_too_long(problem: str, retry_after: float, attempt: int, max_attempts: int) -> str:
    """Why the run stopped before its last attempt: arXiv's answer asked for a longer wait than a run waits out.
    Says the answer, the wait and how many attempts were really made (not "three times" after one)."""
    return (f"{problem} and asked to wait {_wait(retry_after)} before asking again, longer than a run waits "
            f"({MAX_RETRY_AFTER:.0f} s): stopped asking after attempt {attempt} of {max_attempts}; try again once "
            "that wait is over.")


def _not_asked_inside_the_wait(wait: arxiv_cache.AskedWait) -> str:
    """Why a run asked nothing: arXiv's earlier answer asked to wait, and until when (local time, never before the
    wait is over: 14:12:20 is "14:13"), and how long is left."""
    said = ("arXiv answered 429 'Rate exceeded'" if wait.http_status == 429
            else f"arXiv answered HTTP {wait.http_status}")
    at = datetime.fromtimestamp(math.ceil(wait.until / 60) * 60).strftime("%H:%M")
    return f"{said} earlier and asked to wait until {at} ({_wait(wait.left)} from now); not asked again before then."


def _wait(seconds: float) -> str:
    """A wait as arXiv's Retry-After gave it, in the unit a person reads it in: "5 s", "3 min" (never less than
    asked: 150 s is 3 min)."""
    seconds = max(1, round(seconds))
    return f"{seconds} s" if seconds < 120 else f"{math.ceil(seconds / 60)} min"


def _retry_after(value: str | None, now: float) -> float | None:
    """Retry-After's seconds (HTTP allows delay-seconds or an HTTP-date): at most arxiv_cache.MAX_KEPT_WAIT (a year,
    a date far ahead: a broken header, most likely); a date gone by is 0; anything else (negative, a fraction,
    words) says no wait: None."""
    if not value:
        return None
    value = value.strip()
    if value.isascii() and value.isdigit():
        return min(float(value), arxiv_cache.MAX_KEPT_WAIT)
    try:
        when = parsedate_to_datetime(value)
        seconds = when.timestamp() - now
    except (TypeError, ValueError, OverflowError, OSError):
        return None
    if when.tzinfo is None:  # (a date without a zone is not an HTTP-date)
        return None
    return min(max(0.0, seconds), arxiv_cache.MAX_KEPT_WAIT)


def _never_connected(exc: requests.ConnectionError) -> bool:
    """The connection was never made (refused, no route, name not resolved), as opposed to one reset mid-answer."""
    reason = exc.args[0] if exc.args else None
    reason = getattr(reason, "reason", reason)  # urllib3's MaxRetryError wraps the cause
    return isinstance(reason, urllib3.exceptions.NewConnectionError)


def _short(exc: Exception) -> str:
    """The network's reason in a few words: "Connection refused: 127.0.0.1:8123", not urllib3's
    "HTTPConnectionPool(host=…): Max retries exceeded with url: /api/query?id_list=…" (the reason cut off)."""
    text = str(exc)
    if "reset" in text.lower() or "aborted" in text.lower():
        return "connection reset"
    host = re.search(r"host='([^']+)', port=(\d+)", text)
    why = re.search(r"\[Errno -?\d+\] ([^'\")\]]+)", text)
    if host and why:
        return f"{why[1].strip()}: {host[1]}:{host[2]}"
    return text if len(text) < 120 else text[:117] + "..."
