"""QA27e D5: cached "found" answers never expire and the window could refresh them only one row, one request, at a
time (the CLI has --force-refresh): a paper withdrawn since showed "verified" from the cache. The References panel
has "Verify all again", which asks arXiv about every id again in one batched run, the cache ignored."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from editor_app.config import Config
from editor_app.core.model import Reference
from editor_app.ui import references_panel

TS = Path(__file__).resolve().parent.parent / "resources/i18n/survey_editor_zh_CN.ts"


class Recorded:
    """A VerifyWorker stand-in that records what it was asked and never runs."""

    made: list = []

    def __init__(self, refs, config, *, force=False, parent=None, **kw):
        Recorded.made.append(([r.id for r in refs], force))
        for name in ("progressed", "answered", "verified", "noticed", "cache_damaged", "waits_until", "failed",
                     "finished"):
            setattr(self, name, _Sig())

    def start(self):
        pass


class _Sig:
    def connect(self, *_):
        pass


def test_verify_all_again_asks_about_every_id_at_once_ignoring_the_cache(qtbot, monkeypatch):
    monkeypatch.setattr(references_panel, "VerifyWorker", Recorded)
    Recorded.made.clear()
    panel = references_panel.ReferencesPanel(lambda: Config())
    qtbot.addWidget(panel)
    refs = [Reference(id="2609.11582", version=None, lines=[1]), Reference(id="2607.05708", version=None, lines=[2])]
    monkeypatch.setattr(panel, "references", lambda: refs)
    panel.refresh_button.click()
    assert Recorded.made == [(["2609.11582", "2607.05708"], True)]  # one worker (one batch), forced
    assert not panel.refresh_button.isEnabled() and not panel.verify_button.isEnabled()
    panel.verify_button.click()  # Verify all still reuses the cache; nothing starts while one runs
    assert len(Recorded.made) == 1


def test_the_button_is_translated():
    sources = {m.findtext("source"): m.find("translation") for m in ET.parse(TS).iter("message")}
    for text in ("Verify all again", "Ask arXiv again about every cited id, ignoring cached answers (one batched "
                                     "request, as survey-check --force-refresh)"):
        tr = sources[text]
        assert tr is not None and tr.text and tr.get("type") != "unfinished"
