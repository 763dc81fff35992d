"""`survey-check`: the headless checker for terminals and CI.

    survey-check FILE... [--pack P] [--format text|json|sarif] [--fail-level error|warning]
                 [--verify [--arxiv-url URL] [--arxiv-interval S] [--force-refresh]]
                 [--record] [--export report.html|report.pdf [--force] [--report-lang en|zh_CN]] [--db PATH]
    survey-check history FILE [--format text|json] [--pack P] [--db PATH]

Exit status: 0 nothing at or above the fail level, 1 something is, 2 unusable input.
Importing this module never imports Qt (only --export loads the renderer).
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from . import __version__, regex_cache
from .config import Config, from_environment
from .config_checks import arxiv_interval_option, arxiv_url_option

EXIT_OK, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="survey-check",
        description="Check surveys against a rule pack: every rule measured, every self-reported figure audited.",
        epilog="Exit status: 0 nothing fails at the fail level, 1 something does, 2 unusable input (a file that "
               "can't be read, a broken rule pack, a bad option). "
               "Also: survey-check history FILE [--format json] [--pack P] — the snapshots recorded for FILE.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="survey Markdown file(s)")
    p.add_argument("--pack", type=Path, help="rule pack (TOML); default: survey-rules.toml beside the survey, "
                   "else the bundled house pack")
    p.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                   help="a terminal table (default), the JSON report, or SARIF 2.1.0 for code-review tools")
    p.add_argument("--fail-level", choices=("error", "warning"), default="error",
                   help="exit 1 on error-level findings (default), or on warnings too")
    p.add_argument("-v", "--verbose", action="store_true", help="also list info-level findings")
    p.add_argument("--verify", action="store_true", help="verify every arXiv id against the arXiv API (cached)")
    p.add_argument("--arxiv-url", type=arxiv_url_option, metavar="URL",
                   help="arXiv API endpoint (default: the real API, or SURVEY_ARXIV_URL)")
    p.add_argument("--arxiv-interval", type=arxiv_interval_option, metavar="S",
                   help="seconds between arXiv requests, 0 to 600 (never < 3 for the real API)")
    p.add_argument("--force-refresh", action="store_true", help="with --verify: ask arXiv again, ignoring the cache")
    p.add_argument("--db", type=Path, help="history/cache database (default: platform data dir, or SURVEY_EDITOR_DB)")
    p.add_argument("--record", action="store_true", help="store a snapshot in the history database")
    p.add_argument("--export", type=Path, metavar="REPORT", help="write a report: .html or .pdf")
    p.add_argument("--force", action="store_true", help="export even with private-data hits or failing error rules")
    p.add_argument("--report-lang", choices=("en", "zh_CN"), default="en",
                   help="language of what --export's report adds to the survey (default: en)")
    p.add_argument("--version", action=_Version, help="show the version and which engine runs, and exit")
    p.add_argument("--sample", action=_SamplePath,
                   help='print where the bundled sample survey is, and exit: survey-check "$(survey-check --sample)"')
    return p


class _Version(argparse.Action):
    """--version, with the engine's build looked up only when asked (it imports an engine module: not for every
    `survey-check` run)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(f"survey-check {__version__} (engine: {_engine_build()})")
        parser.exit()


