"""The built-in deck's variety, held by a test: scripts/make_deck.py records each card's scene, glyphs, sky and
ground in deck.json, and scripts/deck_motifs.py's report over those records finds no motif on more than 4 cards
and no background composition (sky kind × ground kind) on more than 10. No card is drawn here."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from server.decks.library import DeckLibrary

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = REPO_ROOT / "scripts"
BUILTIN = REPO_ROOT / "assets" / "decks" / "builtin"


@pytest.fixture
def scripts(monkeypatch):
    """scripts/ on sys.path (the generator's modules import each other by name), as it is when run."""
    monkeypatch.syspath_prepend(str(SCRIPTS))
    import deck_motifs
    import deck_plan
    return deck_motifs, deck_plan


def generator() -> dict:
    return json.loads((BUILTIN / "deck.json").read_text(encoding="utf-8"))["generator"]


def test_every_builtin_card_has_its_record_and_the_report_finds_no_motif_over_its_cap(scripts):
    motifs, _ = scripts
    cards = generator()["cards"]
    deck = DeckLibrary(BUILTIN.parent, Path("/nonexistent-data")).get("builtin")
    assert sorted(cards) == sorted(deck.cards) and len(cards) >= 107
    counts = motifs.report(cards.values())
    assert counts["over_caps"] == []
    assert counts["max_motif"][1] <= motifs.MOTIF_CAP == 4
    assert counts["max_background"][1] <= motifs.BACKGROUND_CAP == 10
    assert counts["motifs"].get("ground:checker", 0) <= 4 and counts["motifs"].get("scene:ladder", 0) <= 4
    assert counts["motifs"].get("sky:crescent moon", 0) <= 4
    assert len([m for m in counts["motifs"] if m.startswith("scene:")]) >= 27   # 107 cards need 27 scenes


def test_the_records_are_what_the_generator_plans_for_its_seed(scripts):
    """deck.json's records are the plan of the candidates it names (not edited by hand), and the plan of
    every candidate (the culled ones too) holds the caps."""
    motifs, plan = scripts
    gen = generator()
    plans = plan.plan_deck(gen["seed"], max(gen["candidates"]))
    assert gen["cards"] == {f"c{n:03d}": plan.record(plans[c - 1]) for n, c in enumerate(gen["candidates"], 1)}
    assert motifs.report(plan.record(p) for p in plans)["over_caps"] == []


def test_the_report_counts_motifs_by_their_definitions(scripts):
    """A moon glyph and a drawn crescent are one motif; clear skies and plain grounds are backdrop, counted
    only in the background composition; a glyph counts once per card."""
    motifs, _ = scripts
    card = {"scene": "ladder", "sky": "day sky", "ground": "hills", "mood": "noon"}
    cards = [{**card, "glyphs": ["🌙", "🧗"]}, {**card, "glyphs": ["🌛", "🧗", "🧗"], "sky": "crescent moon"},
             {**card, "glyphs": ["🐋"], "scene": "boat", "ground": "checker"}]
    counts = motifs.report(cards)
    assert counts["motifs"] == {"sky:crescent moon": 2, "scene:ladder": 2, "glyph:🧗": 2, "glyph:🐋": 1,
                                "ground:checker": 1, "scene:boat": 1}
    assert counts["backgrounds"] == {"day sky × hills": 1, "crescent moon × hills": 1, "day sky × checker": 1}
    assert counts["over_caps"] == []
    over = motifs.report([{**card, "glyphs": ["🐋"]}] * 5 + [{**card, "glyphs": []}] * 6)
    assert over["over_caps"] == ["scene:ladder", "glyph:🐋", "day sky × hills"]
    assert over["max_motif"] == ["scene:ladder", 11] and over["max_background"] == ["day sky × hills", 11]


def test_make_deck_report_prints_a_table_and_a_last_json_line():
    """`scripts/make_deck.py --report` draws nothing: it prints the table and the summary of the deck the
    default options would write, the same as the committed deck's."""
    done = subprocess.run([sys.executable, str(SCRIPTS / "make_deck.py"), "--report"], capture_output=True,
                          text=True, check=True, timeout=120)
    lines = done.stdout.strip().splitlines()
    summary = json.loads(lines[-1])
    assert summary["over_caps"] == [] and summary["cards"] == len(generator()["cards"])
    assert any(line.startswith("scene motifs") for line in lines)
    assert any(line.startswith("background compositions") for line in lines)
