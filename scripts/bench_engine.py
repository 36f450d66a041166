#!/usr/bin/env python3
"""Measure the pure engine: play N random complete games per ruleset x mode on one core and print
games per second and actions per second. The last line is one JSON object with the figures.

Rates are per CPU second of this (single-threaded) process, so other load on a shared machine skews
them less; the wall-clock seconds are printed too. Each ruleset x mode is measured REPEAT times and the
fastest run is reported (as `timeit` does: slower runs measure the neighbours, not the engine).

Usage: scripts/bench_engine.py [N [REPEAT]]   (default 300 games per ruleset x mode, best of 3)
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.decks.boards import default_board
from server.engine import MODES, RULESETS, Settings, apply, new_game
from server.engine.autoplay import random_action

SEATS = {"standard": 6, "pairs": 7, "trio": 3, "duel": 2, "kids": 4}


def bench(ruleset: str, mode: str, games: int) -> dict:
    """Play `games` seeded random games; time only new_game + apply + choosing the random action."""
    board = default_board(ruleset)
    settings = Settings(ruleset=ruleset, mode=mode)
    n = SEATS[mode]
    seats = [f"s{i}" for i in range(1, n + 1)]
    deck = [f"c{i:03d}" for i in range(RULESETS[ruleset].deck_size)]
    actions = 0
    start, wall = time.process_time(), time.perf_counter()
    for seed in range(games):
        state = new_game(settings, seats, deck, board, seed)
        rng = seed
        while state.phase != "game_over":
            seat, action, rng = random_action(state, rng)
            state = apply(state, seat, action)
            actions += 1
    elapsed = time.process_time() - start
    wall = time.perf_counter() - wall
    return {"seats": n, "games": games, "cpu_seconds": round(elapsed, 3), "wall_seconds": round(wall, 3),
            "games_per_s": round(games / elapsed, 1), "actions_per_s": round(actions / elapsed),
            "actions_per_game": round(actions / games, 1)}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    figures = {}
    for ruleset in RULESETS:
        for mode, m in MODES.items():
            if ruleset in m.rulesets:
                r = max((bench(ruleset, mode, games) for _ in range(repeat)), key=lambda x: x["games_per_s"])
                r["repeat"] = repeat
                figures[f"{ruleset}/{mode}"] = r
                print(f"{ruleset:20} {mode:9} {r['seats']} seats: {r['games_per_s']:8.1f} games/s "
                      f"{r['actions_per_s']:8d} actions/s ({r['actions_per_game']} actions/game, "
                      f"{r['cpu_seconds']} s CPU, {r['wall_seconds']} s wall)", flush=True)
    print(json.dumps(figures, separators=(",", ":")))


if __name__ == "__main__":
    main()
