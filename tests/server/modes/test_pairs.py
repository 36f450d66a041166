"""Pairs (RULES.md §2.2, §4 "pairs: automatic for 8-14 people") over real WebSockets: the lobby forms
teams of two by itself, the host rearranges them, both phones of a team hold one seat (same hand, same
choice, same vote at once), the TV shows team names, and a whole game runs to the end."""
from __future__ import annotations

import json

from tests.helpers.leaks import scan


def people(room: dict) -> list[list[str]]:
    return [[m["person"] for m in r["people"]] for r in room["roster"]]


def games_by_state(p) -> dict[int, str]:
    """The serialised `game` of every state this socket got, by state_id."""
    out = {}
    for frame in p.frames:
        msg = json.loads(frame)
        if msg["type"] == "state" and msg["game"] is not None:
            out[msg["state_id"]] = json.dumps(msg["game"], sort_keys=True)
    return out


async def test_eight_people_make_four_teams_and_the_host_rearranges_them(make_table, connect):
    table = await make_table(7, start=False)
    host = table.phones[0]
    assert table.tv.state["room"]["settings"]["mode"] == "standard"
    eighth = await connect("P8")
    await eighth.hello(table.code)
    table.phones.append(eighth)
    await table.act(eighth, "join", name="P8", colour="orange")
    room = table.tv.state["room"]
    assert room["settings"]["mode"] == "pairs" and room["people"] == 8
    assert people(room) == [["s1", "s2"], ["s3", "s4"], ["s5", "s6"], ["s7", "s8"]]
    assert [r["name"] for r in room["roster"]] == ["P1 & P2", "P3 & P4", "P5 & P6", "P7 & P8"]
    assert [r["members"] for r in room["roster"]] == [2, 2, 2, 2]
    # a partner's phone learns the seat it now plays for; its own id stays
    p2 = table.phones[1]
    assert p2.welcome["seat"] == "s1" and p2.welcome["person"] == "s2" and p2.token
    assert p2.state["you"] == {"seat": "s1", "person": "s2", "is_host": False, "role": "phone"}
    # the host rearranges: refusals first
    await table.refused(host, "set_teams", "bad_teams", teams=[["s1", "s5"], ["s2", "s6"], ["s3", "s7"]])
    await table.refused(host, "set_teams", "bad_teams",
                        teams=[["s1", "s5", "s2"], ["s6"], ["s3", "s7"], ["s4", "s8"]])
    await table.refused(host, "set_teams", "bad_teams",
                        teams=[["s1", "s1"], ["s2", "s6"], ["s3", "s7"], ["s4", "s8"]])
    await table.refused(host, "set_teams", "malformed", teams="s1,s2")
    await table.refused(table.phones[3], "set_teams", "not_host", teams=[])
    await table.act(host, "set_teams", teams=[["s1", "s5"], ["s6", "s2"], ["s3", "s7"], ["s4", "s8"]])
    room = table.tv.state["room"]
    assert [r["name"] for r in room["roster"]] == ["P1 & P5", "P6 & P2", "P3 & P7", "P4 & P8"]
    assert [r["seat"] for r in room["roster"]] == ["s1", "s6", "s3", "s4"]
    assert [r["colour"] for r in room["roster"]] == ["red", "pink", "green", "teal"]  # the lead's elephant
    assert p2.welcome["seat"] == "s6" and table.phones[4].welcome["seat"] == "s1"
    # a ninth person makes a team of one; the tenth joins them
    for name, colour in (("P9", "yellow"), ("P10", "grey")):
        p = await connect(name)
        await p.hello(table.code)
        table.phones.append(p)
        await table.act(p, "join", name=name, colour=colour)
        assert table.tv.state["room"]["roster"][-1]["people"][-1]["name"] == name
    assert people(table.tv.state["room"])[-1] == ["s9", "s10"]
    # people leaving in the lobby: a lead's partner leads; below eight, one elephant each again
    await table.act(host, "remove_player", seat="s9")
    assert people(table.tv.state["room"])[-1] == ["s10"]
    assert table.phones[9].welcome["seat"] == "s10"
    for gone in ("s10", "s8"):
        await table.act(host, "remove_player", seat=gone)
    room = table.tv.state["room"]
    assert room["settings"]["mode"] == "standard" and room["people"] == 7
    assert all(r["members"] == 1 for r in room["roster"]) and p2.welcome["seat"] == "s2"
    # the host may choose pairs by hand; start counts people
    await table.act(host, "set_settings", settings={"mode": "pairs"})
    err = await table.refused(host, "start", "wrong_player_count")
    assert err["params"] == {"min": 8, "max": 14, "count": 7, "mode": "pairs", "fits": "standard", "reason": "fits"}
    # dixit has no pairs: the table goes back to one elephant each
    await table.act(host, "set_settings", settings={"ruleset": "dixit"})
    assert table.tv.state["room"]["settings"]["mode"] == "standard"
    await table.refused(host, "set_settings", "bad_settings", settings={"mode": "pairs"})
    await table.refused(host, "set_teams", "pairs_only", teams=[])


