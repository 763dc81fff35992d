"""Rule packs: the house rules as data (TOML), validated with errors that name file, line and key.

Format (schema 1) — see resources/rulepacks/llm-infra-survey.toml for a fully commented example:
    schema = 1, name, title, language
    [document]   heading_styles, footer (regex for the closing signature line), claim_zones (unset: see
                 RulePack.zones_audited)
    [counters.NAME]  regex = '…' | literal = '…' | builtin = "lines"|"chars"|"words"|"list_items"; label
    [scopes]     NAME = scope            (named scopes, used by rules and claims)
    [[rules]]    id, title, kind, level, … (kinds: count, required-section, forbidden-pattern,
                 required-pattern, claims, privacy, verifiability, references, figures)
    [claims]     sum_metric, sum_context, [[claims.patterns]] metric, pattern, scope
    [privacy]    see core/privacy.py
    [i18n.LANG]  "the pack's English text" = "its translation" (rule titles, counter labels, scope names,
                 claim labels, messages), used by the window in that language (LANG: zh_CN); the CLI stays as written
A scope is "document" | "header" | "footer" | "here" | a named scope | {section="3.1"} | {sections=[…]} |
{heading='^3\\.[123]'} | {parts=["header","0","footer"]}, optionally with each=true / items=true.
"""

# No `from __future__ import annotations`: dataclass field processing reads real annotations several times
# faster than strings (a millisecond of start-up here); every name an annotation uses is defined above it.

import re
import sys
from dataclasses import field
from difflib import get_close_matches
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from .records import FACTORY, record

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

SCHEMA_VERSION = 1
RULE_KINDS = (
    "count",
    "required-section",
    "forbidden-pattern",
    "required-pattern",
    "claims",
    "privacy",
    "verifiability",
    "references",
    "figures",
    "section-refs",
)
LEVELS = ("error", "warning", "info")
BUILTIN_COUNTERS = ("lines", "chars", "words", "list_items")
PACK_FILENAMES = ("survey-rules.toml", ".survey-rules.toml")
BUILTIN_SCOPES = ("document", "header", "footer", "here")
# The keys each table takes: any other key is a misspelling (`unsupressible`, `maxx`) and refused, never ignored.
TOP_KEYS = ("schema", "name", "title", "language", "document", "counters", "scopes", "rules", "claims", "privacy",
            "i18n")
DOCUMENT_KEYS = ("heading_styles", "footer", "claim_zones")
DEFAULT_ZONES = ("sections", "footer")  # claim_zones a pack leaves unset (see RulePack.zones_audited)
DEFAULT_ZONES_UNDER_TITLE = ("header", "sections", "footer")
COUNTER_KEYS = ("regex", "literal", "builtin", "label")
SCOPE_KEYS = ("section", "sections", "parts", "heading", "each", "items")
CLAIMS_KEYS = ("sum_metric", "sum_context", "patterns")
CLAIM_PATTERN_KEYS = ("metric", "pattern", "scope", "label")
RULE_KEYS = ("id", "title", "kind", "level", "unsuppressible")
KIND_KEYS = {  # what each kind of rule reads besides RULE_KEYS
    "count": ("counter", "scope", "min", "max"),
    "required-section": ("heading", "number", "message"),
    "forbidden-pattern": ("pattern", "patterns", "scope", "message"),
    "required-pattern": ("pattern", "patterns", "scope", "message"),
    "claims": (),
    "privacy": ("max",),
    "verifiability": ("scope", "min"),
    "references": (),
    "figures": (),
    "section-refs": (),
}
ALL_RULE_KEYS = RULE_KEYS + tuple(dict.fromkeys(k for keys in KIND_KEYS.values() for k in keys))
I18N_LANGUAGES = ("en", "zh_CN")  # the languages the window speaks
MEASURED_METRICS = ("list_items", "arxiv_ids", "privacy_hits", "verifiability")  # a claim's metric besides counters


class PackError(Exception):
    """A rule pack that can't be used; str() names the file, line and key."""

    def __init__(self, path: str, line: int | None, key: str, message: str):
        self.path, self.line, self.key, self.message = path, line, key, message
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {key}: {message}" if key else f"{where}: {message}")


class PackWarning(PackError):
    """A slip in a pack that is still usable (an [i18n] key naming nothing the pack has): said, never raised."""


@record(frozen=True)
class Scope:
    """Where a rule or claim pattern applies: the document, a part, sections, or their list items."""

    kind: str  # document | header | footer | here | section | sections | heading | parts
    keys: tuple[str, ...] = ()
    pattern: str = ""
    each: bool = False
    items: bool = False
    label: str = ""

    def __init__(
        self,
        kind: str,
        keys: tuple[str, ...] = (),
        pattern: str = "",
        each: bool = False,
        items: bool = False,
        label: str = "",
    ) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["kind"] = kind
        d["keys"] = keys
        d["pattern"] = pattern
        d["each"] = each
        d["items"] = items
        d["label"] = label

    def describe(self, place: Callable[[str], str] | None = None) -> str:
        """The scope in the users' words; `place` names a section key as the survey numbers it ("7" -> "§七"),
        else "§7"."""
        if self.label:
            return self.label
        name = place or _section_key_name
        if self.kind in BUILTIN_SCOPES:
            base = self.kind
        elif self.kind == "heading":
            base = f"sections matching `{self.pattern}`"
        elif self.kind == "section":
            base = name(self.keys[0])
        else:
            base = " + ".join(k if k in ("header", "footer") else name(k) for k in self.keys)
        if self.items:
            base = f"each list item of {base}"
        elif self.each:
            base = f"each of {base}"
        return base


def _section_key_name(key: str) -> str:
    return "§" + key


_WHOLE_DOCUMENT = Scope("document")


@record(frozen=True)
class CounterDef:
    """A counter of the pack: a regex, a literal or a built-in measure, and its label."""

    name: str
    kind: str  # regex | literal | builtin
    pattern: str = ""
    label: str = ""

    def __init__(self, name: str, kind: str, pattern: str = "", label: str = "") -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["name"] = name
        d["kind"] = kind
        d["pattern"] = pattern
        d["label"] = label


@record(frozen=True)
class RuleDef:
    """One [[rules]] table of the pack, validated."""

    id: str
    title: str
    kind: str
    level: str = "error"
    counter: str = ""
    scope: Scope = _WHOLE_DOCUMENT
    min: float | None = None
    max: float | None = None
    patterns: tuple[str, ...] = ()
    heading: str = ""
    number: str = ""
    message: str = ""
    unsuppressible: bool = False
    line: int | None = None  # where the rule is defined in the pack

    def __init__(
        self,
        id: str,
        title: str,
        kind: str,
        level: str = "error",
        counter: str = "",
        scope: Scope = _WHOLE_DOCUMENT,
        min: float | None = None,
        max: float | None = None,
        patterns: tuple[str, ...] = (),
        heading: str = "",
        number: str = "",
        message: str = "",
        unsuppressible: bool = False,
        line: int | None = None,
    ) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["id"] = id
        d["title"] = title
        d["kind"] = kind
        d["level"] = level
        d["counter"] = counter
        d["scope"] = scope
        d["min"] = min
        d["max"] = max
        d["patterns"] = patterns
        d["heading"] = heading
        d["number"] = number
        d["message"] = message
        d["unsuppressible"] = unsuppressible
        d["line"] = line


