"""The rules catalogue is read off the registries, the table plan replaces the pages'
card counts, and a game's length is counted ahead by the engine (D8)."""
import json

from server.engine import MODES, RULESETS, Settings, catalogue, game_length, public_view

from .helpers import BOARDS, game

BOARD = BOARDS["imaginarium"]


def test_the_catalogue_lists_every_registered_ruleset_mode_and_setting():
    cat = json.loads(json.dumps(catalogue()))  # JSON-able
    assert [r["id"] for r in cat["rulesets"]] == list(RULESETS)
    assert [m["id"] for m in cat["modes"]] == list(MODES)
    dixit = next(r for r in cat["rulesets"] if r["id"] == "dixit")
    assert dixit["modes"] == ["standard"] and dixit["conditions"] == [] and dixit["short_game_default"] is None
    assert dixit["defaults"]["ruleset"] == "dixit"
    pairs = next(m for m in cat["modes"] if m["id"] == "pairs")
    assert pairs["seats"] == {"imaginarium": [4, 7], "imaginarium-classic": [4, 7]} and pairs["people_per_seat"] == 2
    duel = next(m for m in cat["modes"] if m["id"] == "duel")
    assert duel["finish"] == 20 and duel["against_mammoth"] and duel["cards_each"] == 2
    keys = {s["key"]: s for s in cat["settings"]}
    assert set(keys) == set(Settings().to_dict())
    assert keys["first_storyteller"]["values"] == ["draw", "host", "claim"]
    assert keys["first_storyteller"]["default"] == "draw"


def test_a_mode_registered_later_appears(monkeypatch):
    class Extra(type(MODES["standard"])):
        id = "extra"
        rulesets = ("imaginarium",)

    monkeypatch.setitem(MODES, "extra", Extra())
    cat = catalogue()
    assert "extra" in [m["id"] for m in cat["modes"]]
    assert "extra" in next(r for r in cat["rulesets"] if r["id"] == "imaginarium")["modes"]


def test_the_table_plan_says_how_many_cards_come_to_the_table():
    assert public_view(game(5))["table_plan"] == {"cards_each": 1, "players": 5, "extra": 0, "extra_owner": None}
    assert public_view(game(3, mode="trio"))["table_plan"] == {
        "cards_each": 1, "players": 3, "extra": 2, "extra_owner": "bot"}
    assert public_view(game(2, mode="duel"))["table_plan"] == {
        "cards_each": 2, "players": 4, "extra": 1, "extra_owner": "mammoth"}


def test_game_length_is_counted_ahead():
    # D8: a trio with reshuffled bot cards plays 15 rounds, 5 tellings each.
    trio = game_length(Settings(mode="trio"), 3, 98, BOARD)
    assert trio is not None and trio["rounds"] == 15 and trio["turns_min"] == trio["turns_max"] == 5
    assert trio["tellers"] == 3 and trio["minutes"] == 30 and not trio["open"]
    kids = game_length(Settings(mode="kids"), 3, 98, BOARD)
    assert kids is not None and kids["tellers"] == 1   # the adult tells every round
    assert game_length(Settings(ruleset="dixit"), 9, 84, BOARD) is None      # no such table
    assert game_length(Settings(), 5, 10, BOARD) is None                     # the deck is too small
    assert game_length(Settings(reshuffle=True), 4, 98, BOARD)["open"]       # the cards never end it


def test_a_kids_game_has_an_honest_length_not_a_floor():
    """A kids' lap (40 cells, +1 or +3 a round) takes dozens of rounds: the estimate is a range of real
    ends, in quick rounds (no playing phase), not "60+"; only the host ends a reshuffle game with no short
    game (RULES.md §4), and a short game makes it end again."""
    for seats in (2, 3, 4):
        kids = game_length(Settings(mode="kids"), seats, 98, BOARD)
        assert kids is not None and not kids["open"]
        assert 40 // 3 <= kids["rounds_min"] <= kids["rounds"] <= kids["rounds_max"] < 200
        assert kids["round_minutes"] == 1.0
        assert kids["minutes_min"] == kids["rounds_min"] and kids["minutes_max"] == kids["rounds_max"]
    standard = game_length(Settings(), 4, 98, BOARD)
    assert standard["round_minutes"] == 2.0 and standard["minutes_max"] == 2 * standard["rounds_max"]
    short = game_length(Settings(reshuffle=True, short_game=34), 4, 98, BOARD)
    assert short is not None and not short["open"] and short["rounds_max"] < 40


