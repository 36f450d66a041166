"""The optional timer over real WebSockets: the room's clock runs out and does what the
host's `skip` does (playing: random cards for who has not played; voting: abstain and score), pause stops
it and resume continues it, a phase change or a new setting starts it anew, every mode plays it, and bad
settings are refused. The server here accepts 1 and 2 s timers (`Config.timer_test_seconds`, the test
option), so nothing waits a minute; the order of events, not their timing, is what is asserted."""
from __future__ import annotations

from dataclasses import replace

import pytest

from server.net import keys
from server.room import clock
from tests.helpers.wire import KIDS, Table


@pytest.fixture
def config(config):
    """The server tests' config, with 1 and 2 s timers allowed (tests only)."""
    return replace(config, timer_test_seconds=(1, 2))


async def tell(table: Table) -> None:
    """The storyteller tells (any mode): the game moves to playing (kids: to voting)."""
    stepped = await table.step()
    assert stepped and table.tv.game["phase"] != "telling"


async def set_timer(table: Table, seconds: int) -> None:
    await table.act(table.phones[0], "set_settings", settings={"timer": seconds})


async def runs_out(table: Table, phase: str) -> dict:
    """Wait for the room's own skip (a new state_id no socket caused) that ends `phase`; every socket
    then sees it. Returns the TV's state."""
    state = await table.tv.until_state(lambda s: s["game"]["phase"] != phase)
    table.expected += 1
    assert state["state_id"] == table.expected, "the clock's skip is one accepted action"
    await table.sync()
    return state


def stored(table: Table) -> dict:
    """The room's record as the store has it now (what a restart would read)."""
    return table.app[keys.STORE].load_all()[table.code]


async def test_the_clock_runs_out_in_playing_then_in_voting(make_table):
    table = await make_table(4)
    tv = table.tv
    assert tv.state["room"]["clock"] is None and tv.state["room"]["settings"]["timer"] == 0
    await tell(table)
    assert tv.state["room"]["clock"] is None   # off by default
    played = next(p for p in table.phones if "play_card" in p.me["can"])
    card = played.me["hand"][0]
    await table.act(played, "play_card", card=card)

    await set_timer(table, 1)   # in a game: the clock starts on the phase under way, full
    running = tv.state["room"]["clock"]
    assert running["phase"] == "playing" and running["seconds"] == 1 and not running["paused"]
    assert 0 < running["remaining_ms"] <= 1000
    assert stored(table)["clock"]["phase"] == "playing"

    state = await runs_out(table, "playing")
    game = state["game"]
    assert game["phase"] == "voting" and len(game["table"]) == 4   # everyone's card is down
    assert card in [t["card"] for t in game["table"]]              # the one played stays
    assert all(not p.me["hand"] or len(p.me["hand"]) == 5 for p in table.phones)
    voting = state["room"]["clock"]   # the next phase starts its own clock
    assert voting["phase"] == "voting" and voting["seconds"] == 1 and voting["round"] == game["round"]

    state = await runs_out(table, "voting")   # nobody votes: all abstain, the round is scored
    assert state["game"]["phase"] == "scored" and state["room"]["clock"] is None
    assert stored(table)["clock"] is None and stored(table)["state_id"] == table.expected


async def test_voters_who_did_not_vote_abstain_when_it_runs_out(make_table):
    table = await make_table(4)
    await table.play_until(lambda g: g["phase"] == "voting")
    voter = next(p for p in table.phones if "vote" in p.me["can"])
    choice = next(t["number"] for t in voter.game["table"] if t["card"] not in voter.me["played"])
    await table.act(voter, "vote", card=choice)
    await set_timer(table, 2)
    state = await runs_out(table, "voting")
    result = state["game"]["result"]
    assert state["game"]["phase"] == "scored"
    voted = {seat for t in result["table"] for seat in t["votes"]}
    assert voted == {voter.welcome["seat"]}, result
    await table.play_until(lambda g: g["phase"] == "telling" and g["round"] == 2)
    assert table.tv.state["room"]["clock"] is None   # telling is never timed


