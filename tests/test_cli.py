"""survey-check: output formats, exit codes, bad input."""

import json
import subprocess
import sys
from pathlib import Path


from editor_app.cli import main
from editor_app.formats import display_width

CLEAN = "标题\n§0 自检\nCJK 实测 {cjk}\n一、正文\n" + "⚠️ 中文。\n" * 10


def clean_doc(tmp_path, name="clean.md"):
    text = CLEAN.format(cjk=0)
    import re

    n = len(re.findall("[一-鿿]", text.format(cjk=0)))
    p = tmp_path / name
    p.write_text(CLEAN.format(cjk=n), encoding="utf-8")
    return p


def run(args, capsys):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_text_output_on_sample(sample_path, capsys):
    code, out, _ = run([sample_path], capsys)
    assert code == 1  # the sample's self-reported figures are wrong in places
    assert "CJK 3,838" in out and "⚠️ 79" in out
    assert "cjk-total" in out and "✘ FAIL" in out
    assert "stated sum 3,838 but the parts add up to 4,421" in out
    # the claims table names what a wrong figure is of in full (it was cut to "sum of the parts · 元…")
    assert any(line.startswith("94    sum    sum of the parts · 元信息  950") for line in out.splitlines())


def test_table_aligns_cjk_by_display_width():
    from editor_app.formats import table

    lines = table([["主体元信息", "x"], ["ab", "y"], ["§八", "z"]], ["WHAT", "V"], [20, 5])
    cols = {display_width(l[: l.rindex(ch)]) for l, ch in zip(lines[2:], "xyz")}
    assert len(cols) == 1 and display_width("主体") == 4


def test_json_contract(sample_path, capsys):
    code, out, _ = run([sample_path, "--format", "json"], capsys)
    data = json.loads(out)
    assert set(data) >= {"file", "pack", "metrics", "sections", "findings", "claims", "references", "figures"}
    assert data["pack"] == "llm-infra-survey" and data["metrics"]["cjk"] == 3838
    s = data["sections"][0]
    assert set(s) >= {"title", "number", "line", "end_line", "metrics"}
    f = data["findings"][0]
    assert set(f) >= {"rule", "level", "line", "column", "message", "measured", "limit"}
    c = data["claims"][0]
    assert set(c) >= {"metric", "text", "line", "claimed", "measured", "ok"}
    r = data["references"][0]
    assert set(r) >= {"id", "version", "lines", "name", "status"}
    assert {x["id"] for x in data["references"]} >= {"2609.11582", "2605.19537"}
    summed = [c for c in data["claims"] if c["metric"] == "sum" and c["claimed"] == 3838]
    assert summed and summed[0]["measured"] == 4421  # arithmetic claims carry the computed value


