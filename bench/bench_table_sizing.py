"""The self-check panel's first analysis of a big survey: fitting its columns to their contents, by how many rows
Qt reads per column (Qt's default 1,000 vs the panel's SIZING_ROWS).

    python bench/bench_table_sizing.py [N]   (the sample x N, default 300 = 8 MB)
"""
import os, sys, time
os.environ["QT_QPA_PLATFORM"]="offscreen"
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_analyze import SAMPLE
from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.ui.app import make_application
app=make_application(["x"])
from editor_app.ui.selfcheck_panel import SIZING_ROWS, SelfCheckPanel
n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
a=Analyzer(house_pack()).analyze("\n".join([SAMPLE]*n))
for prec in (1000, SIZING_ROWS, 1000, SIZING_ROWS):
    p=SelfCheckPanel(); p.resize(600,800); p.show(); app.processEvents()
    for v in (p.rules_view, p.claims_view, p.sections_view): v.horizontalHeader().setResizeContentsPrecision(prec)
    t=time.perf_counter(); p.show_analysis(a); print(prec, "first show_analysis %.0f ms"%((time.perf_counter()-t)*1000), [p.claims_view.horizontalHeader().sectionSize(i) for i in range(6)])
    p.close(); p.deleteLater(); app.processEvents()
