"""The plan of the built-in deck (scripts/make_deck.py): for every candidate card, its scene, the glyph of each
of the scene's slots, its mood, sky kind and ground kind, drawn by scripts/deck_motifs.py's Allocator so no
motif is on more than MOTIF_CAP cards and no background composition on more than BACKGROUND_CAP, whatever
subset of the candidates is kept. Cheap (no drawing): `--report` and the card records come from here."""
from __future__ import annotations

import random
from typing import Any

import deck_scenes
import deck_scenes_more
from deck_motifs import BACKGROUND_CAP, FEATURE_GROUNDS, Allocator
from deck_paint import DARK_MOODS, MOODS
from deck_sky import CALM_FEATURES, SKY_FEATURES

SCENES = {**deck_scenes.SCENES, **deck_scenes_more.SCENES}
SLOTS = {**deck_scenes.SLOTS, **deck_scenes_more.SLOTS}

# grounds that make sense for a scene (water for reflections and boats ...); the others take DEFAULT_GROUNDS
GROUNDS = {
    "other_reflection": ["sea", "mirror"],
    "boat": ["sea", "mirror", "cloudsea"],
    "carrier": ["sea", "mirror", "cloudsea", "dunes"],
    "fish_sky": ["hills", "dunes", "checker", "mountains", "snow"],
    "lighthouse": ["sea", "mirror", "snow"],
    "footprints": ["dunes", "snow", "hills", "mirror", "checker"],
}
DEFAULT_GROUNDS = ["sea", "mirror", "hills", "dunes", "mountains", "snow", "checker", "cloudsea"]
UNDERWATER_SCENES = {"fish_sky", "jar", "spiral", "in_container", "soap_bubbles", "cage"}
# scenes whose hero is up in the sky: only a calm sky feature (aurora, birds ...) goes with them
SKY_SCENES = {"ladder", "sky_thing", "swing_moon", "kite", "balloons", "fish_sky", "rain_of", "telescope",
              "lighthouse", "spiral", "cage", "floating_islands"}
SEABEDS = [("🌿", "🪸"), ("🐚", "🪨"), ("🪸", "🐚"), ("🌿", "🪨"), ("🪸", "🪨"), ("🌿", "🐚")]
PLAIN_GROUND_SPREAD = 24   # plain grounds are no motif: used evenly, about this many cards each
MOOD_SPREAD = 8


def _background(alloc: Allocator, scene: str, dark: bool) -> tuple[str, str]:
    """Chooses (sky kind, ground kind) for a card, within the caps; counts it. Raises OutOfMotifs."""
    grounds = GROUNDS.get(scene, DEFAULT_GROUNDS) + (["underwater"] if scene in UNDERWATER_SCENES else [])
    when = ("any", "night" if dark else "day")
    features = [f for f, (fits, _) in SKY_FEATURES.items()
                if fits in when and (scene not in SKY_SCENES or f in CALM_FEATURES)]
    clear = "night sky" if dark else "day sky"
    room: dict[tuple[str, str], float] = {}
    for ground in grounds:
        if ground in FEATURE_GROUNDS:
            ground_room = alloc.room([f"ground:{ground}"])
        else:
            ground_room = max(.05, 1 - alloc.soft[ground] / PLAIN_GROUND_SPREAD)
        for sky in (["underwater"] if ground == "underwater" else [*features, clear]):
            left = BACKGROUND_CAP - alloc.backgrounds[f"{sky} × {ground}"]
            sky_room = alloc.room([f"sky:{sky}"]) if sky in SKY_FEATURES else .6 * left / BACKGROUND_CAP
            room[(sky, ground)] = min(ground_room, sky_room) if left > 0 else 0.0
    sky, ground = alloc.best(sorted(room), room, f"a background for {scene}")
    alloc.backgrounds[f"{sky} × {ground}"] += 1
    alloc.take([f"sky:{sky}"] if sky in SKY_FEATURES else [])
    if ground in FEATURE_GROUNDS:
        alloc.take([f"ground:{ground}"])
    else:
        alloc.soft[ground] += 1
    return sky, ground


def _flat(values: Any) -> list[str]:
    return [values] if isinstance(values, str) else [g for v in values for g in _flat(v)]


def plan_deck(seed: str, count: int) -> list[dict[str, Any]]:
    """The plans of candidates 1..count (list index = candidate - 1): each `{"scene", "glyphs", "sky",
    "ground", "mood", "slots": {slot: glyph | tuple of glyphs}}` (the card record of scripts/deck_motifs.py
    plus the slots). The same seed and count give the same plans. Raises OutOfMotifs when the pools cannot
    hold `count` cards under the caps."""
    alloc = Allocator(random.Random(f"{seed}:plan"))
    names = sorted(SCENES)
    plans = []
    for _ in range(count):
        alloc.new_card()
        scene = alloc.best(names, {n: alloc.room([f"scene:{n}"]) for n in names}, "a scene")
        alloc.take([f"scene:{scene}"])
        slots: dict[str, Any] = {}
        for slot, (pool, chance, n) in SLOTS[scene].items():
            if alloc.rng.random() < chance:
                picks = tuple(alloc.glyphs(pool, f"{scene}.{slot}") for _ in range(n))
                slots[slot] = picks[0] if n == 1 else picks
        mood = alloc.soft_pick(sorted(DARK_MOODS) if scene == "lantern" else sorted(MOODS), MOOD_SPREAD, "a mood")
        sky, ground = _background(alloc, scene, mood in DARK_MOODS or scene == "lantern")
        if ground == "underwater":
            slots["seabed"] = alloc.glyphs(SEABEDS, "the seabed")
        glyphs = list(dict.fromkeys(_flat(list(slots.values()))))
        plans.append({"scene": scene, "glyphs": glyphs, "sky": sky, "ground": ground, "mood": mood, "slots": slots})
    return plans


def record(plan: dict[str, Any]) -> dict[str, Any]:
    """The card record deck.json keeps for a plan (scripts/deck_motifs.py): the plan without its slots."""
    return {k: v for k, v in plan.items() if k != "slots"}
