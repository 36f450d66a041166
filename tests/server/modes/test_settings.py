"""Every table setting of RULES.md §4 shown by its effect over real WebSockets: short game, reshuffle,
permanent restriction, special cells, first storyteller, the mode's player count; settings locked once
the game starts; dispute and restate pass through."""
from __future__ import annotations

import json

import pytest

from server import engine


async def test_short_game_ends_at_the_cell(make_table):
    table = await make_table(4, settings={"short_game": 12})
    assert table.tv.state["room"]["settings"]["short_game"] == 12
    await table.play_until(lambda g: g["phase"] == "game_over")
    final = table.tv.game
    top = max(e["distance"] for e in final["elephants"])
    assert final["end_reason"] == "short_game" and top >= 12
    assert all(s["hand_count"] > 0 for s in final["seats"])  # well before the hands ran out
    assert set(final["winners"]) == {e["id"] for e in final["elephants"] if e["distance"] == top}


async def test_reshuffle_plays_on_until_the_host_ends(make_table):
    table = await make_table(4, settings={"reshuffle": True})
    tv = table.tv
    size = tv.state["room"]["deck"]["size"]
    assert tv.game["deck_count"] == size - 24          # the whole deck is in play
    # play past the point where the deck is empty: the discard becomes the new deck
    lows = []
    await table.play_until(lambda g: (lows.append(g["deck_count"]) or True) and g["round"] > 2
                           and g["deck_count"] > min(lows) + 4, max_actions=4000)
    assert tv.game["phase"] != "game_over"
    assert all(s["hand_count"] == 6 for s in tv.game["seats"] if tv.game["phase"] == "telling")
    await table.act(table.phones[0], "end_game")
    assert tv.game["end_reason"] == "host" and tv.game["winners"]


# `says`: what the refusal tells the storyteller to do ("a question" alone left "What hatches at midnight" a
# mystery: the check wants its question mark)
@pytest.mark.parametrize("restriction, bad, code, says", [
    ("question", "The cake is gone", "association_not_question", "question mark (?)"),
    ("four_words", "Cake?", "association_not_four_words", "exactly four words"),
])
async def test_permanent_restriction_is_a_condition_and_refuses_a_wrong_association(make_table, restriction,
                                                                                    bad, code, says):
    table = await make_table(4, settings={"restriction": restriction, "special_cells": False})
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    assert table.tv.game["conditions"] == [restriction] and teller.game["conditions"] == [restriction]
    err = await table.refused(teller, "tell", code, card=teller.me["hand"][0], association=bad)
    assert says in err["message"]
    await table.act(teller, "tell", card=teller.me["hand"][0], association="Who ate the cake?")
    # the association may be spoken aloud: no text, no check (RULES.md §3)
    await table.play_until(lambda g: g["phase"] == "telling" and g["round"] == 2)
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    assert teller.game["conditions"] == [restriction]
    await table.act(teller, "tell", card=teller.me["hand"][0])


@pytest.mark.parametrize("special_cells", [True, False])
async def test_special_cells_on_and_off(make_table, special_cells):
    table = await make_table(4, settings={"special_cells": special_cells, "short_game": 30})
    seen = set()
    await table.play_until(lambda g: seen.update(g["conditions"]) or g["phase"] == "game_over", max_actions=4000)
    for frame in table.tv.frames:
        msg = json.loads(frame)
        if msg["type"] == "state" and msg["game"]:
            seen.update(msg["game"]["conditions"])
    if special_cells:
        assert seen and seen <= set(engine.CONDITIONS)
    else:
        assert not seen


async def test_first_storyteller_host_draw_claim(make_table):
    table = await make_table(4, settings={"first_storyteller": "host"}, start=False)
    host = table.phones[0]
    await table.refused(host, "start", "no_such_seat")            # the host must pick
    await table.act(host, "start", storyteller="s3")
    assert table.tv.game["storyteller"] == "s3" and table.tv.game["first_draw"] is None

    table = await make_table(4, settings={"first_storyteller": "draw"})
    draw = table.tv.game["first_draw"]
    assert sorted(draw.values()) == [1, 2, 3, 4]
    assert table.tv.game["storyteller"] == max(draw, key=draw.get)

    table = await make_table(4, settings={"first_storyteller": "claim"})
    assert table.tv.game["storyteller"] is None
    assert all("tell" in p.me["can"] for p in table.phones)
    first, second = table.phones[2], table.phones[1]
    picture = second.state_id
    await table.act(first, "tell", card=first.me["hand"][0], association="Who ate the cake?")
    assert table.tv.game["storyteller"] == "s3"
    await second.send({"type": "tell", "state_id": picture, "card": second.me["hand"][0]})
    assert (await second.error())["code"] == "stale_state"
    await table.refused(second, "tell", "wrong_phase", card=second.me["hand"][0])


