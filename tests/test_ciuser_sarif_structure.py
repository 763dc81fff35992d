"""CI user: the SARIF of one mixed run (a failing survey given by an absolute path, a clean one under its own pack, a
survey whose pack is broken, a missing file, a suppression comment naming an unknown rule) checked against what
SARIF 2.1.0 requires and what code-review tools read: the required properties, only properties the schema knows on
the objects written, every result's ruleId among tool.driver.rules, 1-based startLine/startColumn, level values,
artifactLocation.uri relative to the working directory and percent-encoded."""

from __future__ import annotations

import json
from urllib.parse import unquote, urlsplit

from editor_app import cli

KNOWN = {  # the properties SARIF 2.1.0 defines on each object survey-check writes (its schema forbids any other)
    "log": {"$schema", "version", "runs", "inlineExternalProperties", "properties"},
    "run": {"tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds",
            "artifacts", "logicalLocations", "graphs", "results", "automationDetails", "runAggregates",
            "baselineGuid", "redactionReleases", "defaultEncoding", "defaultSourceLanguage", "newlineSequences",
            "columnKind", "externalPropertyFileReferences", "threadFlowLocations", "taxonomies", "addresses",
            "translations", "policies", "webRequests", "webResponses", "specialLocations", "properties"},
    "driver": {"guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription",
               "fullName", "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri",
               "informationUri", "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language",
               "contents", "isComprehensive", "localizedDataSemanticVersion",
               "minimumRequiredLocalizedDataSemanticVersion", "associatedComponent", "translationMetadata",
               "supportedTaxonomies", "properties"},
    "rule": {"id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription",
             "fullDescription", "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships",
             "properties"},
    "notification": {"locations", "message", "level", "threadId", "timeUtc", "exception", "descriptor",
                     "associatedRule", "properties"},
    "result": {"ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
               "correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows",
               "graphs", "graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank",
               "attachments", "hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa", "webRequest",
               "webResponse", "properties"},
    "region": {"startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset",
               "byteLength", "snippet", "message", "sourceLanguage", "properties"},
}
LEVELS = {"none", "note", "warning", "error"}
TINY_PACK = ('schema = 1\nname = "tiny"\n[document]\nheading_styles = ["markdown"]\n[counters.lines]\n'
             'builtin = "lines"\n[[rules]]\nid = "line-budget"\nkind = "count"\ncounter = "lines"\n'
             'scope = "document"\nmax = 50\n')


def _known(obj: dict, kind: str, required: set[str]) -> None:
    assert set(obj) <= KNOWN[kind], (kind, set(obj) - KNOWN[kind])
    assert required <= set(obj), (kind, required - set(obj))


def _relative_uri(location: dict) -> str:
    uri = location["physicalLocation"]["artifactLocation"]["uri"]
    parts = urlsplit(uri)
    assert not parts.scheme and not uri.startswith("/") and " " not in uri and not parts.fragment, uri
    return unquote(parts.path)


def test_a_mixed_run_is_sarif_2_1_0_that_code_review_tools_read(tmp_path, monkeypatch, capsys, sample_text):
    (tmp_path / "team").mkdir()
    (tmp_path / "team" / "survey-rules.toml").write_text(TINY_PACK, encoding="utf-8")
    (tmp_path / "team" / "clean.md").write_text("# T\n\n## 1 Intro\n\nHello.\n", encoding="utf-8")
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "survey-rules.toml").write_text('schema = 1\nname = "x"\n', encoding="utf-8")
    (tmp_path / "broken" / "s.md").write_text(sample_text, encoding="utf-8")
    silenced = sample_text.replace("\n", " <!-- survey-check disable no-such-rule -->\n", 1)
    (tmp_path / "综述 1.md").write_text(silenced, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    args = [str(tmp_path / "综述 1.md"), "team/clean.md", "broken/s.md", "gone.md", "--format", "sarif"]
    assert cli.main(args) == 2
    log = json.loads(capsys.readouterr().out)

    _known(log, "log", {"version", "runs"})
    assert log["version"] == "2.1.0" and len(log["runs"]) == 1
    run = log["runs"][0]
    _known(run, "run", {"tool"})
    assert run["columnKind"] in ("unicodeCodePoints", "utf16CodeUnits")
    driver = run["tool"]["driver"]
    _known(driver, "driver", {"name"})
    ids = [r["id"] for r in driver["rules"]]
    assert len(ids) == len(set(ids)) and "line-budget" in ids and "claims" in ids
    for rule in driver["rules"]:
        _known(rule, "rule", {"id"})
        assert rule["shortDescription"]["text"]

    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is False
    notes = invocation["toolExecutionNotifications"]
    for note in notes:
        _known(note, "notification", {"message"})
        assert note["level"] in LEVELS and note["message"]["text"]
    # (a broken pack's notification stands at its file: the survey holds no mistake; QA24 D6)
    assert [_relative_uri(n["locations"][0]) for n in notes] == ["broken/survey-rules.toml", "gone.md"]
    assert "broken/s.md not checked: broken rule pack:" in notes[0]["message"]["text"]

    results = run["results"]
    assert results
    for result in results:
        _known(result, "result", {"message"})
        assert result["ruleId"] in ids and result["level"] in LEVELS and result["message"]["text"]
        region = result["locations"][0]["physicalLocation"]["region"]
        _known(region, "region", set())
        assert isinstance(region["startLine"], int) and region["startLine"] >= 1
        assert isinstance(region["startColumn"], int) and region["startColumn"] >= 1
    assert {_relative_uri(r["locations"][0]) for r in results} == {"综述 1.md"}  # the clean survey has none
    assert "suppression" in {r["ruleId"] for r in results}  # the engine's own rule id is described too
    line9 = next(r for r in results if "stated sum 3,838" in r["message"]["text"])
    region = line9["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (9, 17)  # 1-based, in characters: "3,838" on line 9
    assert sample_text.splitlines()[8][16:21] == "3,838"
