"""The engine compiled by mypyc at install (setup.py) is used only while it is whole and built from the sources
beside it, and it gives exactly what the plain-Python engine gives."""

from __future__ import annotations

import ast
import hashlib
import json
import os
import subprocess
import sys
from importlib.machinery import SourceFileLoader
from pathlib import Path

import pytest

import editor_app.core as core
from editor_app.core import SourcesFirst, build_state

ROOT = Path(__file__).resolve().parent.parent


def _built(tmp_path: Path, shared: list[str]) -> None:
    """A build stamp over two sources in tmp_path, as setup.py writes it."""
    modules = {}
    for name in ("alpha", "beta"):
        source = tmp_path / f"{name}.py"
        source.write_text(f"WHO = {name!r}\n", encoding="utf-8")
        modules[f"pkg.{name}"] = hashlib.sha256(source.read_bytes()).hexdigest()
    (tmp_path / "compiled.json").write_text(json.dumps({"modules": modules, "shared": shared}), encoding="utf-8")


def test_no_build_stamp_runs_what_is_there(tmp_path):
    assert build_state(str(tmp_path)) == ("source", {})
    (tmp_path / "compiled.json").write_text("{not json", encoding="utf-8")
    assert build_state(str(tmp_path)) == ("source", {})
    (tmp_path / "compiled.json").write_text('{"modules": []}', encoding="utf-8")
    assert build_state(str(tmp_path)) == ("source", {})
    (tmp_path / "compiled.json").write_bytes(b"\xff\xfe\x00binary")
    assert build_state(str(tmp_path)) == ("source", {})


def test_a_current_build_is_used(tmp_path):
    _built(tmp_path, shared=["json"])  # (an importable module standing for the shared library)
    state, sources = build_state(str(tmp_path))
    assert state == "compiled"
    assert sources == {"pkg.alpha": str(tmp_path / "alpha.py"), "pkg.beta": str(tmp_path / "beta.py")}


def test_an_edited_or_missing_source_makes_the_build_stale(tmp_path):
    _built(tmp_path, shared=["json"])
    (tmp_path / "beta.py").write_text("WHO = 'edited'\n", encoding="utf-8")
    assert build_state(str(tmp_path))[0] == "stale"
    _built(tmp_path, shared=["json"])
    (tmp_path / "alpha.py").unlink()
    assert build_state(str(tmp_path))[0] == "stale"


def test_a_partial_build_or_the_users_wish_runs_the_sources(tmp_path):
    _built(tmp_path, shared=["survey_engine_no_such_library__mypyc"])
    assert build_state(str(tmp_path))[0] == "pure"
    _built(tmp_path, shared=["json"])
    assert build_state(str(tmp_path), pure=True)[0] == "pure"


def test_sources_first_finds_the_source_of_a_compiled_module_only(tmp_path):
    source = tmp_path / "alpha.py"
    source.write_text("WHO = 'alpha'\n", encoding="utf-8")
    finder = SourcesFirst({"pkg.alpha": str(source), "pkg.gone": str(tmp_path / "gone.py")})
    spec = finder.find_spec("pkg.alpha")
    assert spec.origin == str(source) and isinstance(spec.loader, SourceFileLoader)
    assert finder.find_spec("pkg.beta") is None  # not compiled: the usual finders answer
    assert finder.find_spec("pkg.gone") is None  # no source to fall back on: neither


def test_sources_first_imports_nothing_while_it_finds(tmp_path):
    """First on sys.meta_path, the finder is asked for every import, its own too: in a Python started without
    site (importlib.machinery not loaded yet) an import while finding recursed until a RecursionError."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "pkg" / "alpha.py").write_text("WHO = 'alpha'\n", encoding="utf-8")
    code = ("import sys\n"
            "assert 'importlib.machinery' not in sys.modules\n"
            "from editor_app.core import SourcesFirst\n"
            f"sys.meta_path.insert(0, SourcesFirst({{'pkg.alpha': {str(tmp_path / 'pkg' / 'alpha.py')!r}}}))\n"
            "import pkg.alpha\n"
            "print(pkg.alpha.WHO, type(pkg.alpha.__spec__.loader).__name__)\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path)])}
    done = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["alpha", "SourceFileLoader"]


def test_the_running_engine_is_the_build_it_says():
    state, sources = build_state(os.path.dirname(core.__file__), os.environ.get("SURVEY_EDITOR_PURE") == "1")
    assert core.BUILD == state
    for name in sources:
        module = __import__(name, fromlist=["_"])
        from_source = module.__file__.endswith(".py")
        assert from_source == (state != "compiled"), (name, module.__file__, state)


# Analyses the sample and lines made from it (cut, joined, shuffled, with foreign characters) and prints a digest of
# every result: the same digest from the compiled and the plain-Python engine proves they agree.
_DIGEST = r"""
import hashlib, json, random, sys
import editor_app.core as core
from editor_app.core.analyze import Analyzer
from editor_app.core.claims import claims_in_line
from editor_app.core.figures import figures_in_line
from editor_app.core.privacy import privacy_in_lines
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack
from editor_app.resources_path import sample_survey_path

