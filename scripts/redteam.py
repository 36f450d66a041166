#!/usr/bin/env python3
"""The red team's checks against a real server process (`python -m server`, a temporary data folder, on
127.0.0.1; every client address is in 127.0.0.0/8), with figures. Asserts nothing: it prints what happened,
one line per figure with the time and the load average, `uptime` before and after, and last one JSON object.
The tests hold the behaviour (tests/server/faults, security, fuzz); this counts it at scale, with their own
helpers (tests/helpers: process, wire, restart, leaks, probes, fuzzing), so a test and this script check alike.

* durability: --rooms rooms (a TV and 4 phones each, on their own loopback address) play through the protocol
  client as fast as a phone may send (under the server's per-socket frame limit); after a random 0.2-1.5 s the
  server gets SIGKILL, is started again on the same folder, and every device comes back (the TV by code, each
  phone by its token). --kills times. An action is acknowledged once any socket received the `state` it made;
  after each restart every room must be at its newest acknowledged state_id or later, and where it is at
  that one, the views of the sockets that saw it must be the same. Figures: acknowledged actions, acknowledged
  then lost, views compared and differing, rooms that did not come back. Then the check's self-test: one more
  round after which the data folder is put back as it was before it; all that round acknowledged must count lost.
* leaks: complete games of every mode (the three rulesets; pairs, trio, duel, kids), each with a spectator,
  several at once, until --frames frames were received; every frame each audience got is scanned for hidden
  information (tests/helpers/leaks.py: other seats' hands, cards face down, tokens, whose card is whose before
  the reveal, a hand on the TV); then the scan's self-test plants six leaks into one game's frames.
* authorization: wrong and stale tokens, acting for another seat, host actions by guests, a spectator and the
  TV, the deck and story routes without the host's key (tests/helpers/probes.py); counted refused.
* cross-site: a rebound Host name, other sites' Origins on the WebSocket and on POSTs, names not allowed.
* fuzz: --fuzz random and mutated protocol messages (tests/helpers/fuzzing.py) in --fuzz-rooms rooms at once,
  every 10th one a random HTTP request instead; internal errors: `internal_error` answers, HTTP 5xx, and
  ERROR / CRITICAL lines and tracebacks in the server's log.
Each part is bounded: --max-seconds per part (what was done by then is counted and said).

Usage: .venv/bin/python scripts/redteam.py [--kills 10] [--rooms 6] [--frames 10000] [--fuzz 3000]
       [--only durability,leaks,authorization,cross-site,fuzz] [--seed N] [--max-seconds 900]
The full counts: --kills 100 --frames 98000 --fuzz 28000 (12 minutes on this 2-core VM at load 9-17);
the 20-rooms-per-batch variant: --only durability --rooms 20 --kills 60; kills during a flush: --only durability
--slow-fsync-ms 50 --kills 12 (the server under strace, each fsync 50 ms later: Debian's strace).
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from benchkit import ROOT, Pace, Player, child_pid, free_port, slow_fsync_command, socket_opener

from tests.helpers.fuzzing import Fuzz
from tests.helpers.leaks import scan, self_test
from tests.helpers.probes import (
    host_probes,
    http_via,
    other_seat_probes,
    rebinding_probes,
    route_probes,
    token_probes,
    ws_status_via,
)
from tests.helpers.process import ServerProcess
from tests.helpers.restart import device_session, reopen
from tests.helpers.wire import KIDS, Table, seated_table

PARTS = ("durability", "leaks", "authorization", "cross-site", "fuzz")
RULESETS = ("imaginarium", "dixit", "imaginarium-classic")
# (ruleset, mode, phones) of the leak games, in turn; kids: the adult's phone and two children without one
GAMES = (("imaginarium", "standard", 4), ("dixit", "standard", 5), ("imaginarium-classic", "standard", 6),
         ("imaginarium", "pairs", 8), ("imaginarium-classic", "trio", 3), ("imaginarium", "duel", 2),
         ("imaginarium", "kids", 1))
LIVE_S = (0.2, 1.5)       # how long the rooms play between a restart and the next SIGKILL
DRAIN_S = 2.0             # reading what a killed server's sockets still had on their way
ANSWER_S = 20.0           # a fuzz message with no answer by then is counted unanswered


def log_line(text: str) -> None:
    """Print `text` after the UTC time and the load averages (1, 5, 15 min)."""
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{time.strftime('%H:%M:%S', time.gmtime())} UTC, load {load}: {text}", flush=True)


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


class PacedPlayer(Player):
    """A socket that sends no faster than a phone of the benches (scripts/benchkit.py `Pace`: below the
    server's per-socket frame limit, which would close it with 1008)."""

    def __init__(self, ws, name: str = "?") -> None:
        super().__init__(ws, name)
        self.pace = Pace()

    async def send(self, msg: dict) -> None:
        await self.pace.take()
        await super().send(msg)


class SlowDiskServer(ServerProcess):
    """The server under strace with every fsync/fdatasync delayed `delay_ms` at its entry (scripts/benchkit.py
    `slow_fsync_command`), so that a SIGKILL at a random moment mostly lands while a batch is being flushed;
    `kill` says whether it did (strace's log ends on an fsync that never returned)."""

    def __init__(self, port: int, data_dir: Path, log: Path, delay_ms: float) -> None:
        super().__init__(port, data_dir, log)
        self.delay_ms, self.trace = delay_ms, log.with_name("fsyncs.log")

    def start(self) -> None:
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(slow_fsync_command(self.argv(), self.delay_ms, self.trace), cwd=ROOT,
                                         stdout=out, stderr=subprocess.STDOUT,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def kill(self) -> bool:   # type: ignore[override]
        os.kill(child_pid(self.proc.pid, b"server"), signal.SIGKILL)
        self.proc.wait(timeout=60)
        return bool(re.search(r"f(data)?sync\(\d+\)\s+= \?", self.trace.read_text(errors="replace")))

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.kill(child_pid(self.proc.pid, b"server"), signal.SIGTERM)   # strace then exits too
            self.proc.wait(timeout=60)


def start_server(folder: Path, *extra: str, slow_fsync_ms: float = 0) -> ServerProcess:
    if slow_fsync_ms:
        server: ServerProcess = SlowDiskServer(free_port(), folder / "data", folder / "server.log", slow_fsync_ms)
    else:
        server = ServerProcess(free_port(), folder / "data", folder / "server.log", extra_args=extra)
    server.start()
    return server


def log_errors(server: ServerProcess) -> dict:
    text = server.log.read_text(errors="replace")
    return {"error_lines": len(server.error_lines()), "warning_lines": text.count(" WARNING "),
            "log_kb": round(len(text.encode()) / 1024, 1)}


async def new_table(session: aiohttp.ClientSession, base: str, n: int, settings: dict | None = None,
                    children: tuple[tuple[str, str], ...] = (), start: bool = True) -> Table:
    """A new room on the server at `base`, seated (tests/helpers/wire.py `seated_table`)."""
    async with session.post(f"{base}/api/rooms") as resp:
        code = (await resp.json())["code"]
    return await seated_table(socket_opener(session, base, PacedPlayer), code, n, settings=settings,
                              children=children, start=start)


# ---------------------------------------------------------------- durability
async def keep_playing(table: Table) -> None:
    """Play on (a finished game: a new one) until the server goes away under the sockets."""
    with contextlib.suppress(Exception):
        while True:
            game, host = table.tv.game, table.phones[0]
            if game is None:
                await table.act(host, "start")
            elif game["phase"] == "game_over":
                await table.act(host, "new_game")
            else:
                await table.step()


async def drain(p: Player) -> None:
    """Take every frame still on its way to `p` from a server that is gone."""
    with contextlib.suppress(Exception):
        while (frame := await p.ws.receive(timeout=DRAIN_S)).type == aiohttp.WSMsgType.TEXT:
            p.take(frame)


def compare(old: Table, new: Table, heard: int) -> tuple[int, int]:
    """(views compared, views differing): each old socket that saw state `heard` against its device now."""
    compared = differing = 0
    for p in old.sockets:
        if p.state is None or p.state_id != heard:
            continue
        again = new.tv if p is old.tv else next(
            (q for q in new.phones if q.welcome and q.welcome["seat"] == p.welcome["seat"]), None)
        if again is not None:
            compared += 1
            differing += again.game != p.game
    return compared, differing


class KillRounds:
    """`tables` playing on `server`, each on its own session of `sessions`; `began`: each room's state_id
    when its devices last came back."""

    def __init__(self, server: ServerProcess, sessions: list[aiohttp.ClientSession], rng: random.Random) -> None:
        self.server, self.sessions, self.rng = server, sessions, rng
        self.tables: list[Table] = []
        self.began: list[int] = []

    async def seat(self) -> None:
        self.tables = [await new_table(s, self.server.base, 4, {"ruleset": RULESETS[i % len(RULESETS)]})
                       for i, s in enumerate(self.sessions)]
        self.began = [t.tv.state_id for t in self.tables]

    async def round(self, out: dict, while_down=None) -> None:
        """The rooms play; SIGKILL at a random moment; every frame still on its way is read; `while_down()`
        (if given) runs while the server is down; then `come_back`. Adds to `out`."""
        players = [asyncio.create_task(keep_playing(t)) for t in self.tables]
        await asyncio.sleep(self.rng.uniform(*LIVE_S))   # the kill lands at a random moment of the play
        in_flush = self.server.kill()
        out["kills"] += 1
        if out["slow_fsync_ms"]:
            out["kills_in_a_flush"] = (out["kills_in_a_flush"] or 0) + bool(in_flush)
        await asyncio.wait(players, timeout=60)
        for t in self.tables:
            for p in t.sockets:
                await drain(p)
        if while_down is not None:
            while_down()
        await self.come_back(out)

    async def come_back(self, out: dict) -> None:
        """Restart the (stopped) server; every device comes back, and each room is checked against the
        newest state any of its sockets heard: at it or later, and at it with the same views. Adds to `out`."""
        heard = [max(p.state_id for p in t.sockets if p.state) for t in self.tables]
        restarted = time.monotonic()
        self.server.start()
        await self.server.ready()
        out["restart_s_max"] = round(max(out["restart_s_max"], time.monotonic() - restarted), 2)
        for i, t in enumerate(self.tables):
            out["acknowledged"] += heard[i] - self.began[i]
            try:
                new = await reopen(socket_opener(self.sessions[i], self.server.base, PacedPlayer), t)
            except AssertionError:
                out["rooms_not_back"] += 1
                self.began[i] = heard[i]
                continue
            now = new.tv.state_id
            out["lost"] += max(0, heard[i] - now)
            if now == heard[i]:
                compared, differing = compare(t, new, now)
                out["views_compared"] += compared
                out["views_differing"] += differing
            for p in t.sockets:
                await p.ws.close()
            self.tables[i], self.began[i] = new, now


def counters(args) -> dict:
    return {"kills": 0, "rooms": args.rooms, "acknowledged": 0, "lost": 0, "views_compared": 0,
            "views_differing": 0, "rooms_not_back": 0, "restart_s_max": 0.0, "slow_fsync_ms": args.slow_fsync_ms,
            "kills_in_a_flush": None}


async def durability(args, folder: Path) -> dict:
    server = start_server(folder, slow_fsync_ms=args.slow_fsync_ms)
    sessions = [device_session(i) for i in range(args.rooms)]
    rounds = KillRounds(server, sessions, random.Random(args.seed))
    out, check = counters(args), counters(args)
    try:
        await server.ready()
        await rounds.seat()
        deadline = time.monotonic() + args.max_seconds
        while out["kills"] < args.kills and time.monotonic() < deadline:
            await rounds.round(out)
            if out["kills"] % 10 == 0:
                log_line(f"durability: {out['kills']} kills, {out['acknowledged']} acknowledged, {out['lost']} lost")
        # the check's self-test: one more round, after which the data folder is put back as it was before it
        # (a disk that lost the round): every action acknowledged in that round must be counted lost
        server.kill()
        backup = folder / "before-the-round"
        shutil.copytree(server.data_dir, backup)
        await rounds.come_back(counters(args))
        await rounds.round(check, while_down=lambda: (shutil.rmtree(server.data_dir),
                                                      shutil.copytree(backup, server.data_dir)))
    finally:
        server.stop()
        for s in sessions:
            await s.close()
    return {**out, "self_test_acknowledged": check["acknowledged"], "self_test_lost_counted": check["lost"],
            **log_errors(server)}


# ---------------------------------------------------------------- leaks
async def leak_game(base: str, index: int) -> list[tuple[str, list[str]]]:
    """One complete game (GAMES[index], in turn) with a spectator; every socket's frames."""
    ruleset, mode, phones = GAMES[index % len(GAMES)]
    async with device_session(index, block=2) as session:
        table = await new_table(session, base, phones, {"ruleset": ruleset, "mode": mode},
                                children=KIDS if mode == "kids" else ())
        spectator = await socket_opener(session, base, PacedPlayer)("spectator")
        await spectator.hello(table.code)
        table.extra.append(spectator)
        await table.play_until(lambda g: g["phase"] == "game_over", max_actions=5000)
        for p in table.sockets:
            await p.close()
        return [(f"{mode}-{p.name}", p.frames) for p in table.sockets]


async def leaks(args, folder: Path) -> dict:
    server = start_server(folder)
    out = {"games": 0, "frames": 0, "secrets_checked": 0, "leaks": 0, "failed_games": 0, "modes": {}}
    kept: list = []   # a standard game's frames, for the self-test
    next_game = iter(range(10 ** 6))

    async def worker(deadline: float) -> None:
        """Games one after another (the next of GAMES each time) until the frames are reached."""
        while out["frames"] < args.frames and time.monotonic() < deadline:
            index = next(next_game)
            mode = GAMES[index % len(GAMES)][1]
            try:
                audiences = await leak_game(server.base, index)
            except Exception as e:   # counted and said: a game that cannot finish is a finding too
                out["failed_games"] += 1
                log_line(f"leaks: game {index} ({mode}) failed: {e!r:.200}")
                continue
            found = scan(audiences)
            out["games"] += 1
            out["frames"] += found.frames
            out["secrets_checked"] += found.secrets
            out["leaks"] += len(found.findings)
            out["modes"][mode] = out["modes"].get(mode, 0) + 1
            if not kept and mode == "standard":
                kept.append(audiences)
            for finding in found.findings[:3]:
                log_line(f"leak: {finding}")

    try:
        await server.ready()
        deadline = time.monotonic() + args.max_seconds
        await asyncio.gather(*(worker(deadline) for _ in range(args.at_once)))
    finally:
        server.stop()
    caught, planted, missed = self_test(kept[0]) if kept else (0, 0, ["no game"])
    return {**out, "self_test_caught": caught, "self_test_planted": planted, "self_test_missed": missed,
            **log_errors(server)}


# ---------------------------------------------------------------- authorization, cross-site
async def unchanged(tables: list[Table]) -> int:
    """How many of `tables` moved past the state their TV last had (read up to a pong: all before it)."""
    moved = 0
    for t in tables:
        before = t.tv.state_id
        await t.tv.send({"type": "ping"})
        await t.tv.until(lambda m: m["type"] == "pong")
        moved += t.tv.state_id != before
    return moved


async def authorization(args, folder: Path) -> dict:
    server = start_server(folder, "--allow-host", "game.lan")
    kinds: dict[str, list] = {}
    try:
        await server.ready()
        s1, s2, s3, s4 = (device_session(i, block=3) for i in range(4))
        async with s1, s2, s3, s4:
            table, other = await new_table(s1, server.base, 4), await new_table(s2, server.base, 4)
            lobby = await new_table(s3, server.base, 4, start=False)
            await table.play_until(lambda g: g["phase"] == "playing")
            kinds["token"] = await token_probes(socket_opener(s4, server.base, PacedPlayer), table,
                                                other.phones[1].token)
            kinds["host"] = []
            for t, session in ((lobby, s3), (other, s2)):
                spectator = await socket_opener(session, server.base, PacedPlayer)("spectator")
                await spectator.hello(t.code)
                kinds["host"] += await host_probes(t, [t.phones[1], t.phones[3], spectator, t.tv])
            kinds["routes"] = await route_probes(http_via(s4.request, server.base), lobby, other)
            moved = await unchanged([table, other, lobby])
            fresh = await new_table(s4, server.base, 4)
            kinds["other_seat"] = await other_seat_probes(fresh)
    finally:
        server.stop()
    outcomes = [o for probes in kinds.values() for o in probes]
    failed = [o for o in outcomes if not o[1]]
    for what, _, got in failed[:10]:
        log_line(f"authorization: NOT refused: {what} -> {got}")
    return {"probes": len(outcomes), "refused": len(outcomes) - len(failed),
            "by_kind": {k: f"{sum(o[1] for o in v)}/{len(v)}" for k, v in kinds.items()},
            "rooms_changed": moved, **log_errors(server)}


async def cross_site(args, folder: Path) -> dict:
    server = start_server(folder, "--allow-host", "game.lan")
    try:
        await server.ready()
        async with device_session(0, block=4) as s:
            async with s.post(f"{server.base}/api/rooms") as resp:
                code = (await resp.json())["code"]
            outcomes = await rebinding_probes(http_via(s.request, server.base),
                                              ws_status_via(s.ws_connect, f"{server.base}/ws"), server.port, code)
            async with s.get(f"{server.base}/api/info") as resp:
                own_name_served = resp.status == 200
    finally:
        server.stop()
    failed = [o for o in outcomes if not o[1]]
    for what, _, got in failed[:10]:
        log_line(f"cross-site: NOT refused: {what} -> {got}")
    return {"probes": len(outcomes), "refused": len(outcomes) - len(failed), "own_name_served": own_name_served,
            **log_errors(server)}


# ---------------------------------------------------------------- fuzz
HTTP_PATHS = ("/api/rooms", "/api/rooms/{code}", "/api/rooms/{code}/qr.png", "/api/rooms/{code}/story",
              "/api/decks", "/api/decks/builtin/cards", "/api/decks/builtin/excluded", "/api/decks/{junk}",
              "/cards/builtin/{junk}", "/static/{junk}", "/join/{junk}", "/tv?room={junk}", "/api/info", "/ws")
HTTP_JUNK = ("..%2f..%2fetc%2fpasswd", "%00", "x" * 3000, "c001.tv.webp", "ZZZZ", "%ff%fe", "🐘", "a/b/../../c",
             "builtin", "")


class RemoteFuzz(Fuzz):
    """The shared fuzz messages against a room of a real server: counts internal errors instead of
    looking inside the room. `latest` is the room's newest state_id as its sockets were told."""

    def __init__(self, table: Table, sockets: list[Player], connect, rng: random.Random, messages: int) -> None:
        phones = table.phones
        super().__init__(table.code, sockets, connect, rng,
                         lambda: {p.state["you"]["seat"]: p.me["hand"] for p in phones
                                  if p.state and p.game and "me" in p.game}, messages, max(1, messages // 700))
        self.latest = table.tv.state_id
        self.internal = self.unanswered = 0
        self.closed_by_server: dict[str, int] = {}
        self.phases: dict[str, int] = {}   # accepted messages by the phase they led to

    async def send_one(self, i: int) -> None:
        p = min(self.sockets, key=lambda s: (not s.pace.ready(), self.rng.random()))
        try:
            if p.state is not None:
                await p.sync(self.latest)
            what, payload = self.next_message(i, p)
            await p.pace.take()
            await self.transmit(p, what, payload)
            if what == "oversize":
                code = await self.closed(p)
                self.stats["closed"] += 1
                self.closed_by_server[str(code)] = self.closed_by_server.get(str(code), 0) + 1
                await self.reconnect(p)
                return
            kind = payload.get("type") if isinstance(payload, dict) else None
            answer = await asyncio.wait_for(self.answer(p, kind, self.latest), ANSWER_S)
        except TimeoutError:
            self.unanswered += 1
            return
        except (AssertionError, ConnectionError):   # the server closed this socket (one that never said hello: 10 s)
            code = str(p.ws.close_code)
            self.closed_by_server[code] = self.closed_by_server.get(code, 0) + 1
            await self.reconnect(p)
            return
        if self.count(answer) == "accepted":
            self.latest = answer["state_id"]
            phase = (answer.get("game") or {}).get("phase", "lobby")
            self.phases[phase] = self.phases.get(phase, 0) + 1
        self.internal += answer.get("code") == "internal_error"


async def http_junk(session: aiohttp.ClientSession, base: str, code: str, token: str | None,
                    rng: random.Random) -> int:
    """One random HTTP request to the server; its status (0: no answer)."""
    path = rng.choice(HTTP_PATHS).format(code=rng.choice([code, code.lower(), "ZZZZ"]), junk=rng.choice(HTTP_JUNK))
    headers = {k: v for k, v in (("X-Room", code), ("X-Token", token or "x"), ("Origin", "http://evil.example"),
                                 ("Content-Type", rng.choice(["application/json", "text/plain", "application/zip"])))
               if rng.random() < 0.5}
    body = rng.choice([None, b"", b"{}", b"[" * 5000, rng.randbytes(rng.randint(1, 3000)), b'["c001"]'])
    method = rng.choice(["GET", "GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"])
    try:
        async with session.request(method, base + path, headers=headers, data=body, allow_redirects=False) as resp:
            await resp.read()
            return resp.status
    except (aiohttp.ClientError, TimeoutError):
        return 0


async def fuzz_room(base: str, index: int, messages: int, seed: int, deadline: float) -> dict:
    rng = random.Random(seed + index)
    statuses: dict[int, int] = {}
    async with device_session(index, block=5) as session:
        table = await new_table(session, base, 5)
        connect = socket_opener(session, base, PacedPlayer)
        spectator, mute = await connect("spectator"), await connect("no-hello")
        await spectator.hello(table.code)
        fuzz = RemoteFuzz(table, [table.tv, *table.phones, spectator, mute], connect, rng, messages)
        done = 0
        for i in range(messages):
            if time.monotonic() > deadline:
                break
            if i % 10 == 9:
                status = await http_junk(session, base, table.code, table.phones[0].token, rng)
                statuses[status] = statuses.get(status, 0) + 1
            else:
                await fuzz.send_one(i)
            done += 1
        for p in fuzz.sockets:
            await p.close()
    return {"sent": done, "ws_messages": done - sum(statuses.values()), "phases": fuzz.phases,
            "internal_error": fuzz.internal, "unanswered": fuzz.unanswered,
            "http_5xx": sum(n for s, n in statuses.items() if s >= 500), "http": statuses,
            "closed_by_server": fuzz.closed_by_server, **fuzz.stats}


async def fuzz(args, folder: Path) -> dict:
    server = start_server(folder)
    try:
        await server.ready()
        deadline = time.monotonic() + args.max_seconds
        each = -(-args.fuzz // args.fuzz_rooms)
        rooms = await asyncio.gather(*(fuzz_room(server.base, i, each, args.seed, deadline)
                                       for i in range(args.fuzz_rooms)))
        async with aiohttp.ClientSession() as s, s.get(f"{server.base}/healthz") as resp:
            alive = resp.status == 200
    finally:
        server.stop()
    total: dict = {"alive_after": alive}
    for room in rooms:
        for key, value in room.items():
            if isinstance(value, dict):
                bucket = total.setdefault(key, {})
                for k, v in value.items():
                    bucket[str(k)] = bucket.get(str(k), 0) + v
            else:
                total[key] = total.get(key, 0) + value
    return {**total, **log_errors(server)}


# ---------------------------------------------------------------- the command
def summary(part: str, r: dict) -> str:
    if part == "durability":
        return (f"{r['kills']} SIGKILLs, {r['rooms']} rooms: {r['acknowledged']} actions acknowledged, {r['lost']} "
                f"acknowledged then lost; {r['views_compared']} views compared, {r['views_differing']} differing; "
                f"{r['rooms_not_back']} rooms not back; restart <= {r['restart_s_max']} s; "
                + (f"{r['kills_in_a_flush']} kills within a flush slowed {r['slow_fsync_ms']:g} ms; "
                   if r["slow_fsync_ms"] else "") +
                f"{r['error_lines']} ERROR lines; self-test: the folder put back as before a round that "
                f"acknowledged {r['self_test_acknowledged']}: {r['self_test_lost_counted']} counted lost")
    if part == "leaks":
        return (f"{r['games']} games {r['modes']}, {r['frames']} frames, {r['secrets_checked']} secret cards checked: "
                f"{r['leaks']} leaks; self-test caught {r['self_test_caught']} of {r['self_test_planted']} planted; "
                f"{r['failed_games']} games failed; {r['error_lines']} ERROR lines")
    if part == "authorization":
        return (f"{r['refused']} of {r['probes']} probes refused ({r['by_kind']}); rooms changed by them: "
                f"{r['rooms_changed']}; {r['error_lines']} ERROR lines")
    if part == "cross-site":
        return f"{r['refused']} of {r['probes']} probes refused; {r['error_lines']} ERROR lines"
    return (f"{r['sent']} messages ({r['ws_messages']} on WebSockets, HTTP statuses {r['http']}): internal errors: "
            f"{r['internal_error']} answers, {r['http_5xx']} HTTP 5xx, {r['error_lines']} ERROR lines; "
            f"{r['unanswered']} unanswered; accepted {r['accepted']} (to {r['phases']}), refused {r['refused']}, "
            f"sockets closed by the server {r['closed_by_server']}; alive after: {r['alive_after']}")


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kills", type=int, default=10, help="SIGKILLs under live load (default 10)")
    ap.add_argument("--rooms", type=int, default=6, help="rooms playing while the server is killed (default 6)")
    ap.add_argument("--slow-fsync-ms", type=float, default=0,
                    help="durability: every fsync this much slower (strace), so kills land within a flush")
    ap.add_argument("--frames", type=int, default=10_000, help="frames the leak games must reach (default 10000)")
    ap.add_argument("--at-once", type=int, default=6, help="leak games played at once (default 6)")
    ap.add_argument("--fuzz", type=int, default=3000, help="fuzz messages (default 3000)")
    ap.add_argument("--fuzz-rooms", type=int, default=4, help="rooms fuzzed at once (default 4)")
    ap.add_argument("--only", default=",".join(PARTS), help=f"parts to run, of {','.join(PARTS)}")
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--max-seconds", type=float, default=900, help="bound on each part (default 900)")
    args = ap.parse_args()
    parts = [p for p in args.only.split(",") if p in PARTS]
    runs = {"durability": durability, "leaks": leaks, "authorization": authorization, "cross-site": cross_site,
            "fuzz": fuzz}
    print(f"uptime before: {uptime()}", flush=True)
    figures: dict = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "commit": commit()}
    for part in parts:
        with tempfile.TemporaryDirectory(prefix=f"redteam-{part}-") as folder:
            started = time.monotonic()
            result = await runs[part](args, Path(folder))
        result["seconds"] = round(time.monotonic() - started, 1)
        result["load"] = [round(x, 2) for x in os.getloadavg()]
        figures[part] = result
        log_line(f"{part}: {summary(part, result)} ({result['seconds']} s)")
    print(f"uptime after: {uptime()}", flush=True)
    print(json.dumps(figures, ensure_ascii=False))


def commit() -> str:
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                          check=False).stdout.strip()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
