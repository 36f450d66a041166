"""The story of the evening (docs/protocol.md "Story"): every scored round of the room's game, written down as it is
scored and kept in the room record (`Record.story`), so it is stored with the room, survives restarts
and goes when the room goes.

It grows by a round every round, so it is in no `state` frame: pages fetch it over HTTP
(`GET /api/rooms/{CODE}/story`, server/net/story_routes.py; shape in docs/protocol.md "Story").

Names are written when the round is scored (a rename later does not rewrite the evening). Stored shape:
    {"deck": deck id, "rounds": [{"round": int, "storyteller": name | None, "association": text | None,
      "cards": [{"card": id, "owner": name | "bot" | "deck" | "mammoth", "votes": [names],
                 "storyteller": bool}], "points": {name: cells}}]}
"""
from __future__ import annotations

from dataclasses import replace

from server import engine
from server.room import roster
from server.room.record import Record, Story, StoryCard, StoryRound, rounds_json

NON_SEAT_OWNERS = frozenset({"bot", "deck", "mammoth"})  # table owners that are no one's seat (RULES.md §2)


def begin(rec: Record) -> Record:
    """A new game starts: an empty story for the room's deck (the previous game's is dropped)."""
    return replace(rec, story=Story(rec.settings.deck))


def seat_name(rec: Record, seat: str) -> str:
    """The name shown for engine seat or elephant `seat`: its people's names ("Anna & Boris" for a pairs
    team), or the id itself for what is no one's seat (`bot`, `deck`, `mammoth`, the trio's shared
    `elephant`)."""
    if seat in NON_SEAT_OWNERS:
        return seat
    names = [e.name for e in roster.members(rec.people, seat)]
    return " & ".join(names) if names else seat


def note(rec: Record) -> Record:
    """`rec` with the round the engine has just scored written down, once (called after every engine
    action; a round already written, or a state with no result, gives `rec` itself). RULES.md §3: the
    result is the table in laid-out order, its owners and votes, and the cells each elephant moved."""
    game = rec.game
    if game is None or game.result is None:
        return rec
    story = rec.story or Story(rec.settings.deck)   # a game started before stories were kept: begin now
    if story.rounds and story.rounds[-1].round >= game.round:
        return rec
    # a new story: the room's text of the old one is made again only when it is replaced (transaction.py)
    return replace(rec, story=replace(story, rounds=(*story.rounds, round_entry(rec, game))))


def round_entry(rec: Record, game: engine.GameState) -> StoryRound:
    """One story round from `game`'s scored `result` (names resolved now)."""
    result = game.result
    assert result is not None
    teller = result["storyteller"]
    return StoryRound(
        round=game.round, storyteller=seat_name(rec, teller) if teller is not None else None,
        association=game.association,
        cards=tuple(StoryCard(t["card"], seat_name(rec, t["owner"]), tuple(seat_name(rec, v) for v in t["votes"]),
                              t["number"] == result["storyteller_card"]) for t in result["table"]),
        points={seat_name(rec, e): n for e, n in result["points"].items()})


def places(distances: list[int]) -> list[int]:
    """Each standing's place (1-based) for `distances` sorted furthest first: elephants on the same
    distance share a place and the next one counts them all ([9, 5, 5, 2] -> [1, 2, 2, 4]), as the TV's
    final standings number them (web/shared/roster.js `places`)."""
    out: list[int] = []
    for i, d in enumerate(distances):
        out.append(out[-1] if i and d == distances[i - 1] else i + 1)
    return out


def story_view(rec: Record) -> dict[str, object]:
    """What `GET /api/rooms/{CODE}/story` answers: the stored rounds, the deck their cards come from,
    and the standings now (elephants by distance, each with its shared `place`, the winners marked once
    the game is over)."""
    story = rec.story or Story(rec.settings.deck)
    game = rec.game
    standings: list[dict[str, object]] = []
    if game is not None:
        winners = set(game.winners or ())
        ordered = sorted(game.elephants.items(), key=lambda item: -item[1])
        standings = [{"name": seat_name(rec, e), "distance": d, "winner": e in winners, "place": place}
                     for (e, d), place in zip(ordered, places([d for _, d in ordered]), strict=True)]
    return {"room": rec.code, "deck": story.deck, "over": rec.finished,
            "rounds": rounds_json(story.rounds), "standings": standings}