class CompiledPatterns(list):
    """claims.compile_patterns' list of (pattern, regex, leading literal), keeping the plan of first looks claims
    made from it (`plan`). Defined here, in an uncompiled module: a class deriving from list cannot be compiled."""

    plan: Any = None
    # the places a figure's text may name before it (the pack's scopes, header, footer), by name in lower case
    places: dict = {}


@record(frozen=True)
class ClaimPattern:
    """A regex that finds a figure the survey states about itself, and the metric it claims."""

    metric: str
    pattern: str
    scope: Scope = _WHOLE_DOCUMENT
    label: str = ""

    def __init__(
        self,
        metric: str,
        pattern: str,
        scope: Scope = _WHOLE_DOCUMENT,
        label: str = "",
    ) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["metric"] = metric
        d["pattern"] = pattern
        d["scope"] = scope
        d["label"] = label


@record
class RulePack:
    """A validated rule pack: counters, scopes, rules, claim patterns and the privacy table."""

    name: str
    title: str
    path: str
    source: str
    language: str = "zh"
    heading_styles: frozenset[str] = frozenset({"numbered", "markdown"})
    footer: str = ""
    # where self-reported figures are audited; None: not set by the pack, see `zones_audited`
    claim_zones: tuple[str, ...] | None = None
    counters: dict[str, CounterDef] = field(default_factory=dict)
    scopes: dict[str, Scope] = field(default_factory=dict)
    rules: list[RuleDef] = field(default_factory=list)
    claim_patterns: list[ClaimPattern] = field(default_factory=list)
    sum_metric: str = ""
    sum_context: str = ""
    privacy: dict[str, Any] = field(default_factory=dict)
    base_dir: Path | None = None
    translations: dict[str, dict[str, str]] = field(default_factory=dict)  # language -> {pack text: translation}
    # (the `privacy` table it was read from, the PrivacyConfig) as checked on loading: the analyzer's, not read twice
    privacy_config: Any = field(default=None, compare=False, repr=False)
    warnings: list[PackWarning] = field(default_factory=list, compare=False)  # slips that leave the pack usable

    def __init__(
        self,
        name: str,
        title: str,
        path: str,
        source: str,
        language: str = "zh",
        heading_styles: frozenset[str] = frozenset({"numbered", "markdown"}),
        footer: str = "",
        claim_zones: tuple[str, ...] | None = None,
        counters: dict[str, CounterDef] = FACTORY,
        scopes: dict[str, Scope] = FACTORY,
        rules: list[RuleDef] = FACTORY,
        claim_patterns: list[ClaimPattern] = FACTORY,
        sum_metric: str = "",
        sum_context: str = "",
        privacy: dict[str, Any] = FACTORY,
        base_dir: Path | None = None,
        translations: dict[str, dict[str, str]] = FACTORY,
        privacy_config: Any = None,
        warnings: list[PackWarning] = FACTORY,
    ) -> None:
        self.name = name
        self.title = title
        self.path = path
        self.source = source
        self.language = language
        self.heading_styles = heading_styles
        self.footer = footer
        self.claim_zones = claim_zones
        self.counters = {} if counters is FACTORY else counters
        self.scopes = {} if scopes is FACTORY else scopes
        self.rules = [] if rules is FACTORY else rules
        self.claim_patterns = [] if claim_patterns is FACTORY else claim_patterns
        self.sum_metric = sum_metric
        self.sum_context = sum_context
        self.privacy = {} if privacy is FACTORY else privacy
        self.base_dir = base_dir
        self.translations = {} if translations is FACTORY else translations
        self.privacy_config = privacy_config
        self.warnings = [] if warnings is FACTORY else warnings

    def rule(self, rule_id: str) -> RuleDef | None:
        return next((r for r in self.rules if r.id == rule_id), None)

    def zones_audited(self, title_block: bool) -> tuple[str, ...]:
        """Where self-reported figures are audited: the pack's claim_zones; a pack that sets none, the sections and
        the footer, and the header too when it is a Markdown survey's title block ("# Title" / "Word count: 812" /
        "## 1 Intro", Outline.title_block): what the author states there is about this survey, and it was audited
        while the title counted as a section. A house survey's lines before its first numbered section (its title
        line, author and notes, which quote earlier versions' figures) stay out, as before."""
        if self.claim_zones is not None:
            return self.claim_zones
        return DEFAULT_ZONES_UNDER_TITLE if title_block else DEFAULT_ZONES

    def limit_of(self, counter: str) -> tuple[float | None, float | None]:
        """(min, max) of the first document-scope count rule on a counter — for status bars and charts."""
        for r in self.rules:
            if r.kind == "count" and r.counter == counter and r.scope.kind == "document" and not r.scope.items:
                return r.min, r.max
        return None, None


def document_counters(pack: Any) -> list[str]:
    """The counters a pack's document-wide count rules limit, in its order, each once: what the status bar heads
    (the house pack's cjk, cautions and lines; the English pack's words and lines) and the History list shows."""
    names: list[str] = []
    for rule in getattr(pack, "rules", ()):
        if rule.kind == "count" and rule.scope.kind == "document" and not rule.scope.items and rule.counter not in names:
            names.append(rule.counter)
    return names


def load_pack(path: str | Path) -> RulePack:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise PackError(str(p), None, "", "rule pack file not found") from None
    except IsADirectoryError:
        raise PackError(str(p), None, "", "rule pack is a folder, not a file") from None
    except OSError as exc:
        raise PackError(str(p), None, "", f"cannot read rule pack ({exc.strerror or exc})") from None
    try:
        source = raw.decode("utf-8-sig")  # a byte-order mark (Notepad's "UTF-8 with BOM") is not TOML text
    except UnicodeDecodeError as exc:  # (the line of the first byte that is not: a GBK title, a UTF-16 file's first)
        raise PackError(str(p), raw.count(b"\n", 0, exc.start) + 1, "", "rule pack is not UTF-8 text") from None
    return parse_pack(source, str(p), base_dir=p.parent)


def house_pack() -> RulePack:
    from ..resources_path import house_pack_path

    return load_pack(house_pack_path())


def bundled_packs() -> list[Path]:
    from ..resources_path import resource_path

    return sorted(resource_path("rulepacks").glob("*.toml"))


@lru_cache(maxsize=None)
def bundled_by_name() -> dict[str, tuple[Path, str]]:
    """Each bundled pack's name -> (its resolved path, its text): the pack a snapshot names, and the pack another
    file's may pretend to be (`pack_origin`). Read once: the bundled files don't change while the program runs."""
    out: dict[str, tuple[Path, str]] = {}
    for path in bundled_packs():
        try:
            text = path.read_bytes().decode("utf-8-sig")
            name = tomllib.loads(text).get("name")
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
        if isinstance(name, str):
            out[name] = (path.resolve(), text)
    return out


def find_pack_for(survey_path: str | Path | None) -> Path | None:
    """A pack beside the survey (survey-rules.toml) wins over the house pack."""
    if not survey_path:
        return None
    folder = Path(survey_path).resolve().parent
    for name in PACK_FILENAMES:
        cand = folder / name
        if cand.is_file():
            return cand
    return None


_TOML_LINE = re.compile(r"at line (\d+)")
_DECLARED_TWICE = re.compile(r"Cannot declare \(([^)]*)\) twice")


