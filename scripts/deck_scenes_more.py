"""The scenes of the built-in deck (scripts/make_deck.py), part two: ten more compositions, so that no scene
idea has to repeat on more than four cards (scripts/deck_motifs.py). Same contract as scripts/deck_scenes.py:
`comp_<name>(canvas, rng, pal, floor, light, s)` paints with the glyphs `s` the plan chose for SLOTS[name]."""
from __future__ import annotations

import math

from deck_paint import (
    MOODS,
    H,
    Palette,
    W,
    add_light,
    drop_shadow,
    flip_to_face,
    glow,
    glyph,
    hsv,
    mix,
    paste,
    radial,
    silhouette,
    tint,
    top_at,
    vertical_gradient,
)
from deck_scenes import (
    BIG_CREATURES,
    CREATURES,
    FLYERS,
    HOUSES,
    OBJECTS,
    PEOPLE,
    PLANTS,
    SMALL_CREATURES,
    SWIMMERS,
    _floor,
    _slot,
    hero_glyph,
)
from PIL import Image, ImageDraw, ImageFilter


def comp_stack(canvas, rng, pal, floor, light, s):
    """A tower of animals standing on each other's backs, the biggest at the bottom, a light on top."""
    y = _floor(floor, 1000)
    cx, size, base = W / 2 + rng.uniform(-60, 60), rng.uniform(300, 360), y
    flip = rng.random() < .5
    for k, ch in enumerate((s["bottom"], s["middle"], s["top"])):
        g = tint(glyph(ch, size, flip=flip), pal.light if not pal.dark else pal.sky[1], .08)
        if k == 0:
            drop_shadow(canvas, g, cx, y, pal.shadow, alpha=.45)
        paste(canvas, g, cx, base, anchor="bottom")
        base = base - g.height + (top_at(g, .5) or 0) + g.height * .1
        size *= .6
        cx += rng.uniform(-12, 12)
    if "crown" in s:
        c = glyph(s["crown"], size)
        glow(canvas, c, cx, base - c.height / 2, pal.light, radius=18, strength=.9)
        paste(canvas, c, cx, base + c.height * .1, anchor="bottom")


def comp_face_to_face(canvas, rng, pal, floor, light, s):
    """A tiny creature and an enormous one face to face; the tiny one offers a small gift."""
    y = _floor(floor, 1000)
    side = rng.choice([-1, 1])
    hero_glyph(canvas, rng, pal, s["big"], rng.uniform(560, 680), W / 2 + side * rng.uniform(140, 200),
               y + 30, anchor="bottom", flip=flip_to_face(s["big"], side > 0), shadow_y=y + 30,
               tint_amt=rng.uniform(.1, .25))
    sx = W / 2 - side * rng.uniform(200, 260)
    hero_glyph(canvas, rng, pal, s["small"], rng.uniform(90, 130), sx, y + 40, anchor="bottom",
               flip=flip_to_face(s["small"], side < 0), shadow_y=y + 40)
    gx, gy = sx + side * rng.uniform(70, 100), y - rng.uniform(10, 60)
    g = glyph(s["gift"], rng.uniform(50, 70), angle=rng.uniform(-15, 15))
    glow(canvas, g, gx, gy, pal.light, radius=16, strength=1)
    paste(canvas, g, gx, gy)


def _egg(w: int, h: int, colour, spots, rng) -> Image.Image:
    """A shaded, speckled egg of w×h pixels (RGBA)."""
    mask = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(mask)
    d.ellipse((0, 0, w, h * 1.12), fill=255)   # an egg: narrower on top
    d.rectangle((0, int(h * .62), w, h), fill=0)
    d.ellipse((0, int(h * .24), w, h), fill=255)
    big = int(max(w, h) * 1.6)   # a soft light from the upper left
    x0, y0 = big // 2 - int(w * .35), big // 2 - int(h * .3)
    shade = radial(big, .8).crop((x0, y0, x0 + w, y0 + h))
    body = Image.new("RGBA", (w, h), (*colour, 255))
    dark = Image.new("RGBA", (w, h), (*mix(colour, (60, 50, 70), .55), 255))
    body = Image.composite(body, dark, shade.point(lambda v: min(255, 70 + v)))
    dd = ImageDraw.Draw(body)
    for _ in range(rng.randint(10, 22)):
        x, yy, r = rng.uniform(.1, .9) * w, rng.uniform(.15, .95) * h, rng.uniform(4, 12)
        dd.ellipse((x - r, yy - r * .7, x + r, yy + r * .7), fill=(*spots, 255))
    body.putalpha(mask)
    return body


