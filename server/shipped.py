"""Where the files that ship with the server are: the web pages (`web`) and the assets (`assets`: the
built-in deck with its prepared sizes, the boards, the licences).

An installed wheel holds them inside the package, `server/web/` and `server/assets/` (pyproject.toml maps
the repository's top-level folders there), found with importlib.resources, so the server runs from any
folder and needs no checkout (`pipx install`, README). Run from the source tree (scripts/run's editable install, the
tests) the package folder has no copies and the repository's own top-level folders are the ones used.
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

NAMES = ("web", "assets")


class MissingFiles(RuntimeError):
    """This installation lacks a shipped folder (a broken or partial install); the message names it."""


def folder(name: str) -> Path:
    """The shipped folder `name` ("web" or "assets") as a real directory on disk.

    Raises ValueError for another name and MissingFiles when neither the installed package nor a source
    tree holds it."""
    if name not in NAMES:
        raise ValueError(f"no shipped folder {name!r}")
    packaged = resources.files("server") / name
    # A wheel installed by pip is unpacked on disk, so the Traversable is a real pathlib.Path.
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    source_tree = Path(__file__).resolve().parent.parent
    if (source_tree / "pyproject.toml").is_file() and (source_tree / name).is_dir():
        return source_tree / name
    raise MissingFiles(f"this installation of the server has no {name!r} folder (at {packaged}); reinstall it")
