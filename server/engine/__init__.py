"""The pure rules engine (RULES.md): state, actions, scoring and views. No I/O, no asyncio, no clock,
no global random; a test walks the imports to keep it so. The contract: docs/architecture.md.
The lowest layer: it may import only its own modules and the standard library (tests/engine/test_purity.py).

    state = new_game(Settings(), ["s1", "s2", "s3", "s4"], deck, board, seed=7)
    state = apply(state, "s2", {"type": "tell", "card": "c017", "association": "A quiet storm"})
    public_view(state); player_view(state, "s1")
"""
from .association import check_association, count_words, is_question
from .board import CONDITIONS, Board
from .catalogue import catalogue, game_length
from .changes import change_settings, follow
from .codec import from_json, to_json, to_record
from .deck import cards_in_play, deck_in_play, min_deck_size
from .errors import EngineError, IllegalAction, MalformedAction
from .game import apply, new_game
from .legal import awaiting, legal_actions, refusal, waiting_for
from .modes import MODES, Mode, fitting_mode, mode_for_people, mode_seat_range, people_range
from .rulesets import RULESETS, Ruleset
from .scoring import score_breakdown, score_round
from .settings import Settings
from .state import GameState
from .turn_flow import special_cells_apply
from .validation import settings_from_dict, validate_board, validate_settings
from .views import allowed_actions, player_view, public_view, seat_view

__all__ = [
    "CONDITIONS",
    "MODES",
    "RULESETS",
    "Board",
    "EngineError",
    "GameState",
    "IllegalAction",
    "MalformedAction",
    "Mode",
    "Ruleset",
    "Settings",
    "allowed_actions",
    "apply",
    "awaiting",
    "cards_in_play",
    "catalogue",
    "change_settings",
    "check_association",
    "count_words",
    "deck_in_play",
    "fitting_mode",
    "follow",
    "from_json",
    "game_length",
    "is_question",
    "legal_actions",
    "min_deck_size",
    "mode_for_people",
    "mode_seat_range",
    "new_game",
    "people_range",
    "player_view",
    "public_view",
    "refusal",
    "score_breakdown",
    "score_round",
    "seat_view",
    "settings_from_dict",
    "special_cells_apply",
    "to_json",
    "to_record",
    "validate_board",
    "validate_settings",
    "waiting_for",
]