class _SamplePath(argparse.Action):
    """--sample: the bundled sample's path, so a user of an installed program can try the check on it (it lives in
    the package's resources, wherever pip put them)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from editor_app.resources_path import sample_survey_path

        print(sample_survey_path())
        parser.exit()


def _engine_build() -> str:
    """How the analysis engine runs: compiled by mypyc, or plain Python (and why)."""
    from .core import BUILD

    if BUILD == "source":  # not built by setup.py: whatever is beside the sources (a hand-run mypyc, or nothing)
        from .core import figures

        return "plain Python" if figures.__file__.endswith(".py") else "compiled (by hand: sources not checked)"
    return {"compiled": "compiled", "stale": "plain Python: a compiled module's source changed since the build",
            "pure": "plain Python (SURVEY_EDITOR_PURE=1, or a partial build)"}.get(BUILD, "plain Python")


def _history_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="survey-check history", description="List the snapshots recorded for a survey.")
    p.add_argument("file", type=Path, metavar="FILE", help="the survey (as given to survey-check --record)")
    p.add_argument("--format", choices=("text", "json"), default="text", help="a terminal table (default) or JSON")
    p.add_argument("--pack", type=Path, help="the rule pack whose counters are listed; default: survey-rules.toml "
                                             "beside the survey, else the bundled pack the snapshots were checked "
                                             "with, else the house pack")
    p.add_argument("--db", type=Path, help="history/cache database (default: platform data dir, or SURVEY_EDITOR_DB)")
    return p


def _err(msg: str) -> None:
    from .core.file_names import printable  # (a file name that is not UTF-8, shown with U+FFFD)

    _to_stderr(printable(f"survey-check: {msg}") + "\n")


def _to_stderr(text: str) -> None:
    """Write a message to stderr, which may be gone: a reader of `2>&1 | head` that stopped early, a closed
    stderr (`2>&-`), a full disk. The message is lost, never the run: a broken pipe raised here once ended the
    check and made a failing run exit 0."""
    stream = sys.stderr
    if stream is None:  # closed: print(file=None) would have written the message to stdout, into the JSON
        return
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError):  # (ValueError: the stream was closed)
        _quiet(stream)


def _config(args) -> Config:
    cfg = from_environment(Config())
    if getattr(args, "db", None):
        cfg = replace(cfg, db_path=args.db)
    if getattr(args, "arxiv_url", None):
        cfg = replace(cfg, arxiv_url=args.arxiv_url)
    if getattr(args, "arxiv_interval", None) is not None:
        cfg = replace(cfg, arxiv_interval=args.arxiv_interval)
    return cfg


def _open_db(cfg: Config, *, opened_as: list | None = None, listing: bool = False):
    """The history database; `listing`: one that can't be used is not said here (it is read as it is)."""
    from .services.database import default_db_path, open_database

    try:
        opened = open_database(cfg.db_path)
    except OSError as exc:  # a folder that can't be made (--db /proc/x/h.db, --db survey.md/h.db): a message
        _err(f"the history database {cfg.db_path or default_db_path()} can't be used: {exc.strerror or exc}")
        opened = open_database(memory=True)
    if opened.path is None and opened.problem:
        if not listing:  # (the window's words speak of its session, kept in memory: this run has none)
            _err(f"{opened.problem}; it was left as it is.")
    elif opened.warning:
        _err(opened.warning)
    if opened_as is not None:
        opened_as.append(opened)
    return opened.db


def main(argv: list[str] | None = None, *, export_via_editor: bool = False) -> int:
    """`survey-check ARGV`; export_via_editor: this program is built without Qt (the PyInstaller survey-check), so a
    command with --export is run whole by the survey-editor beside it (editor_app/bundle.py)."""
    argv = sys.argv[1:] if argv is None else argv
    if export_via_editor and argv[:1] != ["history"] and _parser().parse_args(argv).export:
        from .bundle import check_in_editor

        return check_in_editor(argv)
    regex_cache.load()
    try:
        if argv and argv[0] == "history":
            return _history(_history_parser().parse_args(argv[1:]))
        return _check(_parser().parse_args(argv))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # a write not made through _print_out or _to_stderr: the verdict is not known, so not 0
        _quiet(sys.stdout)
        _quiet(sys.stderr)
        return EXIT_UNUSABLE
    finally:
        regex_cache.save()


