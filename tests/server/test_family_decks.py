"""The family's own decks over real HTTP and WebSockets against the whole app: a deck too small for the table
is kept but not chosen, with a sentence saying what the table needs; a damaged picture is named as damaged;
the host deletes an uploaded deck (never the built-in one, never a folder put there by hand, never the deck
of a game under way, nor of a finished game whose results a page still shows), its files leave the data folder
and every page's deck list changes."""
from __future__ import annotations

import os

import pytest
from aiohttp import FormData

from server.net import keys
from tests.decks.helpers import make_zip, picture
from tests.helpers.stored import run_ago, wall_clock_off

EN, RU = {"Accept-Language": "en"}, {"Accept-Language": "ru-RU,ru;q=0.9"}


def cards(n: int) -> dict[str, bytes]:
    return {f"card{i:02d}.jpg": picture("JPEG", colour=((i * 37) % 256, (i * 91) % 256, 90)) for i in range(n)}


def form(entries: dict[str, bytes], title: str) -> FormData:
    data = FormData()
    data.add_field("title", title)
    data.add_field("file", make_zip(entries), filename=f"{title}.zip", content_type="application/zip")
    return data


def host_headers(table, lang=EN) -> dict[str, str]:
    return {"X-Room": table.code, "X-Token": table.phones[0].token, **lang}


async def upload(client, table, entries, title, lang=EN):
    resp = await client.post("/api/decks", data=form(entries, title), headers=host_headers(table, lang))
    return resp.status, await resp.json()


async def deck_ids(client) -> list[str]:
    return [d["id"] for d in (await (await client.get("/api/decks")).json())["decks"]]


# ---- a deck too small for the table ----------------------------------------------------------------------

async def test_a_deck_too_small_for_the_table_is_kept_not_chosen_and_says_what_the_table_needs(client, make_table):
    table = await make_table(4, start=False)
    needed = table.tv.state["room"]["cards_needed"]
    assert needed == 28                                   # 4 players: 6 cards each and one round (RULES.md §1.3)
    version = table.tv.state["room"]["decks_version"]
    status, body = await upload(client, table, cards(3), "Tiny", RU)
    assert status == 201
    assert body["fits"] is False and body["needed"] == 28 and body["deck"]["size"] == 3
    assert body["warning"] == ("Колода «Tiny» сохранена, но не выбрана: в ней 3 карты, а для текущих настроек "
                               "нужно не меньше 28.")
    assert body["deck"]["id"] in await deck_ids(client)                 # kept: nothing accepted is lost
    state = await table.tv.until_state(lambda s: s["room"]["decks_version"] != version)
    assert state["room"]["settings"]["deck"] == "builtin" and state["room"]["deck"]["id"] == "builtin"
    status, body = await upload(client, table, cards(3), "Tiny again", EN)
    assert body["warning"] == ("“Tiny again” is saved but not chosen: it has 3 cards, and the current settings "
                               "need at least 28.")


async def test_a_deck_big_enough_fits_and_a_lone_host_is_told_about_the_smallest_table(client, make_table):
    table = await make_table(1, start=False)
    assert table.tv.state["room"]["cards_needed"] == 28   # the fewest players of the standard table: 4
    status, body = await upload(client, table, cards(28), "Enough")
    assert status == 201 and body["fits"] is True and body["warning"] is None and body["needed"] == 28


# ---- damaged pictures ----------------------------------------------------------------------------------------

async def test_garbage_named_jpg_and_a_jpeg_cut_short_are_damaged_pictures_by_name(client, make_table):
    table = await make_table(4, start=False)
    bad = {"holiday.jpg": os.urandom(4000), "cut.jpg": picture("JPEG", size=(200, 300))[:4],
           "notes.txt": b"shopping list"}
    status, body = await upload(client, table, {**cards(30), **bad}, "Mixed", RU)
    assert status == 201 and body["deck"]["size"] == 30
    problems = {f["name"]: (f["problem"], f["message"]) for f in body["skipped"]}
    assert problems == {"holiday.jpg": ("damaged", "картинка повреждена: файл не открывается как картинка"),
                        "cut.jpg": ("damaged", "картинка повреждена: файл не открывается как картинка"),
                        "notes.txt": ("not_an_image", "не картинка JPEG, PNG или WebP")}
    status, body = await upload(client, table, {"holiday.jpg": os.urandom(4000)}, "Only garbage", EN)
    assert status == 400 and body["error"] == "no_images"
    assert body["message"].startswith("No usable picture in the zip: nothing was imported.")
    assert body["files"] == [{"name": "holiday.jpg", "problem": "damaged",
                              "message": "damaged picture: the file cannot be opened as a picture"}]


