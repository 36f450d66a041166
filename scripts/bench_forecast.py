#!/usr/bin/env python3
"""Measure the lobby's game-length forecast (engine.game_length, the room view's `length`): CPU seconds to
forecast every ruleset x mode (11 settings) from a cold cache, at 4 seats or the mode's nearest count, with
a 110-card deck on the shipped boards. It plays `catalogue.SAMPLE_GAMES` games through the engine for each,
so it moves with the engine's speed per step (legal.awaiting at every step, apply). The fastest of REPEAT
runs is reported (slower runs measure the neighbours), with the load averages; the last line is one JSON
object, with a digest of the forecasts themselves (a speed change must not change them).

Usage: scripts/bench_forecast.py [REPEAT]   (default best of 9)
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server import engine
from server.decks.boards import default_board
from server.engine.catalogue import _length

DECK = 110


def settings_measured() -> list[tuple[engine.Settings, int, engine.Board]]:
    """(settings, seats, board) of every ruleset x mode: 4 seats, or the nearest count the mode allows."""
    out = []
    for ruleset in engine.RULESETS:
        board = default_board(ruleset)
        for mode in engine.MODES:
            if ruleset in engine.MODES[mode].rulesets:
                low, high = engine.mode_seat_range(ruleset, mode)
                out.append((engine.Settings(ruleset=ruleset, mode=mode), min(max(low, 4), high), board))
    return out


def run(cases: list[tuple[engine.Settings, int, engine.Board]]) -> tuple[float, list]:
    """(CPU seconds, the forecasts) of one cold run."""
    _length.cache_clear()
    start = time.process_time()
    figures = [engine.game_length(settings, seats, DECK, board) for settings, seats, board in cases]
    return time.process_time() - start, figures


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    cases = settings_measured()
    best, figures = min(run(cases) for _ in range(repeat))
    digest = hashlib.sha256(json.dumps(figures, sort_keys=True).encode()).hexdigest()[:12]
    load = [round(x, 2) for x in os.getloadavg()]
    print(f"forecast of {len(cases)} settings: {best:.3f} s CPU (best of {repeat}); load {load}; "
          f"forecasts {digest}")
    print(json.dumps({"settings": len(cases), "cpu_s": round(best, 4), "repeat": repeat, "load_avg": load,
                      "forecasts_sha256_12": digest}))


if __name__ == "__main__":
    main()