def _check(args) -> int:
    from .core.analyze import Analyzer
    from .core.rulepack import PackError, house_pack, load_pack, find_pack_for
    from .formats import NotChecked, json_report, rule_titles, sarif_report, text_report, verdict
    from .services.file_lines import FileLines
    from .services.files import UnreadableFile, load_text

    cfg = _config(args)
    analyses = []
    texts = []
    packs: dict = {}  # a pack's path -> the pack, or the PackError it raised (said once, not once per survey)
    refused: set[str] = set()  # packs read but refused by the analyzer (a bad [privacy] table): said once too
    # (file, why it was not checked, where the cause is: a broken pack's file and line): stderr, SARIF's notifications
    problems: list[tuple[str, str, tuple[str, int | None] | None]] = []
    in_order: list = []  # each FILE's analysis or NotChecked, in the order given: the JSON report
    file_lines: dict = {}  # id(analysis) -> its FileLines, for a survey read with U+2029 as a line break: SARIF
    unusable = False  # a bad file is reported and skipped; the others are still checked and printed

    def not_checked(name: str, why: str, said: str | None = None, cause: tuple[str, int | None] | None = None) -> None:
        _err(why if said is None else said)
        problems.append((name, why, cause))
        in_order.append(NotChecked(str(Path(name)), why))

    def pack_broken(name: str, why: str, pack_path, line: int | None, first: bool) -> None:
        """Why the pack is broken, said once; which survey it leaves unchecked, said for each (the first too)."""
        if first:
            _err(why)
        not_checked(name, why, f"{name}: not checked: its rule pack {pack_path} is broken", (pack_path, line))

    names, several = _files_named(args.files)
    for name in names:
        path = Path(name)
        try:
            loaded = load_text(path)
        except UnreadableFile as exc:
            why = str(exc)
            if any(c in name for c in "*?[") and not path.exists() and not path.is_symlink():
                # the shell hands on a pattern that matches no file as it was written
                why = f"{name} matches no file (the shell passed the pattern on as written)."
            not_checked(name, why)
            unusable = True
            continue
        for notice in loaded.notices:
            _err(notice)  # checked all the same, as the window shows it (damage, an encoding only guessed)
        if loaded.paragraph_breaks:
            _err(f"{name}: the line numbers reported count each U+2029 as a line break, as the editor shows it; "
                 "SARIF's locations are the file's own lines (only \\n, \\r\\n and \\r end one), as code-review tools "
                 "count them")
        pack_path = args.pack or find_pack_for(path)
        key = str(pack_path) if pack_path else "<house>"
        if key not in packs:
            try:
                packs[key] = load_pack(pack_path) if pack_path else house_pack()
            except PackError as exc:
                packs[key] = exc
                pack_broken(name, f"broken rule pack: {exc}", exc.path, exc.line, first=True)
                unusable = True
                continue
            for slip in packs[key].warnings:  # the pack is used; said once, however many surveys it checks
                _err(f"warning: {slip}")
        pack = packs[key]
        if isinstance(pack, PackError):
            pack_broken(name, f"broken rule pack: {pack}", pack.path, pack.line, first=False)
            unusable = True
            continue
        try:
            analyzer = Analyzer(pack)
        except ValueError as exc:  # e.g. a bad [privacy] table
            first = key not in refused
            refused.add(key)
            pack_broken(name, f"broken rule pack: {pack.path}: {exc}", pack.path, None, first)
            unusable = True
            continue
        analysis = analyzer.analyze(loaded.text, file=str(path))
        if args.verify and analysis.references:
            verdicts = _verify(analysis, cfg, args.force_refresh)
            if verdicts is None:  # the database could not be used for it (said): not verified, and not "fails"
                unusable = True
            else:
                analysis = analyzer.analyze(loaded.text, file=str(path), verdicts=verdicts)
        analyses.append((analysis, pack))
        texts.append(loaded.text)
        in_order.append(analysis)
        if loaded.paragraph_breaks:
            file_lines[id(analysis)] = FileLines(loaded.text, loaded.paragraph_breaks)

    if not analyses:
        # Machine output stays parseable: SARIF and JSON both say which file could not be checked and why.
        def nothing_checked() -> None:
            if args.format == "sarif":
                print(sarif_report([], {}, not_checked=problems))
            elif args.format == "json":
                print(json_report(in_order, as_list=several))
            elif several:
                print(_summary(len(names), 0, len(problems), args.fail_level, EXIT_UNUSABLE))

        _print_out(args.format, nothing_checked)
        return EXIT_UNUSABLE
    if args.record:
        from .services.history import follow_move, moved_message, record_snapshot

        opened: list = []
        db = _open_db(cfg, opened_as=opened)
        if opened[0].path is None:  # the database file can't be used (said above): a snapshot would be lost
            for a, _ in analyses:
                _err(f"{a.file}: not recorded")
            unusable = True
        else:
            import sqlite3

            failed = ""
            for (a, _), text in zip(analyses, texts):
                if failed:  # the database refused one snapshot: the others are not tried (a lock waits 10 s each)
                    _err(f"{a.file}: not recorded")
                    continue
                try:
                    moved = follow_move(db, Path(a.file).resolve(), text)  # a survey renamed since: its history too
                    if moved:
                        _err(moved_message(moved, Path(a.file).resolve()))
                    sid = record_snapshot(db, path=Path(a.file).resolve(), text=text, analysis=a.to_dict(), kind="cli")
                except sqlite3.Error as exc:  # locked by another program past the wait, a full disk, made read-only
                    failed = str(exc)
                    _err(f"{a.file}: not recorded: the history database {opened[0].path} can't be written ({exc})")
                    unusable = True
                    continue
                _err(f"recorded snapshot {sid} for {a.file}" if sid else f"{a.file}: unchanged since the last snapshot")

    only = [a for a, _ in analyses]
    failing_files = sum(1 for a in only if verdict(a, args.fail_level).fails)
    status = EXIT_UNUSABLE if unusable else EXIT_FINDINGS if failing_files else EXIT_OK

    def reports() -> None:
        if args.format == "json":
            print(json_report(in_order, as_list=several, packs={id(a): p for a, p in analyses}))
        elif args.format == "sarif":
            print(sarif_report(only, rule_titles([p for _, p in analyses]), not_checked=problems,
                               file_lines=file_lines))
        else:
            for i, (a, pack) in enumerate(analyses):
                sys.stdout.write(("\n" if i else "") + text_report(
                    a, verbose=args.verbose, pack=pack, fail_level=args.fail_level, width=_terminal_width()))
            if several:
                print(f"\n{_summary(len(names), failing_files, len(problems), args.fail_level, status)}")

    written = _print_out(args.format, reports)
    if args.export:  # after the report: a refused export still leaves stdout a whole JSON or SARIF document
        status = max(status, _export(args, analyses, texts))
    return status if written else EXIT_UNUSABLE