def comp_hatching(canvas, rng, pal, floor, light, s):
    """A huge egg cracked open on the ground, light spilling out, and something unexpected hatching."""
    y = _floor(floor, 1000)
    cx, w = W / 2 + rng.uniform(-70, 70), int(rng.uniform(320, 400))
    h = int(w * 1.3)
    egg = _egg(w, h, mix(pal.light, (250, 242, 225), .7), hsv(rng.uniform(0, 360), .35, .75), rng)
    cut = int(h * rng.uniform(.42, .52))
    zig = [(x, cut + (18 if i % 2 else -18)) for i, x in enumerate(range(0, w + 40, 40))]
    low_mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(low_mask).polygon([*zig, (w, h), (0, h)], fill=255)
    low = egg.copy()
    low.putalpha(Image.composite(egg.getchannel("A"), low_mask, low_mask))
    lid = egg.copy()
    lid.putalpha(Image.composite(Image.new("L", (w, h), 0), egg.getchannel("A"), low_mask))
    lid = lid.crop(lid.getchannel("A").getbbox()).rotate(rng.choice([-1, 1]) * rng.uniform(20, 35), expand=True,
                                                          resample=Image.BICUBIC)
    top = y - h
    drop_shadow(canvas, egg, cx, y, pal.shadow, alpha=.45)
    add_light(canvas, cx, top + cut, w * 1.6, mix(pal.light, (255, 240, 190), .5), .9, 1.5)
    hatch = glyph(s["hatchling"], w * rng.uniform(.55, .7))
    paste(canvas, hatch, cx, top + cut + hatch.height * .2, anchor="bottom")
    paste(canvas, low, cx, y, anchor="bottom")
    paste(canvas, lid, cx + rng.choice([-1, 1]) * w * .45, top + cut - hatch.height * .9)
    shell = mix(pal.light, (250, 242, 225), .7)
    for _ in range(rng.randint(3, 6)):   # shell crumbs
        r = rng.uniform(5, 12)
        x = cx + rng.uniform(-w, w) * .8
        ImageDraw.Draw(canvas).polygon([(x - r, y + 8), (x + r, y + 4), (x, y - r)], fill=shell)


def comp_lighthouse(canvas, rng, pal, floor, light, s):
    """A tower on the shore throws a beam of light over the water, and the beam is full of creatures."""
    y = _floor(floor, 950)
    side = rng.choice([-1, 1])
    tx = W / 2 - side * rng.uniform(150, 190)
    tg = hero_glyph(canvas, rng, pal, s["tower"], rng.uniform(340, 420), tx, y + 40, anchor="bottom",
                    tint_amt=rng.uniform(.15, .3), shadow_y=y + 40)
    lx, ly = tx, y + 40 - tg.height * .85
    far_x, far_y = W / 2 + side * 520, ly - rng.uniform(120, 260)
    m = Image.new("L", (W, H), 0)
    spread = rng.uniform(110, 170)
    ImageDraw.Draw(m).polygon([(lx, ly - 8), (far_x, far_y - spread), (far_x, far_y + spread), (lx, ly + 8)], fill=200)
    beam = Image.new("RGBA", (W, H), (*mix(pal.light, (255, 236, 160), .6), 0))
    beam.putalpha(m.filter(ImageFilter.GaussianBlur(14)))
    canvas.alpha_composite(beam)
    add_light(canvas, lx, ly, 120, (255, 250, 220), 1, 1.4)
    for k in range(rng.randint(3, 5)):
        t = (k + rng.uniform(.4, .8)) / 5.2
        g = glyph(s["beamed"], 50 + 110 * t, flip=side < 0, angle=rng.uniform(-12, 12))
        paste(canvas, tint(g, pal.light, .25), lx + (far_x - lx) * t, ly + (far_y - ly) * t + rng.uniform(-.4, .4)
              * spread * t)
    if "boat" in s:
        paste(canvas, glyph(s["boat"], rng.uniform(60, 90)), W / 2 + side * rng.uniform(120, 260),
              y + rng.uniform(60, 140), anchor="bottom")


