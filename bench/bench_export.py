"""Report export benchmarks for the sample: HTML (target <= 1 s) and PDF (target <= 3 s), charts included.

    python bench/bench_export.py [--repeat 5]

Prints the cold first export (Qt application start and pyqtgraph import included) and the median of warm
repeats, split into charts / HTML build / file write, plus the output sizes and page count.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from editor_app.core.analyze import analyze  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402
from editor_app.resources_path import sample_survey_path  # noqa: E402
from editor_app.services.report import build_report_html  # noqa: E402

HTML_TARGET, PDF_TARGET = 1.0, 3.0


def timed(fn, *args, **kwargs) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return time.perf_counter() - start, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    text = sample_survey_path().read_text(encoding="utf-8")
    pack = house_pack()
    analysis = analyze(text, pack, file=str(sample_survey_path()))
    out_dir = Path(tempfile.mkdtemp(prefix="bench-export-"))
    try:
        from editor_app.ui.export import export_report_file  # Qt is imported lazily, as in the CLI

        kw = {"pack_name": pack.name, "pack_source": pack.source}
        cold_html, _ = timed(export_report_file, analysis, text, out_dir / "cold.html", **kw)
        cold_pdf, _ = timed(export_report_file, analysis, text, out_dir / "cold.pdf", **kw)

        from editor_app.ui.charts_render import render_figure_charts
        from editor_app.ui.pdf_export import write_pdf

        charts_t, html_t, html_file_t, pdf_write_t, pdf_file_t = [], [], [], [], []
        for i in range(args.repeat):
            t, charts = timed(render_figure_charts, analysis)
            charts_t.append(t)
            t, html = timed(build_report_html, analysis, text, charts=charts, **kw)
            html_t.append(t)
            t, _ = timed(write_pdf, html, out_dir / f"w{i}.pdf")
            pdf_write_t.append(t)
            html_file_t.append(timed(export_report_file, analysis, text, out_dir / f"r{i}.html", **kw)[0])
            pdf_file_t.append(timed(export_report_file, analysis, text, out_dir / f"r{i}.pdf", **kw)[0])

        med = statistics.median
        html_end, pdf_end = med(html_file_t), med(pdf_file_t)
        print(f"sample: {len(text):,} chars, {len(analysis.rules)} rules, {len(analysis.claims)} claims, "
              f"{len(analysis.references)} references, {len(analysis.figures)} figure groups -> {len(charts)} charts")
        print(f"cold first export (Qt start + pyqtgraph import): HTML {cold_html * 1000:.0f} ms, "
              f"then PDF {cold_pdf * 1000:.0f} ms")
        print(f"warm medians of {args.repeat}: charts {med(charts_t) * 1000:.0f} ms · HTML build "
              f"{med(html_t) * 1000:.0f} ms · PDF layout+write {med(pdf_write_t) * 1000:.0f} ms")
        print(f"HTML export end to end: {html_end * 1000:.0f} ms (target <= {HTML_TARGET * 1000:.0f} ms) "
              f"{'OK' if html_end <= HTML_TARGET else 'OVER'}")
        print(f"PDF export end to end:  {pdf_end * 1000:.0f} ms (target <= {PDF_TARGET * 1000:.0f} ms) "
              f"{'OK' if pdf_end <= PDF_TARGET else 'OVER'}")
        pdf = out_dir / "r0.pdf"
        sizes = f"HTML {(out_dir / 'r0.html').stat().st_size / 1024:.0f} KiB, PDF {pdf.stat().st_size / 1024:.0f} KiB"
        if shutil.which("pdfinfo"):
            info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
            pages = next((line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")), "?")
            sizes += f", {pages} A4 pages"
        print("output:", sizes)
        return 0 if html_end <= HTML_TARGET and pdf_end <= PDF_TARGET else 1
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
