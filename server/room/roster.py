"""The roster: the people in a room and the seats they play.

A *person* is someone with a name, a colour and a token (their phone). A *seat* is what the engine
plays: one elephant. Outside pairs each person is a seat, named like them; in pairs (RULES.md §2.2) a
seat is a team of two: the lead's person id is the seat id and the partner carries `team: <lead>`. A
kids' child added by the adult has no token (`child`, `open`) until a phone takes it (§2.5).

`Roster` is a view over the room record's `people` list and changes it in place (the room's transaction
rolls the whole record back on a refusal, so nothing here needs undoing).
"""
from __future__ import annotations

import secrets
from typing import Any

from server.engine import text as texts
from server.room.lookalike import looks_alike
from server.room.refusals import Refused

# In the order a table is offered them (a newcomer's first free one is chosen for them): the first seven
# stay apart for colour-blind eyes (web/shared/colours.js has their shades; tests/web/test_palette.py).
COLOURS = ("white", "orange", "teal", "green", "yellow", "blue", "red", "purple", "pink", "brown", "grey",
           "black", "lime", "navy")

Person = dict[str, Any]  # one entry of the record's `people` (server/room/record.py)


class Roster:
    """The people of room record `data` (its `people` list and `next_person` counter)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    @property
    def people(self) -> list[Person]:
        """Everyone, in roster (clockwise) order; a partner follows their lead."""
        people: list[Person] = self.data["people"]
        return people

    def __len__(self) -> int:
        return len(self.people)

    def person(self, person_id: object) -> Person | None:
        """The entry of `person_id`, or None."""
        for entry in self.people:
            if entry["person"] == person_id:
                return entry
        return None

    def seat_of(self, person_id: str | None) -> str | None:
        """The seat `person_id` plays for: their team's lead in pairs, else themselves; None for None or
        someone not on the roster."""
        entry = self.person(person_id)
        return (entry.get("team") or entry["person"]) if entry else None

    def leads(self) -> list[Person]:
        """One entry per seat (the person whose id names it), in seat order."""
        return [e for e in self.people if not e.get("team")]

    def members(self, seat: str) -> list[Person]:
        """The people of a seat, lead first."""
        return [e for e in self.people if e["person"] == seat or e.get("team") == seat]

    def person_for_token(self, token: object) -> str | None:
        """The person whose token is `token`, or None. Constant-time comparison per person."""
        # tokens are ASCII (token_urlsafe); compare_digest raises TypeError on non-ASCII text
        if not isinstance(token, str) or not token or not token.isascii():
            return None
        for entry in self.people:
            if entry.get("token") and secrets.compare_digest(entry["token"], token):
                return str(entry["person"])
        return None

    # ------------------------------------------------------------------ checks and changes
    def check_name(self, name: object, except_person: str | None = None) -> str:
        """`name` cleaned (at most NAME_MAX graphemes). Raises Refused `bad_name` (too long, empty, or
        with `reason: emoji` when it holds an emoji the TV would draw as a box: `texts.has_emoji`; with
        `reason: invisible` when nothing of it can be seen: `texts.has_visible`), or `name_taken`
        (case-insensitive, other than `except_person`'s own; with `reason: lookalike` and the other's
        `name` when the two would read the same on the TV: `lookalike.looks_alike`, UTS #39). Every way a name is set
        comes here (join, taking a seat, rename, the kids' adult adding a child, RULES.md §2.5); names
        already stored are never checked again, so older rooms still load and play."""
        cleaned = texts.clean_limited(name, texts.NAME_MAX, max_bytes=texts.NAME_MAX_BYTES)
        if cleaned is None:
            if isinstance(name, str) and 0 < len(name) <= 4 * texts.NAME_MAX_BYTES and not texts.clean(name):
                raise Refused("bad_name", reason="invisible", max=texts.NAME_MAX)   # only blanks or joiners
            raise Refused("bad_name", max=texts.NAME_MAX)
        if texts.has_emoji(cleaned):
            raise Refused("bad_name", reason="emoji", max=texts.NAME_MAX)
        if not texts.has_visible(cleaned):
            raise Refused("bad_name", reason="invisible", max=texts.NAME_MAX)
        for entry in self.people:
            if entry["person"] == except_person:
                continue
            if entry["name"].casefold() == cleaned.casefold():
                raise Refused("name_taken")
            if looks_alike(entry["name"], cleaned):
                raise Refused("name_taken", reason="lookalike", name=entry["name"])
        return cleaned

    def check_colour(self, colour: object, except_person: str | None = None) -> str:
        """`colour` if it is one of COLOURS and nobody else wears it. Raises Refused `bad_colour` or
        `colour_taken`."""
        if not isinstance(colour, str) or colour not in COLOURS:
            raise Refused("bad_colour")
        for entry in self.people:
            if entry["person"] != except_person and entry["colour"] == colour:
                raise Refused("colour_taken")
        return colour

    def add(self, name: str, colour: str, max_people: int, *, child: bool = False) -> Person:
        """A new person at the end of the roster with a fresh token; a child the adult added has none
        (`open` until a phone takes it). Raises Refused `room_full` beyond `max_people`."""
        if len(self.people) >= max_people:
            raise Refused("room_full", max=max_people)
        person = f"s{self.data['next_person']}"
        self.data["next_person"] += 1
        entry: Person = {"person": person, "name": name, "colour": colour,
                         "token": None if child else secrets.token_urlsafe(24), "removed": False, "open": child}
        if child:
            entry["child"] = True
        self.people.append(entry)
        return entry

    def delete(self, entry: Person) -> None:
        """A person leaves the roster (lobby); a lead's partner becomes the team's lead."""
        for partner in self.people:
            if partner.get("team") == entry["person"]:
                partner.pop("team")
        self.people.remove(entry)

    def mark_removed(self, seat: str, removed: bool) -> None:
        """Everyone of `seat` is (no longer) out of the game (`remove_player`, `return_player`)."""
        for member in self.members(seat):
            member["removed"] = removed

    # ------------------------------------------------------------------ teams (pairs, RULES.md §2.2)
    def form_teams(self) -> None:
        """Teams of two in roster order (the host rearranges them with `set_teams`)."""
        self.split_teams()
        people = self.people
        for i in range(1, len(people), 2):
            people[i]["team"] = people[i - 1]["person"]

    def split_teams(self) -> None:
        """One seat per person again."""
        for entry in self.people:
            entry.pop("team", None)

    def join_a_team(self, entry: Person) -> None:
        """A newcomer at a table of teams joins a lone lead's team (moving next to them), else stays a
        team of their own."""
        for lead in self.leads():
            if lead is not entry and len(self.members(lead["person"])) == 1 and not lead.get("child"):
                entry["team"] = lead["person"]
                self.people.remove(entry)
                self.people.insert(self.people.index(lead) + 1, entry)
                return

    def set_teams(self, teams: list[list[str]]) -> None:
        """The host's layout: `teams` lists every person once, in seat order, lead first; teams of two
        (one team of one when the count is odd). Raises Refused `bad_teams`."""
        people = [p for t in teams for p in t]
        everyone = [e["person"] for e in self.people]
        singles = sum(1 for t in teams if len(t) == 1)
        if (sorted(people) != sorted(everyone) or any(not 1 <= len(t) <= 2 for t in teams)
                or singles != len(everyone) % 2):
            raise Refused("bad_teams")
        by_id = {e["person"]: e for e in self.people}
        self.data["people"] = [by_id[p] for p in people]
        self.split_teams()
        for t in teams:
            for partner in t[1:]:
                by_id[partner]["team"] = t[0]

    # ------------------------------------------------------------------ the wire
    def view(self, connected: set[str]) -> list[dict[str, Any]]:
        """The roster of the room view, by seat with its people (no tokens); `connected`: the people
        with a socket."""
        roster = []
        for lead in self.leads():
            members = self.members(lead["person"])
            roster.append({
                "seat": lead["person"], "name": " & ".join(m["name"] for m in members), "colour": lead["colour"],
                "connected": any(m["person"] in connected for m in members), "members": len(members),
                "people": [{"person": m["person"], "name": m["name"], "colour": m["colour"],
                            "open": m.get("open", False), "child": m.get("child", False)} for m in members],
                "removed": lead.get("removed", False), "open": any(m.get("open") for m in members),
                "child": lead.get("child", False)})
        return roster