def _toml_error_line(source: str, exc: Exception) -> tuple[int | None, str]:
    """The line a TOML syntax error names, and (when not tomllib's own words) what to say. tomllib places an
    error at the end of the document with no line: a multi-line string never closed is named where it opens (its
    delimiter's last occurrence: any later one would have closed it); a file ending without a newline in a line cut
    short is read again with one (tomllib then names that line); else the last line that holds anything."""
    m = _TOML_LINE.search(str(exc))
    if m:
        return int(m.group(1)), ""
    detail = str(exc)
    if not detail.endswith("(at end of document)"):
        return None, ""
    if not source.endswith(("\n", "\r")):
        try:
            tomllib.loads(source + "\n")
        except tomllib.TOMLDecodeError as again:
            m = _TOML_LINE.search(str(again))
            if m:
                return int(m.group(1)), str(again)
            source += "\n"
            detail = str(again)
    for delim, opens in (("'''", 'Expected "\'\'\'"'), ('"""', "Unterminated string")):
        at = source.rfind(delim)
        if detail.startswith(opens) and at >= 0:
            line = source.count("\n", 0, at) + 1
            return line, f"the multi-line string opened with {delim} on line {line} is never closed"
    written = [i for i, text in enumerate(source.splitlines(), 1) if text.strip()]
    return (written[-1] if written else None), ""


def parse_pack(source: str, path: str = "<pack>", *, base_dir: Path | None = None) -> RulePack:
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        line, said = _toml_error_line(source, exc)
        if said:
            raise PackError(path, line, "", f"TOML syntax error: {said}") from None
        twice = _DECLARED_TWICE.match(str(exc))
        if twice is not None and line:  # "[claims.patterns]" among "[[claims.patterns]]": one bracket, a slip
            dotted = ".".join(re.findall(r"'([^']*)'", twice.group(1)))
            lines = source.splitlines()
            written = lines[line - 1].strip() if line <= len(lines) else ""
            if f"[[{dotted}]]" in source and written.startswith(f"[{dotted}]"):
                raise PackError(path, line, dotted, f"must be an array of tables: write [[{dotted}]], with two "
                                                    "brackets") from None
        raise PackError(path, line, "", f"TOML syntax error: {exc}") from None
    loc = _Locator(source, path)
    _refuse_backspace(data, source, path)
    _known_keys(data, TOP_KEYS, "", loc, "a pack")
    schema = data.get("schema")
    if schema is None:
        raise loc.error("schema", f"missing; the pack starts with schema = {SCHEMA_VERSION}")
    if isinstance(schema, int) and not isinstance(schema, bool) and schema > SCHEMA_VERSION:
        raise loc.error("schema", f"schema {schema} is of a newer Survey Editor than this one (it reads schema "
                                  f"{SCHEMA_VERSION}): update the program")
    if schema != SCHEMA_VERSION:
        raise loc.error("schema", f"schema must be {SCHEMA_VERSION} (found {schema!r})")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise loc.error("name", "a pack needs a name")
    doc = _table(data, "document", loc)
    _known_keys(doc, DOCUMENT_KEYS, "document.", loc, "[document]", table="[document]")
    styles = doc.get("heading_styles", ["numbered", "markdown"])
    _refuse_near_word(styles, "heading_styles", ("numbered", "markdown"), "heading style", loc)
    if not isinstance(styles, list) or not set(styles) <= {"numbered", "markdown"} or not styles:
        raise loc.error("heading_styles", 'must be a list of "numbered" and/or "markdown"', table="[document]",
                        shown="document.heading_styles")
    footer = doc.get("footer", "")
    _check_regex(footer, "footer", loc, table="[document]", shown="document.footer")
    zones = doc.get("claim_zones")
    _refuse_near_word(zones, "claim_zones", ("header", "sections", "footer"), "claim zone", loc)
    if zones is not None and (not isinstance(zones, list) or not set(zones) <= {"header", "sections", "footer"}):
        raise loc.error("claim_zones", 'must be a list of "header", "sections", "footer"', table="[document]",
                        shown="document.claim_zones")
    pack = RulePack(
        name=name,
        title=_text(data, "title", loc, name),
        path=path,
        source=source,
        language=_text(data, "language", loc, "zh"),
        heading_styles=frozenset(styles),
        footer=footer,
        claim_zones=None if zones is None else tuple(zones),
        base_dir=base_dir,
    )
    for cname, spec in _table(data, "counters", loc).items():
        pack.counters[cname] = _counter(cname, spec, loc)
    if not pack.counters:
        raise loc.error("counters", "a pack needs at least one counter")
    scope_specs = _table(data, "scopes", loc)
    loc.scope_names = tuple(scope_specs)  # (a `parts` may name one written below it)
    # a scope naming another ("caveats" = "limitations") is read after the tables, wherever that one is written
    for sname, spec in sorted(scope_specs.items(), key=lambda named: isinstance(named[1], str)):
        if sname in BUILTIN_SCOPES:  # a rule naming it would get the built-in one, and this table would be ignored
            raise loc.error(sname, f'"{sname}" is a scope of its own ({", ".join(BUILTIN_SCOPES)}); give this one '
                                   "another name", table="[scopes]", shown=f"scopes.{sname}")
        pack.scopes[sname] = _scope(spec, f"scopes.{sname}", loc, pack, label=sname, table=loc.scope_table(sname))
    pack.scopes = {sname: pack.scopes[sname] for sname in scope_specs}  # in the order written
    rules = data.get("rules", [])
    if not isinstance(rules, list):
        raise loc.error("rules", "must be an array of tables ([[rules]])")
    if not rules:  # a pack that checks nothing would pass every survey, in CI too
        raise loc.error("rules", "a pack needs at least one [[rules]] table: with none, nothing is checked")
    seen: dict[str, RuleDef] = {}
    for i, spec in enumerate(rules):
        rule = _rule(i, spec, loc, pack)
        if rule.id in seen:
            first = seen[rule.id].line
            raise loc.error("id", f"rule id {rule.id!r} is used twice" + (f" (first at line {first})" if first else ""),
                            rule_index=i)
        seen[rule.id] = rule
        pack.rules.append(rule)
    claims = _table(data, "claims", loc)
    _known_keys(claims, CLAIMS_KEYS, "claims.", loc, "[claims]", table="[claims]")
    pack.sum_metric = str(claims.get("sum_metric", ""))
    pack.sum_context = str(claims.get("sum_context", ""))
    if pack.sum_metric and pack.sum_metric not in pack.counters:
        raise loc.error("sum_metric", f"unknown counter {pack.sum_metric!r}{_suggestion(pack.sum_metric, pack.counters)}",
                        table="[claims]", shown="claims.sum_metric")
    _check_sum_context(claims, pack, loc)
    claim_patterns = claims.get("patterns", [])
    if not isinstance(claim_patterns, list):  # "[claims.patterns]": one table, whose keys were read as patterns
        raise loc.error("patterns", "must be an array of tables: write [[claims.patterns]], with two brackets",
                        needle=loc.header("claims.patterns"), shown="claims.patterns")
    for j, cp in enumerate(claim_patterns):
        key = f"claims.patterns[{j}]"
        if not isinstance(cp, dict):
            raise loc.error("patterns", "each claim pattern is a table with metric and pattern", table="[claims]",
                            shown=key)
        # a misspelt key first: "metrc" is named at its line, not reported as "metric missing" at the table's header
        _known_keys(cp, CLAIM_PATTERN_KEYS, key + ".", loc, "a claim pattern", entry=("[[claims.patterns]]", j))
        for needed in ("metric", "pattern"):
            if needed not in cp:
                raise loc.error(needed, "missing: a claim pattern needs metric and pattern",
                                entry=("[[claims.patterns]]", j), shown=f"{key}.{needed}")
        _check_regex(cp["pattern"], "pattern", loc, needle=cp["pattern"], shown=key + ".pattern")
        if "(?P<value" not in cp["pattern"]:
            raise loc.error("pattern", "needs a (?P<value>…) or (?P<values>…) group", needle=cp["pattern"],
                            shown=key + ".pattern")
        _refuse_near_metric(str(cp["metric"]), pack, loc, j)
        scope = _scope(cp.get("scope", "document"), key + ".scope", loc, pack, entry=("[[claims.patterns]]", j))
        label = _text(cp, "label", loc, "", entry=("[[claims.patterns]]", j), shown=key + ".label")
        pack.claim_patterns.append(ClaimPattern(str(cp["metric"]), cp["pattern"], scope, label))
    _refuse_claims_unaudited(pack, loc)
    privacy = data.get("privacy", {})
    if not isinstance(privacy, dict):
        raise loc.error("privacy", "must be a table")
    pack.privacy = privacy
    pack.privacy_config = (privacy, _privacy_config(privacy, base_dir, loc))
    _refuse_runaway_privacy(privacy, loc)
    _refuse_slow(loc)
    _refuse_privacy_unjudged(pack, loc, "privacy" in data)
    pack.translations = _translations(data, loc)
    pack.warnings.extend(_unused_translations(pack, loc))
    return pack


