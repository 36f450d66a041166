"""The hidden-information scan of the raw frames sockets received (a whole game's worth), and its self-test.

What is secret is read off the owners' own frames, so the scan needs no server internals and works on frames
from an in-process test server and a real server process alike: at each `state_id`, a seat's hand (and, while
the cards lie face down in `telling` / `playing`, the cards it played) as its own `me` showed them; and each
person's seat token, as its own `welcome` carried it. Then every frame of every socket is searched as raw text:

* `card`: a `state` frame for any other audience (another seat's phone, the TV, a spectator) that names one of
  those cards at that `state_id`, unless that socket's frames have shown the card without a break since it was
  public: the round's revealed table stays on screen through `scored` while the refill may already have drawn
  one of its cards back into a hand (the table goes to the discard, which is reshuffled when the deck runs
  out: RULES.md §1.2, §4), and showing it again says nothing about that hand;
* `token`: any frame that holds a token not given to that socket itself;
* `hand_key`: a `state` frame of a socket without a seat (TV, spectator) that holds a `"hand"` key;
* `owner_key`: a `state` frame whose game is in `telling` / `playing` / `voting` that holds an `"owner"` key
  (whose card is whose is the reveal itself).

`self_test` plants six leaks of those kinds (`plants`) into copies of clean frames and
counts how many the scan catches: a scan that finds nothing must also be shown able to find something.
Used by tests/server/test_game.py, tests/server/test_leak_scan.py and scripts/redteam.py.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

CARD = re.compile(r'"(c\d{3})"')
FACE_DOWN = ("telling", "playing")                 # played cards are not on the table yet (RULES.md §2.1)
BEFORE_REVEAL = ("telling", "playing", "voting")   # nobody may know whose card is whose yet

Audience = tuple[str, Sequence[str]]   # a socket's name and every raw text frame it received, in order
Parsed = list[tuple[str, list[tuple[str, dict]]]]   # audiences with each frame beside its parsed message


@dataclass
class Scan:
    """What `scan` found: `frames` searched, `secrets` (secret card ids) checked against them in all,
    and `findings`, one (socket name, kind, detail) per leak; no findings: nothing leaked."""

    frames: int = 0
    secrets: int = 0
    findings: list[tuple[str, str, str]] = field(default_factory=list)


def _parse(audiences: Iterable[Audience]) -> Parsed:
    """Each frame of `audiences` with its message, parsed once for everything the scan reads of it."""
    return [(name, [(frame, json.loads(frame)) for frame in frames]) for name, frames in audiences]


def _secrets(audiences: Parsed) -> tuple[dict[str, dict[int, set[str]]], dict[str, set[str]]]:
    """Per seat, per state_id: the cards its own frames showed as secret; per socket name: its own tokens."""
    hidden: dict[str, dict[int, set[str]]] = {}
    tokens: dict[str, set[str]] = {}
    for name, frames in audiences:
        for _, msg in frames:
            if msg["type"] == "welcome" and msg.get("token"):
                tokens.setdefault(name, set()).add(msg["token"])
            if msg["type"] != "state" or not msg.get("game") or "me" not in msg["game"]:
                continue
            me, seat = msg["game"]["me"], msg["you"]["seat"]
            secret = set(me["hand"])
            if msg["game"]["phase"] in FACE_DOWN:
                secret |= set(me["played"])
            hidden.setdefault(seat, {}).setdefault(msg["state_id"], set()).update(secret)
    return hidden, tokens


def scan(audiences: Sequence[Audience]) -> Scan:
    """Search every frame of `audiences` for another audience's hidden information (the module docstring)."""
    parsed = _parse(audiences)
    hidden, tokens = _secrets(parsed)
    every_token = {t: name for name, own in tokens.items() for t in own}
    out = Scan()
    for name, frames in parsed:
        own = tokens.get(name, set())
        shown: set[str] = set()   # cards this socket's last state showed while public, or kept showing since
        for frame, msg in frames:
            out.frames += 1
            for token, owner in every_token.items():
                if token not in own and token in frame:
                    out.findings.append((name, "token", f"{owner}'s token"))
            if msg["type"] != "state":
                continue
            seat, game = msg["you"]["seat"], msg.get("game") or {}
            if seat is None and '"hand"' in frame:
                out.findings.append((name, "hand_key", f"state {msg['state_id']}"))
            if game.get("phase") in BEFORE_REVEAL and '"owner"' in frame:
                out.findings.append((name, "owner_key", f"state {msg['state_id']} in {game['phase']}"))
            cards = set(CARD.findall(frame))
            secret_here: set[str] = set()
            for other, by_state in hidden.items():
                if other == seat:
                    continue
                secret = by_state.get(msg["state_id"], set())
                secret_here |= secret
                out.secrets += len(secret)
                if leaked := (cards & secret) - shown:
                    out.findings.append((name, "card", f"{other}'s {sorted(leaked)} at state {msg['state_id']}"))
            shown = {c for c in cards if c in shown or c not in secret_here}
    return out