def _terminal_width() -> int | None:
    """The columns the text report's tables fit in: a terminal's width, or $COLUMNS when set; None (the tables as
    wide as their cells) when the report goes to a file or a CI log."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) >= 40:
        return int(columns)
    if sys.stdout.isatty():
        try:
            return max(40, os.get_terminal_size(sys.stdout.fileno()).columns)
        except OSError:
            return None
    return None


def _summary(files: int, failing: int, not_checked: int, fail_level: str, status: int) -> str:
    """The last line of a text report on several FILEs, where a CI log's reader looks first: which way each went."""
    passing = files - failing - not_checked
    return (f"{files} file{'' if files == 1 else 's'}: {passing} pass, {failing} fail at --fail-level {fail_level}, "
            f"{not_checked} not checked (exit {status})")


def _files_named(names: list[str]) -> tuple[list[str], bool]:
    """The FILEs, a pattern that no shell expanded (quoted in a CI step, `survey-check "docs/*.md"`; PowerShell and
    cmd never expand) replaced by the files it matches, sorted; one that matches none is left for the message. A file
    named twice (`a.md ./a.md`, a file and a pattern matching it) is checked once, where it is first named.
    Also whether several were asked for (more than one FILE, or any pattern): the JSON report's shape then is a
    list, however many files the pattern matched, so a CI script meets one shape for one command."""
    import glob

    out: list[str] = []
    seen: set[str] = set()
    several = len(names) > 1
    for name in names:
        matches = []
        if any(c in name for c in "*?[") and not os.path.lexists(name):
            several = True
            matches = sorted(m for m in glob.glob(name, recursive=True) if not os.path.isdir(m))
        for found in matches or [name]:
            key = os.path.realpath(found)
            if key not in seen:
                seen.add(key)
                out.append(found)
    return out, several


