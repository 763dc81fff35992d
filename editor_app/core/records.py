"""Dataclasses without code generation at import: `@record` / `@record(frozen=True)` over a hand-written __init__.

`dataclasses.dataclass` compiles __init__, __repr__, __eq__, __hash__ (and, frozen, __setattr__/__delattr__)
with exec for every class: ~1.5 ms a class on Python 3.11, most of the import time of a module of dataclasses
and a good part of `survey-check`'s start. A record class writes its own __init__ (plain code, cached as
bytecode; `FACTORY` stands for a default_factory field left out; a frozen one stores its fields straight into
`self.__dict__`, three times faster than the generated `object.__setattr__` calls), and `record` registers the fields with
`dataclass(init=False, repr=False, eq=False)` (so `fields`, `asdict`, `replace` and `__match_args__` work as
before) and adds repr, ==, hash and frozenness as shared functions that behave exactly like the generated ones.

A record class of a module compiled by mypyc (setup.py) also writes an `__eq__` stub, which `record` replaces:
mypyc, which cannot see the decorator's ==, compiles `a == b` between two values typed as a class of a compiled
module that defines no __eq__ as `a is b` (an edited heading equal to the old one but for its title was then
"different" whatever its title). With the stub it calls the class's ==. tests/test_compiled_build.py checks it.
"""

from __future__ import annotations

from dataclasses import MISSING, FrozenInstanceError, dataclass, fields
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, Callable, Iterable

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # not installed at run time: the decorator only tells mypyc (setup.py) how to compile a class
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        """`@mypyc_attr(native_class=False)`: keep a class of a compiled module a Python class (an instance dict,
        set from outside, subclassed); without mypy_extensions, a decorator that changes nothing."""
        return lambda cls: cls


class _Factory:
    """The default of an __init__ parameter whose field has a default_factory (shown as dataclasses shows it)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


FACTORY: Any = _Factory()


def record(cls: type | None = None, /, *, frozen: bool = False) -> Any:
    """Make `cls` a dataclass (eq, repr, frozen like `@dataclass(frozen=...)`) around its own __init__."""

    def wrap(cls: type) -> type:
        if "__init__" not in cls.__dict__:
            raise TypeError(f"record {cls.__name__} needs its own __init__")
        dataclass(cls, init=False, repr=False, eq=False)
        all_fields = fields(cls)
        _check_init(cls, all_fields)
        cls.__repr__ = _repr_fn(tuple(f.name for f in all_fields if f.repr))
        compared = _getter(tuple(f.name for f in all_fields if f.compare))
        cls.__eq__ = _eq_fn(compared)
        if frozen:
            hashed = [f.name for f in all_fields if (f.compare if f.hash is None else f.hash)]
            cls.__hash__ = _hash_fn(_getter(tuple(hashed)))
            names = frozenset(f.name for f in all_fields)
            cls.__setattr__, cls.__delattr__ = _frozen_fns(cls, names)
        else:
            cls.__hash__ = None  # mutable and compared by value, as dataclass(eq=True) does
        return cls

    return wrap if cls is None else wrap(cls)


def _check_init(cls: type, all_fields: tuple) -> None:
    """The hand-written __init__ takes the init fields in order with their defaults (a new field needs both)."""
    init = cls.__dict__["__init__"]
    code = getattr(init, "__code__", None)
    if code is None:  # compiled by mypyc (no code object): the same class was checked when run uncompiled
        return
    params = code.co_varnames[1:code.co_argcount]
    wanted = tuple(f.name for f in all_fields if f.init)
    defaults = tuple(FACTORY if f.default is MISSING else f.default for f in all_fields
                     if f.init and (f.default is not MISSING or f.default_factory is not MISSING))
    given = init.__defaults__ or ()
    if params != wanted or len(given) != len(defaults) or any(a is not b and a != b for a, b in zip(given, defaults)):
        raise TypeError(f"{cls.__qualname__}.__init__{params} with defaults {given} does not match its fields "
                        f"{wanted} with defaults {defaults}")


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """The field values as a tuple (attrgetter returns a bare value for one name)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _repr_fn(names: tuple[str, ...]) -> Callable[[Any], str]:
    @recursive_repr()
    def __repr__(self: Any) -> str:
        return self.__class__.__qualname__ + "(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in names) + ")"

    return __repr__


def _eq_fn(values: Callable[[Any], tuple]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash_fn(values: Callable[[Any], tuple]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(values(self))

    return __hash__


def _frozen_fns(cls: type, names: frozenset[str]) -> tuple[Callable, Callable]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def on_line(obj: Any, line: int) -> Any:
    """A copy of a record placed on another line: `with_changes(obj, line=line)` without the keyword dict, for
    the tens of thousands of objects an edit in a big survey moves."""
    state = obj.__dict__.copy()
    state["line"] = line
    new = _new(obj.__class__)
    _set_dict(new, "__dict__", state)
    return new


# A copy is made as a copy of the record's dict handed to a bare instance (object.__setattr__: a frozen record's own
# refuses): ~20% cheaper than filling the new instance's (empty) dict with update(), which grows it step by step.
_new, _set_dict = object.__new__, object.__setattr__


def moved_by(objs: Iterable[Any], d: int) -> list[Any]:
    """Copies of records each placed d lines further on (`on_line(obj, obj.line + d)` for each, without a
    call for each): after an Enter in the middle of an 8 MB survey half its records are copied so. Records
    placed from a per-line extraction (line 0) are put on line d."""
    out: list[Any] = []
    append, new, set_dict = out.append, _new, _set_dict
    for obj in objs:
        state = obj.__dict__.copy()
        state["line"] += d
        moved = new(obj.__class__)
        set_dict(moved, "__dict__", state)
        append(moved)
    return out


def with_changes(obj: Any, **changes: Any) -> Any:
    """A copy of a record with some fields changed, like `dataclasses.replace` but without calling __init__
    (a record's __init__ only stores its fields): ~8x cheaper where thousands of objects move by a line."""
    state = obj.__dict__.copy()
    state.update(changes)
    new = _new(obj.__class__)
    _set_dict(new, "__dict__", state)
    return new