_REGEX_SYNTAX = re.compile(r"\\|\(\?|\||\.\*|\[[^\]]*\]")  # \s, (?i), a|b, .*, [0-9]


def _check_sum_context(claims: dict, pack: RulePack, loc: "_Locator") -> None:
    """sum_context is plain text a line must hold (in any case: claims._add_sum) for the labelled parts of its sums
    to be read as sum_metric: a regex there ('(?i)words') was looked for letter by letter, found on no line, and the
    parts went unchecked without a word."""
    if "sum_context" not in claims:
        return
    context = claims["sum_context"]
    error = lambda message: loc.error("sum_context", message, table="[claims]", shown="claims.sum_context")
    if not isinstance(context, str):
        raise error(f"must be text in quotes, e.g. \"CJK\" (found {context!r})")
    if not pack.sum_metric:
        raise error("sum_context only says where sum_metric applies: without sum_metric it does nothing")
    if _REGEX_SYNTAX.search(context):
        raise error(f"is plain text a line must contain as written (e.g. \"words\"), not a regular expression: "
                    f"'{context}' would be looked for letter by letter")


def _refuse_claims_unaudited(pack: RulePack, loc: "_Locator") -> None:
    """Claim patterns (or a sum_metric) are read only by a rule of kind "claims": without one the audit never ran
    and survey-check said "0 self-reported figures", exit 0, however wrong the figures the patterns find."""
    if any(rule.kind == "claims" for rule in pack.rules) or not (pack.claim_patterns or pack.sum_metric):
        return
    what = "claims.patterns" if pack.claim_patterns else "claims.sum_metric"
    needle = loc.header("claims.patterns") if pack.claim_patterns else None
    raise loc.error(what.split(".")[1], 'unused: no rule audits self-reported figures; add a [[rules]] table with '
                                        'kind = "claims" (id = "claims", title = "Self-reported figures"), or leave '
                                        "[claims] out", needle=needle, table="" if needle else "[claims]", shown=what)


def _refuse_privacy_unjudged(pack: RulePack, loc: "_Locator", written: bool) -> None:
    """A [privacy] table (names, org codes) is for a rule of kind "privacy": without one, survey-check passed a survey
    holding an internal code, an address and a password, exit 0 and not a word of them, while the window showed
    them on red and the report refused to export."""
    if not written or any(rule.kind == "privacy" for rule in pack.rules):
        return
    raise loc.error("privacy", 'unused: no rule judges the private-data scan; add a [[rules]] table with '
                               'kind = "privacy" (id = "privacy", title = "No private data"), or leave [privacy] out',
                    needle=loc.header("privacy"), shown="privacy")


def _refuse_near_metric(metric: str, pack: RulePack, loc: "_Locator", j: int) -> None:
    """A metric that is no counter is listed as stated and never measured (the house pack's github_verified); one a
    letter or a case away from a counter ("word", "CJK") is a slip that would leave the figure unchecked."""
    measured = [*pack.counters, *MEASURED_METRICS]
    if metric in measured:
        return
    if _labelled(metric, pack):  # "行", a counter's label: the figure would be listed as stated, never measured
        raise loc.error("metric", f"unknown metric {metric!r}{_labelled(metric, pack)}",
                        entry=("[[claims.patterns]]", j), shown=f"claims.patterns[{j}].metric")
    by_lower = {m.lower(): m for m in measured}
    close = get_close_matches(metric.lower(), list(by_lower), n=1, cutoff=0.8)
    if close:
        raise loc.error("metric", f'unknown metric {metric!r}; did you mean "{by_lower[close[0]]}"? (a metric that is '
                                  "no counter is only listed as stated, never measured)",
                        entry=("[[claims.patterns]]", j), shown=f"claims.patterns[{j}].metric")


def _labelled(name: str, pack: RulePack) -> str:
    """'; did you mean "lines"? (that is its label)' when a rule or claim names a counter by its label ("行", what
    the tables show), else ''."""
    counter = next((c for c in pack.counters.values() if c.label == name and c.name != name), None)
    return f'; did you mean "{counter.name}"? (that is its label)' if counter else ""


_BASIC_STRING_BACKSPACE = re.compile(r'^[^#]*?"(?:[^"\\]|\\[^b])*\\b')  # "…\b…" (not '…\b…', not a comment)


def _refuse_backspace(data: Any, source: str, path: str) -> None:
    """TOML reads "\\bTODO\\b" (double quotes) as a backspace, TODO, a backspace: a pattern that never matches, so a
    forbidden one passed every survey without a word. No pack means a backspace; the first one found is refused."""
    def first(value: Any, key: str) -> tuple[str, str] | None:
        if isinstance(value, str):
            return (key, value) if "\b" in value else None
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for k, v in items:
            found = first(v, f"{key}[{k}]" if isinstance(k, int) else f"{key}.{k}" if key else str(k))
            if found:
                return found
        return None

    found = first(data, "") if "\\b" in source or "\b" in source else None
    if found is not None:
        key, value = found
        line = next((i for i, text in enumerate(source.splitlines(), 1) if _BASIC_STRING_BACKSPACE.search(text)), None)
        meant = value.replace("\b", "\\b")
        raise PackError(path, line, key, '"\\b" in double quotes is a backspace in TOML, not a word boundary: write it '
                                         f"in single quotes, '{meant}'")


_PRIVACY_KEY = re.compile(r"privacy\.(?P<key>\w+)(?P<index>\[\d+\])?: ")


