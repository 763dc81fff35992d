"""QA27e D3: a paper the survey names twice, rightly ("ThunderServe", line 2) and wrongly ("LightningServe", line 4),
is a name mismatch about the wrong name, but the References row and survey-check's table showed the right one beside
"name mismatch" and the wrong one's similarity. They show the name the verdict is about."""

from __future__ import annotations

from datetime import date

from editor_app.core.analyze import Analyzer
from editor_app.core.reference_verdicts import name_in_row
from editor_app.core.rulepack import house_pack
from editor_app.formats import text_report

SURVEY = """\
# T
ThunderServe（arXiv:2606.22222）异构集群低延迟服务；另见 ThunderServe（arXiv:2606.22222）。
## 1 A
LightningServe（arXiv:2606.22222）同一篇。
"""
VERDICT = {"status": "name mismatch", "mismatched_name": "LightningServe", "similarity": 0.18,
           "title": "ThunderServe: Low-Latency LLM Serving on Heterogeneous Clusters",
           "message": "the survey's name 'LightningServe' (L4) does not match the title (similarity 0.18)"}


def analysis_verified():
    a = Analyzer(house_pack(), today=date(2026, 9, 14)).analyze(SURVEY)
    (ref,) = a.references
    ref.status, ref.details = "name mismatch", dict(VERDICT)
    return a, ref


def test_the_row_names_the_name_the_mismatch_is_about():
    _, ref = analysis_verified()
    assert ref.name == "ThunderServe"  # the survey's most used name (JSON "name", unchanged)
    assert name_in_row(ref, ref.details) == "LightningServe"


def test_a_verified_row_shows_the_survey_name():
    _, ref = analysis_verified()
    assert name_in_row(ref, {"status": "verified"}) == "ThunderServe"


def test_survey_check_table_names_the_wrong_name():
    a, _ = analysis_verified()
    text = text_report(a, width=200)
    row = next(line for line in text.splitlines() if line.startswith("2606.22222"))
    assert "LightningServe" in row and "ThunderServe: Low-Latency" in row
    assert "ThunderServe " not in row.split("ThunderServe: Low-Latency")[0]


def test_the_window_row_names_the_wrong_name(qtbot):
    from editor_app.ui.references_panel import ReferencesPanel
    a, ref = analysis_verified()
    from editor_app.config import Config
    panel = ReferencesPanel(Config)
    qtbot.addWidget(panel)
    panel.verdicts[ref.id] = dict(VERDICT)
    names = [c for c in panel._columns() if c.title == panel.tr("Name in the survey")]
    assert names and names[0].display(ref) == "LightningServe"