def _print_out(fmt: str, write) -> bool:
    """Run `write` (which prints the report) on stdout set up for `fmt`; False (said on stderr) when the report
    can't be written: stdout closed (`>&-`), a full disk (`> /dev/full`). A reader that closed the pipe early
    (`survey-check *.md | head`) has seen enough: True, the verdict, the exit status, stands."""
    if sys.stdout is None:
        _err("can't write the report: stdout is closed")
        return False
    _stdout_for(fmt)
    try:
        write()
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet(sys.stdout)
    except (OSError, ValueError) as exc:  # (ValueError: a stdout closed under Python's feet)
        _quiet(sys.stdout)  # else the rest of the buffer fails again at exit, with a traceback
        _err(f"can't write the report: {getattr(exc, 'strerror', None) or exc}")
        return False
    return True


def _stdout_for(fmt: str) -> None:
    """JSON and SARIF are UTF-8 by their specifications, whatever the locale of the CI runner (a Latin-1 or ASCII
    console raised UnicodeEncodeError on the first Chinese character and printed nothing); the terminal table shows
    what such a console can't as "?"."""
    try:
        if fmt in ("json", "sarif"):
            sys.stdout.reconfigure(encoding="utf-8")
        elif (sys.stdout.encoding or "").replace("-", "").lower() != "utf8":
            sys.stdout.reconfigure(errors="replace")
    except (AttributeError, ValueError, OSError):  # not a text stream that can be reconfigured (a test's capture)
        pass


def _quiet(stream) -> None:
    """After a reader closed the pipe (or the disk filled): what is left in `stream`'s buffer goes nowhere (else
    Python reports the failed write again on exit)."""
    try:
        fd = stream.fileno()
        os.dup2(os.open(os.devnull, os.O_WRONLY), fd)
    except (OSError, ValueError, AttributeError):  # pytest's captured streams have no file descriptor
        pass


def _verify(analysis, cfg: Config, force: bool) -> dict | None:
    """The verdicts of the survey's references; None when the database stopped the run (said in one line: a
    traceback and exit 1 read as "the survey fails" in CI). A damaged cached answer is no answer: asked again."""
    import sqlite3

    from .services.verification import verify_references

    db = _open_db(cfg)

    live = sys.stderr.isatty()  # a CI log gets one line at the end, not a line rewritten with \r
    told: set[tuple[int, int]] = set()

    def progress(done: int, total: int) -> None:
        if live:
            _to_stderr(f"\rverifying arXiv ids: {done}/{total}")
        elif done == total and (done, total) not in told:
            told.add((done, total))
            _to_stderr(f"verifying arXiv ids: {done}/{total}\n")

    try:  # (damaged cached answers are said before the first progress line)
        verdicts = verify_references(analysis.references, config=cfg, db=db, force=force, progress=progress,
                                     damaged=_err)
    except sqlite3.Error as exc:
        from .services.arxiv_cache import database_file

        if live:
            _to_stderr("\n")
        _err(f"{analysis.file}: not verified: the arXiv cache in {database_file(db) or 'memory'} can't be used "
             f"({exc})")
        return None
    if live:
        _to_stderr("\n")
    return verdicts


