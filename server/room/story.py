"""The story of the evening (docs/protocol.md "Story"): every scored round of the room's game, written down as it is
scored and kept in the room record (`data["story"]`), so it is stored with the room, survives restarts
and goes when the room goes.

It grows by a round every round, so it is in no `state` frame: pages fetch it over HTTP
(`GET /api/rooms/{CODE}/story`, server/net/story_routes.py; shape in docs/protocol.md "Story").

Names are written when the round is scored (a rename later does not rewrite the evening). Stored shape:
    {"deck": deck id, "rounds": [{"round": int, "storyteller": name | None, "association": text | None,
      "cards": [{"card": id, "owner": name | "bot" | "deck" | "mammoth", "votes": [names],
                 "storyteller": bool}], "points": {name: cells}}]}
"""
from __future__ import annotations

from typing import Any, Protocol

from server import engine
from server.room.roster import Roster


class RoomState(Protocol):
    """What the story reads of a room (server/room/state.py's RoomState; a protocol, as `play` there
    calls `note` here)."""

    data: dict[str, Any]
    game: engine.GameState | None

    @property
    def code(self) -> str: ...
    @property
    def roster(self) -> Roster: ...
    @property
    def settings(self) -> dict[str, Any]: ...
    @property
    def finished(self) -> bool: ...

NON_SEAT_OWNERS = frozenset({"bot", "deck", "mammoth"})  # table owners that are no one's seat (RULES.md §2)


def begin(room: RoomState) -> None:
    """A new game starts: an empty story for the room's deck (the previous game's is dropped)."""
    room.data["story"] = {"deck": room.settings.get("deck", "builtin"), "rounds": []}


def seat_name(room: RoomState, seat: str) -> str:
    """The name shown for engine seat or elephant `seat`: its people's names ("Anna & Boris" for a pairs
    team), or the id itself for what is no one's seat (`bot`, `deck`, `mammoth`, the trio's shared
    `elephant`)."""
    if seat in NON_SEAT_OWNERS:
        return seat
    names = [str(e["name"]) for e in room.roster.members(seat)]
    return " & ".join(names) if names else seat


def note(room: RoomState) -> None:
    """Write down the round the engine has just scored, once (called after every engine action; a
    round already written, or a state with no result, changes nothing). RULES.md §3: the result is the
    table in laid-out order, its owners and votes, and the cells each elephant moved."""
    game = room.game
    if game is None or game.result is None:
        return
    story = room.data.get("story")
    if not isinstance(story, dict):  # a game started before stories were kept: begin now
        begin(room)
        story = room.data["story"]
    rounds: list[dict[str, Any]] = story["rounds"]
    if rounds and rounds[-1]["round"] >= game.round:
        return
    # a new story, never a change in place: the room's working copies share the stored one, and its
    # text is made again only when it is replaced (server/room/room.py)
    room.data["story"] = {**story, "rounds": [*rounds, round_entry(room, game)]}


def round_entry(room: RoomState, game: engine.GameState) -> dict[str, Any]:
    """One story round from `game`'s scored `result` (names resolved now)."""
    result = game.result
    assert result is not None
    teller = result["storyteller"]
    return {
        "round": game.round,
        "storyteller": seat_name(room, teller) if teller is not None else None,
        "association": game.association,
        "cards": [{"card": t["card"], "owner": seat_name(room, t["owner"]),
                   "votes": [seat_name(room, v) for v in t["votes"]],
                   "storyteller": t["number"] == result["storyteller_card"]}
                  for t in result["table"]],
        "points": {seat_name(room, e): n for e, n in result["points"].items()},
    }


def places(distances: list[int]) -> list[int]:
    """Each standing's place (1-based) for `distances` sorted furthest first: elephants on the same
    distance share a place and the next one counts them all ([9, 5, 5, 2] -> [1, 2, 2, 4]), as the TV's
    final standings number them (web/shared/roster.js `places`)."""
    out: list[int] = []
    for i, d in enumerate(distances):
        out.append(out[-1] if i and d == distances[i - 1] else i + 1)
    return out


def story_view(room: RoomState) -> dict[str, Any]:
    """What `GET /api/rooms/{CODE}/story` answers: the stored rounds, the deck their cards come from,
    and the standings now (elephants by distance, each with its shared `place`, the winners marked once
    the game is over)."""
    story = room.data.get("story") or {"deck": room.settings.get("deck", "builtin"), "rounds": []}
    game = room.game
    standings: list[dict[str, Any]] = []
    if game is not None:
        winners = set(game.winners or ())
        ordered = sorted(game.elephants.items(), key=lambda item: -item[1])
        standings = [{"name": seat_name(room, e), "distance": d, "winner": e in winners, "place": place}
                     for (e, d), place in zip(ordered, places([d for _, d in ordered]), strict=True)]
    return {"room": room.code, "deck": story["deck"], "over": room.finished,
            "rounds": story["rounds"], "standings": standings}