async def test_mode_player_counts_and_locked_settings(make_table):
    table = await make_table(3, start=False)
    host = table.phones[0]
    assert table.tv.state["room"]["settings"]["mode"] == "trio"   # three people play it by themselves
    for mode, rng in (("duel", (2, 2)), ("standard", (4, 7)), ("pairs", (8, 14))):
        await table.act(host, "set_settings", settings={"mode": mode})   # chosen by hand: it stays
        err = await table.refused(host, "start", "wrong_player_count")
        assert err["params"] == {"min": rng[0], "max": rng[1], "count": 3, "mode": mode, "fits": "trio",
                                 "reason": "fits"}
        if rng[0] == rng[1]:
            assert f"needs exactly {rng[0]} players; there are 3: choose the game for three" in err["message"]
        else:
            assert f"{rng[0]} to {rng[1]} players; there are 3: choose the game for three" in err["message"]
    await table.act(host, "set_settings", settings={"mode": "duel", "short_game": None})
    await table.refused(host, "set_settings", "bad_settings", settings={"short_game": 20})  # no short duel
    await table.act(host, "set_settings", settings={"mode": "trio", "when_deck_empty": "end", "reshuffle": True,
                                                    "restriction": "story", "special_cells": False,
                                                    "first_storyteller": "claim", "short_game": 30})
    settings = table.tv.state["room"]["settings"]
    assert {k: settings[k] for k in ("mode", "when_deck_empty", "reshuffle", "restriction", "special_cells",
                                     "first_storyteller", "short_game")} == {
        "mode": "trio", "when_deck_empty": "end", "reshuffle": True, "restriction": "story",
        "special_cells": False, "first_storyteller": "claim", "short_game": 30}
    await table.act(host, "start")
    g = table.tv.game
    assert g["mode"] == "trio" and g["settings"]["restriction"] == "story" and g["conditions"] == ["story"]
    for patch in ({"mode": "standard"}, {"reshuffle": False}, {"restriction": None}, {"deck": "tiny"},
                  {"when_deck_empty": "reshuffle"}, {"short_game": None}, {"first_storyteller": "draw"}):
        err = await table.refused(host, "set_settings", "settings_locked", settings=patch)
        assert "fixed" in err["message"]
    assert table.tv.state["room"]["settings"]["mode"] == "trio"


async def test_dispute_and_restate_pass_through(make_table):
    table = await make_table(4, settings={"restriction": "four_words", "special_cells": False})
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    await table.act(teller, "tell", card=teller.me["hand"][0], association="Who ate the cake?")
    other = next(p for p in table.phones if p is not teller)
    await table.refused(teller, "dispute", "not_allowed")
    await table.act(other, "dispute")
    assert table.tv.game["disputed"] and teller.me["can"] == ["restate"]
    await table.refused(teller, "restate", "association_not_four_words", association="Cake")
    for p in table.phones:
        if "play_card" in p.me["can"]:
            await table.act(p, "play_card", card=p.me["hand"][0])
    assert table.tv.game["phase"] == "playing" and teller.welcome["seat"] in table.tv.game["waiting_for"]
    await table.act(teller, "restate", association="Who baked this cake?")
    assert table.tv.game["phase"] == "voting" and table.tv.game["association"] == "Who baked this cake?"


# ---------------------------------------------------------------- why settings do not fit; following a ruleset
@pytest.mark.parametrize("patch, reason, params, words", [
    ({"ruleset": "dixit", "short_game": 34}, "no_short_game", {"field": "short_game", "ruleset": "dixit"},
     "Dixit has no short game"),
    ({"ruleset": "dixit", "mode": "pairs"}, "mode_not_in_ruleset", {"field": "mode", "mode": "pairs"},
     "Dixit has no pairs game"),
    ({"ruleset": "dixit", "special_cells": True}, "no_special_cells", {"field": "special_cells"},
     "Dixit has no special cells"),
    ({"short_game": 1_000_000_000}, "short_game_off_board", {"field": "short_game", "min": 1, "max": 39},
     "from 1 to 39"),
    ({"short_game": 0}, "short_game_off_board", {"min": 1, "max": 39}, "from 1 to 39"),
    ({"ruleset": "imaginarium-classic", "short_game": 40}, "short_game_off_board", {"min": 2, "max": 39},
     "from 2 to 39"),
    ({"ruleset": "imaginarium-classic", "restriction": "person"}, "no_such_condition",
     {"field": "restriction"}, "Classic Imaginarium has no such condition"),
    ({"mode": "duel", "short_game": 20}, "no_short_game_in_mode", {"mode": "duel"}, "The duel has no short game"),
    ({"ruleset": "chess"}, "unknown_ruleset", {"field": "ruleset"}, "no such rules"),
    ({"first_storyteller": "oldest"}, "bad_value", {"field": "first_storyteller"}, "no such value"),
])
async def test_settings_that_do_not_fit_say_why(make_table, patch, reason, params, words):
    table = await make_table(4, start=False)
    host = table.phones[0]
    before = table.tv.state["room"]["settings"]
    err = await table.refused(host, "set_settings", "bad_settings", settings=patch)
    assert err["params"]["reason"] == reason and params.items() <= err["params"].items(), err
    assert words in err["message"], err["message"]
    assert table.tv.state["room"]["settings"] == before and table.tv.state_id == table.expected


