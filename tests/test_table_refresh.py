"""After each analysis a table repaints only the rows that changed (repainting the whole self-check panel cost
15-30 ms of GUI thread at every keystroke and Enter, on the 20 KB sample too)."""

from __future__ import annotations

from editor_app.ui.table_models import Column, RowsModel


class Row:
    def __init__(self, n: int) -> None:
        self.n = n


def _spans(model) -> list:
    got = []
    model.dataChanged.connect(lambda a, b, roles=None: got.append((a.row(), b.row())))
    return got


def test_only_the_rows_that_changed_are_repainted(qapp):
    model = RowsModel([Column("n", lambda r: r.n)])
    rows = [Row(i) for i in range(10)]
    model.set_rows(rows)
    got = _spans(model)
    model.set_rows(list(rows))  # the same objects: the analysis reused them
    assert got == []
    moved = list(rows)
    moved[3], moved[6] = Row(30), Row(60)
    model.set_rows(moved)
    assert got == [(3, 6)]
    assert model.rows == moved


def test_rules_judged_afresh_but_shown_alike_are_not_repainted(qtbot, sample_text):
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack
    from editor_app.ui.selfcheck_panel import SelfCheckPanel

    panel = SelfCheckPanel()
    qtbot.addWidget(panel)
    first = analyze(sample_text, house_pack())
    panel.show_analysis(first)
    got = _spans(panel.rules_model)
    again = analyze(sample_text.replace("\n", "\n\n", 1), house_pack())  # every rule judged anew
    assert all(a is not b for a, b in zip(first.rules, again.rules))
    panel.show_analysis(again)
    changed = [i for i, (a, b) in enumerate(zip(first.rules, again.rules)) if a.where()[0] != b.where()[0]
               or a.measured != b.measured]
    assert got == ([(changed[0], changed[-1])] if changed else [])
    assert len(changed) < len(first.rules)