pack = house_pack()
sample = sample_survey_path().read_text(encoding="utf-8")
lines = sample.splitlines()
rng = random.Random(16)
made = []
for _ in range(1500):
    a, b = rng.choice(lines), rng.choice(lines)
    i, j = rng.randrange(len(a) + 1), rng.randrange(len(b) + 1)
    made.append(a[:i] + rng.choice(["", " ", "，", "\u00a0", "×", "%", "⚠️", "§", " vs ", "（", "）", "\ud800"]) + b[j:])
out = hashlib.sha256()
for text in (sample, "\n".join(made), "\n".join(rng.sample(lines, len(lines)))):
    out.update(json.dumps(Analyzer(pack).analyze(text).to_dict(), sort_keys=True, default=repr).encode())
analyzer = Analyzer(pack)
cfg = analyzer._privacy_cfg
for line in made:
    out.update(repr((claims_in_line(line, analyzer._claim_rx, pack.sum_metric, pack.sum_context),
                     figures_in_line(line), citations_in_line(line))).encode("utf-8", "surrogatepass"))
out.update(repr(privacy_in_lines(made, cfg)).encode("utf-8", "surrogatepass"))
print(core.BUILD, out.hexdigest())
"""


def _digest(pure: bool) -> tuple[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "SURVEY_EDITOR_PURE"}
    if pure:
        env["SURVEY_EDITOR_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", _DIGEST], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    build, digest = done.stdout.split()
    return build, digest


def test_the_compiled_engine_gives_what_the_plain_one_gives():
    compiled_build, compiled = _digest(pure=False)
    pure_build, pure = _digest(pure=True)
    assert pure_build in ("pure", "source")  # ("source": nothing was compiled here)
    assert compiled == pure, f"the {compiled_build} engine differs from the plain-Python one"


def test_tests_that_watch_the_engine_run_as_source():
    """Tests marked engine_source patch the engine's module functions to count its calls (compiled code calls
    them directly) or lend a record's methods to a twin class: compiled, they are skipped, and run here as source."""
    if core.BUILD != "compiled":
        pytest.skip("the engine runs as source here: those tests ran already")
    env = {**os.environ, "SURVEY_EDITOR_PURE": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n0", "-m", "engine_source",
                           "tests"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-2000:]
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in summary and "skipped" not in summary and "deselected" in summary, summary


def _compiled_modules() -> list[str]:
    """setup.py's COMPILED: the module files it compiles."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    listed = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                  and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets))
    names = [c.value for c in ast.walk(listed) if isinstance(c, ast.Constant) and isinstance(c.value, str)]
    return [f"editor_app/core/{name}.py" for name in names if name.isidentifier()]


def test_records_of_compiled_modules_declare_their_equality():
    """mypyc compiles == between two records of a compiled module as `is` unless the class body defines __eq__
    (records.py): every record class there writes the stub `record` replaces."""
    modules = _compiled_modules()
    assert "editor_app/core/analyze.py" in modules and len(modules) >= 10
    missing = []
    for path in modules:
        for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(ast.unparse(d).startswith("record") for d in node.decorator_list):
                if not any(isinstance(b, ast.FunctionDef) and b.name == "__eq__" for b in node.body):
                    missing.append(f"{path}: {node.name}")
    assert not missing, missing


def test_compiled_records_compare_by_value():
    """An edited heading that differs from the old one by its title only: the analyzer renames it in place (the
    comparison of the two headings without their titles is by value, compiled or not)."""
    from editor_app.core.analyze import LineFacts, _retitled
    from editor_app.core.document import Heading

    def facts(h):
        return LineFacts((), h, (), (), (), (), (), (), ())

    old = [facts(None) for _ in range(20)]
    old[5] = facts(Heading("numbered-top", 1, "3", "三", "old title"))
    new = list(old)
    new[5] = facts(Heading("numbered-top", 1, "3", "三", "new title"))
    assert _retitled(_a_pass_with(old), ["x"] * 20, new, [5]) == {6: "new title"}


def _a_pass_with(facts):
    """A bare analysis pass holding `facts` (compiled code checks a pass is one)."""
    from editor_app.core.analyze import _Assembly

    bare = object.__new__(_Assembly)
    bare.__dict__["facts"] = facts
    return bare


def test_the_compiled_modules_still_compile(tmp_path):
    """setup.py's mypyc step accepts every module it compiles: a type error, or code mypyc cannot translate, makes
    a compiling build fall back to plain Python with a warning no one reads (five type errors and a `("", *_UNITS)`
    mypyc choked on had made it so, unnoticed). mypyc's translation to C, without the C compiler."""
    pytest.importorskip("mypyc.build")
    script = ("import sys\nfrom mypyc.build import mypycify\n"
              "mypycify(['--follow-imports=silent', *sys.argv[2:]], opt_level='0', group_name='survey_engine', "
              "target_dir=sys.argv[1])\n")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "c"), *_compiled_modules()], cwd=ROOT,
                          capture_output=True, text=True, timeout=240,
                          env={**os.environ, "MYPY_CACHE_DIR": str(tmp_path / "cache")})
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    assert (tmp_path / "c" / "__native_survey_engine.c").exists()
