"""The two JSON encoders the server may run with (server/room/jsontext.py: orjson where it installs, the
standard library's on a 32-bit Pi) write the same text for what the server sends and stores."""
from __future__ import annotations

import json

import pytest

from server.room import jsontext

orjson = pytest.importorskip("orjson")


def stdlib(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


SAMPLES = [
    {"type": "state", "state_id": 12, "room": {"roster": [{"name": "Ёжик Аня", "colour": "red", "connected": True}],
                                              "clock": None, "length": {"round_minutes": 2.0, "minutes": 48}},
     "game": {"scores": {"s1": 3, "s2": 0}, "table": [{"number": 1, "card": "c07"}], "me": {"hand": ["c1", "c2"]}},
     "you": {"seat": "s1", "person": "s1", "is_host": True, "role": "phone"}},
    {"association": "Кто съел торт? 🎂 \"quoted\" \\ back\nslash\ttab", "left_s": 12.5, "ratio": 0.1},
    [None, True, False, 0, -1, 2**53, 1.5, "", [], {}],
]


@pytest.mark.parametrize("obj", SAMPLES)
def test_orjson_writes_what_the_standard_library_writes(obj):
    assert jsontext.ENCODER == "orjson"
    assert jsontext.dumps(obj) == stdlib(obj)
    assert jsontext.dumps_bytes(obj) == stdlib(obj).encode()
    assert jsontext.loads(jsontext.dumps_bytes(obj)) == obj


def test_an_int_key_becomes_a_string_key_as_with_the_standard_library():
    assert jsontext.dumps({1: "a"}) == stdlib({1: "a"}) == '{"1":"a"}'


def test_a_stored_game_is_the_text_the_engine_writes():
    """The room stores a game as orjson's text of `engine.to_record` (server/room/room.py): exactly
    `engine.to_json`'s, the RNG included, so a game stored by either reads back the same."""
    from server import engine
    from server.engine import apply
    from server.engine.autoplay import random_action
    from tests.engine.helpers import game

    state, rng = game(4, seed=3), 3
    for _ in range(40):   # a few rounds in: scores, the board, the RNG moved on
        seat, action, rng = random_action(state, rng)
        state = apply(state, seat, action)
    assert jsontext.dumps(engine.to_record(state)) == engine.to_json(state)
    assert engine.from_json(jsontext.dumps(engine.to_record(state))) == state