def _island(canvas, rng, pal, cx, top, w):
    """A floating island: a grassy top and a rocky underside hanging down to a point; returns its top y."""
    depth = w * rng.uniform(.7, 1.0)
    pts = [(cx - w / 2, top)]
    for k in range(1, 8):
        t = k / 8
        pts.append((cx + w / 2 - w * t, top + depth * (1 - abs(2 * t - 1)) ** .7 * rng.uniform(.85, 1.1)))
    rock = Image.new("L", (W, H), 0)
    ImageDraw.Draw(rock).polygon([(cx - w / 2, top), (cx + w / 2, top), *pts[1:]], fill=255)
    under = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    under.paste(vertical_gradient((W, int(depth) + 2), [pal.ground[1], pal.ground[2], pal.shadow]), (0, int(top)))
    under.putalpha(rock)
    canvas.alpha_composite(under)
    ImageDraw.Draw(canvas).ellipse((cx - w / 2 - 6, top - 14, cx + w / 2 + 6, top + 16),
                                   fill=mix(hsv(110 + rng.uniform(-30, 30), .55, .6), pal.light, .2))
    return top


def comp_floating_islands(canvas, rng, pal, floor, light, s):
    """Islands of earth floating in the sky; a home on the biggest, a waterfall pouring off its edge."""
    cx, top, w = W / 2 + rng.uniform(-80, 80), rng.uniform(560, 660), rng.uniform(330, 400)
    side = rng.choice([-1, 1])
    fx = cx + side * w * .38   # the waterfall, behind the island
    fall = Image.new("L", (W, H), 0)
    ImageDraw.Draw(fall).rectangle((fx - 16, top, fx + 16, H), fill=170)
    water = Image.new("RGBA", (W, H), (235, 245, 255, 0))
    water.putalpha(fall.filter(ImageFilter.GaussianBlur(5)))
    canvas.alpha_composite(water)
    for k, (dx, dy, ww) in enumerate([(-.32, -.42, .38), (.34, -.25, .3)]):
        x, t = W / 2 + dx * W * side, top + dy * 700
        _island(canvas, rng, pal, x, t, ww * w * 1.2)
        paste(canvas, glyph(s["others"][k], ww * w * .55, flip=rng.random() < .5), x, t + 6, anchor="bottom")
    _island(canvas, rng, pal, cx, top, w)
    hero_glyph(canvas, rng, pal, s["home"], w * .55, cx - side * w * .1, top + 8, anchor="bottom")
    add_light(canvas, fx, H - 40, 160, (255, 255, 255), .5)


