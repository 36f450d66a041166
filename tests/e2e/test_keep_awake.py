"""A phone on the home Wi-Fi keeps its screen on: the page is at http://game.lan (not a secure context, so no
Wake Lock API, exactly as at http://192.168.x.y), the keep-awake fallback (NoSleep.js's looping video) starts
with the player's first tap in the game and stops at game over."""
import aiohttp
import pytest
from playwright.async_api import expect

from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_the_screen_stays_on_from_the_first_tap_until_game_over(ui, server_process):
    _tv, code = await ui.tv()
    # The host and two more play over WebSockets; the fourth player is a real phone page.
    async with aiohttp.ClientSession() as session:
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code,
                                   names=["Аня", "Борис", "Вика"], colours=["red", "blue", "yellow"],
                                   tv_name="watcher", start=False)
        watcher = table.tv
        phone = await ui.phone(code, "Гоша", "green")
        root = phone.locator("html")
        assert await phone.evaluate("location.hostname") == "game.lan"
        # What a phone on Wi-Fi sees: not a secure context, no Wake Lock API.
        assert await phone.evaluate("window.isSecureContext") is False
        assert await phone.evaluate("'wakeLock' in navigator") is False

        await watcher.until_state(lambda s: len(s["room"]["roster"]) == 4)
        table.expected = watcher.state_id
        host = table.phones[0]
        await table.act(host, "set_settings", settings={"first_storyteller": "host"})
        await table.act(host, "start", storyteller=host.welcome["seat"])
        await table.act(host, "tell", card=host.me["hand"][0], association="cake")
        await expect(phone.get_by_test_id("grid-card")).to_have_count(6)
        # Nothing runs before the player touches the phone in the game ...
        assert await root.get_attribute("data-keep-awake") in (None, "off")
        await phone.get_by_test_id("grid-card").first.click()
        # ... and the first tap starts the looping video (its play() promise resolved).
        await expect(root).to_have_attribute("data-keep-awake", "video")

        await table.act(host, "end_game")     # game over: the screen may sleep again
        await expect(root).to_have_attribute("data-keep-awake", "off")
        assert watcher.game["phase"] == "game_over"
