"""The data folder (games, imported decks, prepared pictures): checked before the server starts and
watched while it runs, so a folder that cannot hold the games stops the server with one sentence saying
what is wrong and what to do (exit code 2) instead of a traceback or, worse, games that are
silently not kept.

    check(path, explicit) -> None         # raises DataDirError(sentence); makes the folder if it may
    explain(path, exc) -> str             # the sentence for an OSError or sqlite3.Error met on the folder
    Identity.of(path) / .gone(path)       # has the folder gone away since start-up (USB stick pulled out)?

An explicit `--data-dir` is made only if its parent exists: a path on a USB stick that is not plugged in
must fail, never be re-created on the SD card; the default folder is made with its parents.
"""
from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

PROBE_BYTES = 64 * 1024   # what the write check writes (and syncs): a full disk refuses it
OTHER = "choose another folder with --data-dir"

READ_ONLY = {errno.EROFS}
NOT_ALLOWED = {errno.EACCES, errno.EPERM}
FULL = {errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}   # no EDQUOT on Windows
GONE = {errno.ENOENT, errno.ENODEV, errno.ENXIO, errno.EIO, errno.ENOTDIR, getattr(errno, "ESTALE", errno.EIO)}


class DataDirError(Exception):
    """The data folder cannot hold the games; `str()` is one sentence for people, naming the folder."""


def read_only(path: Path) -> str:
    """The sentence for a folder the server may not write to."""
    return (f"The data folder {path} is read-only, so no game could be saved: make it writable (or remount "
            f"its disk read-write) or {OTHER}.")


def not_allowed(path: Path) -> str:
    """The sentence for a folder (or a folder above it) this user may not enter or write to: another
    user's (`--data-dir /root/x` as pi), or one made by `sudo`."""
    return (f"This user may not use the data folder {path} (it or a folder above it belongs to another user), "
            f"so no game could be saved: start the server as its owner, give this user the folder, or {OTHER}.")


def full(path: Path) -> str:
    """The sentence for a full disk."""
    return f"The disk holding the data folder {path} is full, so no game could be saved: free some space or {OTHER}."


def missing(path: Path, absent: Path) -> str:
    """The sentence for a folder on a path whose `absent` part does not exist."""
    return (f"The data folder {path} is missing and cannot be made because {absent} does not exist (a USB stick "
            f"or disk that is not plugged in or not mounted?): plug it in and start again, or {OTHER}.")


def gone(path: Path) -> str:
    """The sentence for a folder that disappeared or fails while the server uses it."""
    return (f"The data folder {path} has gone away or cannot be read (a USB stick pulled out?), so games are "
            f"not being kept: plug it back in and start the server again, or {OTHER}.")


def explain(path: Path, exc: BaseException) -> str:
    """One sentence for an error met while using the data folder `path` (an OSError by errno, an
    sqlite3 error by its text, anything else quoted)."""
    if isinstance(exc, OSError) and exc.errno is not None:
        if exc.errno in READ_ONLY:
            return read_only(path)
        if exc.errno in NOT_ALLOWED:
            return not_allowed(path)
        if exc.errno in FULL:
            return full(path)
        if exc.errno in GONE:
            return gone(path)
    text = str(exc)
    if isinstance(exc, sqlite3.Error):
        low = text.lower()
        if "readonly" in low or "read-only" in low:
            return read_only(path)
        if "full" in low:
            return full(path)
    cause = exc.__cause__
    if cause is not None and cause is not exc:
        return explain(path, cause)
    return f"The data folder {path} cannot keep the games ({text}): {OTHER}."


def _first_absent(path: Path) -> Path | None:
    """The shortest ancestor of `path` (itself excluded) that does not exist, or None."""
    for ancestor in reversed(path.parents):
        if not ancestor.exists():
            return ancestor
    return None


def _file_in_the_way(path: Path) -> Path | None:
    """`path` or an ancestor that exists as something other than a folder, or None."""
    for candidate in [*reversed(path.parents), path]:
        if candidate.exists() and not candidate.is_dir():
            return candidate
    return None


def check(path: Path, explicit: bool) -> None:
    """Makes sure `path` can hold the games: a folder (made if missing; only its last level if
    `explicit`), writable, with room for a write. Raises DataDirError with one sentence (also for a
    folder above it that this user may not enter: looking at it raises PermissionError)."""
    path = Path(os.path.abspath(path))
    try:
        _check(path, explicit)
    except OSError as exc:
        raise DataDirError(explain(path, exc)) from None


def _check(path: Path, explicit: bool) -> None:
    blocker = _file_in_the_way(path)
    if blocker is not None:
        raise DataDirError(f"The data folder {path} cannot be made because {blocker} is a file, not a folder: "
                           f"{OTHER}.")
    if not path.is_dir():
        absent = _first_absent(path)
        if explicit and absent is not None:
            raise DataDirError(missing(path, absent))
        try:
            path.mkdir(parents=not explicit, exist_ok=True)
        except OSError as exc:
            raise DataDirError(explain(path, exc)) from None
    probe = path / f".write-check-{os.getpid()}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, b"\0" * PROBE_BYTES)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        raise DataDirError(explain(path, exc)) from None
    finally:
        with contextlib.suppress(OSError):
            probe.unlink()
    db = path / "rooms.sqlite3"
    if db.is_dir():
        raise DataDirError(f"The data folder {path} holds a folder named {db.name} where the games' database "
                           f"should be: move it away or {OTHER}.")


@dataclass(frozen=True)
class Identity:
    """Which folder is the data folder: its device and inode at start-up. A USB stick pulled out (the
    folder gone, or the mount point left behind as an empty folder of another disk) no longer matches."""

    device: int
    inode: int

    @classmethod
    def of(cls, path: Path) -> Identity:
        """The identity of `path` now. Raises OSError if it cannot be looked at."""
        st = os.stat(path)
        return cls(st.st_dev, st.st_ino)

    def gone(self, path: Path) -> bool:
        """True if `path` no longer is the folder this identity was taken from."""
        try:
            return Identity.of(path) != self
        except OSError:
            return True