def comp_campfire(canvas, rng, pal, floor, light, s):
    """Friends sitting round a fire; its smoke rises into the shape of something else."""
    y = _floor(floor, 1000)
    cx = W / 2 + rng.uniform(-50, 50)
    warm = hsv(rng.uniform(20, 45), .6, 1)
    add_light(canvas, cx, y - 40, 420, warm, .8, 1.3)
    sm = glyph(s["smoke"], rng.uniform(330, 430), flip=rng.random() < .5)
    sm = silhouette(sm, mix(pal.light, (235, 235, 240), .6), .5).filter(ImageFilter.GaussianBlur(3))
    sy = y - rng.uniform(420, 520)
    paste(canvas, sm, cx + rng.uniform(-60, 60), sy)
    puff = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(puff)
    for k in range(14):
        t = k / 13
        px, py, r = cx + math.sin(t * 5) * 30 * t, y - 80 - (y - 80 - sy - sm.height * .3) * t, 14 + 30 * t
        d.ellipse((px - r, py - r, px + r, py + r), fill=int(120 * (1 - t * .4)))
    smoke = Image.new("RGBA", (W, H), (*mix(pal.light, (230, 230, 235), .6), 0))
    smoke.putalpha(puff.filter(ImageFilter.GaussianBlur(12)))
    canvas.alpha_composite(smoke)
    for k, ch in enumerate(s["sitters"]):
        side = -1 if k == 0 else 1
        g = glyph(ch, rng.uniform(130, 170), flip=flip_to_face(ch, side > 0))   # both look at the fire
        g = tint(g, warm, .15)
        drop_shadow(canvas, g, cx + side * 150, y + 10, pal.shadow, alpha=.5, shear=side * .8)
        paste(canvas, g, cx + side * rng.uniform(140, 170), y + 10, anchor="bottom")
    fire = glyph(s["fire"], rng.uniform(100, 140))
    glow(canvas, fire, cx, y - fire.height / 2, warm, radius=24, strength=1)
    paste(canvas, fire, cx, y + 5, anchor="bottom")


def comp_telescope(canvas, rng, pal, floor, light, s):
    """Someone on a hill with a telescope; a round window in the sky shows, very close, what they see."""
    y = _floor(floor, 1000)
    side = rng.choice([-1, 1])
    px = W / 2 - side * rng.uniform(160, 220)
    lx, ly, r = W / 2 + side * rng.uniform(60, 140), rng.uniform(280, 380), rng.uniform(170, 210)
    cone = Image.new("L", (W, H), 0)
    ImageDraw.Draw(cone).polygon([(px + side * 60, y - 150), (lx - r * .7, ly + r * .7), (lx + r * .7, ly + r * .7)],
                                 fill=40)
    beam = Image.new("RGBA", (W, H), (*pal.light, 0))
    beam.putalpha(cone.filter(ImageFilter.GaussianBlur(10)))
    canvas.alpha_composite(beam)
    other = Palette(rng, rng.choice([m for m in MOODS if m != pal.mood]))
    size = int(2 * r)
    view = vertical_gradient((size, size), other.sky)
    paste(view, glyph(s["seen"], r * rng.uniform(1.2, 1.5), flip=rng.random() < .5), r, r * 1.05)
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, size - 1, size - 1), fill=255)
    view.putalpha(mask)
    glow(canvas, view, lx, ly, pal.light, radius=22, strength=.7)
    paste(canvas, view, lx, ly)
    ImageDraw.Draw(canvas).ellipse((lx - r - 6, ly - r - 6, lx + r + 6, ly + r + 6), outline=(60, 50, 45), width=12)
    ImageDraw.Draw(canvas).ellipse((lx - r - 1, ly - r - 1, lx + r + 1, ly + r + 1), outline=(230, 210, 150), width=3)
    who = hero_glyph(canvas, rng, pal, s["watcher"], rng.uniform(140, 180), px, y, anchor="bottom",
                     flip=flip_to_face(s["watcher"], side < 0),
                     shadow_y=y)
    scope = glyph(s["scope"], rng.uniform(110, 140), flip=side < 0)
    paste(canvas, scope, px + side * who.width * .55, y - who.height * .45)


