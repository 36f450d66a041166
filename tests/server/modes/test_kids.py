"""The kids' game (RULES.md §2.5) over real WebSockets: the adult's phone is the host and does
everything, children are added by name and colour and need no phone (the adult enters their votes with
`for`) and starts each reveal, the deck is the one the adult filtered, the game ends after a full lap; a
child may take their seat with a phone of their own."""
from __future__ import annotations

import json
import re

import pytest

CARD = re.compile(r'"(c\d{3})"')


async def kids_room(make_table, children: list[tuple[str, str]]):
    """A TV and the adult's phone (host) in a kids' room with `children` added (name, colour)."""
    table = await make_table(1, settings={"mode": "kids"}, start=False, children=children)
    return table, table.phones[0]


async def exclude(client, table, adult, cards: list[str]) -> None:
    resp = await client.put("/api/decks/builtin/excluded", json=cards,
                            headers={"X-Room": table.code, "X-Token": adult.token})
    assert resp.status == 200, await resp.text()


@pytest.mark.parametrize("children", [[("Маша", "pink")], [("Маша", "pink"), ("Петя", "green")]])
async def test_kids_game_to_the_end_on_the_adults_phone(client, make_table, children):
    table, adult = await kids_room(make_table, children)
    room = table.tv.state["room"]
    kids = [r for r in room["roster"] if r["child"]]
    assert [k["name"] for k in kids] == [c[0] for c in children]
    assert all(k["open"] and not k["connected"] for k in kids)
    # the adult takes 40 pictures out; the game must never show them
    all_cards = (await (await client.get("/api/decks/builtin/cards")).json())["cards"]
    out = all_cards[::3][:40]
    await exclude(client, table, adult, out)
    await table.act(adult, "start")
    game = table.tv.game
    adult_seat = adult.welcome["seat"]
    assert game["mode"] == "kids" and game["adult"] == adult_seat and game["storyteller"] == adult_seat
    child_seats = [k["seat"] for k in kids]
    elephants = [e["id"] for e in game["elephants"]]
    # one child plays against the adult's elephant; two or more compete among themselves
    assert elephants == ([*child_seats, adult_seat] if len(children) == 1 else child_seats)
    assert table.phones == [adult]   # nobody else has a phone
    rounds = 0
    while table.tv.game["phase"] != "game_over":
        g = table.tv.game
        assert g["storyteller"] == adult_seat
        if g["phase"] == "voting":
            assert len(g["table"]) == 3
            if g["waiting_for"] == [adult_seat]:   # every child voted: the adult starts the reveal
                assert adult.me["can"] == ["reveal"]
            else:
                assert set(g["waiting_for"]) <= set(child_seats) and "vote" in adult.me["can"]
        rounds += g["phase"] == "scored"
        await table.step()
        assert rounds < 400
    final = table.tv.game
    assert final["end_reason"] == "lap"
    length = final["board"]["length"]
    assert final["winners"] == [e["id"] for e in final["elephants"] if e["distance"] >= length]
    assert all(e["distance"] > 0 for e in final["elephants"] if e["id"] in child_seats)  # children scored
    # no excluded picture ever reached a socket
    seen = set()
    for sock in table.sockets:
        for frame in sock.frames:
            seen |= set(CARD.findall(frame))
    assert len(seen) > 30 and not seen & set(out)


async def test_a_child_takes_their_seat_with_a_phone(client, make_table, connect):
    table, adult = await kids_room(make_table, [("Маша", "pink"), ("Петя", "green")])
    masha = table.tv.state["room"]["roster"][1]["seat"]
    phone = await connect("Маша's phone")
    await phone.hello(table.code)
    table.phones.append(phone)
    await table.refused(phone, "join", "seat_taken", seat=adult.welcome["seat"])
    await table.act(phone, "join", seat=masha)           # she picks her name from the roster
    assert phone.welcome["seat"] == masha and phone.token
    entry = table.tv.state["room"]["roster"][1]
    assert entry["child"] and not entry["open"] and entry["connected"]
    await table.act(adult, "start")
    await table.play_until(lambda g: g["phase"] == "voting")
    assert phone.me["can"] == ["vote"] and "vote" in adult.me["can"]
    await table.act(phone, "vote", card=1)               # Маша votes on her own phone
    assert table.tv.game["waiting_for"] == [table.tv.state["room"]["roster"][2]["seat"]]
    petya = table.tv.game["waiting_for"][0]
    await table.refused(phone, "vote", "not_allowed", card=2, **{"for": petya})   # only the adult
    # Петя takes his seat in the middle of the game and votes himself
    late = await connect("Петя's phone")
    await late.hello(table.code)
    table.phones.append(late)
    await table.act(late, "join", seat=petya)
    assert late.me["can"] == ["vote"]
    await table.refused(adult, "reveal", "votes_missing")    # Петя has not voted yet
    await table.act(late, "vote", card=3)
    # RULES.md §2.5: the last child's vote does not turn the cards; the adult starts the reveal
    game = table.tv.game
    assert game["phase"] == "voting" and game["waiting_for"] == [adult.welcome["seat"]]
    assert phone.me["can"] == [] and late.me["can"] == [] and adult.me["can"] == ["reveal"]
    err = await table.refused(late, "reveal", "not_adult")
    assert err["message"] == "Only the adult starts the reveal."
    await table.act(adult, "reveal")
    assert table.tv.game["phase"] == "scored" and table.tv.game["result"]["points"]


