"""Every package the code imports is declared in pyproject.toml, with a floor and an upper bound: the server's
imports in `dependencies` (a wheel installed elsewhere gets them), the tests' and scripts' in the `test` extra.
An undeclared import works only while something else happens to pull it in (ifaddr and yarl came with
zeroconf and aiohttp), and scripts/test-min can test only the floors that are declared."""
from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def normal(name: str) -> str:
    """A distribution name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(specs: list[str]) -> dict[str, str]:
    """{normalized name: its version specifier} of pyproject.toml requirement strings."""
    out = {}
    for spec in specs:
        name, rest = re.match(r"\s*([A-Za-z0-9_.-]+)\s*(.*)", spec).groups()
        out[normal(name)] = rest.split(";")[0].strip()
    return out


def third_party_imports(folders: list[str]) -> dict[str, str]:
    """{top-level module: a file importing it} for every module imported under `folders` that is neither
    the standard library nor this repository's own."""
    found: dict[str, str] = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    top = name.split(".")[0]
                    beside = (path.parent / f"{top}.py").exists() or (path.parent / top).is_dir()   # a local module
                    # scripts/' modules import each other by name, and tests that check a script put it on sys.path
                    beside = beside or (ROOT / "scripts" / f"{top}.py").exists()
                    if top not in sys.stdlib_module_names and top not in ("server", "tests", "conftest") and not beside:
                        found.setdefault(top, str(path.relative_to(ROOT)))
    return found


def undeclared(folders: list[str], allowed: dict[str, str]) -> list[str]:
    dists = packages_distributions()
    missing = []
    for module, where in third_party_imports(folders).items():
        names = {normal(d) for d in dists.get(module, [module])}
        if not names & allowed.keys():
            missing.append(f"{module} ({where}: distribution {', '.join(sorted(names))})")
    return sorted(missing)


def project() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def test_the_servers_imports_are_its_dependencies():
    assert undeclared(["server"], declared(project()["dependencies"])) == []


def test_the_tests_and_scripts_imports_are_declared():
    both = declared(project()["dependencies"]) | declared(project()["optional-dependencies"]["test"])
    assert undeclared(["tests", "scripts"], both) == []


def test_every_dependency_has_a_floor_and_stops_below_the_next_major():
    """`>=floor,<bound`: the floor is what scripts/test-min installs and tests; the bound (the next major
    release after the newest tested) keeps a release that may change the API from arriving unannounced."""
    for name, spec in declared(project()["dependencies"]).items():
        floor = re.fullmatch(r">=([0-9][^,]*),<([0-9]+)", spec)
        assert floor, f"{name}: {spec!r} is not '>=floor,<bound'"
        assert int(floor.group(2)) > int(floor.group(1).split(".")[0]), (name, spec)