def test_game_length_plays_at_the_tables_pace():
    """The estimate plays at the mode's pace (`Mode.find_percent`), not blind guessing: a 4-player short
    game to cell 12, which a family finished in 3 rounds, is estimated from 3 rounds (blind guessing said
    4-6); two children, who find the adult's card far more often than one time in three, need well under
    the hour blind guessing said (63-69 min); and the short game works at the kids' table, where a
    family can choose a 20-minute game (RULES.md §4: no mode excludes it)."""
    short = game_length(Settings(short_game=12), 4, 98, BOARD)
    assert short["rounds_min"] <= 3 <= short["rounds_max"]
    kids = game_length(Settings(mode="kids"), 3, 98, BOARD)
    assert kids["minutes_max"] < 60
    quick = game_length(Settings(mode="kids", short_game=15), 3, 98, BOARD)
    assert quick is not None and not quick["open"] and quick["minutes_max"] <= 20


def test_the_kids_short_game_ends_when_an_elephant_reaches_its_cell():
    from tests.engine.helpers import craft, reveal, tell, vote
    s = craft(game(3, seed=5, mode="kids", short_game=10), elephants={"s2": 9, "s3": 2})
    s = reveal(vote(vote(tell(s), "s2", "s1"), "s3", "deck"))
    assert s.phase == "game_over" and s.end_reason == "short_game" and s.winners == ["s2"]


def test_the_catalogue_publishes_the_points_the_scoring_code_uses(monkeypatch):
    """The explainer's numbers are the scoring table itself: change one and both the
    score of a round and the catalogue's number change (nothing is typed twice)."""
    from dataclasses import replace

    from server.engine import families, score_round

    def imaginarium() -> dict:
        return next(r for r in catalogue()["rulesets"] if r["id"] == "imaginarium")

    table, votes = ["A", "B", "C", "D"], {"B": 1, "C": 2, "D": 1}   # two of three found A's card
    assert imaginarium()["points"]["teller_some"] == 3
    assert score_round("imaginarium", "standard", "A", table, votes)["A"] == 5
    monkeypatch.setitem(families.STORY_POINTS, "imaginarium",
                        replace(families.STORY_POINTS["imaginarium"], teller_some=4))
    assert imaginarium()["points"]["teller_some"] == 4
    assert score_round("imaginarium", "standard", "A", table, votes)["A"] == 6
    pairs = next(m for m in catalogue()["modes"] if m["id"] == "pairs")
    assert pairs["scoring"]["imaginarium"]["teller_some"] == 4

    monkeypatch.setattr(families, "DUEL_POINTS", replace(families.DUEL_POINTS, none_mammoth=5))
    duel = next(m for m in catalogue()["modes"] if m["id"] == "duel")
    assert duel["scoring"]["imaginarium"] == {"family": "duel", "none_mammoth": 5, "one_elephant": 1,
                                              "one_mammoth": 1, "both_elephant": 2}
    mammoth_table = ["P1", "mammoth", "P2", "P1", "P2"]
    assert score_round("imaginarium", "duel", "P1", mammoth_table, {"P1": 3, "P2": 1}) == {"elephant": 0, "mammoth": 5}


def test_table_cards_are_what_a_round_lays_out():
    """The catalogue's `table_cards` (the explainer's "5 cards on the table") is what the engine lays out,
    the duel's mammoth card and trio's bot cards included (RULES.md §2.3, §2.4, §2.5)."""
    from server.engine import apply
    from server.engine.autoplay import random_action
    entries = {m["id"]: m for m in catalogue()["modes"]}
    assert entries["duel"]["table_cards"]["imaginarium"] == [5, 5]
    assert entries["trio"]["table_cards"]["imaginarium"] == [5, 5]
    assert entries["kids"]["table_cards"]["imaginarium"] == [3, 3]
    assert entries["standard"]["table_cards"]["dixit"] == [3, 6]
    for mode_id, mode in MODES.items():
        for ruleset in mode.rulesets:
            for seats, cards in zip(mode.seat_range(RULESETS[ruleset]), entries[mode_id]["table_cards"][ruleset],
                                    strict=True):
                s, rng = game(seats, seed=2, ruleset=ruleset, mode=mode_id), 2
                while s.phase != "voting":
                    seat, action, rng = random_action(s, rng)
                    s = apply(s, seat, action)
                assert len(s.table) == cards, (mode_id, ruleset, seats)