def comp_cage(canvas, rng, pal, floor, light, s):
    """A birdcage hanging in the sky holds a sun (or a cloud, or a heart); the bird sits free on top."""
    cx, top = W / 2 + rng.uniform(-60, 60), rng.uniform(300, 380)
    cw, ch = rng.uniform(280, 330), rng.uniform(380, 440)
    inside = glyph(s["caged"], cw * .6)
    glow(canvas, inside, cx, top + ch * .58, pal.light, radius=30, strength=1)
    add_light(canvas, cx, top + ch * .58, cw * 1.4, pal.light, .6, 1.6)
    paste(canvas, inside, cx, top + ch * .58)
    d = ImageDraw.Draw(canvas)
    metal = rng.choice([(212, 175, 90), (235, 230, 220), (70, 60, 55), (180, 120, 70)])
    d.line((cx, 0, cx, top - 30), fill=metal, width=4)
    d.ellipse((cx - 16, top - 46, cx + 16, top - 14), outline=metal, width=5)
    dome = ch * .3
    for k in range(9):   # the bars: straight sides, bending into the dome
        f = (k / 8) * 2 - 1
        x = cx + f * cw / 2
        pts = [(cx + f * cw / 2 * math.sin(a * math.pi / 2), top - 20 + dome * (1 - math.cos(a * math.pi / 2)))
               for a in [i / 10 for i in range(11)]]
        d.line([*pts, (x, top + ch)], fill=metal, width=4)
    for yy in (top + dome, top + ch * .55):
        d.line((cx - cw / 2, yy, cx + cw / 2, yy), fill=metal, width=3)
    d.rectangle((cx - cw / 2 - 10, top + ch, cx + cw / 2 + 10, top + ch + 22), fill=metal)
    bird = glyph(s["bird"], rng.uniform(90, 120), flip=rng.random() < .5)
    paste(canvas, bird, cx + rng.uniform(-.2, .2) * cw, top - 18, anchor="bottom")


def comp_footprints(canvas, rng, pal, floor, light, s):
    """A trail of footprints winding across the ground to something standing alone far away."""
    y = _floor(floor, 950)
    gy = max(560, y - rng.uniform(200, 280))   # far off, near the horizon
    gx = rng.uniform(220, W - 220)
    hero_glyph(canvas, rng, pal, s["goal"], rng.uniform(120, 170), gx, gy, anchor="bottom", shadow_y=gy,
               glow_col=pal.light if pal.dark else None)
    d = ImageDraw.Draw(canvas, "RGBA")
    ink = (*mix(pal.shadow, pal.ground[2], .3), 150)
    x0, y0, wiggle, phase = rng.uniform(200, W - 200), H - 50, rng.uniform(40, 90), rng.uniform(0, 6)
    steps = rng.randint(16, 22)
    for k in range(steps):
        t = (k / steps) ** .75   # steps shrink and crowd toward the horizon
        x = x0 + (gx - x0) * t + wiggle * math.sin(phase + t * 5) * (1 - t)
        yy = y0 + (gy + 20 - y0) * t
        size = 30 * (1 - .8 * t)
        x += (1 if k % 2 else -1) * size * .6
        d.ellipse((x - size * .4, yy - size, x + size * .4, yy - size * .25), fill=ink)   # the sole
        d.ellipse((x - size * .3, yy - size * .15, x + size * .3, yy + size * .3), fill=ink)   # the heel


def comp_soap_bubbles(canvas, rng, pal, floor, light, s):
    """Someone blowing soap bubbles; in each big bubble floats a small world."""
    y = _floor(floor, 1000)
    side = rng.choice([-1, 1])
    px = W / 2 - side * rng.uniform(180, 240)
    who = hero_glyph(canvas, rng, pal, s["blower"], rng.uniform(170, 220), px, y, anchor="bottom",
                     flip=flip_to_face(s["blower"], side < 0),
                     shadow_y=y)
    spots = [(W / 2 + side * rng.uniform(0, 180), y - who.height - rng.uniform(140, 560)) for _ in range(3)]
    spots.sort(key=lambda p: p[1])
    for k, (bx, by) in enumerate(spots):
        r = rng.uniform(95, 135)
        paste(canvas, glyph(s["inside"][k], r * 1.1, flip=rng.random() < .5), bx, by)
        _bubble(canvas, bx, by, r, rng)
    for _ in range(rng.randint(6, 11)):
        _bubble(canvas, px + side * rng.uniform(60, 500), rng.uniform(150, y - who.height), rng.uniform(12, 40), rng)