async def test_every_upload_refusal_speaks_the_pages_language(client, make_table):
    table = await make_table(1, start=False)
    resp = await client.post("/api/decks", data=b"not a form", headers=host_headers(table, RU))
    assert resp.status == 400
    assert (await resp.json())["message"] == "Приложите zip-архив с картинками или сами картинки в поле 'file'."
    data = FormData()
    # one file named as a zip is read as one (a single picture is a deck of one card)
    data.add_field("file", picture(), filename="cards.zip", content_type="application/zip")
    resp = await client.post("/api/decks", data=data, headers=host_headers(table, RU))
    assert resp.status == 400 and (await resp.json())["message"].startswith("Это не zip-архив.")


# ---- deleting --------------------------------------------------------------------------------------------

async def test_only_the_host_deletes_and_never_the_builtin_deck_or_a_hand_made_folder(client, make_table, config):
    table = await make_table(2, start=False)
    _, body = await upload(client, table, cards(30), "Ours")
    deck = body["deck"]["id"]
    other = {"X-Room": table.code, "X-Token": table.phones[1].token}
    assert (await client.delete(f"/api/decks/{deck}")).status == 403
    assert (await client.delete(f"/api/decks/{deck}", headers=other)).status == 403
    resp = await client.delete(f"/api/decks/{deck}", headers={**host_headers(table), "Origin": "http://evil.example"})
    assert resp.status == 403
    resp = await client.delete("/api/decks/builtin", headers=host_headers(table, RU))
    assert resp.status == 403
    assert await resp.json() == {"error": "deck_builtin", "message": "Встроенную колоду удалить нельзя.", "files": []}
    resp = await client.delete("/api/decks/tiny", headers=host_headers(table))   # a folder put there by hand
    assert resp.status == 403 and (await resp.json())["error"] == "deck_not_uploaded"
    assert (config.data_dir / "decks" / "tiny").is_dir()
    for missing in ("no-such-deck", "..", "Ours"):
        assert (await client.delete(f"/api/decks/{missing}", headers=host_headers(table))).status in (404, 405)
    assert deck in await deck_ids(client) and "builtin" in await deck_ids(client)


async def test_the_deck_of_a_game_under_way_is_not_deleted(client, make_table):
    lobby = await make_table(1, start=False)
    _, body = await upload(client, lobby, cards(40), "Playing")
    deck = body["deck"]["id"]
    game = await make_table(4, settings={"deck": deck})
    resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby, RU))
    assert resp.status == 409
    holder = {"room": game.code, "reason": "playing", "names": ["P1", "P2", "P3", "P4"], "idle_minutes": 0,
              "open": True, "can_end": False, "state_id": game.expected}   # people play it now: not from here
    assert await resp.json() == {"error": "deck_in_use", "rooms": game.code, "hours": 6, "files": [], "message":
                                 f"Этой колодой сейчас играют (комната {game.code}): удалить её можно, когда игра "
                                 "закончится. Игра, брошенная на 6 часов (без ходов и без открытых экранов), её "
                                 "больше не держит.", "holders": [holder]}
    assert deck in await deck_ids(client)
    assert (await client.get(f"/cards/{deck}/c001.thumb.webp")).status == 200


async def restarted(client, make_client, meanwhile=lambda: None):
    """The server stopped (every socket closed, the store flushed), `meanwhile()` done, and the server started
    again on the same data folder: the rooms are loaded and no page has any of them open."""
    await client.close()
    meanwhile()
    return await make_client()


async def test_a_finished_game_holds_its_deck_while_its_results_are_open(client, make_table, make_client,
                                                                         connect_to):
    lobby = await make_table(1, start=False)
    _, body = await upload(client, lobby, cards(40), "Finished")
    deck = body["deck"]["id"]
    game = await make_table(4, settings={"deck": deck})
    await game.act(game.phones[0], "end_game")
    assert game.tv.game["phase"] == "game_over"            # the results screen shows the cards of the game
    for lang, message in ((RU, f"В комнате {game.code} ещё открыты итоги игры с этой колодой: удалить её можно, "
                                "когда там начнут новую игру или когда эту комнату закроют на телевизоре и телефонах."),
                          (EN, f"Room {game.code} still shows the results of a game with this deck: it can be deleted "
                               "once that room starts a new game, or once no TV or phone has that room open.")):
        resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby, lang))
        assert resp.status == 409
        assert await resp.json() == {"error": "deck_in_use", "rooms": game.code, "reason": "results", "files": [],
                                     "message": message, "holders": [{
                                         "room": game.code, "reason": "results", "names": ["P1", "P2", "P3", "P4"],
                                         "idle_minutes": 0, "open": True, "can_end": False,
                                         "state_id": game.expected}]}
    assert (await client.get(f"/cards/{deck}/c001.thumb.webp")).status == 200
    # once no page has the results open (here: a restart, every socket closed), the deck may go
    client = await restarted(client, make_client)
    resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby))
    assert resp.status == 200 and await resp.json() == {"deleted": deck}
    # the host comes back and starts a new game: the lobby chooses the built-in deck
    host = await connect_to(client, "P1")
    await host.hello(game.code, token=game.phones[0].token)
    await host.act("new_game")
    state = await host.until_state(lambda s: s["room"]["phase"] == "lobby")
    assert state["room"]["settings"]["deck"] == "builtin" == state["room"]["deck"]["id"]