async def test_pause_stops_the_clock_and_resume_continues_it(make_table, connect):
    table = await make_table(4)
    tv, host = table.tv, table.phones[0]
    await tell(table)
    await set_timer(table, 60)
    # the room stores the time left every few seconds and tells the pages: a real event to wait for
    state_id = tv.state_id
    ticked = await tv.until_state(lambda s: s["state_id"] == state_id)
    left = ticked["room"]["clock"]["remaining_ms"]
    assert left < 60_000 - 1000 * (clock.CHECKPOINT_S - 1)

    await table.act(host, "pause")
    paused = tv.state["room"]["clock"]
    assert paused["paused"] and paused["phase"] == "playing" and paused["remaining_ms"] <= left
    assert stored(table)["clock"]["left_ms"] == paused["remaining_ms"]
    later = await connect("late TV")   # while paused the clock stands still, to the millisecond
    await later.hello(table.code, role="tv")
    assert later.state["room"]["clock"] == paused
    table.extra.append(later)

    await table.act(host, "resume")
    resumed = tv.state["room"]["clock"]
    assert not resumed["paused"] and resumed["remaining_ms"] <= paused["remaining_ms"]   # not full again
    await set_timer(table, 1)   # a new setting: a new clock, which runs out
    assert (await runs_out(table, "playing"))["game"]["phase"] == "voting"


async def test_a_pause_holds_the_clock_past_its_end(make_table):
    table = await make_table(4)
    host = table.phones[0]
    await tell(table)
    await table.act(host, "pause")
    await set_timer(table, 1)   # set while paused: the clock waits, full
    held = table.tv.state["room"]["clock"]
    assert held == {"phase": "playing", "round": 1, "seconds": 1, "remaining_ms": 1000, "paused": True}
    await table.act(host, "resume")
    assert (await runs_out(table, "playing"))["game"]["phase"] == "voting"


async def test_a_phase_change_and_turning_it_off_cancel_the_clock(make_table):
    table = await make_table(4)
    tv = table.tv
    await set_timer(table, 60)
    await tell(table)
    assert tv.state["room"]["clock"]["phase"] == "playing"
    await table.play_until(lambda g: g["phase"] == "voting")   # everyone played before it ran out
    assert tv.state["room"]["clock"]["phase"] == "voting" and tv.state["room"]["clock"]["seconds"] == 60
    await set_timer(table, 0)
    assert tv.state["room"]["clock"] is None and stored(table)["clock"] is None
    await set_timer(table, 90)
    assert tv.state["room"]["clock"]["seconds"] == 90
    await table.play_until(lambda g: g["phase"] == "scored")
    assert tv.state["room"]["clock"] is None
    await table.act(table.phones[0], "end_game")
    assert tv.state["room"]["clock"] is None


async def kids_table(make_table) -> Table:
    return await make_table(1, settings={"mode": "kids"}, children=KIDS)


@pytest.mark.parametrize("mode", ["pairs", "trio", "duel"])
async def test_every_mode_plays_on_when_it_runs_out(make_table, mode):
    table = await make_table({"pairs": 8, "trio": 3, "duel": 2}[mode], settings={"mode": mode})
    tv = table.tv
    assert tv.game["mode"] == mode
    await set_timer(table, 1)
    await tell(table)
    state = await runs_out(table, "playing")
    assert state["game"]["phase"] == "voting"
    assert tv.state["room"]["clock"]["phase"] == "voting"
    state = await runs_out(table, "voting")
    assert state["game"]["phase"] == "scored" and state["game"]["result"] is not None
    await table.play_until(lambda g: g["round"] == 2)   # and the game goes on
    await table.act(table.phones[0], "pause")


async def test_the_kids_game_is_never_timed_so_the_adult_enters_every_guess(make_table):
    """Kids: the timer setting stays (the host may go back to another mode), but no clock runs: the adult
    enters the children's guesses one by one however long it takes and starts the reveal, and every guess
    entered counts."""
    table = await kids_table(make_table)
    tv, adult = table.tv, table.phones[0]
    await set_timer(table, 1)
    assert tv.state["room"]["settings"]["timer"] == 1 and tv.state["room"]["clock"] is None
    await tell(table)
    assert tv.game["phase"] == "voting" and tv.state["room"]["clock"] is None
    assert stored(table)["clock"] is None
    children = list(tv.game["waiting_for"])
    assert len(children) == 2
    for child in children:
        await table.act(adult, "vote", card=1, **{"for": child})
        assert tv.state["room"]["clock"] is None
    assert tv.game["phase"] == "voting" and tv.game["waiting_for"] == [adult.welcome["seat"]]
    await table.act(adult, "reveal")               # the adult starts the reveal (RULES.md §2.5)
    assert tv.game["phase"] == "scored"
    votes = {entry["number"]: entry.get("votes", []) for entry in tv.game["result"]["table"]}
    assert sorted(votes[1]) == sorted(children)   # both entered guesses counted, none abstained
    await set_timer(table, 2)                      # a new setting mid-game starts no clock either
    await table.play_until(lambda g: g["round"] == 2 and g["phase"] == "voting")
    assert tv.state["room"]["clock"] is None


