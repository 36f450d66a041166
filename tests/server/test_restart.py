"""A real server process killed with SIGKILL in the middle of a round and restarted on the same data
folder: the room continues where it was, nothing acknowledged is lost, tokens still work."""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[2]
READY_TRIES = 400      # x 50 ms: a generous bound on start-up
POLL_S = 0.05


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    def __init__(self, port: int, data_dir: Path, log: Path) -> None:
        self.port, self.data_dir, self.log = port, data_dir, log
        self.proc: subprocess.Popen | None = None
        self.base = f"http://127.0.0.1:{port}"

    def start(self) -> None:
        with open(self.log, "ab") as out:  # the server process keeps its own descriptor
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(self.port),
                 "--data-dir", str(self.data_dir), "--no-zeroconf", "--advertise-ip", "127.0.0.1"],
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})

    async def ready(self, session: aiohttp.ClientSession) -> dict:
        """Poll /healthz until it answers ok (bounded); returns its JSON."""
        for _ in range(READY_TRIES):
            assert self.proc.poll() is None, self.log.read_text()
            try:
                async with session.get(f"http://127.0.0.1:{self.port}/healthz") as resp:
                    if resp.status == 200:
                        return await resp.json()
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(POLL_S)  # polling interval of the readiness check, not a wait for state
        raise AssertionError(f"server not ready:\n{self.log.read_text()}")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@contextlib.asynccontextmanager
async def running_server(tmp_path: Path):
    """A real server process on a free port (data and log under `tmp_path`), ready, with an HTTP session
    and one new room: yields ``(server, session, room_code)``; the process is stopped afterwards."""
    server = ServerProcess(free_port(), tmp_path / "data", tmp_path / "server.log")
    server.start()
    try:
        async with aiohttp.ClientSession() as session:
            await server.ready(session)
            async with session.post(f"{server.base}/api/rooms") as resp:
                code = (await resp.json())["code"]
            yield server, session, code
    finally:
        server.stop()


async def test_sigkill_mid_round_and_restart_resumes_the_room(tmp_path, wire):
    async with running_server(tmp_path) as (server, session, code):
        base = server.base

        async def open_socket(name):
            return wire.Player(await session.ws_connect(f"{base}/ws"), name)

        tv = await open_socket("tv")
        await tv.hello(code, role="tv")
        table = wire.Table(code, tv, [], tv.state_id)
        for i in range(4):
            p = await open_socket(f"P{i + 1}")
            await p.hello(code)
            table.phones.append(p)
            await table.act(p, "join", name=f"P{i + 1}", colour=["red", "blue", "green", "teal"][i])
        await table.act(table.phones[0], "start")
        await table.play_until(lambda g: g["round"] == 2 and g["phase"] == "playing")
        # one more card down, acknowledged, then the power cord
        player = next(p for p in table.phones if "play_card" in p.me["can"])
        await table.act(player, "play_card", card=player.me["hand"][0])
        before = {p.welcome["seat"]: (p.token, p.me) for p in table.phones}
        public_before = tv.game
        last_id = table.expected
        server.kill()
        for p in table.sockets:
            await p.ws.close()

        server.start()
        health = await server.ready(session)
        assert health["rooms"] >= 1
        tv2 = await open_socket("tv2")
        await tv2.hello(code, role="tv")
        assert tv2.state_id == last_id
        assert tv2.game == public_before
        phones2 = []
        for seat, (token, me) in before.items():
            p = await open_socket(seat)
            welcome = await p.hello(code, token=token)
            assert welcome["seat"] == seat
            assert p.me == me  # the same hand, the same card down
            phones2.append(p)
        table2 = wire.Table(code, tv2, phones2, last_id)
        await table2.sync()
        await table2.play_until(lambda g: g["round"] == 3)
        assert tv2.state_id > last_id
        assert f"/join/{code}" in (tmp_path / "server.log").read_text()  # the banner names the room


async def test_sigkill_during_a_burst_loses_nothing_acknowledged(tmp_path, wire):
    """Kill while actions are in flight: every state a socket saw is still there after the restart."""
    async with running_server(tmp_path) as (server, session, code):
        base = server.base
        host = wire.Player(await session.ws_connect(f"{base}/ws"), "host")
        await host.hello(code)
        await host.act("join", name="Host", colour="red")
        await host.until_state(lambda s: s["you"]["seat"] == "s1")
        token = host.token
        # fire renames without waiting (rename i is made against state start + i), read a few
        # acknowledgements, then kill mid-stream
        start = host.state_id
        for i in range(60):
            await host.send({"type": "rename", "state_id": start + i, "name": f"Host {i}"})
        await host.until_state(lambda s: s["state_id"] >= start + 5)
        server.kill()
        await host.ws.close()
        seen = max(json.loads(f)["state_id"] for f in host.frames if json.loads(f)["type"] == "state")

        server.start()
        await server.ready(session)
        again = wire.Player(await session.ws_connect(f"{base}/ws"), "again")
        welcome = await again.hello(code, token=token)
        assert welcome["seat"] == "s1"
        assert again.state_id >= seen  # nothing acknowledged was lost
        # and the stored snapshot is whole: its name is the one of the rename that made its state_id
        assert again.state["room"]["roster"][0]["name"] == f"Host {again.state_id - start - 1}"


async def test_sigterm_closes_sockets_with_going_away_and_exits_cleanly(tmp_path, wire):
    async with running_server(tmp_path) as (server, session, code):
        base = server.base
        tv = wire.Player(await session.ws_connect(f"{base}/ws"), "tv")
        await tv.hello(code, role="tv")
        server.proc.send_signal(signal.SIGTERM)
        frame = await tv.ws.receive(timeout=10)
        while frame.type == aiohttp.WSMsgType.TEXT:
            frame = await tv.ws.receive(timeout=10)
        assert tv.ws.close_code == aiohttp.WSCloseCode.GOING_AWAY
        assert server.proc.wait(timeout=15) == 0
        log = (tmp_path / "server.log").read_text()
        assert "Traceback" not in log and " ERROR " not in log