def written_hours_ago(config, code: str, hours: float) -> None:
    """The stored room `code` as if its last action had been `hours` of the server running ago (the server is
    stopped)."""
    run_ago(config.db_path, code, hours * 3600)


async def test_an_abandoned_game_does_not_hold_its_deck_but_a_game_people_play_does(client, make_table, make_client,
                                                                                     config, connect_to):
    lobby = await make_table(1, start=False)
    _, body = await upload(client, lobby, cards(40), "Last week")
    deck = body["deck"]["id"]
    game = await make_table(4, settings={"deck": deck})
    await game.play_until(lambda g: g["round"] == 2)
    # a restart with nobody back yet, the game played a moment ago: people are playing it, it keeps its pictures
    client = await restarted(client, make_client)
    resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby, EN))
    assert resp.status == 409 and (await resp.json())["message"] == (
        f"A game is being played with this deck (room {game.code}): it can be deleted once that game is over. A game "
        "left with no page open and no move for 6 hours no longer holds it.")
    # no move for 7 hours, but the TV has the room open: still held
    client = await restarted(client, make_client, lambda: written_hours_ago(config, game.code, 7))
    tv = await connect_to(client, "tv")
    await tv.hello(game.code, role="tv")
    assert (await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby))).status == 409
    # the same game with no page open: abandoned, it no longer keeps the family from deleting the deck
    client = await restarted(client, make_client, lambda: written_hours_ago(config, game.code, 7))
    resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby))
    assert resp.status == 200 and await resp.json() == {"deleted": deck}
    assert client.server.app[keys.ROOMS].get(game.code).game is not None   # the game itself stays


async def test_a_game_played_under_a_clock_a_week_behind_keeps_its_deck(client, make_table, make_client, config):
    """A Pi's clock restored at boot a week behind, the game played under it; NTP sets the clock right and
    the server restarts with nobody back yet: the game was played minutes ago, not a week, and keeps its
    deck (the hold counts the server's running time, docs/architecture.md "The store")."""
    lobby = await make_table(1, start=False)
    _, body = await upload(client, lobby, cards(40), "Friday")
    deck = body["deck"]["id"]
    game = await make_table(4, settings={"deck": deck})
    await game.play_until(lambda g: g["round"] == 2)
    client = await restarted(client, make_client, lambda: wall_clock_off(config.db_path, game.code, -7 * 24 * 3600))
    resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby))
    assert resp.status == 409 and game.code in (await resp.json())["message"]


async def test_a_new_game_after_the_results_lets_the_deck_go(client, make_table):
    lobby = await make_table(1, start=False)
    _, body = await upload(client, lobby, cards(40), "Again")
    deck = body["deck"]["id"]
    game = await make_table(4, settings={"deck": deck})
    await game.act(game.phones[0], "end_game")
    assert (await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby))).status == 409
    await game.act(game.phones[0], "new_game")             # back to the lobby: no card of that game is shown
    assert (await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby))).status == 200


async def test_deleting_removes_the_files_and_the_deck_from_every_page(client, make_table, config, connect):
    one = await make_table(2, start=False)
    two = await make_table(1, start=False)
    _, body = await upload(client, one, cards(30), "Summer")
    deck = body["deck"]["id"]
    await one.act(one.phones[0], "set_settings", settings={"deck": deck})
    await two.act(two.phones[0], "set_settings", settings={"deck": deck})
    resp = await client.put(f"/api/decks/{deck}/excluded", json=["c002"], headers=host_headers(one))
    assert resp.status == 200
    assert (await client.get(f"/cards/{deck}/c001.thumb.webp")).status == 200
    data = config.data_dir
    assert (data / "decks" / deck).is_dir() and (data / "cache" / "cards" / deck).is_dir()
    assert (data / "excluded" / f"{deck}.json").is_file()
    version = client.server.app[keys.LIBRARY].version   # the filter moved it too: pages may not have seen that yet

    resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(one))
    assert resp.status == 200 and await resp.json() == {"deleted": deck}
    assert deck not in await deck_ids(client)
    assert not (data / "decks" / deck).exists() and not (data / "cache" / "cards" / deck).exists()
    assert not (data / "excluded" / f"{deck}.json").exists()
    assert [p.name for p in (data / "decks").iterdir() if p.name.startswith(".deleted")] == []
    assert (await client.get(f"/cards/{deck}/c001.thumb.webp")).status == 404
    # every page hears of it: the deck list's version moves, and lobbies that had chosen it show the built-in one
    for t in (one, two):
        for p in t.sockets:
            state = await p.until_state(lambda s: s["room"]["decks_version"] > version)
            assert state["room"]["deck"]["id"] == "builtin"
        t.expected += 1   # the lobby's choice falls back to the built-in deck, stored
        await t.sync()
    # the deleted id is never given again (browsers keep its pictures for a year), and the room starts
    # with the built-in deck it shows
    _, again = await upload(client, one, cards(30), "Summer")
    assert again["deck"]["id"] not in (deck, "builtin")
    await one.join(connect, "P3", "green")
    await one.join(connect, "P4", "teal")
    await one.act(one.phones[0], "start")
    assert one.tv.state["room"]["settings"]["deck"] == "builtin" and one.tv.state["room"]["deck"]["id"] == "builtin"
    assert deck not in (await deck_ids(client))