def _privacy_config(privacy: dict, base_dir: Path | None, loc: "_Locator") -> Any:
    """The [privacy] table read as the scan will use it; a bad key is a PackError with its line."""
    from .privacy import PrivacyConfig

    try:
        return PrivacyConfig.from_dict(privacy, base_dir)
    except ValueError as exc:  # "privacy.org_patterns[0]: invalid regular expression: …"
        m = _PRIVACY_KEY.match(str(exc))
        if m is None:
            raise PackError(loc.path, None, "privacy", str(exc)) from None
        line = loc.line_of(m.group("key"), table="[privacy]")
        items = privacy.get(m.group("key"))
        if line and m.group("index") and isinstance(items, list):  # a list written over several lines: the item's
            line = loc.item_line(line, items[int(m.group("index")[1:-1])])
        raise PackError(loc.path, line, m.group(0)[:-2], str(exc)[m.end():]) from None


def _refuse_runaway_privacy(privacy: dict, loc: "_Locator") -> None:
    """[privacy]'s own patterns (org_patterns, path_patterns, allow_patterns) are run on every line as the rules'
    are: one that could run away is refused the same way, at its line."""
    for key in ("org_patterns", "path_patterns", "allow_patterns"):
        for i, pattern in enumerate(privacy.get(key) or ()):
            line = loc.line_of(key, table="[privacy]")
            line = loc.item_line(line, pattern) if line else line
            _refuse_runaway(pattern, lambda message, line=line, i=i, key=key:
                            PackError(loc.path, line, f"privacy.{key}[{i}]", message), loc)


def _translations(data: dict, loc: "_Locator") -> dict[str, dict[str, str]]:
    """[i18n.zh_CN] "CJK characters ≤ 3,900" = "CJK 字数 ≤ 3,900": the pack's own words in other languages."""
    out: dict[str, dict[str, str]] = {}
    for lang, table in _table(data, "i18n", loc).items():
        if not isinstance(table, dict):
            raise loc.error(lang, 'a language of [i18n] is a table: "English text" = "translation"', table="[i18n")
        if lang not in I18N_LANGUAGES:
            close = get_close_matches(lang, I18N_LANGUAGES, n=1, cutoff=0.5)
            raise loc.error(lang, f"unknown language; write [i18n.{close[0] if close else 'zh_CN'}] (the window speaks "
                                  f"{' and '.join(I18N_LANGUAGES)})", needle=f"i18n.{lang}", shown=f"i18n.{lang}")
        for text, translated in table.items():
            if not isinstance(translated, str):
                raise loc.error(text, "a translation must be a string", needle=text, table=f"[i18n.{lang}]",
                                shown=f'i18n.{lang}."{text}"')
        out[lang] = dict(table)
    return out


def pack_texts(pack: RulePack) -> set[str]:
    """The words of a pack an [i18n] table can translate: its title, rule ids, titles and messages, counter names
    and labels, scope names, claim metrics and labels (the window looks each up as written)."""
    texts = {pack.name, pack.title, pack.sum_metric, *MEASURED_METRICS, "arxiv_ids"}
    for name, counter in pack.counters.items():
        texts |= {name, counter.label}
    for name, scope in pack.scopes.items():
        texts |= {name, scope.label}
    for rule in pack.rules:
        texts |= {rule.id, rule.title, rule.message, rule.counter, rule.scope.label}
    for cp in pack.claim_patterns:
        texts |= {cp.metric, cp.label, cp.scope.label}
    texts.discard("")
    return texts


def _unused_translations(pack: RulePack, loc: "_Locator") -> list[PackWarning]:
    """A translation whose key names nothing the pack has ("At most 200 line") is never used: the Chinese window
    shows the English words. Said with the text it was probably meant for; the pack is still used."""
    if not pack.translations:
        return []
    texts = pack_texts(pack)
    out = []
    for lang, table in pack.translations.items():
        for text in table:
            if text in texts:
                continue
            close = get_close_matches(text, list(texts), n=1, cutoff=0.6)
            hint = "unused: the pack has no rule, counter, scope, label or message written so" + (
                f'; did you mean "{close[0]}"?' if close else " (a key is the pack's text as written, e.g. a rule's title)")
            line = loc.line_of(text, table=f"[i18n.{lang}]")
            out.append(PackWarning(loc.path, line, f'i18n.{lang}."{text}"', hint))
    return out


_TABLE_HEADER = re.compile(r"\s*\[\[?[^\[\]]+\]\]?\s*(?:#.*)?$")  # [counters.cjk], [[rules]]


class _Locator:
    """Finds the line of a key in the pack source, for error messages."""

    def __init__(self, source: str, path: str):
        self.lines = source.splitlines()
        self.path = path
        self._starts: dict[str, list[int]] = {}  # header ("[[rules]]") -> line index of each entry, on first need
        self.scope_names: tuple[str, ...] = ()  # the names [scopes] gives, read before any scope is
        # (pattern, the part at fault, its error) of the patterns regex_runaway was unsure of: timed at the end
        self.unsure: list[tuple[str, str, Callable[[str], PackError]]] = []

    def line_of(self, key: str, rule_index: int | None = None, needle: str | None = None, table: str = "",
                entry: tuple[str, int] | None = None) -> int | None:
        start, found = 0, False
        if table:
            start = next((i for i, l in enumerate(self.lines) if l.strip().startswith(table)), -1)
            start, found = max(start, 0), start >= 0
            if found and not table.startswith("["):  # one line of a table: a scope written inline (scope_table)
                return start + 1  # (its key, or where the key it lacks belongs)
        if rule_index is not None:
            entry = ("[[rules]]", rule_index)
        if entry is not None:
            starts = self._starts_of(entry[0])
            if entry[1] < len(starts):
                start, found = starts[entry[1]], True
        # within the table or [[rules]] entry found: a key missing there is not another rule's key further down
        end = next((i for i in range(start + 1, len(self.lines)) if _TABLE_HEADER.match(self.lines[i])),
                   len(self.lines)) if found else len(self.lines)
        if needle:
            for i in range(start, end):
                if needle in self.lines[i]:
                    return i + 1
        for i in range(start, end):
            line = self.lines[i]
            # "key = …" on its own line, or inside an inline table: "scope = { section = "3", each = true }"
            if key in line and re.search(rf"(?:^|[{{,])\s*\"?{re.escape(key)}\"?\s*=", line):
                return i + 1
        if not table and entry is None:  # a table of its own: "[documents]", "[[rule]]"
            for i, line in enumerate(self.lines):
                if re.match(rf"\s*\[\[?\s*{re.escape(key)}\s*[.\]]", line):
                    return i + 1
        return start + 1 if found else None

    def item_line(self, line: int, value: Any) -> int:
        """The line of `value` in the list whose key is on `line` (its own, when the list is written one item a
        line), else `line`."""
        if not isinstance(value, str):
            return line
        written = (f"'{value}'", '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"')
        for i in range(line - 1, len(self.lines)):
            text = self.lines[i]
            if i >= line and (_TABLE_HEADER.match(text) or re.match(r"\s*[A-Za-z0-9_.-]+\s*=", text)):
                break  # the next (bare) key or table: the list has ended (its items are quoted)
            if any(w in text for w in written):
                return i + 1
        return line

    def scope_table(self, name: str) -> str:
        """What `line_of(table=…)` starts from for the scope `name` of [scopes]: its own "[scopes.NAME]" header, or
        its line in [scopes] (`legal = { section = "4.4" }`), so an error in a later scope is not placed at the
        first scope holding the same key."""
        header = self.header(f"scopes.{name}")
        if header is not None:
            return header
        key = re.compile(rf"""\s*(?:{re.escape(name)}|"{re.escape(name)}"|'{re.escape(name)}')\s*=""")
        in_scopes = False
        for line in self.lines:
            if _TABLE_HEADER.match(line):
                in_scopes = line.split("#")[0].strip().replace(" ", "") == "[scopes]"
            elif in_scopes and key.match(line):
                return line.strip()
        return "[scopes]"

    def header(self, dotted: str) -> str | None:
        """The line "[claims.pattern]", "[[claims.pattern]]" or "[counter.words]" when `dotted` is written as a table
        of its own (its key, "pattern", would be looked for as "pattern = …", another table's line), else None."""
        rx = re.compile(rf"\s*\[\[?\s*{re.escape(dotted)}\s*[.\]]")
        return next((line.strip() for line in self.lines if rx.match(line)), None)

    def _starts_of(self, header: str) -> list[int]:
        starts = self._starts.get(header)
        if starts is None:
            starts = self._starts[header] = [i for i, line in enumerate(self.lines) if line.strip().startswith(header)]
        return starts

    def error(self, key: str, message: str, rule_index: int | None = None, needle: str | None = None,
              table: str = "", entry: tuple[str, int] | None = None, shown: str = "") -> PackError:
        shown = shown or (f"rules[{rule_index}].{key}" if rule_index is not None else key)
        return PackError(self.path, self.line_of(key, rule_index, needle, table, entry), shown, message)