async def test_pairs_game_to_the_end_both_phones_of_a_team_act_as_one(make_table):
    table = await make_table(8, start=False)
    host = table.phones[0]
    await table.act(host, "set_teams", teams=[["s1", "s5"], ["s2", "s6"], ["s3", "s7"], ["s4", "s8"]])
    await table.act(host, "start")
    tv = table.tv
    game = tv.game
    assert game["mode"] == "pairs" and [s["seat"] for s in game["seats"]] == ["s1", "s2", "s3", "s4"]
    assert [e["id"] for e in game["elephants"]] == ["s1", "s2", "s3", "s4"]
    assert [r["name"] for r in tv.state["room"]["roster"]] == ["P1 & P5", "P2 & P6", "P3 & P7", "P4 & P8"]
    teams = {seat: [p for p in table.phones if p.welcome["seat"] == seat] for seat in ("s1", "s2", "s3", "s4")}
    assert all(len(t) == 2 for t in teams.values())

    # two phones of one team tapping on the same picture: the team acts once
    await table.play_until(lambda g: g["phase"] == "playing")
    lead, partner = next(t for t in teams.values() if "play_card" in t[0].me["can"])
    assert partner.me == lead.me
    picture = lead.state_id
    await table.act(partner, "play_card", card=partner.me["hand"][1])
    assert lead.me["played"] == partner.me["played"] == [partner.me["played"][0]]
    assert lead.me["hand"] == partner.me["hand"] and "play_card" not in lead.me["can"]
    await lead.send({"type": "play_card", "state_id": picture, "card": lead.me["hand"][0]})
    err = await lead.error()   # the loser of the race learns who chose, not "the game moved on"
    partner_name = next(m["name"] for r in tv.state["room"]["roster"] for m in r["people"]
                        if m["person"] == partner.welcome["person"])
    assert err["code"] == "partner_acted" and err["params"] == {"name": partner_name}, err
    assert err["message"] == f"{partner_name} already chose for your team."
    await lead.hello(table.code, token=lead.token, lang="ru")
    await lead.send({"type": "play_card", "state_id": picture, "card": lead.me["hand"][0]})
    assert (await lead.error())["message"] == f"За вашу команду уже выбрали: {partner_name}."
    await partner.send({"type": "play_card", "state_id": picture, "card": partner.me["hand"][0]})
    assert (await partner.error())["code"] == "stale_state"   # one's own double tap stays stale_state
    assert tv.state_id == table.expected and lead.me["played"] == partner.me["played"]

    # the rest of the game, each action by a phone picked at random (partners act too)
    by_partner = 0
    for _ in range(4000):
        if tv.game["phase"] == "game_over":
            break
        table.rng.shuffle(table.phones)
        actor = await table.step()
        by_partner += actor.welcome["person"] != actor.welcome["seat"]
        for a, b in teams.values():
            assert a.game == b.game  # same hand, same choice, same vote, at once
    assert by_partner > 20
    assert tv.game["phase"] == "game_over" and tv.game["end_reason"] == "hands_empty"
    assert tv.game["winners"] and set(tv.game["winners"]) <= {"s1", "s2", "s3", "s4"}
    # every state both phones of a team got carries a byte-identical game view
    views = {seat: (games_by_state(a), games_by_state(b)) for seat, (a, b) in teams.items()}
    for ga, gb in views.values():
        common = set(ga) & set(gb)
        assert len(common) > 100
        assert all(ga[i] == gb[i] for i in common)
    # no team ever saw another team's hand while it was secret, nor another person's token
    # (tests/helpers/leaks.py: a team's own two phones share its seat, so its hand)
    found = scan([(p.name, p.frames) for p in table.sockets])
    assert found.findings == [] and found.secrets > 1000



async def test_pairs_in_a_game_remove_release_and_restart(make_table, make_client, connect, connect_to):
    table = await make_table(8)
    host, partner = table.phones[0], table.phones[1]           # P2 plays for P1's team, s1
    assert partner.welcome["seat"] == "s1" and partner.me == host.me
    await table.refused(host, "remove_player", "not_allowed", seat="s2")   # the host's own team
    await table.act(host, "remove_player", seat="s4")                      # P4 is s3's partner
    assert not next(s for s in table.tv.game["seats"] if s["seat"] == "s3")["active"]
    assert [r["removed"] for r in table.tv.state["room"]["roster"]] == [False, True, False, False]
    await table.act(host, "return_player", seat="s3")
    # a partner's phone is lost: the host frees that one place; a spectator takes it
    p6 = next(p for p in table.phones if p.welcome["person"] == "s6")
    await table.act(host, "release_seat", seat="s6")
    assert (p6.welcome["seat"], p6.welcome["person"], p6.welcome["token"]) == (None, None, None)
    table.phones.remove(p6)
    table.extra.append(p6)
    roster = table.tv.state["room"]["roster"]
    assert roster[2]["open"] and [m["open"] for m in roster[2]["people"]] == [False, True]
    newcomer = await connect("newcomer")
    await newcomer.hello(table.code)
    table.phones.append(newcomer)
    await table.act(newcomer, "join", seat="s6", name="Вера")
    assert (newcomer.welcome["seat"], newcomer.welcome["person"]) == ("s5", "s6")
    assert newcomer.me == next(p for p in table.phones if p.welcome["person"] == "s5").me
    assert table.tv.state["room"]["roster"][2]["name"] == "P5 & Вера"
    # the server restarts on the same data folder: every person resumes their team's seat
    client2 = await make_client()
    for p in table.phones:
        again = await connect_to(client2, p.name)
        welcome = await again.hello(table.code, token=p.token)
        assert (welcome["seat"], welcome["person"]) == (p.welcome["seat"], p.welcome["person"])
        assert again.me == p.me
