"""Scoring of one round, one function per scoring family (RULES.md §1.1, §2.3–2.5). Pure arithmetic on
the case format of RULES.md §5; `scoring.score` picks the family from the ruleset and mode objects.

Every family is a `Family`: ``(storyteller, table, votes, positions, absent) -> (breakdown, outcome)``.
`table` is the owner of card 1..N (a seat, or "bot"/"deck"/"mammoth" for nobody's cards), `votes`
voter -> card number (1-based), `positions` elephant -> distance before the round, `absent` the seats
no longer at the table (removed, D11). The breakdown maps every elephant to a list of
``{"reason", "points"}`` (points in cells; negative only for the classic back-moves); the outcome is
``"all"``, ``"none"`` or ``"some"`` (did the voters find the card they looked for).

The voters V of a round (RULES.md §1.1) are the seats at the table that vote: every owner of a card
on the table and every seat with a vote, but the storyteller (kids: every child; duel: both players),
less `absent`. A voter in V with no vote **abstains** (the host skipped them, the timer ran out,
Decision D13): they count as a voter who did not find the card, so one abstainer turns "all found"
into "some found" (or "none found"), and they earn only what votes on their own card give. An
elephant that is neither in V nor the storyteller (only in `positions`: D11 made exact) scores
nothing. Removed seats' lines are the caller's: `scoring.score` empties them.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .results import Breakdown, Outcome

#: Table owners that are nobody's elephant (trio bot cards, kids' deck cards, the duel's mammoth).
NOBODY = frozenset({"bot", "deck", "mammoth"})

Family = Callable[[str, Sequence[str], Mapping[str, int], Mapping[str, int], Collection[str]],
                  tuple[Breakdown, Outcome]]


@dataclass(frozen=True, slots=True)
class StoryPoints:
    """The points (cells) of a storyteller's-card round in one family (RULES.md §1.1). The families
    below score with these and the catalogue publishes them (the how-to-play explainer's numbers,
    web/shared/explainer.js), so a rule's number is written once."""

    teller_some: int
    """The storyteller when some but not all voters found the card."""
    teller_per_guess: int
    """The storyteller's extra per voter who found it, in that case (Dixit: none)."""
    guesser: int
    """Each voter who found it, in that case."""
    all_teller: int
    """The storyteller when everyone found it (classic: a move back, never behind the start)."""
    all_voters: int
    """Each voter when everyone found it."""
    none_teller: int
    """The storyteller when nobody found it (classic: a move back, never behind the start)."""
    missed_others: int
    """Every voter when everyone or nobody found it (Dixit's flat 2: the voters in V only, abstainers
    included (D13), removed seats and elephants with neither card nor vote not (D11))."""
    per_vote: int
    """Every other player per vote on their card (not when everyone found the storyteller's)."""


@dataclass(frozen=True, slots=True)
class DuelPoints:
    """The duel's points by how many of the two players found the mammoth's card (RULES.md §2.4)."""

    none_mammoth: int
    """Nobody found it: the mammoth moves."""
    one_elephant: int
    """One found it: the players' elephant moves..."""
    one_mammoth: int
    """...and so does the mammoth."""
    both_elephant: int
    """Both found it: the elephant moves."""


@dataclass(frozen=True, slots=True)
class KidsPoints:
    """The kids' variant's points (RULES.md §2.5, D5)."""

    right: int
    """A child who found the adult's card."""
    right_from_last: int
    """A child who found it while last (the catch-up bonus; never the adult)."""
    adult_when_missed: int
    """With one child: the adult when the child missed."""


#: Points of each storyteller's-card family (RULES.md §1.1), by family name; read at scoring time.
STORY_POINTS: dict[str, StoryPoints] = {
    "imaginarium": StoryPoints(teller_some=3, teller_per_guess=1, guesser=3, all_teller=0, all_voters=3,
                               none_teller=0, missed_others=0, per_vote=1),
    "classic": StoryPoints(teller_some=3, teller_per_guess=1, guesser=3, all_teller=-3, all_voters=0,
                           none_teller=-2, missed_others=0, per_vote=1),
    "dixit": StoryPoints(teller_some=3, teller_per_guess=0, guesser=3, all_teller=0, all_voters=0,
                         none_teller=0, missed_others=2, per_vote=1),
}
#: The duel's points (RULES.md §2.4).
DUEL_POINTS = DuelPoints(none_mammoth=3, one_elephant=1, one_mammoth=1, both_elephant=2)
#: The kids' points (RULES.md §2.5).
KIDS_POINTS = KidsPoints(right=1, right_from_last=3, adult_when_missed=1)


def _card_of(table: Sequence[str], owner: str) -> int:
    numbers = [i + 1 for i, o in enumerate(table) if o == owner]
    if len(numbers) != 1:
        raise ValueError(f"{owner!r} must own exactly one card on the table, owns {len(numbers)}")
    return numbers[0]


