"""Write the report file, HTML or PDF by extension; shared by File → Export and `survey-check --export`."""

from __future__ import annotations

import errno
import os
from datetime import datetime
from pathlib import Path

from editor_app.core.model import Analysis
from editor_app.core.rulepack import RulePack
from editor_app.services.files import is_read_only, replacement_of, temp_beside
from editor_app.services.report import build_report_html

REPORT_SUFFIXES = (".html", ".htm", ".pdf")


def report_html(
    analysis: Analysis,
    text: str,
    *,
    pack_name: str,
    pack_source: str,
    charts: list[tuple[str, bytes]] | None = None,
    generated_at: datetime | None = None,
    language: str = "en",
    pack: RulePack | None = None,
    survey_file: str | None = None,
) -> str:
    """The report HTML in `language` ("en" or "zh_CN") with the engine-figure charts rendered (unless given)."""
    if charts is None:
        from editor_app.ui.charts_render import render_figure_charts

        charts = render_figure_charts(analysis, language=language)
    return build_report_html(analysis, text, pack_name=pack_name, pack_source=pack_source, charts=charts,
                             generated_at=generated_at, language=language, pack=pack, survey_file=survey_file)


def export_report_file(
    analysis: Analysis,
    text: str,
    out_path: Path,
    *,
    pack_name: str,
    pack_source: str,
    charts: list[tuple[str, bytes]] | None = None,
    language: str = "en",
    pack: RulePack | None = None,
    survey_file: str | None = None,
) -> None:
    """Write the report to out_path: '.pdf' gives an A4 PDF, '.html'/'.htm' one self-contained HTML file."""
    out = Path(out_path)
    suffix = out.suffix.lower()
    if suffix not in REPORT_SUFFIXES:
        raise ValueError(f"report file must end in .html or .pdf, not {out.name!r}")
    check_report_target(out)
    html = report_html(analysis, text, pack_name=pack_name, pack_source=pack_source, charts=charts,
                       language=language, pack=pack, survey_file=survey_file)
    if suffix == ".pdf":
        from editor_app.ui.pdf_export import write_pdf_for_report

        write_pdf_for_report(html, out)
        return
    target, mode = replacement_of(out)  # a symlink's target; the mode of the report replaced
    tmp = temp_beside(target, os.getpid())
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600)
        with open(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(html)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()


def check_report_target(out: Path) -> None:
    """OSError, before anything is laid out or written, when `out` can't take the report: a folder, a folder that
    doesn't exist, a read-only file (chmod a-w: the rename that writes a report would replace it all the same)."""
    if out.is_dir():
        raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file", str(out))
    if not out.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, f"there is no folder {out.parent}", str(out))
    if is_read_only(out):
        raise PermissionError(errno.EACCES, "the file is read-only (make it writable, or choose another name)",
                              str(out))