async def test_a_lobby_that_chose_the_deleted_deck_chooses_the_built_in_one_at_once(client, make_table, make_client):
    one = await make_table(1, start=False)
    two = await make_table(2, start=False)
    other = await make_table(1, start=False)
    _, body = await upload(client, one, cards(30), "Gone")
    deck = body["deck"]["id"]
    _, body = await upload(client, one, cards(30), "Stays")
    stays = body["deck"]["id"]
    await one.act(one.phones[0], "set_settings", settings={"deck": deck})
    await two.act(two.phones[0], "set_settings", settings={"deck": deck})
    await other.act(other.phones[0], "set_settings", settings={"deck": stays})
    resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(one))
    assert resp.status == 200
    # the setting itself, not only what the lobby shows: every page is told with a new state
    for t in (one, two):
        for p in t.sockets:
            state = await p.until_state(lambda s: s["room"]["settings"]["deck"] == "builtin")
            assert state["room"]["deck"]["id"] == "builtin" and state["state_id"] == t.expected + 1
    assert client.server.app[keys.ROOMS].get(other.code).record.settings.deck == stays
    # stored: a restart finds the built-in deck chosen
    client = await restarted(client, make_client)
    rooms = client.server.app[keys.ROOMS]
    assert [rooms.get(t.code).record.settings.deck for t in (one, two, other)] == ["builtin", "builtin", stays]


@pytest.mark.parametrize("junk", [b"", b"\xff\xd8\xff\xe0" + bytes(200)])
def test_damaged_pictures_in_a_deck_folder_are_named_damaged(tmp_path, junk):
    from server.decks.library import DeckLibrary
    from tests.decks.helpers import card_folder
    folder = card_folder(tmp_path / "data" / "decks" / "family", 2)
    (folder / "IMG_0042.JPG").write_bytes(junk)
    (folder / "clip.webp").write_bytes(picture("GIF"))   # a GIF under another name: another format, not damage
    deck = DeckLibrary(tmp_path / "shipped", tmp_path / "data").get("family")
    assert {p["name"]: p["problem"] for p in deck.problems} == {"IMG_0042.JPG": "damaged", "clip.webp": "not_an_image"}


# ---- the kids' filter counts ---------------------------------------------------------------------------------

async def test_the_deck_list_counts_the_cards_the_kids_filter_leaves_as_start_does(client, make_table):
    table = await make_table(1, settings={"mode": "kids"}, start=False)
    adult = table.phones[0]
    await table.act(adult, "add_child", name="Маша", colour="pink")
    _, body = await upload(client, table, cards(10), "Ten")
    deck = body["deck"]["id"]
    await table.act(adult, "set_settings", settings={"deck": deck})
    needed = table.tv.state["room"]["cards_needed"]
    assert needed == 8
    listed = {d["id"]: d for d in (await (await client.get("/api/decks")).json())["decks"]}
    assert (listed[deck]["size"], listed[deck]["kids_size"]) == (10, 10)
    version = table.tv.state["room"]["decks_version"]
    resp = await client.put(f"/api/decks/{deck}/excluded", json=["c001", "c002", "c003"], headers=host_headers(table))
    assert resp.status == 200
    # every page hears of it (the host's deck list reloads), and the list says what a kids' game deals
    for p in table.sockets:
        await p.until_state(lambda s: s["room"]["decks_version"] != version)
    listed = {d["id"]: d for d in (await (await client.get("/api/decks")).json())["decks"]}
    assert (listed[deck]["size"], listed[deck]["kids_size"]) == (10, 7)
    err = await table.refused(adult, "start", "deck_too_small")
    assert (err["params"]["have"], err["params"]["needed"]) == (listed[deck]["kids_size"], needed)