async def test_the_reason_comes_in_russian_too(make_table):
    table = await make_table(4, start=False)
    host = table.phones[0]
    await host.hello(table.code, token=host.token, lang="ru")
    err = await table.refused(host, "set_settings", "bad_settings", settings={"ruleset": "dixit", "short_game": 34})
    assert err["message"] == "Диксит: короткой игры нет, игра кончается по своим правилам."
    err = await table.refused(host, "set_settings", "bad_settings", settings={"short_game": 1_000_000_000})
    assert err["message"] == "Короткая игра должна кончаться на клетке поля: от 1 до 39."


async def test_switching_the_ruleset_brings_dependent_settings_along(make_table):
    table = await make_table(4, start=False)
    host = table.phones[0]

    def settings():
        return table.tv.state["room"]["settings"]
    await table.act(host, "set_settings", settings={"short_game": True, "restriction": "person"})
    assert (settings()["short_game"], settings()["restriction"]) == (34, "person")
    # classic: the default cell follows (34 -> 39); "person" is not a classic condition
    await table.act(host, "set_settings", settings={"ruleset": "imaginarium-classic"})
    assert (settings()["short_game"], settings()["restriction"], settings()["special_cells"]) == (39, None, True)
    # Dixit: no short game, no special cells, the standard table
    await table.act(host, "set_settings", settings={"mode": "duel", "short_game": None})
    await table.act(host, "set_settings", settings={"ruleset": "dixit"})
    assert {k: settings()[k] for k in ("ruleset", "mode", "short_game", "special_cells")} == {
        "ruleset": "dixit", "mode": "standard", "short_game": None, "special_cells": False}
    # back to Imaginarium: special cells on again; a hand-picked cell is kept
    await table.act(host, "set_settings", settings={"ruleset": "imaginarium", "short_game": 20})
    assert (settings()["special_cells"], settings()["short_game"]) == (True, 20)
    await table.act(host, "set_settings", settings={"ruleset": "imaginarium-classic"})
    assert settings()["short_game"] == 20
    # a mode without a short game drops it instead of refusing the mode
    await table.act(host, "set_settings", settings={"mode": "duel"})
    assert (settings()["mode"], settings()["short_game"]) == ("duel", None)


async def test_after_a_short_game_new_game_can_switch_to_dixit(make_table):
    """The tester's "New game -> Dixit jumps back to Imaginarium": the room still had the short game's
    cell, Dixit has no short game, so `{"ruleset": "dixit"}` was refused and the phone's choice snapped
    back. Now the short game is dropped and Dixit is chosen."""
    table = await make_table(4, settings={"short_game": 12})
    await table.play_until(lambda g: g["phase"] == "game_over")
    assert table.tv.game["end_reason"] == "short_game"
    host = table.phones[0]
    await table.act(host, "new_game")
    await table.act(host, "set_settings", settings={"ruleset": "dixit"})
    settings = table.tv.state["room"]["settings"]
    assert (settings["ruleset"], settings["short_game"]) == ("dixit", None)
    await table.act(host, "start")
    assert table.tv.game["ruleset"] == "dixit" and table.tv.game["settings"]["short_game"] is None


async def test_wrong_player_count_says_exactly_when_min_is_max(make_table):
    table = await make_table(4, settings={"mode": "trio"}, start=False)   # chosen by hand for four
    host = table.phones[0]
    err = await table.refused(host, "start", "wrong_player_count")
    assert err["params"] == {"min": 3, "max": 3, "count": 4, "mode": "trio", "fits": "standard", "reason": "fits"}
    assert err["message"] == ("The game for three needs exactly 3 players; there are 4: "
                              "choose the standard table in the settings.")
    await host.hello(table.code, token=host.token, lang="ru")
    err = await table.refused(host, "start", "wrong_player_count")
    assert err["message"] == ("Для режима «игра втроём» нужно ровно 3 игрока, а сейчас 4: "
                              "выберите в настройках режим «обычный стол».")
    await table.act(host, "set_settings", settings={"mode": "duel"})
    err = await table.refused(host, "start", "wrong_player_count")
    assert err["message"] == ("Для режима «дуэль» нужно ровно 2 игрока, а сейчас 4: "
                              "выберите в настройках режим «обычный стол».")
    await table.act(host, "set_settings", settings={"mode": "standard"})
    await table.act(host, "remove_player", seat="s4")
    assert table.tv.state["room"]["settings"]["mode"] == "trio"   # three people: it switched by itself
    await table.act(host, "set_settings", settings={"mode": "standard"})   # the table: it names trio
    err = await table.refused(host, "start", "wrong_player_count")
    assert err["message"] == ("Для режима «обычный стол» нужно от 4 до 7 игроков, а сейчас 3: "
                              "выберите в настройках режим «игра втроём».")
    alone = await make_table(1, settings={"mode": "duel"}, start=False)   # nothing fits one person
    err = await alone.refused(alone.phones[0], "start", "wrong_player_count")
    assert err["params"] == {"min": 2, "max": 2, "count": 1}
    assert err["message"] == "This game needs exactly 2 players; there is 1."
