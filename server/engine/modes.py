"""Modes (table layouts, RULES.md §2) registered in one place, as a few hooks with neutral defaults
(the python-chess variant pattern). `game.py` asks these hooks and never branches on a mode's name.

Hooks read a *draft*: the dict of GameState fields being built by `apply` (see state.py).
"""
from __future__ import annotations

from . import families
from .errors import IllegalAction
from .rulesets import RULESETS, Ruleset


def refill_counts(wants: list[tuple[str, int]], available: int) -> list[tuple[str, int]]:
    """Cards each seat draws: all it `wants` if `available` covers them, else passes round the table of
    one card to every seat still drawing, each pass only while it reaches them all (Decision D10)."""
    if sum(n for _, n in wants) <= available:
        return wants
    gets = dict.fromkeys((seat for seat, _ in wants), 0)
    while True:
        drawing = [seat for seat, n in wants if gets[seat] < n]
        if not drawing or available < len(drawing):
            return [(seat, n) for seat, n in gets.items() if n]
        for seat in drawing:
            gets[seat] += 1
        available -= len(drawing)


def active_seats(d: dict) -> list[str]:
    """Seats still playing, in seat (clockwise) order."""
    removed = d["removed"]
    return [s for s in d["seats"] if s not in removed] if removed else list(d["seats"])


