"""One game server per data folder: an OS lock on `<data folder>/server.lock`, taken before anything in
the folder is touched (the sweep of half-done imports, the store's open, the folder's subfolders).

Two servers on one folder lose acknowledged moves: each keeps its own copy of a room in memory and the last
one to write wins, and a second one starting sweeps the first one's deck import under way. A family whose
Pi runs the service and who also starts `scripts/run` by hand gets exactly that. So the second one stops at
once (exit code 2) with one sentence naming the folder and the other server's address, and changes nothing.

    take(folder) -> Lock          # raises FolderInUse(sentence) or OSError (the folder cannot be used)
    Lock.describe(url)            # writes this server's process id and address into the lock file

The lock is `flock(2)` on an open file, so the kernel lets it go when the process ends, however it ends
(SIGKILL, a power cut leaves no lock behind: the next boot's server takes it). The file's content only names
the holder for the second server's sentence; it is never what decides.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:   # Windows: no flock; the lock is then not taken (the service is a Linux one)
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = "server.lock"
HOLDER_BYTES = 4096   # what is read of the holder's description


class FolderInUse(Exception):
    """Another process holds the data folder's lock; `str()` is one sentence for people."""


def in_use(folder: Path, holder: dict[str, object]) -> str:
    """The sentence for a data folder another server holds; `holder` is what it wrote (`url`, `pid`),
    possibly nothing yet (it was starting that very moment)."""
    url, pid = holder.get("url"), holder.get("pid")
    who = ", ".join(str(part) for part in (url, f"process {pid}" if pid else None) if part)
    return (f"The data folder {folder} is in use by another game server{f' ({who})' if who else ''}: "
            f"play on that one or stop it first, or choose another folder with --data-dir.")


def _holder(fd: int) -> dict[str, object]:
    """What the holder wrote into the lock file (`{}` if nothing readable yet)."""
    try:
        data = json.loads(os.pread(fd, HOLDER_BYTES, 0).decode("utf-8", "replace") or "{}")
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


@dataclass
class Lock:
    """The data folder's lock, held while `fd` (the open lock file) stays open: for the process's life."""

    path: Path
    fd: int

    def describe(self, url: str) -> None:
        """Write this process's id and `url` (the address the banner shows) for a second server to name.
        Raises OSError if the file cannot be written."""
        text = json.dumps({"pid": os.getpid(), "url": url}).encode()
        os.ftruncate(self.fd, 0)
        os.pwrite(self.fd, text, 0)

    def release(self) -> None:
        """Let the lock go (closing the file; tests)."""
        os.close(self.fd)


def take(folder: Path) -> Lock:
    """Take the lock of the existing data folder `folder` without waiting. Raises FolderInUse if another
    process holds it, and OSError if the lock file cannot be opened (a read-only folder: EROFS, another
    user's: EACCES; see server/datadir.py `explain`)."""
    path = Path(folder) / LOCK_NAME
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    if fcntl is None:
        return Lock(path, fd)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _holder(fd)
        os.close(fd)
        raise FolderInUse(in_use(Path(os.path.abspath(folder)), holder)) from None
    except OSError:
        os.close(fd)
        raise
    return Lock(path, fd)