async def test_bad_timer_settings_are_refused_and_change_nothing(make_table, client):
    table = await make_table(4, start=False)
    host, tv = table.phones[0], table.tv
    before = tv.state_id
    err = await table.refused(host, "set_settings", "bad_settings", settings={"timer": 45})
    assert err["params"]["field"] == "timer" and err["params"]["reason"] == "bad_timer"
    assert "60, 90, 120" in err["message"]
    await table.refused(host, "set_settings", "malformed", settings={"timer": "60"})
    await table.refused(host, "set_settings", "malformed", settings={"timer": True})
    await table.refused(host, "set_settings", "malformed", settings={"timer": None})
    await table.refused(host, "set_settings", "bad_settings", settings={"timer": -60})
    await table.refused(table.phones[1], "set_settings", "not_host", settings={"timer": 60})
    assert tv.state_id == before and tv.state["room"]["settings"]["timer"] == 0
    assert (await (await client.get("/api/rules")).json())["timer_choices"] == [0, 1, 2, 60, 90, 120]
    assert "timer_choices" not in tv.state["room"]   # the catalogue's, not every state's
    await set_timer(table, 120)
    assert tv.state["room"]["settings"]["timer"] == 120 and stored(table)["settings"]["timer"] == 120
    await table.act(host, "start")
    await table.refused(host, "set_settings", "bad_settings", settings={"timer": 30})
    await table.refused(host, "set_settings", "settings_locked", settings={"timer": 60, "ruleset": "dixit"})
    assert tv.state["room"]["settings"]["timer"] == 120


async def test_a_server_without_the_test_option_offers_only_60_90_120(make_client, connect_to):
    client = await make_client(timer_test_seconds=())
    code = (await (await client.post("/api/rooms")).json())["code"]
    host = await connect_to(client, "host")
    await host.hello(code)
    await host.act("join", name="Host", colour="red")
    await host.until_state(lambda s: s["you"]["seat"] == "s1")
    assert (await (await client.get("/api/rules")).json())["timer_choices"] == [0, 60, 90, 120]
    await host.act("set_settings", settings={"timer": 1})
    err = await host.error()
    assert err["code"] == "bad_settings" and err["params"]["field"] == "timer"


@pytest.mark.parametrize("ruleset, expected", [("imaginarium", [5, 3, 3, 0]), ("imaginarium-classic", [5, 3, 3, 0]),
                                               ("dixit", [3, 3, 3, 0])])
async def test_a_voter_the_clock_runs_out_on_did_not_find_the_card(make_table, ruleset, expected):
    """RULES.md D13 with the room's real clock: two of three voters find the storyteller's card, the
    third is slow; the storyteller keeps the points of the two (not 0/3/3/0, nor Dixit's 0/2/2/2)."""
    table = await make_table(4, settings={"ruleset": ruleset})
    await table.play_until(lambda g: g["phase"] == "voting")
    teller = table.seat(table.tv.game["storyteller"])
    mine = next(t["number"] for t in teller.game["table"] if t["card"] in teller.me["played"])
    voters = [p for p in table.phones if "vote" in p.me["can"]]
    for p in voters[:2]:
        await table.act(p, "vote", card=mine)
    await set_timer(table, 1)
    state = await runs_out(table, "voting")
    result = state["game"]["result"]
    order = [teller, *voters]
    assert [result["points"][p.welcome["seat"]] for p in order] == expected
    assert result["outcome"] == "some"
    assert result["table"][mine - 1]["votes"] == [p.welcome["seat"] for p in voters[:2]]