class Mode:
    """Standard table (RULES.md §2.1): every seat has an elephant and a hand; the storyteller tells
    with a card, the others play one card each and vote."""

    id = "standard"
    rulesets: tuple[str, ...] = ("imaginarium", "imaginarium-classic", "dixit")
    tell_with_card = True          # the storyteller's `tell` carries their card
    cards_each = 1                 # cards each player submits in `playing`
    has_playing_phase = True       # kids: the adult's card plus deck cards go straight to the table
    extra_cards = 0                # cards added from the deck when the table is laid out
    extra_owner = ""               # their owner on the table ("bot", "deck")
    storyteller_votes = False
    proxy_votes = False            # kids: the adult may enter a child's vote (`for`)
    has_adult = False              # kids: one seat is the adult, the permanent storyteller
    sought_owner = None            # whose card the voters look for; None: the storyteller's
    hand_face_down_while_telling = False  # duel: nobody looks at their cards before the association
    allows_short_game = True
    min_active = 2                 # a storyteller and one voter
    equal_turns = True             # the storyteller passes round the table (D8 counts its cycles)
    # -- lobby rules the room reads (it never branches on a mode's name) --
    people_per_seat = 1            # pairs: a seat (one elephant) is a team of two people (RULES.md §2.2)
    automatic = False              # pairs: a standard room switches to it once the people fit (RULES.md §4)

    # -- seats, decks, elephants ---------------------------------------------------------------
    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        """Allowed number of seats (RULES.md §1 table, §2)."""
        return rs.standard_seats

    def cards_per_round(self, n_seats: int) -> int | None:
        """C of RULES.md §1.3 (cards on the table per round), or None: no removal before play."""
        return n_seats

    def min_deck(self, rs: Ruleset, n_seats: int) -> int:
        """Cards needed to deal and play one full round."""
        return rs.hand_size * n_seats + n_seats

    def elephant_ids(self, seats: list[str], adult: str | None) -> list[str]:
        """Elephant ids in display order; standard: one per seat, named like the seat."""
        return list(seats)

    def elephant_seats(self, d: dict, elephant: str) -> list[str]:
        """The seats an elephant belongs to."""
        return [elephant]

    def storyteller_elephant(self, d: dict, storyteller: str) -> str | None:
        """Whose cell decides the storyteller's special-cell condition (RULES.md §3)."""
        return storyteller

    def setup(self, d: dict, rs: Ruleset, deal) -> None:
        """Deal the opening hands (`deal(seat, n)`)."""
        for seat in d["seats"]:
            deal(seat, rs.hand_size)

    def start_round(self, d: dict, rs: Ruleset, draw) -> bool:
        """Per-round preparation before telling; False if the deck cannot supply it."""
        return True

    # -- who acts --------------------------------------------------------------------------------
    def voters(self, d: dict) -> list[str]:
        """Seats that vote this round (RULES.md §1.1: everyone but the storyteller)."""
        return [s for s in active_seats(d) if s != d["storyteller"]]

    def plays_from_hand(self, d: dict) -> list[str]:
        """Seats whose hands feed the table (for the hands-empty end and D1)."""
        return active_seats(d)

    def first_storyteller(self, d: dict, chosen: str | None) -> str | None:
        """The first storyteller when the room did not pick one (None: by the setting)."""
        return chosen

    def next_storyteller(self, d: dict) -> str | None:
        """Next active seat clockwise after the current storyteller (RULES.md §1.2)."""
        seats, removed = d["seats"], d["removed"]
        i = seats.index(d["storyteller"]) if d["storyteller"] in seats else -1
        for k in range(1, len(seats) + 1):
            seat = seats[(i + k) % len(seats)]
            if seat not in removed:
                return seat
        return None

    def can_continue(self, d: dict) -> bool:
        """Enough active seats to play a round."""
        return len(active_seats(d)) >= self.min_active

    def may_reshuffle_extras(self, d: dict) -> bool:
        """Whether the discard may become a new deck to supply table extras / round deals."""
        return d["settings"].reshuffle

    def may_reshuffle_refill(self, d: dict) -> bool:
        """Whether the discard may become a new deck for refills (§4 reshuffle setting)."""
        return d["settings"].reshuffle

    # -- scoring, refills, ends ------------------------------------------------------------------
    def score(self, rs: Ruleset, storyteller: str, table: list[str], votes: dict, positions: dict):
        """Breakdown and outcome of a round (RULES.md §1.1 by default)."""
        return rs.score(storyteller, table, votes, positions)

    def end_of_round(self, d: dict, rs: Ruleset, draw) -> bool:
        """Refill after scoring (RULES.md §1 table), dealt round the table in passes, a pass only when
        the deck holds a card for every seat still drawing (D10: hands shrink together). True if the
        refill emptied the deck."""
        reshuffle = self.may_reshuffle_refill(d)
        if rs.refill == "one_each" and d["deck_ran_out"] and not reshuffle:
            return False  # "while the deck lasts": a deck rebuilt only for extras does not refill hands
        hands = d["hands"] = dict(d["hands"])
        size = rs.hand_size
        wants = [(seat, 1 if rs.refill == "one_each" else size - len(hands[seat]))
                 for seat in active_seats(d) if len(hands[seat]) < size]
        wants = refill_counts(wants, len(d["deck"]) + (len(d["discard"]) if reshuffle else 0))
        had = bool(d["deck"])
        cards = draw(sum(n for _, n in wants), reshuffle)  # seat order, one pile
        at = 0
        for seat, n in wants:
            hands[seat] = hands[seat] + cards[at:at + n]
            at += n
        return had and not d["deck"]

    def end_reason(self, d: dict, rs: Ruleset, refill_emptied: bool) -> str | None:
        """Why the game ends after this round's scoring, or None (RULES.md §1, §4, D3t, D7)."""
        if not self.can_continue(d):
            return "too_few_players"
        furthest = max(d["elephants"].values())
        short = d["settings"].short_game
        if short is not None and furthest >= d["board"].distance_to(short):
            return "short_game"
        if rs.score_to_win is not None and furthest >= rs.score_to_win:
            return "score_reached"
        if rs.ends_when_deck_empties and not d["settings"].reshuffle and len(d["deck"]) < len(active_seats(d)):
            return "deck_empty"  # D7 made exact (D8): the next refill could not serve every seat
        hands = d["hands"]
        if any(not hands[s] for s in self.plays_from_hand(d)):
            return "hands_empty"
        if self.extra_cards and len(d["deck"]) < self.extra_cards and not (
                self.may_reshuffle_extras(d) and len(d["deck"]) + len(d["discard"]) >= self.extra_cards):
            return "no_bot_cards"
        return None

    def winners(self, d: dict, reason: str) -> list[str]:
        """Winning elephants: every leader by distance (ties share, RULES.md §1.2)."""
        best = max(d["elephants"].values())
        return [e for e, dist in d["elephants"].items() if dist == best]

    def outcome(self, d: dict) -> str | None:
        """Duel's win/loss/draw; None elsewhere."""
        return None


