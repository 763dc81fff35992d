"""Record classes (hand-written __init__, see core/records.py) behave exactly like the dataclasses they replaced."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from editor_app.core import document, model, privacy, records, rulepack, suppression
from editor_app.services import files

RECORDS = [
    cls
    for module in (model, rulepack, privacy, document, suppression, files)
    for cls in vars(module).values()
    if isinstance(cls, type) and cls.__module__ == module.__name__ and dataclasses.is_dataclass(cls)
]


def _twin(cls: type) -> type:
    """The same fields through dataclasses.dataclass itself: the behaviour a record must reproduce."""
    specs = []
    for f in dataclasses.fields(cls):
        kw = {"init": f.init, "repr": f.repr, "compare": f.compare, "hash": f.hash}
        if f.default is not dataclasses.MISSING:
            kw["default"] = f.default
        if f.default_factory is not dataclasses.MISSING:
            kw["default_factory"] = f.default_factory
        specs.append((f.name, f.type, dataclasses.field(**kw)))
    generated = {"__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"}
    ns = {k: v for k, v in vars(cls).items() if k not in generated
          and isinstance(v, (type(_args), classmethod, staticmethod, property))}
    return dataclasses.make_dataclass(cls.__name__, specs, namespace=ns, frozen=cls.__hash__ is not None)


def _args(cls: type) -> list:
    """Distinct values for the required fields (PrivacyConfig's all have defaults and are checked)."""
    return [f"{f.name}-value" for f in dataclasses.fields(cls)
            if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]


def test_every_converted_class_is_found():
    names = {cls.__name__ for cls in RECORDS}
    assert {"Section", "Finding", "Analysis", "PrivacyHit", "RuleDef", "RulePack", "PrivacyConfig", "Heading",
            "Outline", "Directive", "LoadedText"} <= names


@pytest.mark.engine_source  # (a compiled class's methods accept only its own instances: the twin can't borrow them)
@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_record_matches_dataclass(cls):
    twin = _twin(cls)
    a, b, t = cls(*_args(cls)), cls(*_args(cls)), twin(*_args(cls))
    assert repr(a) == repr(t)
    assert a == b and not (a != b) and (a == t) is False
    assert [p.name for p in inspect.signature(cls).parameters.values()] == \
        [p.name for p in inspect.signature(twin).parameters.values()]
    assert [repr(p.default) for p in inspect.signature(cls).parameters.values()] == \
        [repr(p.default) for p in inspect.signature(twin).parameters.values()]
    for f in dataclasses.fields(cls):
        assert getattr(a, f.name) == getattr(t, f.name), f.name
        if f.default_factory is not dataclasses.MISSING:
            assert getattr(a, f.name) is not getattr(b, f.name)  # a fresh list / dict per instance
    if cls.__hash__ is None:
        assert twin.__hash__ is None
    else:
        assert hash(a) == hash(t) == hash(b)
        name = dataclasses.fields(cls)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field"):
            setattr(a, name, "other")
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field"):
            delattr(a, name)
    first = next(f for f in dataclasses.fields(cls) if f.init)
    changed = dataclasses.replace(a, **{first.name: "changed"})
    assert getattr(changed, first.name) == "changed" and changed != a
    assert cls.__match_args__ == twin.__match_args__
    if cls is not privacy.PrivacyConfig:  # compiled patterns inside
        assert dataclasses.asdict(a) == dataclasses.asdict(t)
        assert pickle.loads(pickle.dumps(a)) == a


def test_repr_of_nested_records_and_recursion():
    hit = model.PrivacyHit("ip", 3, 5, "10.0*****", 8)
    assert repr(hit) == "PrivacyHit(dimension='ip', line=3, column=5, masked='10.0*****', length=8)"
    result = model.RuleResult("r", "t", "count", "error", "fail")
    result.findings.append(result)  # a cycle: shown as ... like a dataclass
    assert repr(result).endswith("findings=[...])")


def test_an_init_that_misses_a_field_is_refused_at_class_creation():
    with pytest.raises(TypeError, match="does not match its fields"):
        @records.record
        class Broken:
            """Has two fields, takes one."""

            a: int
            b: int = 0

            def __init__(self, a: int) -> None:
                self.a = a

    with pytest.raises(TypeError, match="does not match its fields"):
        @records.record(frozen=True)
        class WrongDefault:
            """Default differs from the field's."""

            a: int = 1

            def __init__(self, a: int = 2) -> None:
                object.__setattr__(self, "a", a)


def test_with_changes_is_replace_without_init():
    from dataclasses import replace

    from editor_app.core.model import FigureGroup, FigureValue, PrivacyHit, Section
    from editor_app.core.records import with_changes

    s = Section("3.1", "3.1", "主线 A", 2, 19, 23, "3")
    g = FigureGroup("throughput", "tok/s", "H100", 4, (FigureValue("SGLang", 16200.0, True),))
    h = PrivacyHit("ip", 7, 3, "10.0.*.*", 8)
    for obj, changes in ((s, {"line": 20, "end_line": 24}), (g, {"line": 9}), (h, {"line": 8})):
        moved = with_changes(obj, **changes)
        assert moved == replace(obj, **changes) and repr(moved) == repr(replace(obj, **changes))
        assert obj != moved and type(moved) is type(obj)
    try:
        with_changes(s, line=1).line = 5
    except Exception as exc:  # still frozen
        assert "cannot assign" in str(exc) or "frozen" in str(exc).lower()
    else:
        raise AssertionError("a frozen record stayed frozen")


def test_on_line_is_replace_of_the_line():
    from dataclasses import replace

    from editor_app.core.model import Claim, Finding, FigureGroup, FigureValue
    from editor_app.core.records import on_line

    for obj in (Claim("cjk", "CJK 实测 3,838", 9, 3838.0, 3838, True), Finding("claims", "error", 9, 17, "m"),
                FigureGroup("throughput", "tok/s", "H100", 4, (FigureValue("SGLang", 16200.0, True),))):
        moved = on_line(obj, 12)
        assert moved == replace(obj, line=12) and type(moved) is type(obj) and obj.line != 12
