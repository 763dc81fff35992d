"""PDF of a long report: where its time goes, step by step, for the sample repeated N times.

    python bench/bench_long_pdf.py [N ...]      (default: 1 10; 300 is the 8 MB survey: minutes)

Each report is laid out and written in this process (write_pdf, as the export's child does), with the time of each
step of the layout: columns widened to their words, page numbers added, headings, rows and charts kept together,
page numbers updated, painting the pages. The keep-pass relays the rest of the document after each move, so it has a
page-layout budget (pdf_rows.PAGE_LAYOUTS); without it for headings, the sample x10 took 54 s (28 s of it the
headings).
"""

from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from editor_app.core.analyze import analyze  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402
from editor_app.resources_path import sample_survey_path  # noqa: E402
from editor_app.ui import pdf_export  # noqa: E402
from editor_app.ui.export import report_html  # noqa: E402

STEPS = ("widen_cut_columns", "add_page_numbers", "keep_together", "update_page_numbers")
WHOLE = ("laid_out_report", "_paint_pages")  # the layout (the steps above within it), then layout and painting


def timed_steps(spent: dict[str, float]) -> None:
    """Wrap each step of pdf_export's layout to add its time to `spent`."""
    for name in STEPS + WHOLE:
        real = getattr(pdf_export, name)

        def step(*args, _real=real, _name=name, **kwargs):
            start = time.perf_counter()
            try:
                return _real(*args, **kwargs)
            finally:
                spent[_name] = spent.get(_name, 0.0) + time.perf_counter() - start
        setattr(pdf_export, name, step)


def main() -> None:
    copies = [int(a) for a in sys.argv[1:]] or [1, 10]
    sample = sample_survey_path().read_text(encoding="utf-8")
    spent: dict[str, float] = {}
    timed_steps(spent)
    for n in copies:
        text = "\n".join([sample.rstrip("\n")] * n) + "\n"
        pack = house_pack()
        html = report_html(analyze(text, pack), text, pack_name="house", pack_source="", charts=[], pack=pack)
        spent.clear()
        out = Path(tempfile.mkdtemp()) / "report.pdf"
        start = time.perf_counter()
        pdf_export.write_pdf(html, out)
        total = time.perf_counter() - start
        steps = ", ".join(f"{name} {spent.get(name, 0.0):.1f} s" for name in STEPS)
        layout = spent.get("laid_out_report", 0.0)
        print(f"sample x{n}: {out.stat().st_size / 1e6:.1f} MB PDF in {total:.1f} s: laid out in {layout:.1f} s "
              f"({steps}), painted in {spent.get('_paint_pages', 0.0) - layout:.1f} s; "
              f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB", flush=True)


if __name__ == "__main__":
    main()
