"""The standard table (RULES.md §2.1), the base every mode overrides: one hook per question the game's
steps ask, with the standard answer; and pairs (§2.2), the standard game played by teams."""
from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..families import Family
from ..rulesets import Ruleset
from .plans import DuelOutcome, Refill, RoundDeal, refill_counts
from .position import Position

_NO_REFILL = Refill()


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
    adult_reveals: ClassVar[bool] = False      # kids: the last vote waits for the adult's `reveal` (§2.5);
                                               # elsewhere the last vote scores the table
    sought_owner: ClassVar[str | None] = None  # whose card the voters look for; None: the storyteller's
    hand_face_down_while_telling: ClassVar[bool] = False  # duel: nobody looks before the association
    allows_short_game: ClassVar[bool] = True
    min_active: ClassVar[int] = 2              # a storyteller and one voter
    equal_turns: ClassVar[bool] = True         # the storyteller passes round the table (D8 counts cycles)
    # How often a voter finds the card they look for at a real table, in percent: the pace the game-length
    # estimate plays at (catalogue.game_length). A storyteller aims for "some but not all" (RULES.md §1.1),
    # so about half the voters find the card; blind guessing among 4-7 cards would be 14-25 %.
    find_percent: ClassVar[int] = 50
    # -- lobby rules the room reads (it never branches on a mode's name) --
    people_per_seat: ClassVar[int] = 1         # pairs: a seat (one elephant) is a team of two (RULES.md §2.2)
    automatic: ClassVar[bool] = False          # pairs, trio, duel: a lobby switches to it once the people fit
                                               # (§1, §4; `modes.mode_for_people`)
    uses_when_deck_empty: ClassVar[bool] = False  # trio: the `when_deck_empty` setting applies (D3t)
    finish: ClassVar[int | None] = None        # duel: the distance that ends the game on every board (D9)

    # -- seats, decks, elephants ---------------------------------------------------------------
    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        """Allowed number of seats (RULES.md §1 table, §2)."""
        return rs.standard_seats

    def cards_per_round(self, n_seats: int) -> int | None:
        """C of RULES.md §1.3 (cards on the table per round), or None: no removal before play."""
        return n_seats

    def table_size(self, n_seats: int) -> int:
        """Cards laid out each round with `n_seats` seats (RULES.md §2): the storyteller's, `cards_each`
        from every seat that plays in `playing`, and the extras from the deck (standard: one a seat;
        trio 5; kids 3: the adult's and two from the deck)."""
        players = n_seats - 1 if self.tell_with_card else n_seats
        played = players * self.cards_each if self.has_playing_phase else 0
        return (1 if self.tell_with_card else 0) + played + self.extra_cards

    def min_deck(self, rs: Ruleset, n_seats: int) -> int:
        """Cards needed to deal and play one full round."""
        return rs.hand_size * n_seats + n_seats

    def elephant_ids(self, seats: Sequence[str], adult: str | None) -> list[str]:
        """Elephant ids in display order; standard: one per seat, named like the seat."""
        return list(seats)

    def elephant_seats(self, s: Position, elephant: str) -> list[str]:
        """The seats an elephant belongs to (none: the mammoth)."""
        return [elephant]

    def storyteller_elephant(self, s: Position, storyteller: str) -> str | None:
        """Whose cell decides the storyteller's special-cell condition (RULES.md §3)."""
        return storyteller

    def storyteller_on_board(self, n_seats: int) -> bool:
        """Whether the storyteller has an elephant on the board at a table of `n_seats` seats, so a special
        cell can set their condition (RULES.md §3); every storyteller has one here."""
        return True

    def opening_hands(self, seats: Sequence[str], adult: str | None, rs: Ruleset) -> dict[str, int]:
        """Cards dealt to each seat before the first round (every seat listed, 0 for none)."""
        return dict.fromkeys(seats, rs.hand_size)

    def round_deal(self, s: Position, rs: Ruleset) -> RoundDeal | None:
        """Cards dealt before each round's telling, or None (hands carry over)."""
        return None

    # -- who acts --------------------------------------------------------------------------------
    def voters(self, s: Position) -> list[str]:
        """Seats that vote this round (RULES.md §1.1: everyone but the storyteller)."""
        return [seat for seat in s.active_seats() if seat != s.storyteller]

    def is_voter(self, s: Position, seat: str) -> bool:
        """Whether `seat` is one of `voters(s)`; without listing them where the mode keeps this `voters`
        (legal.py asks it of every seat at each step of the lobby's game-length forecast)."""
        if type(self).voters is not Mode.voters:   # a mode's own voters: asked
            return seat in self.voters(s)
        return seat != s.storyteller and seat in s.seats and seat not in s.removed

    def plays_from_hand(self, s: Position) -> list[str]:
        """Seats whose hands feed the table (for the hands-empty end and D1)."""
        return s.active_seats()

    def first_storyteller(self, adult: str | None, chosen: str | None) -> str | None:
        """The first storyteller when the room did not pick one (None: by the setting)."""
        return chosen

    def next_storyteller(self, s: Position) -> str | None:
        """Next active seat clockwise after the current storyteller (RULES.md §1.2)."""
        seats, removed = s.seats, s.removed
        i = seats.index(s.storyteller) if s.storyteller in seats else -1
        for k in range(1, len(seats) + 1):
            seat = seats[(i + k) % len(seats)]
            if seat not in removed:
                return seat
        return None

    def can_continue(self, s: Position) -> bool:
        """Enough active seats to play a round."""
        return len(s.active_seats()) >= self.min_active

    def may_reshuffle_extras(self, s: Position) -> bool:
        """Whether the discard may become a new deck to supply table extras / round deals."""
        return s.settings.reshuffle

    def may_reshuffle_refill(self, s: Position) -> bool:
        """Whether the discard may become a new deck for refills (§4 reshuffle setting)."""
        return s.settings.reshuffle

    # -- scoring, refills, ends ------------------------------------------------------------------
    def family(self, rs: Ruleset) -> Family:
        """The scoring family of this table (RULES.md §1.1: the ruleset's own by default)."""
        return rs.family

    def refill(self, s: Position, rs: Ruleset) -> Refill:
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

    def end_reason(self, s: Position, rs: Ruleset) -> str | None:
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

    def winners(self, s: Position, reason: str) -> list[str]:
        """Winning elephants: every leader by distance (ties share, RULES.md §1.2)."""
        best = max(s.elephants.values())
        return [e for e, dist in s.elephants.items() if dist == best]

    def outcome(self, s: Position) -> DuelOutcome | None:
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