def _export(args, analyses, texts) -> int:
    if len(analyses) != 1:
        _err("--export takes exactly one FILE")
        return EXIT_UNUSABLE
    (analysis, pack), text = analyses[0], texts[0]
    if args.export.suffix.lower() not in (".html", ".htm", ".pdf"):
        _err(f"--export: {args.export} must end in .html or .pdf")
        return EXIT_UNUSABLE
    from .formats import verdict

    from .core.file_name_privacy import private_file_names
    from .core.pack_origin import pack_origin

    said = verdict(analysis)  # as the report's first page lists them
    origin = pack_origin(pack, analysis.file)  # (the report names the pack's file when it is not the bundled one)
    named = private_file_names(analysis.file, pack, None if origin.bundled else origin.path)
    if (analysis.privacy or named or said.fails) and not args.force:
        what = [n.words() for n in named]  # the report prints the file's name: "the file name holds private data (name)"
        what += [f"{len(analysis.privacy)} private-data hits"] if analysis.privacy else []
        what += [f"failing rule {r.id}" for r in said.failing_rules]
        what += [said.apart_words()] if said.apart else []
        _err("not exporting: " + ", ".join(what) + " (use --force to export anyway; the report says so on page 1)")
        return EXIT_FINDINGS
    from .ui.qt_runtime import check_qt_for_export  # Qt-free: reads Qt's libraries, loads none

    missing = check_qt_for_export()
    if missing:
        _err(missing)
        return EXIT_UNUSABLE
    from .ui.export import export_report_file  # Qt: loaded only here

    try:
        export_report_file(analysis, text, args.export, pack_name=pack.name, pack_source=pack.source,
                           language=args.report_lang, pack=pack)
    except OSError as exc:  # a missing or read-only folder, a full disk: a message, not a traceback
        _err(f"--export: can't write {args.export}: {exc.strerror or exc}")
        return EXIT_UNUSABLE
    _err(f"wrote {args.export}")
    return EXIT_OK


def _history(args) -> int:
    import json
    import time

    from .core.numbers import format_count
    from .core.file_names import printable
    from .formats import stored_failing_text, table
    from .services.history import list_snapshots, listed_metrics

    cfg = _config(args)
    opened: list = []
    db = _open_db(cfg, opened_as=opened, listing=True)

    def listing(metrics: tuple[str, ...] = (), again: bool = False) -> list | None:
        if opened[0].path is None:  # it can't be written (or is a newer version's): listing writes nothing
            return _list_read_only(cfg, opened[0], args.file.resolve(), metrics, quiet=again)
        return list_snapshots(db, args.file.resolve(), metrics=metrics)

    snaps = listing()
    if snaps is None:  # (said); "no snapshots recorded" would be untrue
        return EXIT_UNUSABLE
    pack = _history_pack(args, snaps)
    if pack is None:  # a broken --pack (said)
        return EXIT_UNUSABLE
    listed = listed_metrics(pack)
    if snaps:  # again, with the figures of the pack's counters
        snaps = listing(listed, again=True) or []
        _say_other_pack(snaps, pack, listed)
    if args.format == "json":
        text = printable(json.dumps({"file": str(args.file), "snapshots": snaps}, ensure_ascii=False, indent=2,
                                    default=str))
        return EXIT_OK if _print_out(args.format, lambda: print(text)) else EXIT_UNUSABLE
    if not snaps:
        return EXIT_OK if _print_out(args.format, lambda: print(f"no snapshots recorded for {args.file}")) \
            else EXIT_UNUSABLE
    rows = []
    zone = _utc_offset(time.time())
    for s in snaps:
        figures = ([*(format_count(s["metrics"].get(k)) for k in listed),
                    stored_failing_text(s.get("failing"), s.get("errors"))] if s.get("measured", True)
                   else ["measuring"] + [""] * len(listed))  # stored by the window, its figures not stored yet
        rows.append([str(s.get("id")), _local_time(s["time"], zone), str(s.get("kind")), *figures])
    # the pack's counters under their labels ("CJK", "⚠️", "LINES" for the house pack; "WORDS" for the English one)
    named = [((pack.counters[k].label if k in pack.counters else "") or k).upper() for k in listed]
    lines = table(rows, ["ID", f"TIME (UTC{zone})", "KIND", *named, "FAILING"],
                  [8, 30, 9, 9, *[6] * (len(listed) - 1), 18])
    return EXIT_OK if _print_out(args.format, lambda: print("\n".join(lines))) else EXIT_UNUSABLE


