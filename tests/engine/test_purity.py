"""server/engine/ stays pure (docs/architecture.md, the `server/engine/` row): no asyncio/aiohttp/socket,
no file or OS access, no clock, no `random` module (the engine's randomness is its own seeded PRNG in the
state). Walks the AST of every module, text.py (the grapheme helpers) among them."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "server"
ENGINE = sorted((ROOT / "engine").rglob("*.py"))  # modes/ is a package in the engine
ALLOWED = {"__future__", "dataclasses", "json", "typing", "unicodedata", "re", "collections",
           "itertools", "functools", "math", "regex"}  # regex: UAX #29 clusters, pure
ALLOWED_OUTSIDE = {"text"}  # `from ..text import ...`: pure string functions
FORBIDDEN_CALLS = {"open", "eval", "exec", "input", "print", "__import__", "compile"}


def imports(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield 0, alias.name
        elif isinstance(node, ast.ImportFrom):
            yield node.level, node.module or ""


def problems(path: Path, outside_ok: bool, depth: int = 0) -> list[str]:
    """What makes the module at `path` impure; `depth` is how many packages deep in the engine it sits
    (modes/standard.py: 1), so `from ..state import` there stays inside the engine."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for level, name in imports(tree):
        top = name.split(".")[0]
        if level == 0 and top not in ALLOWED:
            found.append(f"imports {name}")
        level -= depth
        if level >= 2 and not (outside_ok and level == 2 and top in ALLOWED_OUTSIDE):
            found.append(f"imports ..{name} from outside the engine")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            found.append(f"calls {node.func.id}()")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
            found.append(f"uses random.{node.attr}")
    return found


def test_the_engine_has_modules():
    assert len(ENGINE) >= 5


@pytest.mark.parametrize("path", ENGINE, ids=[str(p.relative_to(ROOT / "engine")) for p in ENGINE])
def test_engine_module_is_pure(path):
    depth = len(path.relative_to(ROOT / "engine").parts) - 1
    assert problems(path, outside_ok=True, depth=depth) == []


def test_the_text_helpers_the_engine_uses_are_pure():
    assert problems(ROOT / "engine" / "text.py", outside_ok=False) == []


def test_the_checker_catches_impurity(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import asyncio\nimport os.path\nfrom random import choice\nimport random\n"
                   "x = random.random()\nopen('f')\nfrom ..room import Room\n")
    assert problems(bad, outside_ok=True) == [
        "imports asyncio", "imports os.path", "imports random", "imports random",
        "imports ..room from outside the engine", "calls open()", "uses random.random"]


def test_the_checker_counts_the_package_a_module_sits_in(tmp_path):
    nested = tmp_path / "nested.py"  # as if in server/engine/modes/
    nested.write_text("from ..state import GameState\nfrom . import plans\nfrom ...room import Room\n")
    assert problems(nested, outside_ok=True, depth=1) == ["imports ..room from outside the engine"]
