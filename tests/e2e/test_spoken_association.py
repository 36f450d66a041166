"""An association said aloud (none typed): the other phones say whose association to listen to, and the
storyteller's own phone does not tell them to listen to themselves ("Listen to Аня's association" on Аня's
phone). Screenshots: test-output/spoken-*.png."""
from __future__ import annotations

from playwright.async_api import expect

from tests.helpers.browser import PHONE, run_scene


async def test_the_storyteller_is_not_told_to_listen_to_themselves(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        _tv, table = await sc.table(["Аня", "Борис", "Вика", "Гоша"])
        teller, other = table.phones[0], table.phones[1]
        await table.act(teller, "set_settings", settings={"first_storyteller": "host"})
        await table.act(teller, "start", storyteller=teller.welcome["seat"])
        await table.act(teller, "tell", card=teller.me["hand"][0], association="")        # said aloud, nothing typed
        mine = await sc.page(f"/join/{table.code}", PHONE, teller.token, table.code)
        theirs = await sc.page(f"/join/{table.code}", PHONE, other.token, table.code)
        await expect(theirs.locator(".p-association.spoken")).to_have_text("Listen to Аня's association")
        await expect(mine.get_by_test_id("played")).to_be_visible()
        await expect(mine.locator(".p-association")).to_have_count(0)
        await sc.shot(mine, "storyteller")
        await sc.shot(theirs, "player")

    await run_scene(server_process, launch_options, output_dir, "spoken", body)