def _bubble(canvas, x, y, r, rng):
    """A soap bubble of radius r: a faint film, a rainbow rim and a highlight."""
    size = int(r * 2) + 8
    b = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(b)
    d.ellipse((4, 4, size - 4, size - 4), fill=(255, 255, 255, 28))
    hue = rng.uniform(0, 360)
    for k in range(6):
        d.arc((4, 4, size - 4, size - 4), k * 60, k * 60 + 62, fill=(*hsv(hue + k * 50, .45, 1), 190), width=3)
    d.ellipse((size * .25, size * .2, size * .42, size * .34), fill=(255, 255, 255, 200))
    paste(canvas, b.filter(ImageFilter.GaussianBlur(.7)), x, y)


SLOTS = {
    "stack": {"bottom": _slot(["🐘", "🐻", "🐄", "🦏", "🐎", "🦛", "🐫", "🦬", "🐃"]),
              "middle": _slot(["🐕", "🐖", "🐑", "🦊", "🐐", "🐈", "🦁", "🐺", "🦝"]),
              "top": _slot(["🐓", "🐇", "🐁", "🐸", "🦉", "🐧", "🦔", "🐿", "🐤"]),
              "crown": _slot(["🕯", "⭐", "👑", "🏮", "🎈", "💡", "🔔", "🌼"], .7)},
    "face_to_face": {"big": _slot([*BIG_CREATURES, "🦖", "🦁", "🦍", "🐅", "🦛"]),
                     "small": _slot([*SMALL_CREATURES, "🐣", "🐜", "🦗"]),
                     "gift": _slot(["🌸", "🎁", "🍎", "🌰", "💌", "🍓", "🧁", "🌼", "🔑", "💐"])},
    "hatching": {"hatchling": _slot(["🐉", "🦕", "🐙", "🐋", "🐧", "🦉", "🌵", "🐢", "🕰", "🦒", "🐊", "🧸",
                                     "🦩", "🌻", "🐍", "🤖", "🐘"])},
    "lighthouse": {"tower": _slot(["🗼", "🏰", "🕯", "🏯", "🗿", "🌋", "🏛", "🌲"]),
                   "beamed": _slot(SWIMMERS + FLYERS), "boat": _slot(["⛵", "🛶", "🚣", "⛴"], .6)},
    "floating_islands": {"home": _slot([*HOUSES, "🌳", "⛺", "🪴"]),
                         "others": _slot([*PLANTS, "🐑", "🐄", "🦌", "🐇", "🪑", "🛖", "🐐"], 1, 2)},
    "campfire": {"fire": _slot(["🔥", "🕯", "🏮", "💡", "🪔"]), "sitters": _slot(CREATURES[:30] + PEOPLE[:10], 1, 2),
                 "smoke": _slot([*BIG_CREATURES, "🦄", "🦅", "🏰", "🚂", "⛵", "🦋", "🐇", "🐎", "🕊"])},
    "telescope": {"watcher": _slot([*PEOPLE, "🦉", "🐈", "🐧", "🦊", "🐻"]), "scope": _slot(["🔭"]),
                  "seen": _slot(CREATURES + OBJECTS[:20])},
    "cage": {"caged": _slot(["☀", "☁", "❤", "🔥", "🌈", "🌍", "💡", "🕰", "🌸", "🎵", "💧", "❄", "⭐", "🌙"]),
             "bird": _slot([*FLYERS, "🐤", "🦜"])},
    "footprints": {"goal": _slot(HOUSES + OBJECTS + ["🚪", "🌳", "⛲"])},
    "soap_bubbles": {"blower": _slot([*PEOPLE, "🐸", "🐈", "🐘", "🐙", "🐳"]),
                     "inside": _slot(CREATURES + HOUSES + PLANTS + ["🌍", "⛵", "🎈", "🕰"], 1, 3)},
}
SCENES = {name: globals()[f"comp_{name}"] for name in SLOTS}
