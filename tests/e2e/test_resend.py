"""Nothing a player taps is lost while the phone's socket is down, and nothing is sent twice.

A real TCP proxy sits between the phone page and the server (tests.helpers.proxy): `stall()` holds every byte,
`drop()` cuts the phone's socket as leaving the Wi-Fi would, and holds the new sockets it opens (the page stays
"reconnecting" for as long as the test needs), `flow()` lets them through.

* Switching the phone's language used to drop the socket (a new one, with the new `lang` in its `hello`), and
  a lobby setting the host tapped before the new one was up got only the "offline" toast and was never sent.
  The language now goes in a repeated `hello` on the same socket, and a setting tapped while no socket is up
  waits and goes once the state that brings it back has come, checked against that state.
* A game action (play a card) is never sent later by itself: the confirm button says "Reconnecting…" and
  waits, the selection stays (through a language switch too), and the player confirms on the fresh state.

Screenshots: test-output/resend-*.png (the reconnecting phone at 390×844 and 360×640, English and Russian).
"""
from __future__ import annotations

import json
import re

from playwright.async_api import expect

from tests.helpers.browser import PHONE, run_scene
from tests.helpers.lan import LAN_HOST
from tests.helpers.proxy import StallingProxy

SMALL = {"width": 360, "height": 640}


async def proxied_phone(sc, proxy: StallingProxy, code: str, token: str, sockets: list | None = None):
    """A phone page holding seat `token` of room `code`, on the Wi-Fi path through `proxy`; returns
    (page, frames): every JSON frame the page sends, on any of its sockets, in order. `sockets` gets each
    WebSocket the page opens."""
    context = await sc.browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    await context.add_init_script(f"localStorage.setItem('imaginarium.token.{code}', '{token}')")
    page = await context.new_page()
    page.on("pageerror", lambda exc: sc.errors.append(f"phone: {exc}"))
    frames: list[dict] = []
    def opened(ws) -> None:
        ws.on("framesent", lambda payload: frames.append(json.loads(payload)))
        if sockets is not None:
            sockets.append(ws)

    page.on("websocket", opened)
    await page.goto(f"http://{LAN_HOST}:{proxy.port}/join/{code}")
    await expect(page.get_by_test_id("conn")).to_have_attribute("data-status", "online")
    return page, frames


def sent(frames: list[dict], kind: str) -> list[dict]:
    return [f for f in frames if f["type"] == kind]


async def run(server_process, launch_options, output_dir, body) -> None:
    proxy = StallingProxy(server_process.port)
    await proxy.start()
    try:
        await run_scene(server_process, launch_options, output_dir, "resend", lambda sc: body(sc, proxy))
    finally:
        await proxy.close()


async def test_a_setting_tapped_while_switching_language_is_sent(server_process, launch_options, output_dir):
    """The known bug: the host switches the phone to Russian and at once picks a ruleset. Its bytes are held
    meanwhile (a slow Wi-Fi second), so the tap lands while the page is busy with its socket; it must reach
    the server exactly once, and the page must show it."""
    async def body(sc, proxy: StallingProxy) -> None:
        _tv, table = await sc.table(["Аня", "Борис", "Вика"])
        host = table.phones[0]
        page, frames = await proxied_phone(sc, proxy, table.code, host.token)
        before = host.state_id
        proxy.stall(ws_only=True)
        await page.get_by_test_id("lang").click()
        await expect(page.get_by_test_id("settings-form")).to_contain_text("Настройки стола")
        await page.get_by_test_id("setting-ruleset").select_option("dixit")
        proxy.flow()
        state = await host.until_state(lambda s: s["room"]["settings"]["ruleset"] == "dixit")
        assert state["state_id"] == before + 1, "one setting, one accepted action"
        await expect(page.get_by_test_id("conn")).to_have_attribute("data-status", "online")
        await expect(page.get_by_test_id("setting-ruleset")).to_have_value("dixit")
        # Every socket the page opened says hello in Russian from now on (the server's sentences).
        assert sent(frames, "hello")[-1]["lang"] == "ru"
        # Nothing more went: the next action (from the host's other tab) is the very next state_id.
        await host.act("set_settings", settings={"reshuffle": True})
        state = await host.until_state(lambda s: s["room"]["settings"]["reshuffle"] is True)
        assert state["state_id"] == before + 2
        await expect(page.get_by_test_id("setting-reshuffle")).to_be_checked()
        assert len([f for f in sent(frames, "set_settings") if f["settings"].get("ruleset") == "dixit"]) <= 2, \
            "at most once per socket (the held one never reached the server)"

    await run(server_process, launch_options, output_dir, body)


async def test_the_language_switch_keeps_the_socket(server_process, launch_options, output_dir):
    """The language goes to the server on the open socket (a repeated hello): no new socket, and the server's
    next sentence (a refused Start: one player, whom no mode fits) is in Russian."""
    async def body(sc, proxy: StallingProxy) -> None:
        _tv, table = await sc.table(["Аня"])
        sockets: list = []
        page, _frames = await proxied_phone(sc, proxy, table.code, table.phones[0].token, sockets)
        await page.get_by_test_id("lang").click()
        await expect(page.get_by_test_id("start")).to_have_text("Начать игру")
        await page.get_by_test_id("start").click()
        await expect(page.locator(".toast", has_text="Для этой игры нужно")).to_be_visible()
        assert len(sockets) == 1, "the language switch opened a new socket"
        await expect(page.get_by_test_id("reconnecting")).to_be_hidden()

    await run(server_process, launch_options, output_dir, body)