class Pairs(Mode):
    """Pairs (RULES.md §2.2): a standard game of teams; one seat is one team of two people."""

    id = "pairs"
    rulesets = ("imaginarium", "imaginarium-classic")
    people_per_seat = 2
    automatic = True

    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        return (4, 7)  # 8-14 people, two per elephant


class Trio(Mode):
    """Three players and two bot cards from the deck (RULES.md §2.3, Decision D3t)."""

    id = "trio"
    rulesets = ("imaginarium", "imaginarium-classic")
    extra_cards = 2
    extra_owner = "bot"

    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        return (3, 3)

    def cards_per_round(self, n_seats: int) -> int | None:
        return n_seats + self.extra_cards  # 5 cards on the table: deck in play 75

    def min_deck(self, rs: Ruleset, n_seats: int) -> int:
        return rs.hand_size * n_seats + self.extra_cards

    def may_reshuffle_extras(self, d: dict) -> bool:
        return d["settings"].reshuffle or d["settings"].when_deck_empty == "reshuffle"


class Duel(Mode):
    """Two players and one shared elephant against the mammoth (RULES.md §2.4, D3d, D4)."""

    id = "duel"
    rulesets = ("imaginarium", "imaginarium-classic")
    tell_with_card = False
    cards_each = 2
    storyteller_votes = True
    allows_short_game = False
    min_active = 1
    sought_owner = "mammoth"
    hand_face_down_while_telling = True
    finish = 20  # distance in cells on every board (D9)

    equal_turns = False

    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        return (2, 2)

    def cards_per_round(self, n_seats: int) -> int | None:
        return None

    def min_deck(self, rs: Ruleset, n_seats: int) -> int:
        return 1 + rs.hand_size * n_seats

    def elephant_ids(self, seats, adult):
        return ["elephant", "mammoth"]

    def elephant_seats(self, d, elephant):
        return list(d["seats"]) if elephant == "elephant" else []

    def storyteller_elephant(self, d, storyteller):
        return "elephant"

    def setup(self, d, rs, deal) -> None:
        pass  # every round deals anew

    def start_round(self, d, rs, draw) -> bool:
        # The mammoth's card first, then six new cards each (000); D3d: reshuffle when short.
        need = 1 + rs.hand_size * len(active_seats(d))
        cards = draw(need, True)
        if cards is None:
            return False
        d["mammoth"] = cards[0]
        hands = d["hands"] = dict(d["hands"])
        rest = cards[1:]
        for i, seat in enumerate(active_seats(d)):
            hands[seat] = rest[i * rs.hand_size:(i + 1) * rs.hand_size]
        return True

    def voters(self, d):
        return active_seats(d)

    def plays_from_hand(self, d):
        return []

    def may_reshuffle_extras(self, d):
        return True

    def score(self, rs, storyteller, table, votes, positions):
        return families.duel(storyteller, table, votes, positions)

    def end_of_round(self, d, rs, draw) -> bool:
        # Every card left in both hands goes to the discard too (000).
        hands = d["hands"] = dict(d["hands"])
        discard = list(d["discard"])
        for seat in hands:
            discard += hands[seat]
            hands[seat] = []
        d["discard"] = discard
        return False

    def end_reason(self, d, rs, refill_emptied):
        if not self.can_continue(d):
            return "too_few_players"
        if max(d["elephants"].values()) >= self.finish:
            return "finish"
        return None

    def winners(self, d, reason):
        e, m = d["elephants"]["elephant"], d["elephants"]["mammoth"]
        return ["elephant"] if e > m else ["mammoth"] if m > e else ["elephant", "mammoth"]

    def outcome(self, d):
        # D4: both at the finish in the same round is a draw; the host's early end compares distance.
        e, m = d["elephants"]["elephant"], d["elephants"]["mammoth"]
        if e >= self.finish and m >= self.finish:
            return "draw"
        return "win" if e > m else "loss" if m > e else "draw"


