"""The story of the evening in the pages: a short game is played over WebSockets, then the
TV (opened at game over) plays back every round after the standings and a remote's arrow keys browse it; a
seated phone browses the same rounds and gets the keepsake picture (>= 1,200 px); after a restart the
story is still there; a stranger's request is refused. Screenshots: TV 1920x1080 / 1280x720, phone
390x844 / 360x640."""
import json
import urllib.error
import urllib.request

import aiohttp
import pytest
from playwright.async_api import expect

from tests.helpers.bounds import EVENT_S
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAYERS = [("Бабушка Оля", "red"), ("Papa", "blue"), ("Петя", "green"), ("Mia", "yellow")]


def fetch(url: str, headers: dict) -> tuple[int, bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=EVENT_S) as res:
            return res.status, res.read()
    except urllib.error.HTTPError as exc:
        return exc.code, b""


def as_story_round(state: dict, game: dict) -> dict:
    """A round as the TV saw it at the reveal (the public view's result), in the story's shape
    (docs/protocol.md): names instead of seats."""
    names = {r["seat"]: r["name"] for r in state["room"]["roster"]}
    result = game["result"]
    return {"round": game["round"], "storyteller": names[result["storyteller"]],
            "association": game["association"],
            "cards": [{"card": t["card"], "owner": names.get(t["owner"], t["owner"]),
                       "votes": [names[v] for v in t["votes"]],
                       "storyteller": t["number"] == result["storyteller_card"]} for t in result["table"]],
            "points": {names[e]: p for e, p in result["points"].items()}}


async def play_short_game(server_process, code_holder: dict) -> None:
    """Four seats over WebSockets play three rounds; the host ends the game."""
    async with aiohttp.ClientSession() as session:
        code = (await (await session.post(f"{server_process.url}/api/rooms")).json())["code"]
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code,
                                   names=[n for n, _ in PLAYERS], colours=[c for _, c in PLAYERS], tv_name="watcher")
        watcher = table.tv
        played = []
        for n in range(1, 4):
            await table.play_until(lambda g, n=n: g["phase"] in ("scored", "game_over") and g["round"] == n)
            played.append(as_story_round(watcher.state, watcher.game))
            if n < 3 and table.tv.game["phase"] == "scored":
                await table.play_until(lambda g, n=n: g["round"] == n + 1)
        if table.tv.game["phase"] != "game_over":
            await table.act(table.phones[0], "end_game")
        code_holder.update(code=code, tv_key=watcher.welcome["tv_key"], played=played,
                           tokens=[p.welcome["token"] for p in table.phones])
        for p in table.sockets:
            await p.close()


async def test_story_on_the_tv_and_the_phone(ui, server_process, output_dir):
    game: dict = {}
    await play_short_game(server_process, game)
    code = game["code"]
    base = server_process.url
    status, body = fetch(f"{base}/api/rooms/{code}/story", {"X-TV-Key": game["tv_key"]})
    assert status == 200
    story = json.loads(body)
    assert [r["round"] for r in story["rounds"]] == [1, 2, 3]
    assert story["rounds"] == game["played"]      # every round exactly as it was played and revealed
    names = {name for name, _ in PLAYERS}
    for r in story["rounds"]:
        assert r["storyteller"] in names and r["association"] == "Who ate the cake?"
        assert len(r["cards"]) == 4 and {c["owner"] for c in r["cards"]} == names
        assert sum(len(c["votes"]) for c in r["cards"]) == 3
        assert set(r["points"]) == names
    # a stranger: no credential, or a made-up one
    assert fetch(f"{base}/api/rooms/{code}/story", {})[0] == 403
    assert fetch(f"{base}/api/rooms/{code}/story.png", {"X-Token": "guess"})[0] == 403

    # The TV, opened at game over: the standings first, then the rounds; the remote's arrows browse them.
    for viewport, name in (({"width": 1920, "height": 1080}, "tv-1080"), ({"width": 1280, "height": 720}, "tv-720")):
        tv = await ui.page(f"/tv?room={code}", viewport)
        over = tv.get_by_test_id("tv-game-over")
        await expect(over).to_have_attribute("data-slide", "0")
        await expect(tv.get_by_test_id("winners")).to_be_visible()
        rounds = tv.get_by_test_id("story-round")
        await expect(rounds).to_have_count(3)
        await expect(tv.get_by_test_id("story-caption")).to_contain_text("The story of the evening")
        await tv.keyboard.press("ArrowRight")
        await expect(over).to_have_attribute("data-slide", "1")
        first = tv.locator('[data-testid="story-round"][data-round="1"]')
        await expect(first).to_be_visible()
        await expect(tv.get_by_test_id("winners")).to_be_hidden()
        await expect(first.get_by_test_id("story-association")).to_have_text("«Who ate the cake?»")
        await expect(first.get_by_test_id("story-card")).to_have_count(4)
        await expect(first).to_contain_text(story["rounds"][0]["storyteller"])
        for card in story["rounds"][0]["cards"]:
            await expect(first).to_contain_text(card["owner"])
        await ui.shot(tv, f"{name}-round")
        await tv.keyboard.press("ArrowLeft")
        await expect(over).to_have_attribute("data-slide", "0")
        await ui.shot(tv, f"{name}-standings")

    # A seated phone browses the story and gets the keepsake picture; a restart keeps it all.
    server_process.kill()
    server_process.start()
    for viewport, name in (({"width": 390, "height": 844}, "phone-390"), ({"width": 360, "height": 640}, "phone-360")):
        context = await ui.browser.new_context(viewport=viewport, locale="ru-RU", is_mobile=True, has_touch=True)
        ui.contexts.append(context)
        await context.add_init_script(f"localStorage.setItem('imaginarium.token.{code}', '{game['tokens'][1]}')")
        phone = await context.new_page()
        phone.on("pageerror", lambda exc: ui.errors.append(f"phone: {exc}"))
        await phone.goto(f"{ui.base}/join/{code}")
        await expect(phone.get_by_test_id("phone-game-over")).to_be_visible()
        await phone.get_by_test_id("open-story").click()
        browser_el = phone.get_by_test_id("phone-story")
        await expect(browser_el.get_by_test_id("story-round")).to_have_count(3)
        await expect(browser_el.get_by_test_id("story-association").first).to_have_text("«Who ate the cake?»")
        picture = browser_el.locator(".p-keepsake-img")
        await expect(picture).to_have_js_property("complete", True)
        assert await picture.evaluate("img => img.naturalWidth") >= 1200
        await ui.shot(phone, f"{name}-story")
        await picture.scroll_into_view_if_needed()
        await ui.shot(phone, f"{name}-keepsake")
    status, png = fetch(f"{base}/api/rooms/{code}/story.png?lang=ru", {"X-Token": game["tokens"][0]})
    assert status == 200 and png[:8] == b"\x89PNG\r\n\x1a\n"
    (output_dir / "story-keepsake.png").write_bytes(png)
