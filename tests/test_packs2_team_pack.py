"""QA (a team writing its own pack from the README): an English survey with Markdown headings, word counts, a
required Limitations section and stated figures of its own ("Word count: 1,234"). What such an author ran into."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import PackError, bundled_packs, load_pack, parse_pack

TEAM = """schema = 1
name = "team"
[document]
heading_styles = ["markdown"]
[counters.words]
builtin = "words"
"""

SURVEY = """# Serving notes

## 1 Background

Serving is bound by memory bandwidth and batching.

## 2 Engines

Engines page the KV cache.

## 4 Limitations

We measured one GPU type only, on one day, with one model.
"""


def _rule(body: str) -> str:
    return TEAM + '[[rules]]\nid = "r"\n' + body


def _result(pack_source: str, text: str = SURVEY):
    analysis = analyze(text, parse_pack(pack_source, "team.toml"))
    return next(r for r in analysis.rules if r.id == "r")


def _refused(source: str) -> PackError:
    with pytest.raises(PackError) as err:
        parse_pack(source, "team.toml")
    return err.value


# --- one heading pattern, the same sections wherever the pack uses it -------------------------------------------

@pytest.mark.parametrize("pattern", ["(?i)^limitations$", "^4 Limitations$", "^4$"])
def test_a_heading_pattern_finds_the_same_heading_as_a_scope_and_as_a_required_section(pattern):
    # before: '(?i)^limitations$' found "## 4 Limitations" as a required section but, as a scope, "0 sections
    # matched"; '^4 Limitations$' was the other way round
    required = _result(_rule(f"kind = \"required-section\"\nheading = '{pattern}'\n"))
    assert required.status == "pass" and required.measured == "§4 Limitations"
    counted = _result(_rule(f"kind = \"count\"\ncounter = \"words\"\nmin = 5\nscope = {{ heading = '{pattern}' }}\n"))
    assert counted.status == "pass", (counted.status, counted.note)
    assert counted.measured == 14  # its heading's words and its sentence's


@pytest.mark.parametrize("written, meant", [
    ("^## Limitations", "^Limitations"),
    ("(?i)^#+\\s*limitations", "(?i)^limitations"),
    ("## 4 Limitations", "4 Limitations"),
])
@pytest.mark.parametrize("where", ["required-section", "scope"])
def test_a_heading_pattern_written_with_its_hash_marks_is_refused_with_what_to_write(written, meant, where):
    # before: '^## Limitations' matched no heading: "Add a Limitations section." while the section was there
    if where == "scope":
        source = _rule(f"kind = \"count\"\ncounter = \"words\"\nmin = 5\nscope = {{ heading = '{written}' }}\n")
        line, key = 12, "rules[0].scope.heading"
    else:
        source = _rule(f"kind = \"required-section\"\nheading = '{written}'\n")
        line, key = 10, "rules[0].heading"
    exc = _refused(source)
    assert (exc.line, exc.key) == (line, key)
    assert "matched without its # marks" in exc.message and exc.message.endswith(f"write '{meant}'")


def test_a_hash_a_title_may_hold_is_no_mark():
    assert _result(_rule("kind = \"required-section\"\nheading = 'C#'\n"), SURVEY + "\n## 5 C# clients\n").status \
        == "pass"


# --- [claims] sum_context ----------------------------------------------------------------------------------------

def test_a_sum_context_written_as_a_regex_is_refused():
    # before: '(?i)words' was looked for as written, found on no line, and the parts of every sum went unchecked
    exc = _refused(_rule('kind = "claims"\n') + "[claims]\nsum_metric = \"words\"\nsum_context = '(?i)words'\n")
    assert (exc.line, exc.key) == (12, "claims.sum_context")
    assert "not a regular expression" in exc.message


@pytest.mark.parametrize("claims, says", [
    ('sum_context = "words"\n', "without sum_metric it does nothing"),
    ('sum_metric = "words"\nsum_context = 3\n', "must be text in quotes"),
    ('sum_metric = "word"\n', 'did you mean "words"?'),
])
def test_the_claims_table_says_what_is_wrong_with_it(claims, says):
    exc = _refused(_rule('kind = "claims"\n') + "[claims]\n" + claims)
    assert exc.key.startswith("claims.sum_") and exc.line is not None and says in exc.message


def test_the_bundled_packs_still_load():
    assert [load_pack(p).name for p in bundled_packs()] == ["english-markdown", "llm-infra-survey"]


def test_a_stated_sum_ending_a_sentence_is_read_with_its_last_part():
    # before: "§2 107. Then …" was not read as 107 (a full stop followed it) and the next figure of the line was
    # taken instead: "sum of the parts 137, measured 15,137"
    pack = _rule('kind = "claims"\n') + '[claims]\nsum_metric = "words"\nsum_context = "Word count"\n'
    text = ("# Notes\n\n## 1 One\n\nalpha beta\n\n## 2 Two\n\n"
            "Word count: 137 = §1 30 + §2 107. SGLang serves ~15,000 tok/s on H100.\n")
    analysis = analyze(text, parse_pack(pack, "team.toml"))
    total = next(c for c in analysis.claims if c.kind == "sum")
    assert (total.claimed, total.measured, total.ok) == (137, 137, True)
    parts = {c.scope: c.claimed for c in analysis.claims if c.kind == "value" and c.scope.startswith("§")}
    assert parts == {"§1": 30, "§2": 107}


# --- keys named where they sit, and text where text goes ---------------------------------------------------------

@pytest.mark.parametrize("source, line, key", [
    (TEAM + "[scopes]\nbody = { heading = '.', each = \"true\" }\n" + '[[rules]]\nid = "r"\nkind = "references"\n',
     8, "scopes.body.each"),
    (_rule('kind = "count"\ncounter = "words"\nmax = 9\nscope = { section = "1", items = "yes" }\n'),
     12, "rules[0].scope.items"),
])
def test_a_scope_flag_in_quotes_is_named_where_it_sits(source, line, key):
    # before: "team.toml:7: each: must be true or false" — which each, of which scope?
    exc = _refused(source)
    assert (exc.line, exc.key) == (line, key)


@pytest.mark.parametrize("source, line, key", [
    (_rule('kind = "references"\ntitle = 1500\n'), 10, "rules[0].title"),
    (_rule('kind = "required-section"\nnumber = "4"\nmessage = 3\n'), 11, "rules[0].message"),
    (TEAM + 'label = 2\n[[rules]]\nid = "r"\nkind = "references"\n', 7, "counters.words.label"),
    (_rule('kind = "claims"\n') + "[[claims.patterns]]\nmetric = \"words\"\npattern = 'Words: (?P<value>\\d+)'\n"
     "label = 7\n", 13, "claims.patterns[0].label"),
    (TEAM.replace('name = "team"', 'name = "team"\ntitle = 2026') + '[[rules]]\nid = "r"\nkind = "references"\n', 3,
     "title"),
])
def test_a_number_where_words_go_is_refused(source, line, key):
    # before: taken as "1500", a rule's title in the window, the report and the CLI
    exc = _refused(source)
    assert (exc.line, exc.key) == (line, key) and "must be text in quotes" in exc.message


# --- the window ----------------------------------------------------------------------------------------------------

def test_counter_columns_fit_their_names_after_the_pack_changes(qtbot, tmp_path):
    """Before: the counters per section were sized once, for the first pack's counters (CJK, ⚠️); a team pack put
    beside the survey afterwards showed "vords" and "haracter" under columns as narrow as "CJK"."""
    from editor_app.resources_path import resource_path
    from ui_support import open_window

    survey = tmp_path / "survey.md"
    survey.write_text(SURVEY, encoding="utf-8")
    window = open_window(qtbot, survey)
    assert window.pack.name == "llm-infra-survey"
    pack = (resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8")
            .replace('label = "words"', 'label = "words counted"'))
    (tmp_path / "survey-rules.toml").write_text(pack, encoding="utf-8")
    with qtbot.waitSignal(window.analysis_ready, timeout=20000):
        assert window._pack_watcher.check()
    assert window.pack.name == "english-markdown"
    view = window.selfcheck.sections_view
    header, model = view.horizontalHeader(), view.model()
    heads = {model.headerData(i, header.orientation()): i for i in range(header.count())}
    assert "words counted" in heads
    for name in ("words counted", "lines"):  # (the last column takes the room left)
        i = heads[name]
        assert header.sectionSize(i) >= header.fontMetrics().horizontalAdvance(name), name
    window.shutdown()


@pytest.mark.parametrize("language, says", [
    ("en", "Rule pack {path} in use: the survey is checked with it (english-markdown)"),
    ("zh_CN", "规则包 {path} 已启用：按它检查本综述（english-markdown）"),
])
def test_a_pack_chosen_in_settings_is_said_in_the_status_bar(qtbot, qapp, tmp_path, language, says):
    """Before: Save in Edit → Settings switched the rule pack without a word (a pack's reload or removal on disk is
    said in the status bar; the switch the user asked for was not)."""
    from PySide6.QtCore import QCoreApplication, QTranslator

    from editor_app.resources_path import resource_path
    from editor_app.ui.settings_dialog import SettingsDialog
    from ui_support import open_window

    survey = tmp_path / "survey.md"
    survey.write_text(SURVEY, encoding="utf-8")
    translator = QTranslator()
    if language == "zh_CN":
        assert translator.load(str(resource_path("i18n", "survey_editor_zh_CN.qm")))
        QCoreApplication.installTranslator(translator)
    try:
        window = open_window(qtbot, survey)
        dialog = SettingsDialog(window.settings_store, window)
        qtbot.addWidget(dialog)
        pack = resource_path("rulepacks", "english-markdown.toml").resolve()
        dialog.rule_pack_edit.setText(str(pack))
        with qtbot.waitSignal(window.analysis_ready, timeout=20000):
            dialog.save()
        assert window.pack.name == "english-markdown"
        assert window.statusBar().currentMessage() == says.format(path=pack)
        window.shutdown()
    finally:
        QCoreApplication.removeTranslator(translator)
