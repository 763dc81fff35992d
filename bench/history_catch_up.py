#!/usr/bin/env python3
"""CPU time of copying the snapshots kept in memory into the history file (history.copy_snapshot), as the window
does once the file can be written again: N drafts of the bundled sample, each with its analysis."""
import sys, time, tempfile
from pathlib import Path
from editor_app.services import history
from editor_app.services.database import open_database
from editor_app.resources_path import sample_survey_path
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
text = sample_survey_path().read_text(encoding="utf-8")
pack = house_pack()
mem = open_database(memory=True).db
survey = Path("/tmp/histretry/s.md")
t0 = time.time() - 10000
for i in range(n):
    draft = text + f"\n第{i}次修改" * (i % 7 + 1)
    a = analyze(draft, pack).to_dict()
    history.record_snapshot(mem, path=survey, text=draft, analysis=a, kind="save" if i % 6 == 0 else "autosave",
                            now=t0 + i * 30, writer="1:1")
ids = history.snapshots_in_order(mem)
print("chars", len(text), "snapshots in memory", len(ids))
for round_ in range(3):
    d = tempfile.mkdtemp()
    dst = open_database(Path(d) / "h.db").db
    history.record_snapshot(dst, path=survey, text=text, analysis=analyze(text, pack).to_dict(), kind="save", now=t0 - 5)
    c0 = time.process_time(); w0 = time.perf_counter()
    per = []
    for sid in ids:
        s0 = time.perf_counter(); history.copy_snapshot(mem, sid, dst); per.append(time.perf_counter() - s0)
    print(f"round {round_}: cpu {time.process_time()-c0:.3f} s, wall {time.perf_counter()-w0:.3f} s, "
          f"per snapshot median {sorted(per)[len(per)//2]*1000:.1f} ms max {max(per)*1000:.1f} ms")
