"""The broadcast encodes what sockets share once and splices each frame: every socket must still
get exactly the text of its own `state` message, built the plain way (`Room.state_for`, one view and one
`json.dumps` per socket). Checked over real WebSockets at every step of a whole pairs game with a TV,
8 phones (two per seat) and a spectator, then back in the lobby."""
from __future__ import annotations

from server.net import keys
from server.room.state import dumps as _dumps


def last_state_frame(player) -> str:
    return next(f for f in reversed(player.frames) if f.startswith('{"type":"state"'))


def check_frames(table) -> None:
    """The frames the sockets hold now are, as a multiset, the plain encodings for the room's sockets."""
    room = table.app[keys.ROOMS].get(table.code)
    expected = sorted(_dumps(room.state_for(conn)) for conn in room.connections)
    got = sorted(last_state_frame(p) for p in table.sockets)
    assert len(got) == len(room.connections) == 10
    assert got == expected


async def test_every_frame_equals_its_plain_encoding(make_table, connect):
    table = await make_table(8, start=False)
    spectator = await connect("spectator")
    await spectator.hello(table.code)
    table.extra.append(spectator)
    for p in table.sockets:  # the spectator's arrival is broadcast without a new state_id
        if p.state["room"]["spectators"] != 1:
            await p.until_state(lambda s: s["room"]["spectators"] == 1)
    check_frames(table)
    await table.act(table.phones[0], "start")
    assert table.tv.game["mode"] == "pairs"
    check_frames(table)
    partners = [p for p in table.phones if p.welcome["seat"] != p.welcome["person"]]
    assert len(partners) == 4   # four pairs: two phones share each seat's view, not their `you`
    actions = 0
    while await table.step():
        actions += 1
        check_frames(table)
        lead = table.seat(partners[0].welcome["seat"])
        assert lead.game == partners[0].game and lead.state["you"] != partners[0].state["you"]
        assert "me" not in table.tv.game and "me" not in spectator.game
    assert table.tv.game["phase"] == "game_over" and actions > 20
    await table.act(table.phones[0], "new_game")
    check_frames(table)
    assert table.tv.state["game"] is None and table.phones[1].state["game"] is None
