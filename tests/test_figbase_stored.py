"""An analysis stored before speed-ups had a baseline still loads (figbase): its figure entries name none."""

from __future__ import annotations

from pathlib import Path

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.database import open_database
from editor_app.services.history import get_snapshot_analysis, record_snapshot


def test_an_analysis_stored_without_baselines_still_loads(tmp_path: Path, sample_text: str) -> None:
    db = open_database(tmp_path / "history.db").db
    new = analyze(sample_text, house_pack()).to_dict()
    old = analyze(sample_text, house_pack()).to_dict()
    for entry in old["figures"]:  # as stored before the field existed
        entry.pop("baseline", None)
    survey = tmp_path / "s.md"
    a = record_snapshot(db, path=survey, text=sample_text, analysis=old, kind="save", now=1000.0)
    b = record_snapshot(db, path=survey, text=sample_text + "\n", analysis=new, kind="save", now=2000.0)
    stored_old, stored_new = get_snapshot_analysis(db, a), get_snapshot_analysis(db, b)
    assert stored_old == old and stored_new == new  # (the new one may be kept as a delta against the old)
    assert {e.get("baseline", "") for e in stored_old["figures"]} == {""}
    assert [(e["line"], e["baseline"]) for e in stored_new["figures"] if e.get("baseline")] == [
        (30, "ONNX Runtime Web")]
    # every field the entries had keeps its name
    keys = {"metric", "label", "unit", "hardware", "line", "kind", "sentence", "values"}
    assert all(set(e) - {"baseline"} == keys for e in stored_new["figures"])