def _seats_of(table: Sequence[str], votes: Mapping[str, int], absent: Collection[str], *but: str) -> list[str]:
    """The voters V: owners of cards on the table and seats with a vote, in that order, less nobody's
    owners, `absent` seats and `but` (the storyteller). Abstainers are the ones without a vote (D13)."""
    return [e for e in dict.fromkeys([*table, *votes]) if e not in NOBODY and e not in absent and e not in but]


def _outcome(found: int, voters: int) -> Outcome:
    if voters and found == voters:
        return "all"
    return "none" if found == 0 else "some"


def _add(bd: Breakdown, who: str, reason: str, points: int) -> None:
    if points:
        bd[who].append({"reason": reason, "points": points})


class _Round:
    """What the three storyteller's-card families share: the elephants, the voters V (abstainers
    included, D13), c and the votes each other player's card received (RULES.md §1.1)."""

    def __init__(self, storyteller: str, table: Sequence[str], votes: Mapping[str, int],
                 positions: Mapping[str, int], absent: Collection[str]) -> None:
        self.storyteller, self.votes = storyteller, votes
        self.target = _card_of(table, storyteller)
        bd: Breakdown = {storyteller: []}
        for group in (table, votes, positions):
            for e in group:
                if e not in bd and e not in NOBODY:
                    bd[e] = []
        self.breakdown = bd
        self.voters = _seats_of(table, votes, absent, storyteller)
        self.found = sum(1 for v in self.voters if votes.get(v) == self.target)
        self.outcome = _outcome(self.found, len(self.voters))
        received: dict[str, int] = {}
        for v in self.voters:
            if v not in votes:
                continue  # an abstainer's missing vote lands on nobody's card
            owner = table[votes[v] - 1]
            if owner != storyteller and owner not in NOBODY:
                received[owner] = received.get(owner, 0) + 1
        self.received = received

    def guessers_score(self, points: int) -> None:
        for v in self.voters:
            if self.votes.get(v) == self.target:
                _add(self.breakdown, v, "guessed", points)

    def cards_score(self, per_vote: int) -> None:
        """`per_vote` per vote on each other player's card (none when everyone guessed)."""
        for owner, n in self.received.items():
            _add(self.breakdown, owner, "votes_on_card", per_vote * n)


def imaginarium(storyteller: str, table: Sequence[str], votes: Mapping[str, int],
                positions: Mapping[str, int], absent: Collection[str] = ()) -> tuple[Breakdown, Outcome]:
    """`imaginarium` (000/001): all found → voters 3, storyteller 0; none found → storyteller 0; some →
    storyteller 3 + c, correct voters 3; other players +1 per vote on their card. With no voter at all
    nobody scores (outcome "none"; the game never scores such a round)."""
    p, r = STORY_POINTS["imaginarium"], _Round(storyteller, table, votes, positions, absent)
    if not r.voters:
        return r.breakdown, "none"
    if r.outcome == "some":
        _add(r.breakdown, storyteller, "storyteller", p.teller_some)
        _add(r.breakdown, storyteller, "votes_on_card", p.teller_per_guess * r.found)
        r.guessers_score(p.guesser)
    elif r.outcome == "all":
        _add(r.breakdown, storyteller, "everyone_guessed", p.all_teller)
        r.guessers_score(p.all_voters)
    else:
        _add(r.breakdown, storyteller, "nobody_guessed", p.none_teller)
    r.cards_score(p.per_vote)
    return r.breakdown, r.outcome


def classic(storyteller: str, table: Sequence[str], votes: Mapping[str, int],
            positions: Mapping[str, int], absent: Collection[str] = ()) -> tuple[Breakdown, Outcome]:
    """`imaginarium-classic` (004): as `imaginarium` when some found; all found → the storyteller moves
    back 3 cells, none found → back 2, never behind the start; nobody else scores for "all"."""
    p, r = STORY_POINTS["classic"], _Round(storyteller, table, votes, positions, absent)
    if not r.voters:
        return r.breakdown, "none"
    at = positions.get(storyteller, 0)
    if r.outcome == "some":
        _add(r.breakdown, storyteller, "storyteller", p.teller_some)
        _add(r.breakdown, storyteller, "votes_on_card", p.teller_per_guess * r.found)
        r.guessers_score(p.guesser)
    elif r.outcome == "all":
        _add(r.breakdown, storyteller, "everyone_guessed", max(p.all_teller, -at))
        r.guessers_score(p.all_voters)
    else:
        _add(r.breakdown, storyteller, "nobody_guessed", max(p.none_teller, -at))
    r.cards_score(p.per_vote)
    return r.breakdown, r.outcome