class Kids(Mode):
    """The kids' variant (RULES.md §2.5, D5): the adult is the permanent storyteller and plays their
    card plus two deck cards; one child plays against the adult, several children against each other;
    the game ends after a full lap."""

    id = "kids"
    rulesets = ("imaginarium", "imaginarium-classic")
    has_playing_phase = False
    extra_cards = 2
    extra_owner = "deck"
    proxy_votes = True
    has_adult = True
    allows_short_game = False

    equal_turns = False

    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        return (2, 8)  # the adult and 1-7 children (seven elephants in the box)

    def cards_per_round(self, n_seats: int) -> int | None:
        return None

    def min_deck(self, rs: Ruleset, n_seats: int) -> int:
        return rs.hand_size + self.extra_cards

    def elephant_ids(self, seats, adult):
        children = [s for s in seats if s != adult]
        return children + [adult] if len(children) == 1 else children

    def setup(self, d, rs, deal) -> None:
        deal(d["adult"], rs.hand_size)
        for seat in d["seats"]:
            d["hands"].setdefault(seat, [])

    def first_storyteller(self, d, chosen):
        return d["adult"]

    def next_storyteller(self, d):
        return d["adult"]

    def plays_from_hand(self, d):
        return [d["adult"]]

    def can_continue(self, d):
        return d["adult"] not in d["removed"] and len(active_seats(d)) >= 2

    def may_reshuffle_extras(self, d):
        return True

    def may_reshuffle_refill(self, d):
        return True

    def score(self, rs, storyteller, table, votes, positions):
        return families.kids(storyteller, table, votes, positions)

    def end_of_round(self, d, rs, draw) -> bool:
        adult = d["adult"]
        hands = d["hands"] = dict(d["hands"])
        hands[adult] = hands[adult] + draw(rs.hand_size - len(hands[adult]), True, partial=True)
        return False

    def end_reason(self, d, rs, refill_emptied):
        if not self.can_continue(d):
            return "too_few_players"
        if max(d["elephants"].values()) >= d["board"].length:
            return "lap"
        if not d["hands"][d["adult"]]:
            return "hands_empty"
        return None

    def winners(self, d, reason):
        if reason == "lap":  # everyone who completed the lap in that round (000)
            return [e for e, dist in d["elephants"].items() if dist >= d["board"].length]
        return super().winners(d, reason)


MODES: dict[str, Mode] = {m.id: m for m in (Mode(), Pairs(), Trio(), Duel(), Kids())}


def mode_seat_range(ruleset: str, mode: str) -> tuple[int, int]:
    """(min, max) seats for a ruleset and mode; in pairs a seat is a team of two (RULES.md §2).

    :raises IllegalAction: ``bad_settings`` for an unknown ruleset or mode, or one the ruleset lacks.
    """
    rs, m = RULESETS.get(ruleset), MODES.get(mode)
    if rs is None or m is None:
        raise IllegalAction("bad_settings", f"unknown ruleset/mode {ruleset!r}/{mode!r}")
    if ruleset not in m.rulesets:
        raise IllegalAction("bad_settings", f"{ruleset} has no {mode} mode", field="mode",
                            reason="mode_not_in_ruleset", ruleset=ruleset, mode=mode)
    return m.seat_range(rs)
