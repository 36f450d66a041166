"""What `scripts/run` and `scripts/test` say when they (re)make `.venv` (scripts/venv.sh): "first run only"
only on a first run; after a `git pull` that changed pyproject.toml they say they are updating. The update
case runs the real `ensure_venv` on a throwaway checkout with pip told to use no package index, so the
reinstall fails at once after the message is printed, whether or not this machine reaches a registry."""
from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

from tests.helpers.process import ROOT

VENV_SH = ROOT / "scripts" / "venv.sh"
# pip with nowhere to get packages from (no index, no local wheel folder): a reinstall fails as soon as it needs
# one, instead of waiting on a registry; the bound below is for a hang only (venv's ensurepip is slow when busy)
NO_PACKAGES = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": ""}
HANG_S = 300


def _bash(script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHON": sys.executable, **NO_PACKAGES}
    return subprocess.run(["bash", "-c", f". {VENV_SH}; {script}"], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=HANG_S, check=False)


def test_after_a_pull_that_changed_pyproject_it_says_updating(tmp_path):
    venv.create(tmp_path / ".venv", with_pip=False, symlinks=True)
    marker = tmp_path / ".venv" / ".installed"
    marker.touch()
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[project]\nname = 'x'\n")
    stamp = marker.stat().st_mtime
    os.utime(pyproject, (stamp + 10, stamp + 10))   # what `git pull` does to a changed file
    done = _bash("ensure_venv .installed .", tmp_path)
    assert done.returncode == 1, done.stderr   # no index: the install stops right after the message
    first = done.stderr.splitlines()[0]
    assert first.startswith("Updating .venv after a change"), done.stderr
    assert "first run" not in done.stderr


def test_each_reason_has_its_own_line(tmp_path):
    said = {case: _bash(f"setup_message .venv/.installed {args} 'Python 3.11.2'", tmp_path).stdout.strip()
            for case, args in (("new", "'' /usr/bin/python3.11"), ("other", "/usr/bin/python3.12 /usr/bin/python3.11"),
                               ("unfinished", "/usr/bin/python3.11 /usr/bin/python3.11"))}
    assert said["new"] == "Setting up .venv with Python 3.11.2 (first run only, about a minute)..."
    assert "another Python" in said["other"] and "first run" not in said["other"]
    assert said["unfinished"].startswith("Finishing .venv's setup"), said   # no marker in tmp_path


def test_a_linked_venv_made_by_another_python_is_left_alone(tmp_path):
    """A checkout whose .venv links to another checkout's: asked for another Python, `venv --clear` would
    empty the link's target before refusing the link. It is refused with a sentence, and nothing is touched."""
    shared = tmp_path / "shared-venv"
    venv.create(shared, with_pip=False, symlinks=True)
    (shared / "keep").write_text("still here")
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / ".venv").symlink_to(shared)
    (checkout / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    other = tmp_path / "other-python"
    venv.create(other, with_pip=False, symlinks=False)   # a copy of the interpreter: another real path
    env = {**os.environ, "PYTHON": str(other / "bin" / "python3"), **NO_PACKAGES}
    done = subprocess.run(["bash", "-c", f". {VENV_SH}; ensure_venv .installed ."], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=HANG_S, check=False)
    assert done.returncode == 1, done.stderr
    assert "links to" in done.stderr and "PYTHON=" in done.stderr, done.stderr
    assert (shared / "keep").read_text() == "still here"
    assert (shared / "bin" / "python3").exists()


def test_without_python_a_working_venv_made_by_another_python_is_kept(tmp_path):
    """No PYTHON: a working .venv made by another interpreter than today's python3 (/usr/bin/python3 then, a
    pyenv shim now) is kept as it is, so a server running from it is left alone, and the script says which
    Python it uses and how to ask for another. PYTHON naming that other one still makes .venv again."""
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    pyproject = checkout / "pyproject.toml"
    pyproject.write_text("[project]\nname = 'x'\n")
    venv.create(checkout / ".venv", with_pip=False, symlinks=True)
    (checkout / ".venv" / "keep").write_text("still here")
    marker = checkout / ".venv" / ".installed"
    marker.touch()
    stamp = marker.stat().st_mtime
    os.utime(pyproject, (stamp - 10, stamp - 10))   # set up after the last change: nothing to update
    other = tmp_path / "other-python"
    venv.create(other, with_pip=False, symlinks=False)   # a copy of the interpreter: another real path
    env = {k: v for k, v in os.environ.items() if k != "PYTHON"}
    env.update(NO_PACKAGES, PATH=f"{other / 'bin'}{os.pathsep}{os.environ['PATH']}")   # python3 is the other one
    done = subprocess.run(["bash", "-c", f". {VENV_SH}; ensure_venv .installed . && echo kept"], cwd=checkout,
                          env=env, capture_output=True, text=True, timeout=HANG_S, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "kept", done.stderr
    assert (checkout / ".venv" / "keep").read_text() == "still here"
    said = done.stderr.strip()
    assert said.startswith("Using .venv as it is (Python 3.") and str(other / "bin") in said, said
    assert "PYTHON=/path/to/python3" in said and "Setting up" not in said, said
    # asked for by name, the other Python makes .venv again (no index here: it stops after the message)
    env["PYTHON"] = str(other / "bin" / "python3")
    again = subprocess.run(["bash", "-c", f". {VENV_SH}; ensure_venv .installed ."], cwd=checkout, env=env,
                           capture_output=True, text=True, timeout=HANG_S, check=False)
    assert again.stderr.startswith("Setting up .venv again with Python 3."), again.stderr
    assert not (checkout / ".venv" / "keep").exists()