def _known_keys(spec: dict, known: tuple[str, ...], prefix: str, loc: "_Locator", what: str,
                rule_index: int | None = None, table: str = "", entry: tuple[str, int] | None = None,
                elsewhere: tuple[str, ...] = ()) -> None:
    """Refuse a key the table does not take, naming the key it was probably meant to be."""
    for key in spec:
        if key in known:
            continue
        if key in elsewhere:  # a real key, but this kind of rule has no use for it
            hint = f"{what} does not use it (it takes {', '.join(known)})"
        else:
            close = get_close_matches(key, known, n=1, cutoff=0.6)
            hint = f'unknown key; did you mean "{close[0]}"?' if close else f"unknown key ({what} takes {', '.join(known)})"
        header = loc.header(prefix + key)
        if header is not None:  # "[claims.pattern]", "[counter.words]": a table of its own, named at its header
            raise PackError(loc.path, loc.line_of(key, needle=header), prefix + key, hint)
        raise loc.error(key, hint, rule_index, table=table, entry=entry, shown=prefix + key)


def _refuse_near_word(values: Any, key: str, known: tuple[str, ...], what: str, loc: "_Locator") -> None:
    """A listed word a letter away from a known one ("markdwon", "headers") is named with the word meant."""
    for value in values if isinstance(values, list) else ():
        close = get_close_matches(value, known, n=1, cutoff=0.6) if isinstance(value, str) and value not in known else []
        if close:
            raise loc.error(key, f'unknown {what} {value!r}; did you mean "{close[0]}"?', table="[document]",
                            shown=f"document.{key}")


def _suggestion(word: str, known, otherwise: str = "") -> str:
    """'; did you mean "X"?' for the closest of `known` ('"X" or "Y"' when two are as few edits away: "hear" is as
    near "header" as "here", and naming one would change the meaning), else ' (one of A, B…)'."""
    known = list(known)
    close = get_close_matches(word, known, n=len(known) or 1, cutoff=0.6)
    if not close:
        return f" (one of {', '.join(known)}{otherwise})"
    fewest = min(_edits(word, name) for name in close)
    return "; did you mean " + " or ".join(f'"{name}"' for name in close if _edits(word, name) == fewest) + "?"


