"""The host's `calm` setting ("calm TV": the TV only fades): off by default, a bool, and like `sound` one the
host may still change in a game."""


async def test_calm_setting(make_table):
    table = await make_table(4, start=False)
    host = table.phones[0]
    assert table.tv.state["room"]["settings"]["calm"] is False
    await table.refused(host, "set_settings", "malformed", settings={"calm": "yes"})
    assert table.tv.state["room"]["settings"]["calm"] is False
    await table.refused(table.phones[1], "set_settings", "not_host", settings={"calm": True})
    await table.act(host, "set_settings", settings={"calm": True})
    assert table.tv.state["room"]["settings"]["calm"] is True
    await table.act(host, "start")
    await table.act(host, "set_settings", settings={"calm": False})
    assert table.tv.state["room"]["settings"]["calm"] is False
    await table.refused(host, "set_settings", "settings_locked", settings={"calm": True, "reshuffle": True})
    assert table.tv.state["room"]["settings"]["calm"] is False
