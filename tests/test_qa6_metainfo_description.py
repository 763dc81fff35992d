"""QA (packager): the AppStream description, what software centres show, says what the program does.

Before, it called the claims audit "numbers and comparisons that still lack a reference" and the report HTML only;
the audit compares each figure the survey states about itself with the measured one, and the report is HTML or PDF.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_store_description_says_what_the_program_does():
    root = ET.parse(ROOT / "packaging" / "io.github.surveyeditor.SurveyEditor.metainfo.xml").getroot()
    text = " ".join(" ".join(e.itertext()) for e in root.find("description"))
    assert "lack a reference" not in text and "need a source" not in text
    assert "states about itself" in text and "PDF" in text