async def test_lobby_settings_tapped_offline_are_sent_once_back(server_process, launch_options, output_dir):
    """The host's phone leaves the Wi-Fi: it says "Reconnecting…", a ruleset picked meanwhile stays on screen
    and goes once the phone is back, with the fresh state_id (the host's other tab changed a setting meanwhile,
    so one built against the old state would be refused as stale). A setting the fresh state already holds
    is not sent at all."""
    async def body(sc, proxy: StallingProxy) -> None:
        _tv, table = await sc.table(["Аня", "Борис", "Вика"])
        host = table.phones[0]
        page, frames = await proxied_phone(sc, proxy, table.code, host.token)
        away = page.get_by_test_id("reconnecting")
        await expect(away).to_be_hidden()

        proxy.stall()
        proxy.drop()
        await expect(away).to_be_visible()
        await expect(away).to_contain_text("Reconnecting…")
        await expect(page.get_by_test_id("start")).to_be_disabled()     # Start waits for the table as it is
        await page.get_by_test_id("setting-ruleset").select_option("dixit")
        await expect(page.get_by_test_id("setting-ruleset")).to_have_value("dixit")   # kept on screen
        await sc.shot(page, "lobby-390")
        await page.set_viewport_size(SMALL)
        await sc.shot(page, "lobby-360")
        await table.act(host, "set_settings", settings={"timer": 60})   # the host's other tab, meanwhile
        before = host.state_id
        proxy.flow()
        state = await host.until_state(lambda s: s["room"]["settings"]["ruleset"] == "dixit")
        assert state["state_id"] == before + 1
        assert state["room"]["settings"]["timer"] == 60
        await expect(away).to_be_hidden()
        await expect(page.get_by_test_id("start")).to_be_enabled()
        assert sent(frames, "set_settings")[-1]["state_id"] == before, "sent against the fresh state"

        # Again: a setting tapped offline that the fresh state already holds is checked and not sent.
        proxy.stall()
        proxy.drop()
        await expect(away).to_be_visible()
        await page.get_by_test_id("setting-reshuffle").check()
        await table.act(host, "set_settings", settings={"reshuffle": True})
        count = len(sent(frames, "set_settings"))
        proxy.flow()
        await expect(away).to_be_hidden()
        await expect(page.get_by_test_id("setting-reshuffle")).to_be_checked()
        await table.act(host, "set_settings", settings={"special_cells": False})   # the very next state_id
        await expect(page.get_by_test_id("setting-special_cells")).not_to_be_checked()
        assert len(sent(frames, "set_settings")) == count, "a setting the server already held was sent again"

    await run(server_process, launch_options, output_dir, body)


async def test_a_chosen_card_waits_for_the_connection(server_process, launch_options, output_dir):
    """A player has picked a card when the phone drops off: the confirm button says "Reconnecting…" and cannot
    be tapped (the play is never sent later by itself), the card stays picked, through a language switch too,
    while the table plays on; back online, one tap plays it, once."""
    async def body(sc, proxy: StallingProxy) -> None:
        _tv, table = await sc.table(["Аня", "Борис", "Вика", "Гоша"])
        teller, boris, vika = table.phones[0], table.phones[1], table.phones[2]
        await table.act(teller, "set_settings", settings={"first_storyteller": "host"})
        await table.act(teller, "start", storyteller=teller.welcome["seat"])
        await table.act(teller, "tell", card=teller.me["hand"][0], association="Who ate the cake?")
        page, frames = await proxied_phone(sc, proxy, table.code, boris.token)
        card = boris.me["hand"][2]
        await page.locator(f'.card-grid.selectable .grid-card[data-card="{card}"]').click()
        confirm = page.get_by_test_id("confirm")
        await expect(confirm).to_have_text("Play this card")
        await expect(confirm).to_be_enabled()

        proxy.stall()
        proxy.drop()
        away = page.get_by_test_id("reconnecting")
        await expect(away).to_be_visible()
        await expect(confirm).to_have_text("Reconnecting…")
        await expect(confirm).to_be_disabled()
        picked = page.locator(".grid-card.selected")
        await expect(picked).to_have_attribute("data-card", card)
        await sc.shot(page, "play-390")
        await table.act(vika, "play_card", card=vika.me["hand"][0])   # the table plays on meanwhile
        await page.get_by_test_id("lang").click()                    # drawn again in Russian: still picked
        await expect(away).to_contain_text("Переподключение…")
        await expect(confirm).to_have_text("Переподключение…")
        await expect(picked).to_have_attribute("data-card", card)
        await sc.shot(page, "play-390-ru")
        await page.set_viewport_size(SMALL)
        await sc.shot(page, "play-360-ru")

        proxy.flow()
        await expect(away).to_be_hidden()
        await expect(confirm).to_have_text("Сыграть эту карту")
        await expect(picked).to_have_attribute("data-card", card)
        assert not sent(frames, "play_card")
        assert not boris.me["played"]
        await confirm.click()
        state = await boris.until_state(lambda s: len(s["game"]["me"]["played"]) == 1)
        assert state["game"]["me"]["played"] == [card]
        await expect(page.locator("main.phone-main")).to_have_attribute("data-screen", re.compile("playing|voting"))
        await expect(confirm).to_have_count(0)
        assert len(sent(frames, "play_card")) == 1

    await run(server_process, launch_options, output_dir, body)
