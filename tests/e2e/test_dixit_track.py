"""Decision D12 on the TV: a Dixit score past 30 stands on the track's last cell (no wrap-around to cell 1,
no lap badge), and the standings show the full score. Three WebSocket seats play a Dixit game whose votes
steer the first player past 30 (never exactly 30); the TV is a real Chromium page. Screenshots:
test-output/dixit-track-*.png.
"""
from __future__ import annotations

from playwright.async_api import expect

from tests.helpers.browser import run_scene

NAMES = ["Аня", "Борис", "Вика"]
ASSOCIATION = "Storm"

# The token's centre lies inside the cell with this printed number (transitions may still be running).
ON_CELL_JS = """([id, number]) => {
  const tok = document.querySelector(`.board-elephant[data-elephant="${id}"]`);
  const cell = document.querySelector(`.cell[data-cell="${number}"]`);
  if (!tok || !cell) return false;
  const t = tok.getBoundingClientRect(), c = cell.getBoundingClientRect();
  const x = t.left + t.width / 2, y = t.top + t.height / 2;
  return x >= c.left && x <= c.right && y >= c.top && y <= c.bottom;
}"""


def _number_of(game: dict, card: str) -> int:
    return next(t["number"] for t in game["table"] if t["card"] == card)


def _plan(distance: int, leader_tells: bool) -> str:
    """Which round to play so the leader ends past 30 and never on exactly 30: the leader's gains are
    4 (finds, the other voter votes the leader's card), 3 (nobody finds), 2 (all find), 0 as a voter;
    3 (one finds) or 0 (all find) as the storyteller."""
    gains = {"one_finds": 3, "all_find": 0} if leader_tells else \
        {"leader_finds": 4, "none_find": 3, "all_find": 2, "other_finds": 0}
    best = max(gains, key=gains.get)
    if distance + gains[best] > 30:
        return best
    return max((k for k in gains if distance + gains[k] < 30), key=gains.get)


async def _vote_round(table, leader) -> None:
    """Both voters vote as the plan says (numbers from each phone's own cards on the table)."""
    game = table.tv.game
    teller = table.seat(game["storyteller"])
    voters = [p for p in table.phones if p is not teller]
    mine = {p: _number_of(p.game, p.me["played"][0]) for p in table.phones}
    distance = next(e["distance"] for e in game["elephants"] if e["id"] == leader.welcome["seat"])
    plan = _plan(distance, teller is leader)
    first, second = voters if leader is teller or voters[0] is leader else voters[::-1]  # leader first
    if plan == "all_find":
        votes = {first: mine[teller], second: mine[teller]}
    elif plan == "none_find":
        votes = {first: mine[second], second: mine[first]}
    elif plan in ("leader_finds", "one_finds"):
        votes = {first: mine[teller], second: mine[first]}
    else:  # other_finds
        votes = {first: mine[second], second: mine[teller]}
    for p, number in votes.items():
        await table.act(p, "vote", card=number)


async def test_dixit_scores_past_30_stay_on_the_last_cell(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        tv, table = await sc.table(NAMES)
        leader = table.phones[0]
        await table.act(leader, "set_settings", settings={"ruleset": "dixit", "first_storyteller": "host"})
        await table.act(leader, "start", storyteller=leader.welcome["seat"])
        while table.tv.game["phase"] != "game_over":
            phase = table.tv.game["phase"]
            if phase == "voting":
                await _vote_round(table, leader)
            elif phase == "telling":
                teller = table.seat(table.tv.game["storyteller"])
                await table.act(teller, "tell", card=teller.me["hand"][0], association=ASSOCIATION)
            else:
                await table.step()   # playing: each plays a card; scored: next round
        game = table.tv.game
        seat = leader.welcome["seat"]
        mine = next(e for e in game["elephants"] if e["id"] == seat)
        assert game["end_reason"] == "score_reached" and mine["distance"] > 30, mine
        assert (mine["cell"], mine["lap"]) == (30, 0)
        await expect(tv.get_by_test_id("tv-game-over")).to_be_visible()
        await tv.wait_for_function(ON_CELL_JS, arg=[seat, 30])
        token = tv.locator(f'.board-elephant[data-elephant="{seat}"]')
        await expect(token.locator(".lap-badge")).to_have_count(0)
        await expect(tv.get_by_test_id("final-standings")).to_contain_text(str(mine["distance"]))
        await sc.shot(tv, "tv-1920")
        await tv.set_viewport_size({"width": 1280, "height": 720})
        await tv.wait_for_function(ON_CELL_JS, arg=[seat, 30])
        await sc.shot(tv, "tv-1280")

    await run_scene(server_process, launch_options, output_dir, "dixit-track", body)