def _with(frame: str, extra: str) -> str:
    """`frame` (a JSON object) with `extra` (`"key": value`) added at its end: still valid JSON."""
    return frame[:-1] + "," + extra + "}"


def plants(audiences: Sequence[Audience]) -> list[tuple[str, list[Audience]]]:
    """Copies of `audiences` (a played game whose scan is clean, with a TV and at least two phones), each
    with one leak planted: (what was planted, the copy). Six: another seat's hand card in a phone's frame,
    a face-down card in the TV's frame, another person's token in a phone's frame, a seat token in the TV's
    frame, whose card is whose on the TV before the reveal, and a `"hand"` in the TV's frame. Raises
    LookupError when the game has no place for one of them."""
    parsed = _parse(audiences)
    hidden, tokens = _secrets(parsed)
    names = [name for name, _ in audiences]
    made: list[tuple[str, list[Audience]]] = []

    def plant(what: str, target: str, pick, extra) -> None:
        """Put `extra(msg)` into the first frame of `target` for which `pick(msg)` holds."""
        for (name, frames), (_, parsed_frames) in zip(audiences, parsed, strict=True):
            if name != target:
                continue
            for i, (frame, msg) in enumerate(parsed_frames):
                if msg["type"] == "state" and pick(msg):
                    copy = [*frames[:i], _with(frame, extra(msg)), *frames[i + 1:]]
                    made.append((what, [(n, copy if n == target else f) for n, f in audiences]))
                    return
        raise LookupError(f"no frame of {target} to plant {what!r} in")

    def seat_of(name: str) -> str | None:
        for n, frames in parsed:
            for _, msg in reversed(frames):
                if n == name and msg["type"] == "state":
                    return msg["you"]["seat"]
        return None

    tv = next(n for n in names if seat_of(n) is None)
    phones = [n for n in names if seat_of(n) is not None]
    a, b = phones[0], next(n for n in phones if seat_of(n) != seat_of(phones[0]))
    secret_of_b = hidden[seat_of(b)]

    def face_down(msg: dict) -> set[str]:
        return {c for by_state in hidden.values() for c in by_state.get(msg["state_id"], set())
                } if (msg.get("game") or {}).get("phase") == "playing" else set()

    plant("another seat's hand card in a phone's frame", a, lambda m: bool(secret_of_b.get(m["state_id"])),
          lambda m: f'"x":"{sorted(secret_of_b[m["state_id"]])[0]}"')
    plant("a face-down card in the TV's frame", tv, lambda m: bool(face_down(m)),
          lambda m: f'"x":["{sorted(face_down(m))[0]}"]')
    plant("another person's token in a phone's frame", a, lambda m: True,
          lambda m: f'"x":"{sorted(tokens[b])[0]}"')
    plant("a seat token in the TV's frame", tv, lambda m: True, lambda m: f'"x":"{sorted(tokens[a])[0]}"')
    plant("whose card is whose on the TV before the reveal", tv,
          lambda m: (m.get("game") or {}).get("phase") == "voting", lambda m: '"owner":"s1"')
    plant("a hand in the TV's frame", tv, lambda m: bool(m.get("game")), lambda m: '"hand":[]')
    return made


def self_test(audiences: Sequence[Audience]) -> tuple[int, int, list[str]]:
    """Plant each leak of `plants` into `audiences` (whose own scan must be clean) and scan each copy:
    (caught, planted, what was missed)."""
    clean = len(scan(audiences).findings)
    made = plants(audiences)
    missed = [what for what, copy in made if len(scan(copy).findings) <= clean]
    return len(made) - len(missed), len(made), missed
