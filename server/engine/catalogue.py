"""The rules catalogue the pages build their forms and explainers from, and the length of a game
counted ahead (the lobby shows how long the chosen rules play). Everything here is read off the registries
(`RULESETS`, `MODES`, `Settings`), so a ruleset or mode registered elsewhere (a test) appears with no
other change.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import fields
from functools import lru_cache
from typing import Any

from .autoplay import random_action
from .board import CONDITIONS, Board
from .errors import EngineError
from .families import points_of
from .game import apply, new_game
from .modes import MODES, Mode
from .rulesets import RULESETS, Ruleset
from .settings import DEFAULT_MODE, DEFAULT_RULESET, FIRST_STORYTELLER, WHEN_DECK_EMPTY, Settings
from .validation import validate_settings

#: A rough length of one round in minutes (telling, playing, voting and the reveal at a family table).
ROUND_MINUTES = 2.0
#: A round with no playing phase (kids: the adult's card and two from the deck go straight to the table,
#: three cards to choose from) is about half as long.
QUICK_ROUND_MINUTES = 1.0
#: Games played to estimate a game's length, and the round cap of one. They are played at the mode's own
#: pace (`Mode.find_percent`: voters find the card as often as at a real table, children more often than
#: chance), so a short game ends in the rounds it takes a family; only a game the cards never end
#: (reshuffle with no short game: the host ends it, RULES.md §4) reaches the cap.
SAMPLE_GAMES, MAX_ROUNDS = 9, 200


def mode_entry(mode: Mode) -> dict[str, Any]:
    """One mode as the pages see it: ``{"id", "rulesets", "seats": {ruleset: [min, max]},
    "people_per_seat", "automatic", "has_adult", "short_game", "tell_with_card", "cards_each",
    "extra_cards", "extra_owner", "storyteller_votes", "proxy_votes", "adult_reveals", "has_playing_phase",
    "sought_owner", "against_mammoth", "when_deck_empty", "finish", "table_cards", "scoring"}`` (RULES.md
    §2; seats in pairs are teams; `when_deck_empty`: that setting applies; `finish`: the duel's distance,
    D9, else null; `table_cards`: {ruleset: [cards laid out each round at the fewest seats, at the
    most]} (`Mode.table_size`: the duel's 5 count the mammoth's card); `scoring`: {ruleset: the points
    this table scores with, `families.points_of`} (§1.1, §2.3–2.5): the numbers of the how-to-play
    explainer)."""
    tables = {r: RULESETS[r] for r in mode.rulesets if r in RULESETS}
    return {
        "id": mode.id,
        "rulesets": [r for r in mode.rulesets if r in RULESETS],
        "seats": {r: list(mode.seat_range(RULESETS[r])) for r in mode.rulesets if r in RULESETS},
        "people_per_seat": mode.people_per_seat, "automatic": mode.automatic, "has_adult": mode.has_adult,
        "short_game": mode.allows_short_game, "tell_with_card": mode.tell_with_card,
        "cards_each": mode.cards_each, "extra_cards": mode.extra_cards,
        "extra_owner": mode.extra_owner or None, "storyteller_votes": mode.storyteller_votes,
        "proxy_votes": mode.proxy_votes, "adult_reveals": mode.adult_reveals,
        "has_playing_phase": mode.has_playing_phase,
        "sought_owner": mode.sought_owner, "against_mammoth": mode.sought_owner == "mammoth",
        "when_deck_empty": mode.uses_when_deck_empty, "finish": mode.finish,
        "table_cards": {r: [mode.table_size(n) for n in mode.seat_range(rs)] for r, rs in tables.items()},
        "scoring": {r: points_of(mode.family(rs)) for r, rs in tables.items()},
    }


def ruleset_entry(rs: Ruleset) -> dict[str, Any]:
    """One ruleset: ``{"id", "deck_size", "hand_size", "refill", "conditions", "short_game_default",
    "score_to_win", "laps", "ends_when_deck_empties", "points", "modes", "defaults"}``; `defaults` is
    every setting's default in this ruleset (RULES.md §1, §4); `points` the standard table's points
    (`families.points_of`, §1.1), read from the same table the scoring code uses."""
    return {
        "id": rs.id, "deck_size": rs.deck_size, "hand_size": rs.hand_size, "refill": rs.refill,
        "conditions": list(rs.conditions), "short_game_default": rs.short_game_default,
        "score_to_win": rs.score_to_win, "laps": rs.laps, "ends_when_deck_empties": rs.ends_when_deck_empties,
        "points": points_of(rs.family),
        "modes": [m.id for m in MODES.values() if rs.id in m.rulesets],
        "defaults": Settings(ruleset=rs.id).to_dict(),
    }


def setting_entries() -> list[dict[str, Any]]:
    """Every setting with its allowed values and its default (RULES.md §4): ``{"key", "values",
    "default"}``; `values` is a list, or for `short_game` ``"cell"`` (an int on the board's first lap, or
    null; the ruleset's `short_game_default` is the usual one) and for `restriction` ``"condition"`` (null
    or one of the ruleset's `conditions`)."""
    values: dict[str, Any] = {
        "ruleset": list(RULESETS), "mode": list(MODES), "short_game": "cell", "reshuffle": [False, True],
        "restriction": "condition", "special_cells": [True, False],
        "first_storyteller": list(FIRST_STORYTELLER), "when_deck_empty": list(WHEN_DECK_EMPTY)}
    default = Settings()
    return [{"key": f.name, "values": values[f.name], "default": getattr(default, f.name)}
            for f in fields(Settings)]


def catalogue() -> dict[str, Any]:
    """The whole catalogue, JSON-able: ``{"rulesets": [...], "modes": [...], "settings": [...],
    "conditions": [...], "default": {"ruleset", "mode"}}`` (docs/protocol.md `GET /api/rules`).
    Built from the registries at call time."""
    return {
        "rulesets": [ruleset_entry(rs) for rs in RULESETS.values()],
        "modes": [mode_entry(m) for m in MODES.values()],
        "settings": setting_entries(),
        "conditions": list(CONDITIONS),
        "default": {"ruleset": DEFAULT_RULESET, "mode": DEFAULT_MODE},
        "round_minutes": ROUND_MINUTES,
    }


def game_length(settings: Settings, n_seats: int, deck_size: int, board: Board) -> dict[str, Any] | None:
    """How long `settings` will play with `n_seats` seats and a `deck_size`-card deck on `board`,
    counted ahead by playing `SAMPLE_GAMES` games through the engine itself, every voter finding the
    card `Mode.find_percent` of the time (the table's pace, not blind guessing; D8 and D10 make the
    card-bound ends exact; score-bound ends vary, so the median is given):
    ``{"seats", "rounds", "rounds_min", "rounds_max", "turns_min", "turns_max", "tellers",
    "round_minutes", "minutes", "minutes_min", "minutes_max", "open": bool}``. `turns_*` are the fewest
    and most turns as storyteller a telling seat had in any sampled game (each round has one
    storyteller, so `tellers` × `turns_min` ≤ `rounds_min` and `tellers` × `turns_max` ≥ `rounds_max`),
    `tellers` how many seats tell (kids: 1, the adult; duel: both players in turn, RULES.md §2.4),
    `round_minutes` a rough round (`ROUND_MINUTES`, or `QUICK_ROUND_MINUTES` where the mode has no
    playing phase), `minutes*` the median, shortest and longest sampled game's rounds times
    that. `open` is true when a game ran `MAX_ROUNDS` without ending: nothing but the host ends it
    (reshuffle, no short game; RULES.md §4), and the rounds and minutes say nothing then. None when the
    table cannot play (bad settings, seat count or deck too small).

    Pure and deterministic (fixed seeds); cached per arguments.
    """
    try:
        validate_settings(settings, n_seats)
    except EngineError:
        return None
    return _length(settings, n_seats, deck_size, board)


@lru_cache(maxsize=256)
def _length(settings: Settings, n_seats: int, deck_size: int, board: Board) -> dict[str, Any] | None:
    seats = [f"s{i + 1}" for i in range(n_seats)]
    deck = [f"c{i:03d}" for i in range(deck_size)]
    games: list[tuple[int, Counter[str], bool]] = []
    mode = MODES[settings.mode]
    for seed in range(SAMPLE_GAMES):
        try:
            s = new_game(settings, seats, deck, board, seed=seed, storyteller=seats[0])
        except EngineError:
            return None
        tellers: Counter[str] = Counter()
        rng, open_ = seed, False
        while s.phase != "game_over":
            if s.round > MAX_ROUNDS:
                open_ = True
                break
            seat, action, rng = random_action(s, rng, mode.find_percent)
            s = apply(s, seat, action)
            if action["type"] == "tell" and s.storyteller is not None:
                tellers[s.storyteller] += 1
        games.append((min(s.round, MAX_ROUNDS), tellers, open_))
        if open_:  # the cards never end it (reshuffle): one game says so
            break
    games.sort(key=lambda g: g[0])
    rounds, _, open_ = games[len(games) // 2]
    # The turns span every sampled game, as the rounds do: the median game's alone said "rounds 11-18,
    # turns each: 8" for a duel, whose two players tell in turn (RULES.md §2.4), so 5-9 each.
    telling = [seat for seat in seats if any(told[seat] for _, told, _ in games)] or seats[:1]
    counts = [told[seat] for _, told, _ in games for seat in telling]
    per_round = ROUND_MINUTES if mode.has_playing_phase else QUICK_ROUND_MINUTES
    low, high = games[0][0], games[-1][0]
    return {"seats": n_seats, "rounds": rounds, "rounds_min": low, "rounds_max": high,
            "turns_min": min(counts), "turns_max": max(counts), "tellers": len(telling),
            "round_minutes": per_round, "minutes": round(rounds * per_round),
            "minutes_min": round(low * per_round), "minutes_max": round(high * per_round), "open": open_}
