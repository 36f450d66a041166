"""The pages' JS and CSS as the server sends them, minified at start-up (server/net/webfiles.py), are the same
programs as written: each module's token stream under espree (the parser eslint holds web/ to, ES2019
modules) and each stylesheet's rules and declarations under postcss are unchanged; only comments and
whitespace went. Node and both parsers come with the lint tools (package.json)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from server.net import webfiles

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"


def _pairs() -> list[dict[str, str]]:
    files = sorted(p for p in WEB.rglob("*") if p.suffix in (".js", ".css"))
    return [{"path": p.relative_to(WEB).as_posix(), "source": (text := p.read_text(encoding="utf-8")),
             "served": webfiles.minified(p.name, text)} for p in files]


pytestmark = pytest.mark.skipif(not (ROOT / "node_modules" / "espree").is_dir() or shutil.which("node") is None,
                                reason="needs node and `npm ci` (the lint tools)")


def test_minified_pages_are_the_same_programs():
    pairs = _pairs()
    assert len(pairs) > 60 and sum(len(p["served"]) for p in pairs) < 0.8 * sum(len(p["source"]) for p in pairs)
    done = subprocess.run(["node", str(Path(__file__).with_name("same_tokens.mjs"))], input=json.dumps(pairs),
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_the_token_check_sees_a_changed_program():
    """The check itself fails on a minifier that changed code (here: a dropped operator, a renamed colour)."""
    pairs = [{"path": "a.js", "source": "const a = 1 + 2; // one\n", "served": "const a=1 2;"},
             {"path": "a.css", "source": "/* x */ a > b { color: red; }\n", "served": "a>b{color:blue}"},
             {"path": "b.js", "source": "let t = `a\n  b`;\n", "served": "let t=`a\n  b`;"}]
    done = subprocess.run(["node", str(Path(__file__).with_name("same_tokens.mjs"))], input=json.dumps(pairs),
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert [d.split(":")[0] for d in json.loads(done.stdout)] == ["a.js", "a.css"]


def test_every_page_script_is_minified():
    """No module of web/ goes out as written: one that nests a template literal in another's `${…}` is sent
    unminified (rJSmin cannot take it), so the pages write the inner part as a plain string instead."""
    if webfiles.rjsmin is None:
        pytest.skip("rJSmin is not installed")
    files = sorted(p for p in WEB.rglob("*.js") if not p.name.endswith(".min.js"))
    as_written = [p.relative_to(WEB).as_posix() for p in files
                  if webfiles.minified(p.name, (text := p.read_text(encoding="utf-8"))) == text]
    assert not as_written, f"sent unminified: {as_written}"