async def masha_has_a_phone(make_table, connect):
    """A kids' room of Маша (who takes her place on a phone of her own) and Петя (who has none): (table, the
    adult's socket, Маша's phone, Маша's seat, Петя's seat)."""
    table, adult = await kids_room(make_table, [("Маша", "pink"), ("Петя", "green")])
    roster = table.tv.state["room"]["roster"]
    masha, petya = roster[1]["seat"], roster[2]["seat"]
    phone = await connect("Маша's phone")
    await phone.hello(table.code)
    table.phones.append(phone)
    await table.act(phone, "join", seat=masha)
    return table, adult, phone, masha, petya


async def test_the_room_names_whose_guess_only_the_adult_enters(make_table, connect):
    # RULES.md §2.5: a child without a phone guesses through the adult's; the room knows who has a phone
    table, adult, phone, _masha, petya = await masha_has_a_phone(make_table, connect)

    def enters() -> list[str]:
        seen = {json.dumps(sock.state["room"]["adult_enters"]) for sock in table.sockets}
        assert len(seen) == 1, seen   # the TV and every phone read the same
        return table.tv.state["room"]["adult_enters"]

    assert enters() == []   # the lobby
    await table.act(adult, "start")
    assert enters() == []   # the adult tells
    await table.play_until(lambda g: g["phase"] == "voting")
    assert enters() == [petya]   # Маша guesses on her own phone
    await table.act(phone, "vote", card=1)
    assert enters() == [petya]
    await table.act(adult, "vote", card=2, **{"for": petya})
    assert enters() == [] and table.tv.game["awaiting"] == {"reveal": [adult.welcome["seat"]]}
    await table.act(adult, "reveal")
    assert enters() == []
    await table.play_until(lambda g: g["phase"] == "voting")
    assert enters() == [petya]
    late = await connect("Петя's phone")   # Петя takes his seat with a phone: he guesses himself
    await late.hello(table.code)
    table.phones.append(late)
    await table.act(late, "join", seat=petya)
    assert enters() == [] and late.me["can"] == ["vote"]


async def test_the_adult_corrects_an_entered_guess_until_the_reveal(make_table, connect):
    # RULES.md §2.5: the adult's phone enters a phoneless child's guess; one mis-tap must not stand
    table, adult, phone, masha, petya = await masha_has_a_phone(make_table, connect)
    await table.act(adult, "start")
    await table.play_until(lambda g: g["phase"] == "voting")
    await table.act(adult, "vote", card=1, **{"for": petya})
    assert adult.me["entered"] == {petya: 1}
    await table.act(adult, "vote", card=3, **{"for": petya})   # the correction
    assert adult.me["entered"] == {petya: 3} and table.tv.state["room"]["adult_enters"] == []
    assert phone.me["entered"] == {} and "entered" not in table.tv.game   # nobody else learns the guess
    await table.act(phone, "vote", card=2)                          # Маша on her own phone
    assert adult.me["can"] == ["reveal"] and adult.me["entered"] == {petya: 3}
    await table.act(adult, "vote", card=2, **{"for": petya})        # still before the reveal
    await table.refused(phone, "vote", "not_allowed", card=1, **{"for": petya})   # only the adult
    err = await table.refused(adult, "vote", "already_voted", card=1, **{"for": masha})
    assert err["message"] == "You have already voted."              # a child's own vote is never overruled
    await table.refused(phone, "vote", "already_voted", card=1)
    await table.act(adult, "reveal")
    result = table.tv.game["result"]
    assert [card["number"] for card in result["table"] if petya in card["votes"]] == [2]
    assert adult.me["entered"] == {}
    err = await table.refused(adult, "vote", "wrong_phase", card=1, **{"for": petya})
    assert err["message"] == "That is not possible at this moment of the round."
    assert table.tv.game["result"] == result


async def test_other_tables_have_nobody_the_adult_enters(make_table):
    table = await make_table(4)
    await table.play_until(lambda g: g["phase"] == "voting")
    assert table.tv.state["room"]["adult_enters"] == [] and table.tv.game["waiting_for"]


