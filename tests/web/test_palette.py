"""The elephant colours a table is offered first can be told apart by colour-blind guests: under a full
deuteranopia and protanopia (red–green) every two of the first seven are at least 15 apart in CAM02-UCS,
and at least 10 under tritanopia (blue–yellow), by colorspacious' simulation (Machado et al. 2009, severity
100). Below about 10, two tokens look the same from a sofa. The order is the server's (what a newcomer is
offered, `colours_free`), the shades the pages' (web/shared/colours.js). Each colour also looks as its name
says in English and Russian (its hue in the band of the name)."""
from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import numpy as np
import pytest
from colorspacious import cspace_convert

from server.room.roster import COLOURS

ROOT = Path(__file__).resolve().parents[2]
FIRST = 7
FLOOR = {"deuteranomaly": 15.0, "protanomaly": 15.0, "tritanomaly": 10.0, None: 15.0}


def shades() -> dict[str, str]:
    """Colour name -> "#rrggbb", as web/shared/colours.js draws it."""
    text = (ROOT / "web/shared/colours.js").read_text(encoding="utf-8")
    block = re.search(r"export const COLOURS = \{(.*?)\};", text, re.S).group(1)
    return dict(re.findall(r"(\w+): '(#[0-9a-f]{6})'", block))


def closest_pair(names: list[str], cvd: str | None) -> tuple[float, str, str]:
    """The smallest CAM02-UCS distance between two of `names` as seen with `cvd` (None: normal vision)."""
    hexes = shades()
    rgb = np.array([[int(hexes[n][i:i + 2], 16) / 255 for i in (1, 3, 5)] for n in names])
    if cvd:
        rgb = np.clip(cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100}, "sRGB1"), 0, 1)
    jab = cspace_convert(rgb, "sRGB1", "CAM02-UCS")
    return min((float(np.linalg.norm(jab[i] - jab[j])), names[i], names[j])
               for i, j in itertools.combinations(range(len(names)), 2))


def test_the_pages_draw_every_colour_the_server_offers():
    assert set(shades()) == set(COLOURS) and len(COLOURS) == 14


@pytest.mark.parametrize("cvd", list(FLOOR), ids=[str(c) for c in FLOOR])
def test_the_first_seven_stay_apart(cvd):
    distance, a, b = closest_pair(list(COLOURS[:FIRST]), cvd)
    assert distance >= FLOOR[cvd], f"{a} and {b} are {distance:.1f} apart under {cvd}"


def test_the_check_catches_the_old_palette():
    """The palette before this order: red, orange, yellow, green, teal, blue, purple came within 6 under
    deuteranopia."""
    old = {"red": "#e53935", "orange": "#fb8c00", "yellow": "#fdd835", "green": "#43a047", "teal": "#00a896",
           "blue": "#1e88e5", "purple": "#9c27b0"}
    rgb = np.array([[int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)] for h in old.values()])
    sim = np.clip(cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": "deuteranomaly", "severity": 100},
                                 "sRGB1"), 0, 1)
    jab = cspace_convert(sim, "sRGB1", "CAM02-UCS")
    assert min(np.linalg.norm(jab[i] - jab[j]) for i, j in itertools.combinations(range(7), 2)) < 10


# The hue (CIECAM02 h, degrees) each chromatic colour's name stands for, in both languages («красный» is red, not
# the orange-red vermilion it once was, h 51, beside CSS orange's 56): CSS's own colours of those names fall in
# these bands (red #ff0000 h 32, orange #ff8000 56, teal #008080 198, purple #800080 330). White, grey and black
# are without hue; brown is a dark orange of little colour.
HUES = {"red": (15, 40), "orange": (55, 85), "yellow": (90, 108), "lime": (100, 130), "green": (130, 175),
        "teal": (180, 220), "blue": (225, 255), "navy": (240, 275), "purple": (280, 335), "pink": (-15, 15)}
NAMES = {"en": {n: n for n in COLOURS},
         "ru": {"red": "красный", "orange": "оранжевый", "yellow": "жёлтый", "lime": "салатовый", "green": "зелёный",
                "teal": "бирюзовый", "blue": "синий", "navy": "тёмно-синий", "purple": "фиолетовый",
                "pink": "розовый", "brown": "коричневый", "white": "белый", "grey": "серый", "black": "чёрный"}}


def jch(name: str) -> tuple[float, float, float]:
    hexes = shades()
    j, c, h = cspace_convert([int(hexes[name][i:i + 2], 16) / 255 for i in (1, 3, 5)], "sRGB1", "JCh")
    return float(j), float(c), float(h)


@pytest.mark.parametrize("name", sorted(HUES))
def test_each_colour_looks_as_its_name_says(name):
    _j, c, h = jch(name)
    low, high = HUES[name]
    h = h - 360 if h > 180 and low < 0 else h
    assert c >= 40 and low <= h <= high, f"{name} is drawn at hue {h:.0f} (chroma {c:.0f}), not in {low}..{high}"


def test_the_colours_without_hue_and_brown():
    (jw, cw, _), (jg, cg, _), (jb, cb, _) = jch("white"), jch("grey"), jch("black")
    assert max(cw, cg, cb) < 5 and jw > 85 and 40 < jg < 70 and jb < 15
    j, c, h = jch("brown")
    assert 20 <= h <= 60 and c < 30 and j < 50


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pages_name_the_colours_as_they_look(lang):
    words = json.loads((ROOT / f"web/shared/i18n/{lang}.json").read_text(encoding="utf-8"))
    assert {n: words[f"colour.{n}"] for n in COLOURS} == NAMES[lang]
