"""The wheel a new user installs: built from this tree, installed into a fresh venv outside the
checkout, started as `imaginarium` from there (no source tree anywhere on its path), it serves the TV page,
a built-in card picture straight from the shipped prepared sizes, a room QR code that decodes to a join
URL on the one address it listens on, and a whole round over the WebSocket protocol.

The build and the install happen once per test session (the `installed` fixture)."""
from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import aiohttp
import pytest
import zxingcpp
from PIL import Image

from tests.helpers.process import ROOT, ServerProcess, free_port
from tests.helpers.wire import seated_table, socket_opener

# What the build needs of the tree (pyproject.toml: readme, licence, the mapped folders).
TREE = ("pyproject.toml", "README.md", "LICENSE", "server", "web", "assets")


class Installed:
    """A wheel built from this tree and installed in its own venv: `wheel`, `venv`, `command` (the
    venv's `imaginarium`), `workdir` (a folder outside the checkout to run it in)."""

    def __init__(self, wheel: Path, venv: Path, workdir: Path) -> None:
        self.wheel, self.venv, self.workdir = wheel, venv, workdir
        self.command = venv / "bin" / "imaginarium"


@pytest.fixture(scope="session")
def installed(tmp_path_factory) -> Installed:
    """Build the wheel from a copy of the working tree (an in-tree build would leave `build/` behind, and
    a stale `build/lib` can smuggle deleted modules into later wheels) and pip-install it into a new venv."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "contact-sheet.png")
    for name in TREE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, src / name)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(base / "dist"), str(src)])
    wheel = next((base / "dist").glob("imaginarium_party-*.whl"))
    venv = base / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--quiet", str(wheel)])
    workdir = base / "elsewhere"
    workdir.mkdir()
    return Installed(wheel, venv, workdir)


def run(argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(argv, check=False, capture_output=True, text=True, timeout=600,
                          cwd=kwargs.pop("cwd", ROOT), **kwargs)
    assert done.returncode == 0, f"{argv}\n{done.stdout}\n{done.stderr}"
    return done


def clean_env() -> dict[str, str]:
    """The environment without anything that could point Python at the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    return {**env, "PYTHONUNBUFFERED": "1", "PYTHONSAFEPATH": "1"}


def test_the_wheel_holds_every_module_and_the_shipped_files_but_no_contact_sheet(installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "server").rglob("*.py")}
    assert modules - names == set(), "add the missing packages to [tool.setuptools] packages in pyproject.toml"
    cards = sorted(p.name for p in (ROOT / "assets" / "decks" / "builtin").glob("c*.jpg"))
    for card in cards:
        stem = card.removesuffix(".jpg")
        assert {f"server/assets/decks/builtin/{card}", f"server/assets/decks/builtin/prepared/{stem}.tv.webp",
                f"server/assets/decks/builtin/prepared/{stem}.thumb.webp"} <= names, card
    assert {"server/web/tv/index.html", "server/web/phone/index.html", "server/assets/boards/imaginarium.json",
            "server/assets/LICENSES/Apache-2.0.txt", "server/assets/LICENSES/ATTRIBUTION.md"} <= names
    assert not any(n.endswith("contact-sheet.png") for n in names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert installed.wheel.stat().st_size < 15_000_000   # small enough for a Pi on a slow link


def start_installed(installed: Installed, tmp_path: Path):
    """The installed `imaginarium` on a fresh data folder, loopback only, run from a folder outside the
    checkout with nothing pointing at the source tree: a ServerProcess (tests/helpers/process.py) with `proc` set."""
    server = ServerProcess(free_port(), tmp_path / "data", tmp_path / "server.log")
    with open(server.log, "wb") as log:
        server.proc = subprocess.Popen(
            [str(installed.command), "--host", "127.0.0.1", "--port", str(server.port), "--data-dir",
             str(server.data_dir), "--no-zeroconf"],
            cwd=installed.workdir, stdout=log, stderr=subprocess.STDOUT, env=clean_env())
    return server


async def test_installed_wheel_serves_tv_card_qr_and_a_round_outside_the_checkout(installed, tmp_path):
    where = run([str(installed.venv / "bin" / "python"), "-c", "import server; print(server.__file__)"],
                cwd=installed.workdir, env=clean_env()).stdout.strip()
    assert Path(where).is_relative_to(installed.venv), where   # the installed copy, not the checkout
    server = start_installed(installed, tmp_path)
    base = server.base
    try:
        async with aiohttp.ClientSession() as session:
            await server.ready(session)
            async with session.get(f"{base}/tv") as resp:   # redirected to the current room
                assert resp.status == 200 and resp.content_type == "text/html"
                # its stylesheets under a versioned name (server/net/webfiles.py), gzip on the wire
                css = re.search(r'href="(/static/tv/[\w.-]+\.[0-9a-f]{12}\.css)"', await resp.text())
                assert css, "the TV page links no versioned stylesheet"
                code = resp.url.query["room"]
            for url in (css[1], "/static/tv/tv.css"):
                async with session.get(f"{base}{url}", headers={"Accept-Encoding": "gzip"}) as resp:
                    assert resp.status == 200 and resp.headers["Content-Encoding"] == "gzip", url
                    assert len(await resp.read()) > 100

            async with session.get(f"{base}/cards/builtin/c001.tv.webp") as resp:
                assert resp.status == 200 and resp.content_type == "image/webp"
                picture = Image.open(io.BytesIO(await resp.read()))
                assert picture.format == "WEBP" and picture.size == (640, 960)
            # served as shipped: nothing of the built-in deck was encoded on this fresh data folder
            assert not (server.data_dir / "cache" / "cards" / "builtin").exists()

            async with session.get(f"{base}/api/rooms/{code}/qr.png") as resp:
                assert resp.status == 200
                qr = Image.open(io.BytesIO(await resp.read()))
            assert [r.text for r in zxingcpp.read_barcodes(qr)] == [f"http://127.0.0.1:{server.port}/join/{code}"]

            table = await seated_table(socket_opener(session, base), code)
            tv = table.tv
            # one whole round: tell, play, vote, then the scores on every screen
            await table.play_until(lambda g: g["phase"] == "scored")
            assert tv.game["round"] == 1 and len(tv.game["result"]["points"]) == 4
            await table.act(table.phones[0], "next_round")
            assert tv.game["round"] == 2 and tv.game["phase"] == "telling"
            for p in table.sockets:
                await p.close()
    finally:
        server.stop()
    assert server.proc.returncode == 0
    text = server.log.read_text()
    assert " ERROR " not in text and "Traceback" not in text, text
    assert f"http://127.0.0.1:{server.port}/join/" in text
    assert "phones and the TV cannot reach this server" in text   # and the terminal says why