async def test_the_hosts_skip_leaves_the_reveal_to_the_adult(make_table):
    # RULES.md §2.5 (the adult starts each reveal) and D13 (a guess never entered abstains)
    table, adult = await kids_room(make_table, [("Маша", "pink"), ("Петя", "green")])
    await table.act(adult, "start")
    await table.play_until(lambda g: g["phase"] == "voting")
    adult_seat = adult.welcome["seat"]
    masha, petya = table.tv.game["waiting_for"]
    await table.act(adult, "vote", card=1, **{"for": masha})
    await table.act(adult, "skip")                        # Петя's guess is never entered
    game = table.tv.game
    assert game["phase"] == "voting" and game["result"] is None
    assert game["waiting_for"] == [adult_seat] and game["awaiting"] == {"reveal": [adult_seat]}
    assert adult.me["can"] == ["reveal"] and table.tv.state["room"]["adult_enters"] == []
    await table.refused(adult, "vote", "not_your_turn", card=2, **{"for": petya})
    err = await table.refused(adult, "skip", "reveal_awaited")   # a skip never turns the cards
    assert err["message"] == "Every guess is in: the adult turns the cards with “Reveal!”."
    assert table.tv.game["phase"] == "voting"
    await table.act(adult, "reveal")
    result = table.tv.game["result"]
    assert table.tv.game["phase"] == "scored" and result["points"][petya] == 0
    assert all(petya not in card["votes"] for card in result["table"])


async def test_kids_refusals(client, make_table):
    table = await make_table(3, start=False)
    host = table.phones[0]
    await table.refused(host, "add_child", "kids_only", name="Маша", colour="pink")
    await table.refused(table.phones[1], "add_child", "not_host", name="Маша", colour="pink")
    await table.act(host, "set_settings", settings={"mode": "kids"})
    await table.refused(host, "add_child", "name_taken", name="p1", colour="pink")
    await table.refused(host, "add_child", "colour_taken", name="Маша", colour="red")
    await table.refused(host, "add_child", "bad_colour", name="Маша", colour="mauve")
    await table.refused(host, "add_child", "bad_name", name="", colour="pink")
    await table.act(host, "add_child", name="Маша", colour="pink")
    # a child without a phone cannot sit at another table
    await table.act(host, "set_settings", settings={"mode": "standard"})
    err = await table.refused(host, "start", "needs_phone")
    assert err["params"] == {"name": "Маша"} and "Маша" in err["message"]
    await table.act(host, "set_settings", settings={"mode": "kids"})
    # the adult's filter leaves too few cards: start says how many are needed
    all_cards = (await (await client.get("/api/decks/builtin/cards")).json())["cards"]
    await exclude(client, table, host, all_cards[:-5])
    err = await table.refused(host, "start", "deck_too_small")
    assert err["params"] == {"needed": 8, "have": 5}
    await exclude(client, table, host, [])
    await table.act(host, "start")
    assert table.tv.game["adult"] == "s1"
    # after the game the children stay at the table for the next one
    await table.act(host, "end_game")
    await table.act(host, "new_game")
    roster = table.tv.state["room"]["roster"]
    assert [r["name"] for r in roster] == ["P1", "P2", "P3", "Маша"] and roster[3]["open"]


async def test_kids_needs_a_child(make_table):
    table = await make_table(1, settings={"mode": "kids"}, start=False)
    err = await table.refused(table.phones[0], "start", "wrong_player_count")
    assert err["params"] == {"min": 2, "max": 8, "count": 1}



async def test_the_kids_start_ignores_a_named_storyteller(make_table):
    # The phone's lobby sends the host's chosen first storyteller with `start` whatever the mode: at a kids' table
    # the adult tells every round (RULES.md §2.5), so a child named there, or a name of no one, changes nothing.
    table, adult = await kids_room(make_table, [("Маша", "pink"), ("Петя", "green")])
    await table.act(adult, "set_settings", settings={"first_storyteller": "host"})
    child = table.tv.state["room"]["roster"][1]["seat"]
    await table.act(adult, "start", storyteller=child)
    assert table.tv.game["storyteller"] == table.tv.game["adult"] == adult.welcome["seat"]


async def test_the_special_cells_apply_only_against_one_child(make_table):
    """RULES.md §3, §2.5: a cell sets the condition of the storyteller's elephant, and the adult has one only
    against one child. The lobby's board and the game's say whether the cells apply, so the TV and the
    how-to show them only then."""
    table, adult = await kids_room(make_table, [("Маша", "pink")])
    assert table.tv.state["room"]["board"]["storyteller_on_board"] is True
    await table.act(adult, "add_child", name="Петя", colour="green")
    assert table.tv.state["room"]["board"]["storyteller_on_board"] is False
    await table.act(adult, "start")
    for sock in (table.tv, adult):
        assert sock.game["board"]["storyteller_on_board"] is False
    assert table.tv.game["conditions"] == []
