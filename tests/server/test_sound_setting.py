"""The host's `sound` setting: on by default, a bool, and the one setting besides `lang`
the host may still change in a game."""


async def test_sound_setting(make_table):
    table = await make_table(4, start=False)
    host = table.phones[0]
    assert table.tv.state["room"]["settings"]["sound"] is True
    await table.refused(host, "set_settings", "malformed", settings={"sound": "off"})
    await table.refused(table.phones[1], "set_settings", "not_host", settings={"sound": False})
    await table.act(host, "set_settings", settings={"sound": False})
    assert table.tv.state["room"]["settings"]["sound"] is False
    await table.act(host, "start")
    await table.act(host, "set_settings", settings={"sound": True, "lang": "ru"})
    assert table.tv.state["room"]["settings"]["sound"] is True
    await table.refused(host, "set_settings", "settings_locked", settings={"sound": False, "reshuffle": True})