def _history_pack(args, snaps: list) -> Any:
    """The rule pack whose counters `survey-check history` lists: --pack; else the one survey-check would check the
    survey with (beside it); else the bundled pack its newest snapshot was checked with (the English pack, named by
    --pack when recorded); else the house pack. The listing assumed the house's counters: a CJK column of dashes and
    no words for a survey counted in words. None when --pack is broken (said)."""
    from .core.rulepack import PackError, bundled_by_name, find_pack_for, house_pack, load_pack

    beside = find_pack_for(args.file)
    for path in (args.pack, beside):
        if path:
            try:
                return load_pack(path)
            except PackError as exc:
                if path == args.pack:
                    _err(f"broken rule pack: {exc}")
                    return None
                _err(f"warning: the rule pack beside the survey is broken, its counters not listed: {exc}")
    house = house_pack()
    recorded = next((s.get("pack") for s in snaps if s.get("measured", True) and s.get("pack")), None)
    bundled = bundled_by_name().get(recorded) if recorded and recorded != house.name else None
    if bundled is not None:
        try:
            return load_pack(bundled[0])
        except PackError:
            pass
    return house


def _say_other_pack(snaps: list, pack, listed: tuple[str, ...]) -> None:
    """A note when the newest measured snapshot was checked with another pack than the one listed (neither beside the
    survey nor bundled), which does not count the listed pack's first counter: which pack, and that --pack lists
    its counters."""
    newest = next((s for s in snaps if s.get("measured", True)), None)
    if newest is None or not newest.get("pack") or newest["pack"] == pack.name:
        return
    if newest["metrics"].get(listed[0]) is None:
        counter = pack.counters.get(listed[0])
        _err(f"note: snapshot {newest['id']} was checked with the rule pack {newest['pack']}, which does not count "
             f"{(counter.label if counter is not None else '') or listed[0]}: give that pack with --pack to list "
             f"its own counters.")


def _list_read_only(cfg: Config, opened, file: Path, metrics: tuple[str, ...] = (), quiet: bool = False) -> list | None:
    """The snapshots of a history database that can't be used for recording (read-only, in a folder that can't be
    written, locked, made by a newer version), read as they are. The listing refused before, with the window's
    words ("this session keeps its history in memory"). None, said, when they can't be read; `quiet`: read again,
    what it is was said already."""
    import sqlite3

    from .services.database import default_db_path, latest_version, open_read_only, schema_version
    from .services.history import list_snapshots

    p = Path(cfg.db_path or default_db_path())
    found = None
    try:
        db = open_read_only(p)
        try:
            found = schema_version(db)
            snaps = list_snapshots(db, file, metrics=metrics)
        finally:
            db.conn.close()
    except (sqlite3.Error, OSError) as exc:
        if found is not None and found > latest_version():
            _err(f"can't list the snapshots: the history database {p} was made by a newer version of Survey Editor "
                 f"(schema {found}; this version knows up to {latest_version()}), and this version can't read it "
                 f"({exc}). Update Survey Editor.")
        elif opened.problem:  # (none: why was said as it was opened)
            problem = opened.problem
            _err(f"can't list the snapshots: {'t' + problem[1:] if problem.startswith('The ') else problem}.")
        return None
    if found > latest_version() and not quiet:
        _err(f"the history database {p} was made by a newer version of Survey Editor (schema {found}; this version "
             f"knows up to {latest_version()}): listed as this version reads it.")
    return snaps


def _utc_offset(t: float) -> str:
    """The local zone's offset from UTC at `t` ("+08:00", "-05:00")."""
    from datetime import datetime

    offset = datetime.fromtimestamp(t).astimezone().strftime("%z") or "+0000"
    return f"{offset[:3]}:{offset[3:5]}"


def _local_time(t: float, zone: str) -> str:
    """A snapshot's time as the window's History tab shows it (local time), followed by its own offset from UTC
    when that is not the table's `zone` (a snapshot from before a summer-time change). The JSON keeps UTC."""
    from datetime import datetime

    shown = datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M:%S")
    own = _utc_offset(t)
    return shown if own == zone else f"{shown} UTC{own}"


if __name__ == "__main__":
    sys.exit(main())
