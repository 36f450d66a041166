"""People leaving mid-round (their socket closes): the storyteller, a voter, the host. The game never waits
forever: the host (or whoever claims the host's role) skips or removes, and RULES.md §1.1's counts use only
the players still voting."""
from __future__ import annotations

from server.net import keys

ASSOCIATION = "Who ate the cake?"


async def start_with_storyteller(make_table, n: int, storyteller: str):
    table = await make_table(n, settings={"first_storyteller": "host"}, start=False)
    await table.act(table.phones[0], "start", storyteller=storyteller)
    assert table.tv.game["storyteller"] == storyteller
    return table


async def leave(table, p) -> str:
    """`p`'s phone goes away for good; the TV shows its seat disconnected. Returns the seat."""
    seat = p.welcome["seat"]
    await p.close()
    table.phones.remove(p)
    await table.tv.until_state(
        lambda st: not next(r for r in st["room"]["roster"] if r["seat"] == seat)["connected"])
    await table.sync()
    return seat


def number_of(game: dict, card: str) -> int:
    return next(t["number"] for t in game["table"] if t["card"] == card)


async def test_storyteller_leaves_while_telling_host_skips_and_removes(make_table, advance_without):
    table = await start_with_storyteller(make_table, 5, "s3")
    host, teller = table.phones[0], table.seat("s3")
    gone = await leave(table, teller)
    # only the storyteller can tell, so the room waits ... until the host skips the turn
    await table.refused(table.phones[1], "skip", "not_host")
    await table.act(host, "skip")
    game = table.tv.game
    assert game["phase"] == "telling" and game["storyteller"] == "s4" and game["round"] == 1
    # the gone seat still owes a card and a vote each round: the host skips those too
    skips = await advance_without(table, {gone}, lambda g: g["phase"] == "scored")
    assert skips == 2   # its card (played at random for it) and its vote (abstained)
    scored = table.tv.game["result"]
    assert scored["storyteller"] == "s4" and gone not in [v for t in scored["table"] for v in t["votes"]]
    # removing the seat: the game stops waiting for it at all
    await table.act(host, "remove_player", seat=gone)
    await table.play_until(lambda g: g["round"] == 4)
    assert gone not in table.tv.game["waiting_for"]
    assert not next(s for s in table.tv.game["seats"] if s["seat"] == gone)["active"]


async def test_storyteller_removed_while_playing_returns_the_cards_and_passes_the_turn(make_table):
    table = await start_with_storyteller(make_table, 5, "s2")
    host, teller = table.phones[0], table.seat("s2")
    await table.act(teller, "tell", card=teller.me["hand"][0], association=ASSOCIATION)
    player = table.seat("s4")
    hand_before = list(player.me["hand"])
    await table.act(player, "play_card", card=hand_before[0])
    assert table.tv.game["played_count"] >= 1
    gone = await leave(table, teller)
    await table.act(host, "remove_player", seat=gone)
    game = table.tv.game
    # the round restarts with the next storyteller, and the card s4 had put down is back in its hand
    assert game["phase"] == "telling" and game["storyteller"] == "s3" and game["round"] == 1
    assert sorted(player.me["hand"]) == sorted(hand_before) and player.me["played"] == []
    await table.play_until(lambda g: g["phase"] == "scored")
    assert gone not in table.tv.game["result"]["points"] or table.tv.game["result"]["points"][gone] == 0


