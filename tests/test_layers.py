"""server/ is folders by layer and imports point only downward (docs/architecture.md "Layers").

Walks the import statements of every module under server/ (top-level, inside functions and under
`if TYPE_CHECKING:` alike: a cycle that only type checkers see is still a cycle) and fails on an import
of a higher or a sibling layer, and on any cycle between modules."""
from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).resolve().parents[1] / "server"

# Lowest first. A unit may import its own modules and any unit of a lower rank; units of the same rank
# are independent of each other. The top is the composition root.
LAYERS: list[set[str]] = [
    {"server", "server.shipped", "server.messages", "server.engine"},  # version, shipped files, texts, pure rules
    # the settings; the data folder and its lock; the boot unit; the log's form
    {"server.config", "server.datadir", "server.datalock", "server.systemd_unit", "server.logsetup"},
    {"server.decks", "server.lan"},   # assets on disk; the local network
    {"server.room"},                  # rooms, their people and persistence
    {"server.net"},                   # HTTP and the WebSocket
    {"server.app", "server.options"},  # make_app: the composition root; the command's options
    {"server.cli"},                   # the command
    {"server.__main__"},
]
RANK = {unit: rank for rank, units in enumerate(LAYERS) for unit in units}

#: The most lines a module under server/ may have (small modules with one job: a reader holds one in their head).
MAX_LINES = 350


def module_name(path: Path) -> str:
    parts = path.relative_to(SERVER.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def unit(module: str) -> str:
    """The layer unit of a module: its folder under server/ (server.room.roster -> server.room), or the
    module itself at the top level."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else module


def imports_of(path: Path, module: str, known: set[str]) -> set[str]:
    """The server modules `module` (at `path`) imports."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:  # `from server import engine` imports the module server.engine
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {name for name in found if name == "server" or name.startswith("server.")}


def graph() -> dict[str, set[str]]:
    """Module -> the server modules it imports."""
    paths = {module_name(p): p for p in SERVER.rglob("*.py")}
    return {m: imports_of(p, m, set(paths)) for m, p in paths.items()}


def wrong_way(edges: dict[str, set[str]]) -> list[str]:
    """Imports of a higher layer or of a sibling unit of the same layer."""
    problems = []
    for src, targets in sorted(edges.items()):
        for dst in sorted(targets):
            a, b = unit(src), unit(dst)
            if a == b:  # within its own folder
                continue
            if a not in RANK or b not in RANK:
                problems.append(f"{src} -> {dst}: {a if a not in RANK else b} has no layer in LAYERS")
            elif RANK[b] > RANK[a]:
                problems.append(f"{src} -> {dst}: upward ({a} is below {b})")
            elif RANK[b] == RANK[a]:
                problems.append(f"{src} -> {dst}: sideways ({a} and {b} are one layer)")
    return problems


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every import cycle between modules, each once (strongly connected components, Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in edges.get(v, ()):
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_every_folder_has_a_layer():
    folders = {unit(m) for m in graph()}
    assert folders <= set(RANK), f"give these a layer in LAYERS (and docs/architecture.md): {folders - set(RANK)}"


def test_imports_point_only_downward():
    assert wrong_way(graph()) == []


def test_no_import_cycles():
    assert cycles(graph()) == []


def test_the_walker_sees_the_imports_that_exist():
    edges = graph()
    assert "server.room.roster" in edges["server.room.room"] or "server.room.state" in edges["server.room.room"]
    assert "server.engine" in edges["server.room.state"]            # `from server import engine`
    assert "server.engine.errors" in edges["server.engine.game"]    # `from .errors import ...`
    assert "server.net.ws" in edges["server.app"]


def test_the_walker_sees_imports_inside_functions_and_for_type_checkers(tmp_path):
    # A call-time import or one only mypy reads hides a cycle from Python, not from the design.
    (tmp_path / "mod.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .state import GameState\n"
        "def check():\n    from .modes import MODES\n    import server.room.roster\n", encoding="utf-8")
    found = imports_of(tmp_path / "mod.py", "server.engine.settings", set())
    assert found == {"server.engine.state", "server.engine.modes", "server.room.roster"}


def test_no_module_is_over_the_line_limit():
    long = {str(p.relative_to(SERVER.parent)): n for p in SERVER.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}, f"split these by job (docs/architecture.md): {long}"


def test_the_checks_catch_upward_sideways_and_cycles():
    edges = {"server.engine.game": {"server.room.room"}, "server.room.room": {"server.room.registry"},
             "server.room.registry": {"server.room.room"}, "server.decks.library": {"server.lan.qr"},
             "server.net.ws": {"server.room.room"}}
    assert wrong_way(edges) == [
        "server.decks.library -> server.lan.qr: sideways (server.decks and server.lan are one layer)",
        "server.engine.game -> server.room.room: upward (server.engine is below server.room)"]
    assert cycles(edges) == [["server.room.registry", "server.room.room"]]