def dixit(storyteller: str, table: Sequence[str], votes: Mapping[str, int],
          positions: Mapping[str, int], absent: Collection[str] = ()) -> tuple[Breakdown, Outcome]:
    """`dixit` (002): all or none found → storyteller 0, every voter 2 (reason ``everyone_found`` or
    ``nobody_found``: the two outcomes are told apart); some → storyteller 3 (no per-vote bonus),
    correct voters 3; other players +1 per vote on their card. A round in which every voter abstains
    is "nobody found" (D13)."""
    p, r = STORY_POINTS["dixit"], _Round(storyteller, table, votes, positions, absent)
    if not r.voters:
        return r.breakdown, "none"
    if r.outcome == "some":
        _add(r.breakdown, storyteller, "storyteller", p.teller_some)
        _add(r.breakdown, storyteller, "votes_on_card", p.teller_per_guess * r.found)
        r.guessers_score(p.guesser)
    else:
        why = "everyone_found" if r.outcome == "all" else "nobody_found"
        _add(r.breakdown, storyteller, why, p.all_teller if r.outcome == "all" else p.none_teller)
        r.guessers_score(p.all_voters)
        for v in r.voters:
            _add(r.breakdown, v, why, p.missed_others)
    r.cards_score(p.per_vote)
    return r.breakdown, r.outcome


def duel(storyteller: str, table: Sequence[str], votes: Mapping[str, int],
         positions: Mapping[str, int], absent: Collection[str] = ()) -> tuple[Breakdown, Outcome]:
    """Two players against the mammoth (RULES.md §2.4): g players found the mammoth's card;
    g = 0 → mammoth +3; g = 1 → elephant +1, mammoth +1; g = 2 → elephant +2. A player who played
    but did not vote abstains: they did not find it (D13)."""
    p, target = DUEL_POINTS, _card_of(table, "mammoth")
    players = _seats_of(table, votes, absent)
    g = sum(1 for v in players if votes.get(v) == target)
    bd: Breakdown = {"elephant": [], "mammoth": []}
    if g == 0:
        _add(bd, "mammoth", "nobody_found_mammoth", p.none_mammoth)
    elif g == 1:
        _add(bd, "elephant", "one_found_mammoth", p.one_elephant)
        _add(bd, "mammoth", "one_found_mammoth", p.one_mammoth)
    else:
        _add(bd, "elephant", "both_found_mammoth", p.both_elephant)
    return bd, _outcome(g, len(players))


def kids(storyteller: str, table: Sequence[str], votes: Mapping[str, int],
         positions: Mapping[str, int], absent: Collection[str] = ()) -> tuple[Breakdown, Outcome]:
    """The kids' variant (RULES.md §2.5): the storyteller is the adult; the children are everyone in
    `votes` or `positions` but the adult. Right → +1, or +3 when that child's elephant is last
    (Decision D5: at the smallest distance, and not everyone there). With one child the adult has an
    elephant and gets +1 when the child is wrong (never the bonus). A child at the table whose guess
    was never entered abstains: a wrong guess (D13); an `absent` child guesses nothing."""
    p, target = KIDS_POINTS, _card_of(table, storyteller)
    children = [c for c in dict.fromkeys([*votes, *positions]) if c != storyteller]
    one_child = len(children) == 1
    elephants = [*children, storyteller] if one_child else children
    bd: Breakdown = {e: [] for e in elephants}
    at = {e: positions.get(e, 0) for e in elephants}
    low = min(at.values()) if at else 0
    last = {e for e, d in at.items() if d == low} if len(set(at.values())) > 1 else set()
    voting = [c for c in children if c not in absent]
    found = 0
    for child in voting:
        if votes.get(child) == target:
            found += 1
            if child in last:
                _add(bd, child, "guessed_from_last_place", p.right_from_last)
            else:
                _add(bd, child, "guessed", p.right)
        elif one_child:
            _add(bd, storyteller, "child_missed", p.adult_when_missed)
    return bd, _outcome(found, len(voting))


#: Which points each family scores with (its name in `STORY_POINTS`, or the mode's own table).
_POINTS_OF: dict[Family, str] = {imaginarium: "imaginarium", classic: "classic", dixit: "dixit",
                                 duel: "duel", kids: "kids"}


def points_of(family: Family) -> dict[str, Any] | None:
    """The points `family` scores with, JSON-able, read now (so the catalogue always shows what scoring
    uses): ``{"family": "imaginarium" | "classic" | "dixit", <StoryPoints fields>}``,
    ``{"family": "duel", <DuelPoints fields>}`` or ``{"family": "kids", <KidsPoints fields>}``; None for
    a family registered elsewhere (RULES.md §1.1, §2.4, §2.5)."""
    name = _POINTS_OF.get(family)
    if name is None:
        return None
    table: StoryPoints | DuelPoints | KidsPoints = (
        DUEL_POINTS if name == "duel" else KIDS_POINTS if name == "kids" else STORY_POINTS[name])
    return {"family": name, **asdict(table)}
