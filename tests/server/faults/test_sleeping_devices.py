"""Devices that go silent without saying goodbye. A phone sleeps through a whole round behind a relay that
stops carrying bytes (no FIN, no close frame): the server's heartbeat notices, the TV shows the seat as
away, the host moves the round on, and the phone, waking up, gets its seat, its hand and the current phase
back with its token. The TV losing its socket the same way, or reloading, recovers with no host action.

Every other socket keeps reading in the background, as a live page does, so it answers the pings; a short
heartbeat comes from the app config. Waits are on real conditions (the TV's `state`), each frame bounded.
"""
from __future__ import annotations

from server import engine
from server.net import keys
from tests.helpers.wire import Table, seated_table

HEARTBEAT = 1.0   # seconds between pings; a socket silent for half of it after a ping is dropped


async def live_table(client, live, n: int, relayed: dict[int, int]) -> Table:
    """A Table of a TV and `n` phones on live sockets; socket i (0 = TV "tv", 1.. = phones "P1"..) goes
    through the relay port `relayed[i]` if given."""
    direct = f"http://127.0.0.1:{client.server.port}/ws"

    def url(name: str) -> str:
        i = 0 if name == "tv" else int(name[1:])
        return f"http://127.0.0.1:{relayed[i]}/ws" if i in relayed else direct

    code = (await (await client.post("/api/rooms")).json())["code"]
    table = await seated_table(lambda name: live(client.session, url(name), name), code, n)
    table.app = client.server.app
    return table


def connected(state: dict, seat: str) -> bool:
    return next(r for r in state["room"]["roster"] if r["seat"] == seat)["connected"]


async def test_a_phone_asleep_for_a_whole_round_is_noticed_and_gets_everything_back(
        make_client, live, relay_to, advance_without):
    client = await make_client(heartbeat=HEARTBEAT)
    relay = await relay_to(client.server.port)
    table = await live_table(client, live, 4, relayed={3: relay.port})
    sleeper = table.phones[2]
    seat, token = sleeper.welcome["seat"], sleeper.token
    room = table.app[keys.ROOMS].get(table.code)
    assert connected(table.tv.state, seat)
    start_round = table.tv.game["round"]

    relay.pause()                      # the phone's Wi-Fi sleeps: nothing in, nothing out
    table.phones.remove(sleeper)
    # the heartbeat notices; the TV is told (connected: false) without anyone acting
    away = await table.tv.until_state(lambda st: not connected(st, seat))
    assert away["state_id"] == table.expected
    assert all(c.person != seat for c in room.connections)

    # the rest of the table plays the whole round and the next one begins; the host skips the sleeper
    skips = await advance_without(table, {seat}, lambda g: g["round"] == start_round + 1 and g["phase"] == "telling")
    assert skips >= 1
    assert not connected(table.tv.state, seat)

    # the phone wakes: its old connection is gone; the page reconnects with its token
    relay.cut()
    relay.resume()
    woken = await live(client.session, f"http://127.0.0.1:{relay.port}/ws", "woken")
    welcome = await woken.hello(table.code, token=token)
    assert welcome["seat"] == seat and welcome["token"] == token
    assert woken.state_id == table.expected
    assert woken.game["phase"] == table.tv.game["phase"] == "telling"
    assert woken.game["round"] == start_round + 1
    assert woken.me["hand"] == engine.player_view(room.game, seat)["me"]["hand"]
    assert {k: v for k, v in woken.game.items() if k != "me"} == table.tv.game
    await table.tv.until_state(lambda st: connected(st, seat))
    # and plays on with everyone
    table.phones.insert(2, woken)
    await table.sync()
    await table.play_until(lambda g: g["round"] == start_round + 2)


async def test_the_tv_losing_its_socket_for_a_round_recovers_without_the_host(make_client, live, relay_to):
    client = await make_client(heartbeat=HEARTBEAT)
    relay = await relay_to(client.server.port)
    table = await live_table(client, live, 4, relayed={0: relay.port})
    room = table.app[keys.ROOMS].get(table.code)
    host = table.phones[0]
    old_tv = table.tv
    relay.pause()
    # the TV's socket is dropped by the heartbeat: the room keeps no socket of role tv
    for _ in range(100):
        if not any(c.role == "tv" for c in room.connections):
            break
        await host.until_state()   # each drop is a broadcast; bounded by the frame timeout
    assert not any(c.role == "tv" for c in room.connections)

    # a whole round is played while the TV is gone (the room has nothing that expires with time)
    spectator = await live(client.session, f"http://127.0.0.1:{client.server.port}/ws", "watcher")
    await spectator.hello(table.code, role="tv")
    table.tv = spectator
    start = table.tv.game["round"]
    await table.play_until(lambda g: g["round"] == start + 1)
    # the TV page reconnects by itself (hello with the room code, no token): the whole current picture
    relay.cut()
    relay.resume()
    tv = await live(client.session, f"http://127.0.0.1:{relay.port}/ws", "tv again")
    at_reconnect = room.state_id
    welcome = await tv.hello(table.code, role="tv")
    assert room.state_id == at_reconnect   # nobody had to do anything for it
    assert welcome["role"] == "tv" and welcome["seat"] is None and welcome["token"] is None
    assert tv.state_id == table.expected
    assert tv.game == spectator.game and tv.game["round"] == start + 1
    assert "me" not in tv.game
    # and follows the game from there
    table.tv = tv
    table.extra.append(spectator)
    await table.play_until(lambda g: g["phase"] == "voting")
    assert tv.state_id == table.expected
    await old_tv.close()


async def test_the_tv_page_reloading_mid_round_gets_the_same_picture(make_table, connect):
    table = await make_table(4)
    await table.play_until(lambda g: g["phase"] == "voting")
    before, before_id = table.tv.game, table.tv.state_id
    await table.tv.close()                          # reload: the old socket closes cleanly
    tv = await connect("tv reloaded")
    await tv.hello(table.code, role="tv")
    assert tv.state_id == before_id and tv.game == before
    assert all(r["connected"] for r in tv.state["room"]["roster"])
    table.tv = tv
    await table.play_until(lambda g: g["phase"] == "scored")
    assert tv.game["result"]["points"]
