"""Modes (table layouts, RULES.md §2) registered in one place, as a few hooks with neutral defaults
(the python-chess variant pattern). `game.py` asks these hooks and never branches on a mode's name.

Hooks only read: they get a `GameState` (immutable) and return values; what changes cards is returned
as a plan (`Refill`, `RoundDeal`) that game.py carries out, the one place that writes a state.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal, NamedTuple

from . import families
from .errors import IllegalAction
from .families import Family
from .rulesets import RULESETS, Ruleset
from .state import GameState

DuelOutcome = Literal["win", "loss", "draw"]


class Refill(NamedTuple):
    """The cards a mode's refill after scoring moves (game.py carries it out, RULES.md §1 table). A
    NamedTuple: built every round, and cheaper to build than a frozen dataclass."""

    draws: tuple[tuple[str, int], ...] = ()
    """(seat, cards) in seat order, drawn off the top of the deck as one pile."""
    may_reshuffle: bool = False
    """The discard may become a new deck under the old one when the deck is short."""
    partial: bool = False
    """When the cards are not there, draw what there is (kids: the adult's hand)."""
    discard_hands: bool = False
    """Every hand goes to the discard first (duel, 000)."""


class RoundDeal(NamedTuple):
    """Cards dealt at the start of every round (duel, 000): face down to the centre, then new hands."""

    centre: int
    """Cards face down in the centre (the mammoth's card), drawn first."""
    hands: tuple[tuple[str, int], ...]
    """(seat, cards) of the new hands, in seat order."""


_NO_REFILL = Refill()
#: The duel ends at this distance in cells on every board (D9).
DUEL_FINISH = 20


def refill_counts(wants: Sequence[tuple[str, int]], available: int) -> tuple[tuple[str, int], ...]:
    """Cards each seat draws: all it `wants` if `available` covers them, else passes round the table of
    one card to every seat still drawing, each pass only while it reaches them all (Decision D10)."""
    if sum(n for _, n in wants) <= available:
        return tuple(wants)
    gets = dict.fromkeys((seat for seat, _ in wants), 0)
    while True:
        drawing = [seat for seat, n in wants if gets[seat] < n]
        if not drawing or available < len(drawing):
            return tuple((seat, n) for seat, n in gets.items() if n)
        for seat in drawing:
            gets[seat] += 1
        available -= len(drawing)


class Mode:
    """Standard table (RULES.md §2.1): every seat has an elephant and a hand; the storyteller tells
    with a card, the others play one card each and vote."""

    id: ClassVar[str] = "standard"
    rulesets: ClassVar[tuple[str, ...]] = ("imaginarium", "imaginarium-classic", "dixit")
    tell_with_card: ClassVar[bool] = True      # the storyteller's `tell` carries their card
    cards_each: ClassVar[int] = 1              # cards each player submits in `playing`
    has_playing_phase: ClassVar[bool] = True   # kids: the adult's card and deck cards go straight to the table
    extra_cards: ClassVar[int] = 0             # cards added from the deck when the table is laid out
    extra_owner: ClassVar[str] = ""            # their owner on the table ("bot", "deck")
    storyteller_votes: ClassVar[bool] = False
    proxy_votes: ClassVar[bool] = False        # kids: the adult may enter a child's vote (`for`)
    has_adult: ClassVar[bool] = False          # kids: one seat is the adult, the permanent storyteller
    sought_owner: ClassVar[str | None] = None  # whose card the voters look for; None: the storyteller's
    hand_face_down_while_telling: ClassVar[bool] = False  # duel: nobody looks before the association
    allows_short_game: ClassVar[bool] = True
    min_active: ClassVar[int] = 2              # a storyteller and one voter
    equal_turns: ClassVar[bool] = True         # the storyteller passes round the table (D8 counts cycles)
    # -- lobby rules the room reads (it never branches on a mode's name) --
    people_per_seat: ClassVar[int] = 1         # pairs: a seat (one elephant) is a team of two (RULES.md §2.2)
    automatic: ClassVar[bool] = False          # pairs: a standard room switches to it once the people fit (§4)
    uses_when_deck_empty: ClassVar[bool] = False  # trio: the `when_deck_empty` setting applies (D3t)
    finish: ClassVar[int | None] = None        # duel: the distance that ends the game on every board (D9)

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

    def elephant_ids(self, seats: Sequence[str], adult: str | None) -> list[str]:
        """Elephant ids in display order; standard: one per seat, named like the seat."""
        return list(seats)

    def elephant_seats(self, s: GameState, elephant: str) -> list[str]:
        """The seats an elephant belongs to (none: the mammoth)."""
        return [elephant]

    def storyteller_elephant(self, s: GameState, storyteller: str) -> str | None:
        """Whose cell decides the storyteller's special-cell condition (RULES.md §3)."""
        return storyteller

    def opening_hands(self, seats: Sequence[str], adult: str | None, rs: Ruleset) -> dict[str, int]:
        """Cards dealt to each seat before the first round (every seat listed, 0 for none)."""
        return dict.fromkeys(seats, rs.hand_size)

    def round_deal(self, s: GameState, rs: Ruleset) -> RoundDeal | None:
        """Cards dealt before each round's telling, or None (hands carry over)."""
        return None

    # -- who acts --------------------------------------------------------------------------------
    def voters(self, s: GameState) -> list[str]:
        """Seats that vote this round (RULES.md §1.1: everyone but the storyteller)."""
        return [seat for seat in s.active_seats() if seat != s.storyteller]

    def plays_from_hand(self, s: GameState) -> list[str]:
        """Seats whose hands feed the table (for the hands-empty end and D1)."""
        return s.active_seats()

    def first_storyteller(self, adult: str | None, chosen: str | None) -> str | None:
        """The first storyteller when the room did not pick one (None: by the setting)."""
        return chosen

    def next_storyteller(self, s: GameState) -> str | None:
        """Next active seat clockwise after the current storyteller (RULES.md §1.2)."""
        seats, removed = s.seats, s.removed
        i = seats.index(s.storyteller) if s.storyteller in seats else -1
        for k in range(1, len(seats) + 1):
            seat = seats[(i + k) % len(seats)]
            if seat not in removed:
                return seat
        return None

    def can_continue(self, s: GameState) -> bool:
        """Enough active seats to play a round."""
        return len(s.active_seats()) >= self.min_active

    def may_reshuffle_extras(self, s: GameState) -> bool:
        """Whether the discard may become a new deck to supply table extras / round deals."""
        return s.settings.reshuffle

    def may_reshuffle_refill(self, s: GameState) -> bool:
        """Whether the discard may become a new deck for refills (§4 reshuffle setting)."""
        return s.settings.reshuffle

    # -- scoring, refills, ends ------------------------------------------------------------------
    def family(self, rs: Ruleset) -> Family:
        """The scoring family of this table (RULES.md §1.1: the ruleset's own by default)."""
        return rs.family

    def refill(self, s: GameState, rs: Ruleset) -> Refill:
        """The refill after scoring (RULES.md §1 table), dealt round the table in passes, a pass only
        when the deck holds a card for every seat still drawing (D10: hands shrink together)."""
        reshuffle = self.may_reshuffle_refill(s)
        if rs.refill == "one_each" and s.deck_ran_out and not reshuffle:
            return _NO_REFILL  # "while the deck lasts": a deck rebuilt only for extras refills no hand
        hands, size = s.hands, rs.hand_size
        wants = [(seat, 1 if rs.refill == "one_each" else size - len(hands[seat]))
                 for seat in s.active_seats() if len(hands[seat]) < size]
        available = len(s.deck) + (len(s.discard) if reshuffle else 0)
        return Refill(draws=refill_counts(wants, available), may_reshuffle=reshuffle)

    def end_reason(self, s: GameState, rs: Ruleset) -> str | None:
        """Why the game ends after this round's scoring and refill, or None (RULES.md §1, §4, D3t,
        D7 made exact by D8)."""
        if not self.can_continue(s):
            return "too_few_players"
        furthest = max(s.elephants.values())
        short = s.settings.short_game
        if short is not None and furthest >= s.board.distance_to(short):
            return "short_game"
        if rs.score_to_win is not None and furthest >= rs.score_to_win:
            return "score_reached"
        if rs.ends_when_deck_empties and not s.settings.reshuffle and len(s.deck) < len(s.active_seats()):
            return "deck_empty"  # the next refill could not serve every seat
        hands = s.hands
        if any(not hands[seat] for seat in self.plays_from_hand(s)):
            return "hands_empty"
        if self.extra_cards and len(s.deck) < self.extra_cards and not (
                self.may_reshuffle_extras(s) and len(s.deck) + len(s.discard) >= self.extra_cards):
            return "no_bot_cards"
        return None

    def winners(self, s: GameState, reason: str) -> list[str]:
        """Winning elephants: every leader by distance (ties share, RULES.md §1.2)."""
        best = max(s.elephants.values())
        return [e for e, dist in s.elephants.items() if dist == best]

    def outcome(self, s: GameState) -> DuelOutcome | None:
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
    uses_when_deck_empty = True

    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        return (3, 3)

    def cards_per_round(self, n_seats: int) -> int | None:
        return n_seats + self.extra_cards  # 5 cards on the table: deck in play 75

    def min_deck(self, rs: Ruleset, n_seats: int) -> int:
        return rs.hand_size * n_seats + self.extra_cards

    def may_reshuffle_extras(self, s: GameState) -> bool:
        return s.settings.reshuffle or s.settings.when_deck_empty == "reshuffle"


class Duel(Mode):
    """Two players and one shared elephant against the mammoth (RULES.md §2.4, D3d, D4, D9)."""

    id = "duel"
    rulesets = ("imaginarium", "imaginarium-classic")
    tell_with_card = False
    cards_each = 2
    storyteller_votes = True
    allows_short_game = False
    min_active = 1
    sought_owner = "mammoth"
    hand_face_down_while_telling = True
    equal_turns = False
    finish = DUEL_FINISH

    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        return (2, 2)

    def cards_per_round(self, n_seats: int) -> int | None:
        return None

    def min_deck(self, rs: Ruleset, n_seats: int) -> int:
        return 1 + rs.hand_size * n_seats

    def elephant_ids(self, seats: Sequence[str], adult: str | None) -> list[str]:
        return ["elephant", "mammoth"]

    def elephant_seats(self, s: GameState, elephant: str) -> list[str]:
        return list(s.seats) if elephant == "elephant" else []

    def storyteller_elephant(self, s: GameState, storyteller: str) -> str | None:
        return "elephant"

    def opening_hands(self, seats: Sequence[str], adult: str | None, rs: Ruleset) -> dict[str, int]:
        return dict.fromkeys(seats, 0)  # every round deals anew

    def round_deal(self, s: GameState, rs: Ruleset) -> RoundDeal | None:
        # The mammoth's card first, then six new cards each (000); D3d: reshuffle when short.
        return RoundDeal(centre=1, hands=tuple((seat, rs.hand_size) for seat in s.active_seats()))

    def voters(self, s: GameState) -> list[str]:
        return s.active_seats()

    def plays_from_hand(self, s: GameState) -> list[str]:
        return []

    def may_reshuffle_extras(self, s: GameState) -> bool:
        return True

    def family(self, rs: Ruleset) -> Family:
        return families.duel

    def refill(self, s: GameState, rs: Ruleset) -> Refill:
        return Refill(discard_hands=True)  # every card left in both hands goes to the discard too (000)

    def end_reason(self, s: GameState, rs: Ruleset) -> str | None:
        if not self.can_continue(s):
            return "too_few_players"
        if max(s.elephants.values()) >= DUEL_FINISH:
            return "finish"
        return None

    def winners(self, s: GameState, reason: str) -> list[str]:
        e, m = s.elephants["elephant"], s.elephants["mammoth"]
        return ["elephant"] if e > m else ["mammoth"] if m > e else ["elephant", "mammoth"]

    def outcome(self, s: GameState) -> DuelOutcome | None:
        # D4: both at the finish in the same round is a draw; the host's early end compares distance.
        e, m = s.elephants["elephant"], s.elephants["mammoth"]
        if e >= DUEL_FINISH and m >= DUEL_FINISH:
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

    def elephant_ids(self, seats: Sequence[str], adult: str | None) -> list[str]:
        children = [seat for seat in seats if seat != adult]
        return [*children, adult] if len(children) == 1 and adult is not None else children

    def opening_hands(self, seats: Sequence[str], adult: str | None, rs: Ruleset) -> dict[str, int]:
        return {seat: rs.hand_size if seat == adult else 0 for seat in seats}

    def first_storyteller(self, adult: str | None, chosen: str | None) -> str | None:
        return adult

    def next_storyteller(self, s: GameState) -> str | None:
        return s.adult

    def plays_from_hand(self, s: GameState) -> list[str]:
        return [s.adult] if s.adult is not None else []

    def can_continue(self, s: GameState) -> bool:
        return s.adult not in s.removed and len(s.active_seats()) >= 2

    def may_reshuffle_extras(self, s: GameState) -> bool:
        return True

    def may_reshuffle_refill(self, s: GameState) -> bool:
        return True

    def family(self, rs: Ruleset) -> Family:
        return families.kids

    def refill(self, s: GameState, rs: Ruleset) -> Refill:
        adult = s.adult
        if adult is None:
            return Refill()
        return Refill(draws=((adult, rs.hand_size - len(s.hands[adult])),), may_reshuffle=True, partial=True)

    def end_reason(self, s: GameState, rs: Ruleset) -> str | None:
        if not self.can_continue(s):
            return "too_few_players"
        if max(s.elephants.values()) >= s.board.length:
            return "lap"
        if s.adult is None or not s.hands[s.adult]:
            return "hands_empty"
        return None

    def winners(self, s: GameState, reason: str) -> list[str]:
        if reason == "lap":  # everyone who completed the lap in that round (000)
            return [e for e, dist in s.elephants.items() if dist >= s.board.length]
        return super().winners(s, reason)


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
