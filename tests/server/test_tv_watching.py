"""The room view says how many TV pages watch the room (`tvs`): a phone that watched the vote holds the result
("Look at the TV!") only while a TV shows it, and shows it at once when the phones are the only screens.
Checked over real WebSockets: a TV's socket arriving and leaving is sent to every phone."""
from __future__ import annotations


async def test_the_room_view_counts_the_tvs_watching(make_table, connect):
    table = await make_table(3)
    phone = table.phones[0]
    assert phone.state["room"]["tvs"] == 1 and table.tv.state["room"]["tvs"] == 1
    second = await connect("second tv")
    await second.hello(table.code, role="tv")
    await phone.until_state(lambda s: s["room"]["tvs"] == 2)
    spectator = await connect("spectator")   # a phone with no seat is no TV
    await spectator.hello(table.code)
    await phone.until_state(lambda s: s["room"]["spectators"] == 1)
    assert phone.state["room"]["tvs"] == 2
    await second.close()
    await table.tv.close()
    await phone.until_state(lambda s: s["room"]["tvs"] == 0)
    await spectator.close()