def _edits(a: str, b: str) -> int:
    """Letters to insert, delete or change to turn `a` into `b` (the names of a pack are short)."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def _table(data: dict, key: str, loc: _Locator) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise loc.error(key, "must be a table")
    return value


def _check_regex(pattern: Any, key: str, loc: _Locator, rule_index: int | None = None, needle: str | None = None,
                 table: str = "", shown: str = ""):
    if not isinstance(pattern, str):
        raise loc.error(key, "must be a string (a regular expression)", rule_index, table=table, shown=shown)
    try:
        re.compile(pattern)
    except re.error as exc:
        raise loc.error(key, f"invalid regular expression: {exc}", rule_index, needle, table, shown=shown) from None
    _refuse_runaway(pattern, lambda message: loc.error(key, message, rule_index, needle, table, shown=shown), loc)


def _refuse_runaway(pattern: str, error: Callable[[str], PackError], loc: "_Locator") -> None:
    """A pattern that could backtrack for ever on some line ('(a+)+b', '(\\S+\\s?)+[0-9]{5}$') is refused, naming
    the repetition at fault: re can't be stopped once it runs, and the checking (the window with it) would hang
    (regex_runaway). One whose shape leaves it unsure is timed once the pack is read (`_refuse_slow`)."""
    from .regex_runaway import verdict

    judged, part = verdict(pattern)
    if judged == "runaway":
        raise error(f"'{part}' can run for ever: its text can be split among its repetitions in more than one way "
                    "(a quantifier inside a quantifier, or alternatives that match the same text), and every way is "
                    "tried on a line the pattern doesn't match; write it so a repetition can match a text only one "
                    "way (e.g. '(a+)+' → 'a+', '(\\S+\\s?)+' → '\\S+(?:\\s\\S+)*\\s?')")
    if judged == "unsure":
        loc.unsure.append((pattern, part, error))


def _refuse_slow(loc: "_Locator") -> None:
    """The patterns whose shape left regex_runaway unsure, timed together in a child process (regex_trial): one too
    slow on a test line is refused; the others are remembered as safe (regex_cache keeps them for the next run)."""
    if not loc.unsure:
        return
    from .regex_runaway import remember_safe
    from .regex_trial import too_slow

    slow = too_slow([(pattern, 0) for pattern, _part, _error in loc.unsure])
    if slow is not None:
        i, seconds, line = slow
        pattern, part, error = loc.unsure[i]
        sample = line[:12] + ("…" if len(line) > 13 else "") + line[-1:] if len(line) > 13 else line
        raise error(f"'{pattern}' is too slow: it took over {seconds} s on a test line of {len(line):,} characters "
                    f"({sample!r}), and a survey line like it would hold the checking up; write '{part}' so a "
                    "repetition can match a text only one way")
    remember_safe((pattern, 0) for pattern, _part, _error in loc.unsure)
    loc.unsure.clear()


# '^## Limitations', '(?i)^#+\s*limitations', '## Limitations': a heading's # marks and the space after them
_HEADING_MARKS = re.compile(r"^(?P<flags>\(\?[aiLmsux]+\))?(?P<anchor>\^?)(?:\\?#[+*]?)+(?P<space>(?:\\s[*+?]?|\s)*)")


def _refuse_heading_marks(pattern: str, loc: "_Locator", rule_index: int | None = None, table: str = "",
                          shown: str = "") -> None:
    """A heading pattern is searched in the heading without its # marks ("4 Limitations"): '^## Limitations' could
    never match, and a required section would be reported missing while it is there."""
    m = _HEADING_MARKS.match(pattern)
    if m is None or not m.group("space"):  # ('C#', '^#1': a title may hold a # of its own)
        return
    meant = (m.group("flags") or "") + m.group("anchor") + pattern[m.end():]
    raise loc.error("heading", f"a heading is matched without its # marks (\"4 Limitations\", \"Limitations\"), so "
                               f"'{pattern}' matches no heading: write '{meant}'", rule_index, needle=pattern,
                    table=table, shown=shown)


def _refuse_empty_match(pattern: str, key: str, loc: _Locator, why: str, rule_index: int | None = None,
                       table: str = "", shown: str = "") -> None:
    """A pattern that matches where there is nothing ('', 'TODO|', '(x)?', '\\s*') is a slip: found at every
    position, it never measures what was meant. Anchored ones ('(?m)^$', a blank line) are found only where they say."""
    m = re.compile(pattern).match("\x00")
    if m is not None and m.end() == 0:
        raise loc.error(key, f"{pattern!r} matches an empty text: {why}", rule_index, needle=pattern or None,
                        table=table, shown=shown)


def _counter(name: str, spec: Any, loc: _Locator) -> CounterDef:
    if not isinstance(spec, dict):
        raise loc.error(name, "a counter is a table with regex, literal or builtin")
    _known_keys(spec, COUNTER_KEYS, f"counters.{name}.", loc, "a counter", table=f"[counters.{name}]")
    label = _text(spec, "label", loc, name, table=f"[counters.{name}]", shown=f"counters.{name}.label")
    given = [k for k in ("regex", "literal", "builtin") if k in spec]
    if len(given) > 1:  # one would be used and the other ignored
        raise loc.error(given[1], f"a counter takes one of regex, literal or builtin, not {' and '.join(given)}",
                        table=f"[counters.{name}]", shown=f"counters.{name}.{given[1]}")
    if "regex" in spec:
        _check_regex(spec["regex"], "regex", loc, table=f"[counters.{name}]", shown=f"counters.{name}.regex")
        _refuse_empty_match(spec["regex"], "regex", loc, "it would count every position of the text",
                            table=f"[counters.{name}]", shown=f"counters.{name}.regex")
        return CounterDef(name, "regex", spec["regex"], label)
    if "literal" in spec:
        if not isinstance(spec["literal"], str) or not spec["literal"]:
            raise loc.error("literal", "must be a non-empty string", table=f"[counters.{name}]",
                            shown=f"counters.{name}.literal")
        return CounterDef(name, "literal", spec["literal"], label)
    if spec.get("builtin") in BUILTIN_COUNTERS:
        return CounterDef(name, "builtin", spec["builtin"], label)
    close = get_close_matches(str(spec.get("builtin")), BUILTIN_COUNTERS, n=1, cutoff=0.6) if "builtin" in spec else []
    if close:  # builtin = "word"
        raise loc.error("builtin", f'unknown builtin counter {spec["builtin"]!r}; did you mean "{close[0]}"?',
                        table=f"[counters.{name}]", shown=f"counters.{name}.builtin")
    found = f" (found {spec['builtin']!r})" if "builtin" in spec else ""
    raise loc.error("builtin", f"a counter needs regex, literal or builtin = one of {', '.join(BUILTIN_COUNTERS)}{found}",
                    table=f"[counters.{name}]", shown=f"counters.{name}")


def _scope(spec: Any, key: str, loc: _Locator, pack: RulePack, label: str = "", rule_index=None,
           entry: tuple[str, int] | None = None, table: str = "", here: bool = True) -> Scope:
    """`here`: whether "here" (where a claim stands) may be named in this place; a rule's scope may not, so an
    unknown name there is offered the other scopes only (_rule refuses "here" itself, saying why)."""
    prefix = (f"rules[{rule_index}]." if rule_index is not None else "") + key
    last = key.rsplit(".", 1)[-1]

    def error(message: str, name: str = last, shown: str = prefix) -> PackError:
        return loc.error(name, message, rule_index, table=table, entry=entry, shown=shown)

    if isinstance(spec, str):
        if spec in BUILTIN_SCOPES:
            return Scope(spec, label=label)
        if spec in pack.scopes:
            return pack.scopes[spec]
        known = [*(b for b in BUILTIN_SCOPES if here or b != "here"),
                 *(name for name, named in pack.scopes.items() if here or named.kind != "here")]
        raise error(f"unknown scope {spec!r}{_suggestion(spec, known, ', or a table')}")
    if not isinstance(spec, dict):
        raise error("a scope is a name or a table")
    _known_keys(spec, SCOPE_KEYS, prefix + ".", loc, "a scope table", rule_index, table=table, entry=entry)
    each = _flag(spec, "each", loc, rule_index, table=table, entry=entry, shown=f"{prefix}.each")
    items = _flag(spec, "items", loc, rule_index, table=table, entry=entry, shown=f"{prefix}.items")
    given = [k for k in ("section", "sections", "parts", "heading") if k in spec]
    if len(given) > 1:  # one would be used and the other ignored
        raise error(f"a scope table takes one of section, sections, parts or heading, not {' and '.join(given)}",
                    given[1], f"{prefix}.{given[1]}")
    for many in ("sections", "parts"):
        if many in spec and not (isinstance(spec[many], list) and spec[many]):
            raise error(f'must be a list, e.g. {many} = ["1", "2"] (found {spec[many]!r})', many, f"{prefix}.{many}")
    for name in ("section", "sections", "parts"):
        for value in (spec[name] if isinstance(spec.get(name), list) else [spec[name]] if name in spec else []):
            if not _section_number_ok(value):
                raise error(_section_number_hint(value), name, f"{prefix}.{name}")
    _refuse_unknown_places(spec, loc, error, prefix)
    if "section" in spec:
        return Scope("section", (str(spec["section"]),), each=each, items=items, label=label)
    if "sections" in spec:
        return Scope("sections", tuple(str(s) for s in spec["sections"]), each=each, items=items, label=label)
    if "parts" in spec:
        return Scope("parts", tuple(str(s) for s in spec["parts"]), each=each, items=items, label=label)
    if "heading" in spec:
        _check_regex(spec["heading"], "heading", loc, rule_index, table=table, shown=f"{prefix}.heading")
        _refuse_heading_marks(spec["heading"], loc, rule_index, table=table, shown=f"{prefix}.heading")
        return Scope("heading", pattern=spec["heading"], each=each, items=items, label=label)
    raise error("scope table needs section, sections, parts or heading")


def _refuse_unknown_places(spec: dict, loc: _Locator, error: Callable[..., PackError], prefix: str) -> None:
    """A `section`, `sections` or `parts` value that names no place in any survey ("heder"; "方法": a section is
    named by its number) was taken, and every survey was told it lacks "§heder" (exit 1, as if the survey's fault);
    refused, with the word meant. A number the survey lacks ("9") stays the survey's finding."""
    from .document import resolve_section_ref

    places = ("header", "footer", *loc.scope_names)
    for name in ("section", "sections", "parts"):
        values = spec.get(name)
        for k, value in enumerate(values if isinstance(values, list) else [values] if name in spec else []):
            text = str(value)
            if text in places or resolve_section_ref(text if text.startswith("§") else "§" + text) is not None:
                continue
            shown = f"{prefix}.{name}" + (f"[{k}]" if isinstance(values, list) else "")
            close = get_close_matches(text, places, n=1, cutoff=0.6)
            if close:
                raise error(f'unknown {"part" if name == "parts" else "section"} {text!r}; did you mean "{close[0]}"?',
                            name, shown)
            raise error(f'{text!r} names no section: a section is named by its number ("2", "3.1"), and "header", '
                        f'"footer" and the names of [scopes] are places too; to find a section by its heading, write '
                        f"heading = '{text}'", name, shown)


def _section_number_ok(value: Any) -> bool:
    """A section number is written as text ("4.10"); a whole number (3) reads as one. A decimal TOML number does
    not: 4.10 is read as 4.1, and the rule would check §4.1."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _section_number_hint(value: Any) -> str:
    if isinstance(value, float):
        return (f'a section number goes in quotes, "4.10" not 4.10: TOML reads 4.10 as the number 4.1, another '
                f"section (found {value!r})")
    return f'must be a section number in quotes, e.g. "4.4" (found {value!r})'


def _flag(spec: dict, key: str, loc: _Locator, i: int | None, table: str = "", entry: tuple[str, int] | None = None,
          shown: str = "") -> bool:
    """A true/false key; "false" in quotes is a string, which would count as true: refused. `shown` names it where
    it sits ("scopes.findings.each", "rules[2].scope.each"), not as a bare "each"."""
    v = spec.get(key, False)
    if not isinstance(v, bool):
        raise loc.error(key, f"must be true or false, without quotes (found {v!r})", i, table=table, entry=entry,
                        shown=shown)
    return v


def _text(spec: dict, key: str, loc: _Locator, default: str, i: int | None = None, table: str = "",
          entry: tuple[str, int] | None = None, shown: str = "") -> str:
    """A title, label or message: words in quotes. `title = 1500` is a slip (a limit written where its title goes)."""
    v = spec.get(key, default)
    if not isinstance(v, str):
        raise loc.error(key, f"must be text in quotes (found {v!r})", i, table=table, entry=entry, shown=shown)
    return v


def _num(spec: dict, key: str, loc: _Locator, i: int) -> float | None:
    v = spec.get(key)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise loc.error(key, f"must be a number (found {v!r})", i)
    if isinstance(v, int) and abs(v) > _EXACT_LIMIT:  # held as a float, it would be compared as another number
        raise loc.error(key, f"too large: at most {_EXACT_LIMIT:,} (found {v:,})", i)
    return float(v)


_EXACT_LIMIT = 2 ** 53  # the largest whole number a float holds with every smaller one


def _whole_counts(spec: dict, limits: tuple, loc: _Locator, i: int) -> None:
    """A count's limit is a whole number from 0 up: `max = -1` could never pass, `max = 2500.5` reads as a typo."""
    for key, value in limits:
        if value is not None and (value < 0 or not value.is_integer()):
            raise loc.error(key, f"a count is a whole number from 0 up, not {spec[key]!r}", i)


def _rule(i: int, spec: Any, loc: _Locator, pack: RulePack) -> RuleDef:
    if not isinstance(spec, dict):
        raise loc.error("rules", "each rule is a table", i)
    _known_keys(spec, ALL_RULE_KEYS, f"rules[{i}].", loc, "a rule", i)
    rid = spec.get("id")
    if not isinstance(rid, str) or not re.fullmatch(r"[A-Za-z0-9_.-]+", rid or ""):
        raise loc.error("id", "a rule needs an id made of letters, digits, '-', '_' or '.'", i)
    kind = spec.get("kind")
    if kind is None:
        raise loc.error("kind", f"missing; a rule needs kind = one of {', '.join(RULE_KINDS)}", i)
    if kind not in RULE_KINDS:
        raise loc.error("kind", f"unknown kind {kind!r}{_suggestion(str(kind), RULE_KINDS)}", i)
    _known_keys(spec, RULE_KEYS + KIND_KEYS[kind], f"rules[{i}].", loc, f"a {kind} rule", i, elsewhere=ALL_RULE_KEYS)
    level = spec.get("level", "error")
    if level not in LEVELS:
        raise loc.error("level", f"unknown level {level!r}{_suggestion(str(level), LEVELS)}", i)
    scope = _scope(spec.get("scope", "document"), "scope", loc, pack, rule_index=i, here=False)
    if scope.kind == "here":
        raise loc.error("scope", '"here" is where a claim stands, for claim patterns; a rule takes "document", '
                                 '"header", "footer", a named scope or a table', i)
    counter = str(spec.get("counter", ""))
    mn, mx = _num(spec, "min", loc, i), _num(spec, "max", loc, i)
    if "pattern" in spec and "patterns" in spec:  # one would be used and the other ignored
        raise loc.error("patterns", "a rule takes pattern (one) or patterns (a list), not both", i)
    patterns = spec.get("patterns", [spec["pattern"]] if "pattern" in spec else [])
    if not isinstance(patterns, list):
        raise loc.error("patterns", "must be a list of regular expressions", i)
    for pat in patterns:
        _check_regex(pat, "pattern" if "pattern" in spec else "patterns", loc, i)
        if kind in ("forbidden-pattern", "required-pattern"):
            _refuse_empty_match(pat, "pattern" if "pattern" in spec else "patterns", loc,
                                "a forbidden pattern would be found everywhere" if kind == "forbidden-pattern"
                                else "a required pattern would always be found", rule_index=i)
    if kind == "count":
        if counter not in pack.counters and counter not in ("arxiv_ids", "list_items"):
            known = [*pack.counters, "arxiv_ids", "list_items"]
            if "counter" not in spec:
                raise loc.error("counter", f"missing; a count rule needs counter = one of {', '.join(known)}", i)
            raise loc.error("counter", f"unknown counter {counter!r}{_labelled(counter, pack) or _suggestion(counter, known)}",
                            i)
        if mn is None and mx is None:
            raise loc.error("max", "a count rule needs min and/or max", i)
        _whole_counts(spec, (("min", mn), ("max", mx)), loc, i)
        if mn is not None and mx is not None and mn > mx:
            raise loc.error("min", f"min {spec['min']!r} is above max {spec['max']!r}: the rule could never pass", i)
    if kind in ("forbidden-pattern", "required-pattern") and not patterns:
        if "patterns" in spec:  # written, but as an empty list
            raise loc.error("patterns", f"empty: a {kind} rule needs at least one pattern", i)
        raise loc.error("pattern", f"a {kind} rule needs pattern or patterns", i)
    if kind == "required-section":
        if not spec.get("heading") and not spec.get("number"):
            raise loc.error("heading", "a required-section rule needs heading (regex) and/or number", i)
        if "number" in spec and not _section_number_ok(spec["number"]):
            raise loc.error("number", _section_number_hint(spec["number"]), i)
        if spec.get("heading"):
            _check_regex(spec["heading"], "heading", loc, i)
            _refuse_heading_marks(spec["heading"], loc, i)
    if kind == "privacy":
        _whole_counts(spec, (("max", mx),), loc, i)
    if kind == "verifiability" and mn is None:
        raise loc.error("min", "a verifiability rule needs min (a share, e.g. 0.2)", i)
    if kind == "verifiability" and not 0 <= mn <= 1:
        raise loc.error("min", f"a share from 0 to 1 (20% is 0.2), not {spec['min']!r}", i)
    return RuleDef(
        id=rid,
        title=_text(spec, "title", loc, rid, i),
        kind=kind,
        level=level,
        counter=counter,
        scope=scope,
        min=mn,
        max=mx,
        patterns=tuple(patterns),
        heading=str(spec.get("heading", "")),
        number=str(spec.get("number", "")),
        message=_text(spec, "message", loc, "", i),
        unsuppressible=_flag(spec, "unsuppressible", loc, i),
        line=loc.line_of("id", i),
    )
