"""Fair pacing over real WebSockets: `ready` / `next_round` after a reveal, and `dispute`
once per player per turn with a condition. Refusals carry a clear code and change nothing."""


async def _to_scored(table):
    await table.play_until(lambda g: g["phase"] == "scored")
    teller = next(p for p in table.phones if "next_round" in p.me["can"])
    others = [p for p in table.phones if p is not teller]
    return teller, others


async def test_the_round_moves_on_when_everyone_but_the_storyteller_is_ready(make_table):
    table = await make_table(4)
    ready_early = table.phones[1]
    await table.refused(ready_early, "ready", "wrong_phase")         # not before the reveal
    teller, others = await _to_scored(table)
    assert all(p.me["can"] == ["ready"] for p in others)
    pacing = table.tv.state["room"]["pacing"]
    assert pacing["ready"] == [] and sorted(pacing["ready_needed"]) == sorted(p.me["seat"] for p in others)
    not_host = next(p for p in others if p is not table.phones[0])
    await table.refused(not_host, "next_round", "not_storyteller")   # only the storyteller (or the host)
    await table.refused(teller, "ready", "not_allowed")              # the storyteller moves on instead
    await table.act(others[0], "ready")
    assert table.tv.state["room"]["pacing"]["ready"] == [others[0].me["seat"]]
    before = table.tv.state_id
    await table.refused(others[0], "ready", "already_ready")         # twice: refused, nothing changes
    assert table.tv.state_id == before and table.tv.state["room"]["pacing"]["ready"] == [others[0].me["seat"]]
    round_no = table.tv.game["round"]
    await table.act(others[1], "ready")
    assert table.tv.game["phase"] == "scored"
    await table.act(others[2], "ready")                              # the last one: the round moves on
    assert table.tv.game["phase"] == "telling" and table.tv.game["round"] == round_no + 1
    assert table.tv.state["room"]["pacing"]["ready"] == []


async def test_the_storyteller_or_the_host_moves_on(make_table):
    table = await make_table(4)
    teller, _ = await _to_scored(table)
    round_no = table.tv.game["round"]
    await table.act(teller, "next_round")
    assert table.tv.game["round"] == round_no + 1
    teller, _ = await _to_scored(table)
    host = table.phones[0]
    if host is teller:
        await table.act(host, "next_round")
    else:
        assert host.me["can"] == ["ready"]
        await table.act(host, "next_round")                          # the host forces it
    assert table.tv.game["round"] == round_no + 2


async def test_a_dispute_needs_a_condition_and_comes_once_per_player(make_table):
    plain = await make_table(4, settings={"special_cells": False})
    await plain.play_until(lambda g: g["phase"] == "playing")
    other = next(p for p in plain.phones if "play_card" in p.me["can"])
    assert "dispute" not in other.me["can"]
    await plain.refused(other, "dispute", "no_condition")

    table = await make_table(4, settings={"special_cells": False, "restriction": "person"})
    await table.play_until(lambda g: g["phase"] == "playing")
    a, b = [p for p in table.phones if "play_card" in p.me["can"]][:2]
    assert "dispute" in a.me["can"]
    await table.refused(a, "dispute", "no_such_condition", condition="story")
    before = table.tv.state_id
    await table.act(a, "dispute", condition="person")
    assert table.tv.state_id == before + 1 and table.tv.game["disputed"]
    assert table.tv.state["room"]["pacing"]["disputes"] == [{"seat": a.me["seat"], "condition": "person"}]
    teller = next(p for p in table.phones if "restate" in p.me["can"])
    await table.act(teller, "restate", association="A quiet storm")
    await table.refused(a, "dispute", "already_disputed")            # once per player per turn
    assert len(table.tv.state["room"]["pacing"]["disputes"]) == 1
    await table.act(b, "dispute")                                    # another player may; the one condition
    assert table.tv.state["room"]["pacing"]["disputes"][1] == {"seat": b.me["seat"], "condition": "person"}
