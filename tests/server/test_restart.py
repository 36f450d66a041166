"""A real server process killed with SIGKILL in the middle of a round and restarted on the same data
folder: the room continues where it was, nothing acknowledged is lost, tokens still work."""
from __future__ import annotations

import json
import signal

import aiohttp

from tests.helpers.bounds import EVENT_S, EXIT_S
from tests.helpers.process import running_server
from tests.helpers.wire import Player, Table, seated_table, socket_opener


async def test_sigkill_mid_round_and_restart_resumes_the_room(tmp_path):
    async with running_server(tmp_path) as (server, session, code):
        open_socket = socket_opener(session, server.base)
        table = await seated_table(open_socket, code)
        await table.play_until(lambda g: g["round"] == 2 and g["phase"] == "playing")
        # one more card down, acknowledged, then the power cord
        player = next(p for p in table.phones if "play_card" in p.me["can"])
        await table.act(player, "play_card", card=player.me["hand"][0])
        before = {p.welcome["seat"]: (p.token, p.me) for p in table.phones}
        public_before = table.tv.game
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
        table2 = Table(code, tv2, phones2, last_id)
        await table2.sync()
        await table2.play_until(lambda g: g["round"] == 3)
        assert tv2.state_id > last_id
        assert f"/join/{code}" in (tmp_path / "server.log").read_text()  # the banner names the room


async def test_sigkill_during_a_burst_loses_nothing_acknowledged(tmp_path):
    """Kill while actions are in flight: every state a socket saw is still there after the restart."""
    async with running_server(tmp_path) as (server, session, code):
        base = server.base
        host = Player(await session.ws_connect(f"{base}/ws"), "host")
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
        again = Player(await session.ws_connect(f"{base}/ws"), "again")
        welcome = await again.hello(code, token=token)
        assert welcome["seat"] == "s1"
        assert again.state_id >= seen  # nothing acknowledged was lost
        # and the stored snapshot is whole: its name is the one of the rename that made its state_id
        assert again.state["room"]["roster"][0]["name"] == f"Host {again.state_id - start - 1}"


async def test_sigterm_closes_sockets_with_going_away_and_exits_cleanly(tmp_path):
    async with running_server(tmp_path) as (server, session, code):
        base = server.base
        tv = Player(await session.ws_connect(f"{base}/ws"), "tv")
        await tv.hello(code, role="tv")
        server.proc.send_signal(signal.SIGTERM)
        frame = await tv.ws.receive(timeout=EVENT_S)
        while frame.type == aiohttp.WSMsgType.TEXT:
            frame = await tv.ws.receive(timeout=EVENT_S)
        assert tv.ws.close_code == aiohttp.WSCloseCode.GOING_AWAY
        assert server.proc.wait(timeout=EXIT_S) == 0
        log = (tmp_path / "server.log").read_text()
        assert "Traceback" not in log and " ERROR " not in log
