"""The roster: the people in a room and the seats they play.

A *person* is someone with a name, a colour and a token (their phone). A *seat* is what the engine
plays: one elephant. Outside pairs each person is a seat, named like them; in pairs (RULES.md §2.2) a
seat is a team of two: the lead's person id is the seat id and the partner carries `team: <lead>`. A
kids' child added by the adult has no token (`child`, `open`) until a phone takes it (§2.5).

Functions over the record's `people` (a tuple of `record.Person`, in roster order, a partner after their
lead): the reads, and the changes, which return a new tuple and leave the old one as it was.
"""
from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import replace

from server.engine import text as texts
from server.room.lookalike import looks_alike
from server.room.record import Person, Record
from server.room.refusals import Refused

# In the order a table is offered them (a newcomer's first free one is chosen for them): all stay apart for
# colour-blind eyes, the first seven the furthest (web/shared/colours.js has their shades;
# tests/web/test_palette.py).
COLOURS = ("white", "orange", "teal", "green", "yellow", "blue", "red", "purple", "pink", "brown", "grey",
           "black", "lime", "navy")

People = tuple[Person, ...]


def leads(people: People) -> list[Person]:
    """One entry per seat (the person whose id names it), in seat order."""
    return [e for e in people if not e.team]


def members(people: People, seat: str) -> list[Person]:
    """The people of a seat, lead first."""
    return [e for e in people if e.seat == seat]


def person_for_token(people: People, token: object) -> str | None:
    """The person whose token is `token`, or None. Constant-time comparison per person."""
    # tokens are ASCII (token_urlsafe); compare_digest raises TypeError on non-ASCII text
    if not isinstance(token, str) or not token or not token.isascii():
        return None
    for entry in people:
        if entry.token and secrets.compare_digest(entry.token, token):
            return entry.person
    return None


# ------------------------------------------------------------------ checks
def check_name(people: People, name: object, except_person: str | None = None) -> str:
    """`name` cleaned (at most NAME_MAX graphemes). Raises Refused `bad_name` (too long, empty, or
    with `reason: emoji` when it holds an emoji the TV would draw as a box: `texts.has_emoji`; with
    `reason: invisible` when nothing of it can be seen: `texts.has_visible`), or `name_taken`
    (case-insensitive, other than `except_person`'s own; with `reason: lookalike` and the other's
    `name` when the two would read the same on the TV: `lookalike.looks_alike`, UTS #39). Every way a
    name is set comes here (join, taking a seat, rename, the kids' adult adding a child, RULES.md §2.5);
    names already stored are never checked again, so older rooms still load and play."""
    cleaned = texts.clean_limited(name, texts.NAME_MAX, max_bytes=texts.NAME_MAX_BYTES)
    if cleaned is None:
        if isinstance(name, str) and 0 < len(name) <= 4 * texts.NAME_MAX_BYTES and not texts.clean(name):
            raise Refused("bad_name", reason="invisible", max=texts.NAME_MAX)   # only blanks or joiners
        raise Refused("bad_name", max=texts.NAME_MAX)
    if texts.has_emoji(cleaned):
        raise Refused("bad_name", reason="emoji", max=texts.NAME_MAX)
    if not texts.has_visible(cleaned):
        raise Refused("bad_name", reason="invisible", max=texts.NAME_MAX)
    for entry in people:
        if entry.person == except_person:
            continue
        if entry.name.casefold() == cleaned.casefold():
            raise Refused("name_taken")
        if looks_alike(entry.name, cleaned):
            raise Refused("name_taken", reason="lookalike", name=entry.name)
    return cleaned


def check_colour(people: People, colour: object, except_person: str | None = None) -> str:
    """`colour` if it is one of COLOURS and nobody else wears it. Raises Refused `bad_colour` or
    `colour_taken`."""
    if not isinstance(colour, str) or colour not in COLOURS:
        raise Refused("bad_colour")
    for entry in people:
        if entry.person != except_person and entry.colour == colour:
            raise Refused("colour_taken")
    return colour


# ------------------------------------------------------------------ changes (each a new tuple)
def changed(people: People, new: Person) -> People:
    """`people` with the entry of `new.person` replaced by `new`."""
    return tuple(new if e.person == new.person else e for e in people)


def add(rec: Record, name: str, colour: str, max_people: int, *, child: bool = False) -> tuple[Record, Person]:
    """`rec` with a new person at the end of the roster with a fresh token, and that person; a child the
    adult added has none (`open` until a phone takes it). Raises Refused `room_full` beyond `max_people`."""
    if len(rec.people) >= max_people:
        raise Refused("room_full", max=max_people)
    entry = Person(f"s{rec.next_person}", name, colour, None if child else secrets.token_urlsafe(24),
                   open=child, child=child)
    return replace(rec, people=(*rec.people, entry), next_person=rec.next_person + 1), entry


def delete(people: People, gone: Person) -> People:
    """A person leaves the roster (lobby); a lead's partner becomes the team's lead."""
    return tuple(replace(e, team=None) if e.team == gone.person else e for e in people if e.person != gone.person)


def mark_removed(people: People, seat: str, removed: bool) -> People:
    """Everyone of `seat` is (no longer) out of the game (`remove_player`, `return_player`)."""
    return tuple(replace(e, removed=removed) if e.seat == seat else e for e in people)


# ------------------------------------------------------------------ teams (pairs, RULES.md §2.2)
def split_teams(people: People) -> People:
    """One seat per person again."""
    return tuple(replace(e, team=None) if e.team else e for e in people)


def form_teams(people: People) -> People:
    """Teams of two in roster order (the host rearranges them with `set_teams`)."""
    alone = split_teams(people)
    return tuple(replace(e, team=alone[i - 1].person) if i % 2 else e for i, e in enumerate(alone))


def join_a_team(people: People, newcomer: Person) -> People:
    """A newcomer at a table of teams joins a lone lead's team (moving next to them), else stays a
    team of their own."""
    for lead in leads(people):
        if lead.person != newcomer.person and len(members(people, lead.person)) == 1 and not lead.child:
            rest = [e for e in people if e.person != newcomer.person]
            at = rest.index(lead) + 1
            return (*rest[:at], replace(newcomer, team=lead.person), *rest[at:])
    return people


def set_teams(people: People, teams: Iterable[list[str]]) -> People:
    """The host's layout: `teams` lists every person once, in seat order, lead first; teams of two
    (one team of one when the count is odd). Raises Refused `bad_teams`."""
    teams = list(teams)
    named = [p for t in teams for p in t]
    everyone = [e.person for e in people]
    singles = sum(1 for t in teams if len(t) == 1)
    if (sorted(named) != sorted(everyone) or any(not 1 <= len(t) <= 2 for t in teams)
            or singles != len(everyone) % 2):
        raise Refused("bad_teams")
    by_id = {e.person: e for e in people}
    return tuple(replace(by_id[p], team=t[0] if i else None) for t in teams for i, p in enumerate(t))


# ------------------------------------------------------------------ the wire
def view(people: People, connected: set[str]) -> list[dict[str, object]]:
    """The roster of the room view, by seat with its people (no tokens); `connected`: the people
    with a socket."""
    roster: list[dict[str, object]] = []
    for lead in leads(people):
        team = members(people, lead.person)
        roster.append({
            "seat": lead.person, "name": " & ".join(m.name for m in team), "colour": lead.colour,
            "connected": any(m.person in connected for m in team), "members": len(team),
            "people": [{"person": m.person, "name": m.name, "colour": m.colour, "open": m.open, "child": m.child}
                       for m in team],
            "removed": lead.removed, "open": any(m.open for m in team), "child": lead.child})
    return roster
