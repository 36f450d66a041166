"""One import at a time holds for uploads of phone pictures too (docs/protocol.md "Limits": "One import runs
at a time; others wait their turn"): while one multi-picture `POST /api/decks` is being made into a deck, a
second one is taken in (its pictures spooled) but changes nothing, no deck, no card, no import folder, and
is not answered; once the first is done, the second gets its turn and its own deck.

The running import is held for real, without a clock: the importer's one thread (the server thread that runs
at nice 10, server/net/deck_import.py) is traced by Debian's strace, which holds its next `openat` at the
entry (the import's first step walks the decks folder to count the quota), so the import is under way in
the kernel's eyes until the test lets strace go. A slow request body would not do: the server reads a whole
upload before it queues the import."""
from __future__ import annotations

import asyncio
import io
import os
import platform
import subprocess
import time
from pathlib import Path

import aiohttp
from PIL import Image

from tests.helpers.bounds import EVENT_S, POLL_S
from tests.helpers.process import ServerProcess, free_port
from tests.server.faults.test_photo_import_killed import form, host_of_a_new_room
from tests.server.faults.test_slow_disk import attach_strace, stop_tracing

HOLD_US = int(2 * EVENT_S * 1_000_000)   # longer than the test waits meanwhile; strace is detached before
OPENAT_NR = {"x86_64": 257, "aarch64": 56, "armv7l": 322}[platform.machine()]
IMPORT_NICE = 10   # server/net/deck_import.py `_import_thread`


def pictures(n: int, shade: int) -> list[bytes]:
    out = []
    for i in range(n):
        buf = io.BytesIO()
        Image.new("RGB", (200, 300), (shade, 40 * i, 90)).save(buf, "JPEG")
        out.append(buf.getvalue())
    return out


def _stat(pid: int, tid: int) -> list[str]:
    """/proc/<pid>/task/<tid>/stat's fields after the command name (fields 3.. of proc(5))."""
    return (Path(f"/proc/{pid}/task/{tid}/stat").read_text()).rsplit(")", 1)[1].split()


def import_thread(pid: int) -> int:
    """The thread id of the server's importer thread: the one thread running at nice IMPORT_NICE."""
    tids = [int(t.name) for t in Path(f"/proc/{pid}/task").iterdir()]
    found = [tid for tid in tids if int(_stat(pid, tid)[16]) == IMPORT_NICE]
    assert len(found) == 1, f"importer threads found: {found}"
    return found[0]


def held(pid: int, tid: int) -> bool:
    """True while thread `tid` is stopped by the tracer at the entry of openat."""
    nr = Path(f"/proc/{pid}/task/{tid}/syscall").read_text().split()[0]
    return nr.isdigit() and int(nr) == OPENAT_NR and _stat(pid, tid)[0] == "t"


def spooled(pid: int) -> int:
    """How many anonymous temporary files (an upload's spooled pictures) the server has open."""
    count = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:   # closed meanwhile
            continue
        count += target.endswith("(deleted)") and "/#" in target
    return count


async def until(check, what: str) -> None:
    """Polls `check()` (a /proc probe) until true, bounded by EVENT_S."""
    deadline = time.monotonic() + EVENT_S
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(POLL_S)   # the interval of a /proc probe, not a wait standing in for state


async def hold_openat(tid: int) -> subprocess.Popen:
    """strace attached to thread `tid` only, holding each of its openat calls HOLD_US at the entry."""
    return await attach_strace(tid, "openat", f"delay_enter={HOLD_US}", every_thread=False)


def folders(decks: Path) -> list[str]:
    return sorted(p.name for p in decks.iterdir()) if decks.is_dir() else []


async def test_a_second_picture_upload_waits_for_the_running_import_and_changes_nothing_meanwhile(tmp_path):
    server = ServerProcess(free_port(), tmp_path / "data", tmp_path / "server.log")
    decks = tmp_path / "data" / "decks"
    server.start()
    tracer = None
    try:
        async with aiohttp.ClientSession() as session:
            host = await host_of_a_new_room(server, session)
            url = f"{server.base}/api/decks"
            # a first upload: the importer's thread is made on first use
            resp = await session.post(url, data=form(pictures(2, 10), "Garden"), headers=host)
            assert resp.status == 201
            garden = (await resp.json())["deck"]["id"]
            worker = import_thread(server.proc.pid)
            tracer = await hold_openat(worker)

            first = asyncio.ensure_future(session.post(url, data=form(pictures(3, 120), "Holiday"), headers=host))
            await until(lambda: held(server.proc.pid, worker), "the first import under way in the importer thread")
            before = folders(decks)
            second = asyncio.ensure_future(session.post(url, data=form(pictures(2, 240), "Beach"), headers=host))
            await until(lambda: spooled(server.proc.pid) == 3 + 2, "both uploads' pictures taken in")

            listed = await (await session.get(url, headers=host)).json()
            assert [d["id"] for d in listed["decks"]] == ["builtin", garden]   # nothing new is offered
            assert folders(decks) == before == [garden]                        # not even an import folder
            assert not first.done() and not second.done()
            assert held(server.proc.pid, worker), "the first import was no longer under way"

            stop_tracing(tracer)   # the held openat goes on at once
            answers = [await first, await second]
            assert [r.status for r in answers] == [201, 201]
            made = [(await r.json())["deck"] for r in answers]
            assert [(d["title"]["en"], d["size"]) for d in made] == [("Holiday", 3), ("Beach", 2)]
            listed = await (await session.get(url, headers=host)).json()
            assert sorted(d["id"] for d in listed["decks"]) == sorted(["builtin", garden, made[0]["id"], made[1]["id"]])
            assert folders(decks) == sorted([garden, made[0]["id"], made[1]["id"]])
            for deck in made:
                cards = await (await session.get(f"{url}/{deck['id']}/cards", headers=host)).json()
                assert len(cards["cards"]) == deck["size"]
            log = server.log.read_text()
            assert log.index(f"deck {made[0]['id']} imported") < log.index(f"deck {made[1]['id']} imported")
    finally:
        if tracer is not None:
            stop_tracing(tracer)
        server.stop()
    assert server.error_lines() == []