def test_sarif(sample_path, capsys):
    code, out, _ = run([sample_path, "--format", "sarif"], capsys)
    doc = json.loads(out)
    assert doc["version"] == "2.1.0"
    res = doc["runs"][0]["results"]
    assert res and all(r["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1 for r in res)
    assert {r["level"] for r in res if r.get("kind", "fail") == "fail"} <= {"error", "warning", "note"}
    # a rule not measured (verifiability, without --verify) is a result of kind "open", whose level must be "none"
    assert {(r["kind"], r["level"]) for r in res if "kind" in r} == {("open", "none")}
    uri = res[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    # an absolute path: relative to the working directory when inside it (test_ciuser_sarif_absolute_paths)
    if Path(sample_path).resolve().is_relative_to(Path.cwd().resolve()):
        assert ":" not in uri and (Path.cwd() / uri).samefile(sample_path)
    else:
        assert uri == Path(sample_path).resolve().as_uri()
    assert doc["runs"][0]["columnKind"] == "unicodeCodePoints"  # columns count characters, not UTF-16 units


def test_verify_against_the_fake_arxiv_reports_progress_as_one_line_in_a_log(sample_path, fake_arxiv, capsys,
                                                                             tmp_path):
    code, out, err = run([sample_path, "--format", "json", "--verify", "--arxiv-url", fake_arxiv.url,
                          "--arxiv-interval", "0", "--db", tmp_path / "h.db"], capsys)
    refs = json.loads(out)["references"]
    assert len(refs) == 15 and all(r["status"] != "unverified" for r in refs)
    assert "\r" not in err  # stderr is not a terminal: no line rewritten in place
    assert err.count("verifying arXiv ids: 15/15") == 1


SMALL_PACK = """schema = 1
name = "small"
[counters.cjk]
regex = '[一-鿿]'
[[rules]]
id = "cjk-max"
kind = "count"
counter = "cjk"
max = 40
[[rules]]
id = "todo"
kind = "forbidden-pattern"
pattern = "TODO"
level = "warning"
[[rules]]
id = "claims"
kind = "claims"
[[claims.patterns]]
metric = "cjk"
pattern = 'CJK 实测 (?P<value>\\d+)'
"""


def test_exit_codes_and_fail_level(tmp_path, capsys):
    pack = tmp_path / "small.toml"
    pack.write_text(SMALL_PACK, encoding="utf-8")
    p = clean_doc(tmp_path)
    code, out, _ = run([p, "--pack", pack], capsys)
    assert code == 0, out
    p.write_text(p.read_text(encoding="utf-8") + "TODO\n", encoding="utf-8")
    assert run([p, "--pack", pack], capsys)[0] == 0  # a warning is below the default fail level
    assert run([p, "--pack", pack, "--fail-level", "warning"], capsys)[0] == 1
    p.write_text(p.read_text(encoding="utf-8") + "再加中文\n", encoding="utf-8")
    code, out, _ = run([p, "--pack", pack], capsys)
    assert code == 1 and "stated" in out  # the CJK claim is now wrong


def test_unusable_input(tmp_path, capsys):
    code, _, err = run([tmp_path / "missing.md"], capsys)
    assert code == 2 and "missing.md" in err
    binary = tmp_path / "b.md"
    binary.write_bytes(b"\x00\x01\x02PNG\x00" * 100)
    code, _, err = run([binary], capsys)
    assert code == 2 and err.strip()
    pack = tmp_path / "p.toml"
    pack.write_text('schema = 1\nname = "x"\n[counters.c]\nregex = "("\n', encoding="utf-8")
    code, _, err = run([clean_doc(tmp_path), "--pack", pack], capsys)
    assert code == 2 and "p.toml:4" in err and "regex" in err


def test_gbk_file_is_read(tmp_path, capsys):
    p = tmp_path / "gbk.md"
    p.write_bytes(CLEAN.format(cjk=0).replace("⚠️", "注意").encode("gbk"))
    code, out, _ = run([p, "--format", "json"], capsys)
    assert json.loads(out)["metrics"]["cjk"] > 10


def test_several_files_json_list(tmp_path, sample_path, capsys):
    code, out, _ = run([clean_doc(tmp_path), sample_path, "--format", "json"], capsys)
    data = json.loads(out)
    assert isinstance(data, list) and len(data) == 2 and code == 1


def test_record_and_history(tmp_path, capsys, monkeypatch):
    db = tmp_path / "h.db"
    p = clean_doc(tmp_path)
    code, _, err = run([p, "--record", "--db", db], capsys)
    assert code == 1 and "recorded snapshot" in err  # the house pack fails a two-line survey; it is recorded anyway
    code, _, err = run([p, "--record", "--db", db], capsys)
    assert "unchanged" in err
    code, out, _ = run(["history", p, "--db", db, "--format", "json"], capsys)
    snaps = json.loads(out)["snapshots"]
    assert len(snaps) == 1 and snaps[0]["kind"] == "cli"
    code, out, _ = run(["history", p, "--db", db], capsys)
    assert "cli" in out


def test_export_refuses_failing_survey_without_force(sample_path, tmp_path, capsys):
    code, _, err = run([sample_path, "--export", tmp_path / "r.html"], capsys)
    assert code == 1 and "--force" in err and not (tmp_path / "r.html").exists()


def test_console_script_help():
    out = subprocess.run([sys.executable, "-m", "editor_app.cli", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "--fail-level" in out.stdout


def test_empty_file_is_measured_as_empty(tmp_path, capsys):
    p = tmp_path / "empty.md"
    p.write_text("", encoding="utf-8")
    code, out, _ = run([p, "--format", "json"], capsys)
    rules = {r["id"]: r for r in json.loads(out)["rules"]}
    assert rules["cjk-total"]["status"] == "pass" and rules["cjk-total"]["measured"] == 0
    assert rules["caution-markers"]["status"] == "fail"  # 0 < 10
    assert "not found" not in out


def test_a_bad_file_does_not_hide_the_good_ones(tmp_path, sample_path, capsys):
    binary = tmp_path / "b.md"
    binary.write_bytes(b"\x00\x01" * 50)
    code, out, err = run([sample_path, binary, "--format", "json"], capsys)
    assert code == 2 and "b.md" in err
    data = json.loads(out)  # two files asked for: a list, the one that could be read and the one that could not
    assert isinstance(data, list) and len(data) == 2 and data[0]["metrics"]["cjk"] == 3838
    assert data[1]["file"] == str(binary) and "not a text file" in data[1]["error"]


def test_an_emoji_with_its_presentation_selector_takes_two_columns():
    """⚠️ (U+26A0 U+FE0F) is drawn two columns wide (an emoji presentation sequence, as wcwidth counts it): the
    claims table's '⚠️ · document' rows were one column short of the others."""
    from editor_app.formats import table

    assert display_width("⚠️") == 2 and display_width("⚠") == 1 and display_width("⚠️ 79") == 5
    lines = table([["⚠️ · document", "x"], ["CJK · document", "y"]], ["WHAT", "V"], [20, 5])
    assert {display_width(l[: l.rindex(ch)]) for l, ch in zip(lines[2:], "xy")} == {16}
