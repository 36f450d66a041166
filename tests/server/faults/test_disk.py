"""The disk fills up under a running server (a data folder unusable from the start: test_data_folder.py).

Disk full is the real thing for the process: its file-size limit (RLIMIT_FSIZE, set from outside with
prlimit) drops to 0, so every write sqlite makes fails with EFBIG exactly as on a full disk, while the log
still flows through a pipe. The action is refused with a sentence people understand, nobody sees a change,
the room stays viewable; once there is room again the same tap works; a SIGKILL afterwards loses nothing
that was accepted."""
from __future__ import annotations

import asyncio
import json
import resource
from pathlib import Path

import aiohttp

from server.messages import sentence

ROOT = Path(__file__).resolve().parents[3]


async def set_file_limit(pid: int, soft: int) -> None:
    _, hard = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (soft, hard))


async def test_disk_full_refuses_the_action_clearly_and_loses_nothing(tmp_path, wire, server_process):
    server = server_process(tmp_path, piped=True)
    base = f"http://127.0.0.1:{server.port}"
    server.start()
    async with aiohttp.ClientSession() as session:
        await server.ready(session)
        code = (await (await session.post(f"{base}/api/rooms")).json())["code"]
        tv = wire.Player(await session.ws_connect(f"{base}/ws"), "tv")
        await tv.hello(code, role="tv")
        table = wire.Table(code, tv, [], tv.state_id)
        for i in range(4):
            p = wire.Player(await session.ws_connect(f"{base}/ws"), f"P{i + 1}")
            await p.hello(code)
            table.phones.append(p)
            await table.act(p, "join", name=f"P{i + 1}", colour=["red", "blue", "green", "teal"][i])
        await table.act(table.phones[0], "start")
        await table.play_until(lambda g: g["phase"] == "playing")
        player = next(p for p in table.phones if "play_card" in p.me["can"])
        card = player.me["hand"][0]
        before = {p.name: json.dumps(p.state, sort_keys=True) for p in table.sockets}

        await set_file_limit(server.proc.pid, 0)               # the disk is full
        try:
            err = await table.refused(player, "play_card", "storage_failed", card=card)
            assert err["message"] == sentence("storage_failed", "en")
            assert "Nothing changed" in err["message"]
            # a room cannot be made either, and says why
            resp = await session.post(f"{base}/api/rooms")
            assert resp.status == 503 and (await resp.json())["error"] == "storage_failed"
            # nobody saw a change: a ping fence on every socket comes back with no new state before it
            for p in table.sockets:
                await p.send({"type": "ping"})
                await p.until(lambda m: m["type"] == "pong")
                assert json.dumps(p.state, sort_keys=True) == before[p.name], p.name
            # the room stays viewable: a new TV gets the picture
            late = wire.Player(await session.ws_connect(f"{base}/ws"), "late tv")
            await late.hello(code, role="tv")
            assert late.state_id == table.expected and late.game == tv.game
        finally:
            await set_file_limit(server.proc.pid, resource.RLIM_INFINITY)   # space again
        assert await asyncio.to_thread(server.logged, "could not store play_card")

        # the same tap, made again, is accepted; then the power goes
        await table.act(player, "play_card", card=card)
        assert player.me["played"] == [card]
        accepted = table.expected
        seat, token = player.welcome["seat"], player.token
        server.kill()
        for p in [*table.sockets, late]:
            await p.ws.close()
        server.start()
        await server.ready(session)
        again = wire.Player(await session.ws_connect(f"{base}/ws"), "again")
        welcome = await again.hello(code, token=token)
        assert welcome["seat"] == seat
        assert again.state_id == accepted and again.me["played"] == [card]
        assert card not in again.me["hand"]
        await again.close()