async def test_a_voter_who_leaves_and_is_removed_no_longer_counts(make_table):
    """RULES.md §1.1 imaginarium: c = |V| (everyone guessed) gives the storyteller 0 and every voter 3.
    Three voters stay and all find the storyteller's card; the fourth had voted elsewhere and left. With
    the leaver counted it would be "some" (storyteller 3 + c = 6); removed, it is "all"."""
    table = await start_with_storyteller(make_table, 5, "s2")
    host, teller = table.phones[0], table.seat("s2")
    await table.play_until(lambda g: g["phase"] == "voting")
    target = number_of(table.tv.game, teller.me["played"][0])
    leaver = table.seat("s5")
    wrong = next(t["number"] for t in leaver.game["table"]
                 if t["number"] != target and t["card"] not in leaver.me["played"])
    await table.act(leaver, "vote", card=wrong)
    for seat in ("s1", "s3"):
        await table.act(table.seat(seat), "vote", card=target)
    gone = await leave(table, leaver)
    await table.act(host, "remove_player", seat=gone)
    game = table.tv.game
    assert game["phase"] == "voting" and game["waiting_for"] == ["s4"]   # its vote was taken back
    await table.act(table.seat("s4"), "vote", card=target)
    result = table.tv.game["result"]
    assert result["outcome"] == "all"
    assert result["points"]["s2"] == 0
    assert all(result["points"][s] == 3 for s in ("s1", "s3", "s4"))
    assert result["points"].get(gone, 0) == 0
    assert all(gone not in t["votes"] for t in result["table"])
    # and the next rounds go on without it
    await table.play_until(lambda g: g["round"] == 3)


async def test_a_voter_who_leaves_is_skipped_and_the_round_is_scored_on_the_votes_cast(make_table):
    table = await start_with_storyteller(make_table, 4, "s2")
    host, teller = table.phones[0], table.seat("s2")
    await table.play_until(lambda g: g["phase"] == "voting")
    target = number_of(table.tv.game, teller.me["played"][0])
    gone = await leave(table, table.seat("s4"))
    for seat in ("s1", "s3"):
        await table.act(table.seat(seat), "vote", card=target)
    assert table.tv.game["waiting_for"] == [gone]
    await table.act(host, "skip")
    result = table.tv.game["result"]
    assert table.tv.game["phase"] == "scored"
    # RULES.md D13: the skipped voter abstains, a voter who did not find it: two of three found it
    assert result["outcome"] == "some"
    assert result["points"]["s2"] == 5 and result["points"]["s1"] == result["points"]["s3"] == 3
    assert result["points"][gone] == 0
    assert all(gone not in t["votes"] for t in result["table"])


async def test_the_host_leaves_mid_round_someone_claims_the_role_and_the_game_goes_on(make_table, connect):
    table = await start_with_storyteller(make_table, 4, "s2")
    host, teller = table.phones[0], table.seat("s2")
    await table.act(teller, "tell", card=teller.me["hand"][0], association=ASSOCIATION)
    for seat in ("s3", "s4"):
        p = table.seat(seat)
        await table.act(p, "play_card", card=p.me["hand"][0])
    host_token = host.token
    gone = await leave(table, host)
    assert table.tv.game["waiting_for"] == [gone]
    # nobody else may skip while the role is held by nobody ... until a player claims it
    await table.refused(table.seat("s3"), "skip", "not_host")
    await table.refused(table.seat("s3"), "claim_host", "host_away_briefly")
    table.app[keys.ROOMS].get(table.code).env.host_grace = 0   # the host has been gone longer than the grace
    await table.act(table.seat("s3"), "claim_host")
    assert table.tv.state["room"]["host"] == "s3"
    await table.act(table.seat("s3"), "skip")               # the old host's card goes down at random
    assert table.tv.game["phase"] == "voting"
    await table.act(table.seat("s3"), "remove_player", seat=gone)
    await table.play_until(lambda g: g["phase"] == "scored")
    assert gone not in [v for t in table.tv.game["result"]["table"] for v in t["votes"]]
    # the old host's phone comes back: its seat (removed, so it cannot act) but not the role
    back = await connect("back")
    welcome = await back.hello(table.code, token=host_token)
    assert welcome["seat"] == gone and not welcome["is_host"]
    table.extra.append(back)
    await table.refused(back, "next_round", "seat_removed")
    await table.refused(back, "skip", "not_host")
    await table.act(table.seat("s3"), "return_player", seat=gone)
    table.phones.append(back)
    table.extra.remove(back)
    await table.play_until(lambda g: g["round"] == 3)
