"""Small parts of the server: text limits, LAN address choice, QR codes, outbox, rate limit, store,
error sentences."""
from __future__ import annotations

import asyncio
import io
import json
import re
import sqlite3
from pathlib import Path

import ifaddr
import pytest
import zxingcpp
from PIL import Image

from server.engine import text
from server.lan import addresses as lan
from server.lan import qr
from server.messages import catalogue, plural_form, sentence
from server.net.outbox import Outbox
from server.net.ratelimit import TokenBucket
from server.room import store as store_module
from server.room.store import Store

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- text
@pytest.mark.parametrize("s, n", [
    ("Аня", 3), ("e\u0301", 1), ("👨\u200d👩\u200d👧\u200d👦", 1), ("🇷🇺🇬🇧", 2), ("👍🏽!", 2), ("❤️", 1), ("", 0),
])
def test_grapheme_count(s, n):
    assert text.grapheme_count(s) == n


def test_clean_drops_controls_and_collapses_space():
    assert text.clean(" a\x00b\u202e\tc \n d ") == "ab c d"


def test_clean_limited_counts_graphemes_not_code_points():
    family = "👨\u200d👩\u200d👧\u200d👦"
    assert text.clean_limited(family * 24, 24, max_bytes=640) == family * 24   # 24 graphemes, 168 code points
    assert text.clean_limited(family * 25, 24, max_bytes=640) is None
    assert text.clean_limited("   ", 24, max_bytes=640) is None
    assert text.clean_limited(42, 24, max_bytes=640) is None
    assert text.clean_limited("", 200, max_bytes=640, allow_empty=True) == ""
    assert text.clean_limited("ж" * 20, 24, max_bytes=39) is None                 # 40 bytes


# ---------------------------------------------------------------- LAN addresses
def _adapter(name, *ips):
    return ifaddr.Adapter(name, name, [ifaddr.IP(ip, 24, name) for ip in ips])


def test_lan_prefers_private_ipv4_on_default_route_and_drops_virtual():
    adapters = [
        _adapter("lo", "127.0.0.1"),
        _adapter("docker0", "172.17.0.1"),
        _adapter("br-1234", "172.18.0.1"),
        _adapter("tun0", "10.8.0.2"),
        _adapter("eth0", "169.254.3.4", "192.168.1.20"),
        _adapter("wlan0", "192.168.0.7", ("fe80::1", 0, 2)),
    ]
    got = lan.candidates(adapters, default_ifaces={"wlan0"})
    assert [c.ip for c in got] == ["192.168.0.7", "192.168.1.20"]
    assert got[0].default_route and got[0].interface == "wlan0"


def test_default_route_interfaces_reads_proc_net_route(tmp_path):
    route = tmp_path / "route"
    route.write_text("Iface\tDestination\tGateway\n"
                     "wlan0\t00000000\t0101A8C0\t0003\n"
                     "wlan0\t0001A8C0\t00000000\t0001\n"
                     "docker0\t000011AC\t00000000\t0001\n")
    assert lan.default_route_interfaces(route) == {"wlan0"}
    assert lan.default_route_interfaces(tmp_path / "missing") == set()


def test_advertise_ip_overrides_and_is_validated():
    assert lan.choose_addresses("10.1.2.3")[0] == "10.1.2.3"
    with pytest.raises(ValueError):
        lan.choose_addresses("not-an-ip")


def test_urls():
    urls = lan.Urls(["192.168.1.20", "10.0.0.2"], 8080, "imaginarium")
    assert urls.join("KXPT") == "http://192.168.1.20:8080/join/KXPT"
    assert urls.join("KXPT", "10.0.0.2") == "http://10.0.0.2:8080/join/KXPT"
    assert urls.tv("KXPT") == "http://192.168.1.20:8080/tv?room=KXPT"
    assert urls.mdns() == "http://imaginarium.local:8080"


# ---------------------------------------------------------------- QR
def test_qr_png_decodes_to_the_url():
    url = "http://192.168.1.20:8080/join/KXPT"
    results = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.png(url))))
    assert [r.text for r in results] == [url]


def test_qr_terminal_decodes_to_the_url():
    """The terminal rendering, drawn back into pixels, is a QR code of the URL too."""
    url = "http://192.168.1.20:8080/join/KXPT"
    lines = qr.terminal(url).split("\n")
    scale = 8
    img = Image.new("L", (len(lines[0]) * scale, len(lines) * 2 * scale), 255)
    px = img.load()
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            top_light = ch in "█▀"
            bottom_light = ch in "█▄"
            for dy in range(scale):
                for dx in range(scale):
                    # Light blocks are light modules: paint the dark ones black.
                    px[x * scale + dx, 2 * y * scale + dy] = 255 if top_light else 0
                    px[x * scale + dx, (2 * y + 1) * scale + dy] = 255 if bottom_light else 0
    assert [r.text for r in zxingcpp.read_barcodes(img)] == [url]


# ---------------------------------------------------------------- outbox
async def test_outbox_keeps_one_state_and_bounds_the_rest():
    box = Outbox(limit=3)
    box.put(b"a")
    box.put_state(b"s1")
    box.put(b"b")
    box.put_state(b"s2")          # replaces s1 and goes to the back
    assert [await box.get() for _ in range(3)] == [b"a", b"b", b"s2"]
    for i in range(10):
        box.put(f"m{i}".encode())
        box.put_state(f"state{i}".encode())
    assert len(box) == 4          # 3 messages + 1 state
    assert [await box.get() for _ in range(4)] == [b"m7", b"m8", b"m9", b"state9"]
    getter = asyncio.ensure_future(box.get())
    box.close()
    assert await getter is None


# ---------------------------------------------------------------- rate limit
def test_token_bucket():
    now = [0.0]
    bucket = TokenBucket(burst=2, rate=1, clock=lambda: now[0])
    assert [bucket.allow() for _ in range(3)] == [True, True, False]
    now[0] += 1.0
    assert [bucket.allow(), bucket.allow()] == [True, False]


# ---------------------------------------------------------------- store
def test_store_round_trip_and_wal(tmp_path):
    store = Store(tmp_path / "d" / "rooms.sqlite3")
    store.save("ABCD", {"x": "ёлка", "n": 1})
    store.save("ABCD", {"x": "ёлка", "n": 2})
    store.save("EFGH", {"n": 3})
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # NORMAL: COMMIT does not flush; the store flushes the log itself before anyone is told (Store._flush;
    # tests/server/faults/test_slow_disk.py sees the writer held in fdatasync before the state arrives)
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 1
    store.close()
    again = Store(tmp_path / "d" / "rooms.sqlite3")
    assert again.load_all() == {"ABCD": {"x": "ёлка", "n": 2}, "EFGH": {"n": 3}}
    assert again.codes_by_recency() == ["EFGH", "ABCD"]
    assert 0 <= again.written_ago("EFGH") < 3600 and again.written_ago("WXYZ") is None
    again.close()



def test_store_checkpoints_on_its_own_thread_not_in_a_commit(tmp_path):
    """The commit that fills the log does not also copy it into the database file (two more fsyncs in
    that commit): the checkpoint thread does, and the rows are then in the database file itself."""
    path = tmp_path / "rooms.sqlite3"
    store = Store(path)
    assert store._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == store_module.FALLBACK_CHECKPOINT_PAGES
    text = json.dumps({"pad": "x" * 20_000})
    for i in range(2 * store_module.CHECKPOINT_BYTES // len(text) + 1):
        store.write_batch([(f"R{i % 50:03d}", text)])
    store._checkpointer.submit(lambda: None).result()   # the checkpoint asked for has run
    # the database file alone (a copy without its log) holds the rooms
    copy = tmp_path / "copy.sqlite3"
    copy.write_bytes(path.read_bytes())
    db = sqlite3.connect(copy)
    assert db.execute("SELECT count(*) FROM rooms").fetchone()[0] == 50
    db.close()
    store.close()

# ---------------------------------------------------------------- sentences
def _emitted_codes() -> set[str]:
    """Every error code the room, the socket handler and the engine can emit on the wire, read from
    their sources (deck uploads answer over HTTP with their own codes)."""
    codes = set()
    mine = [*(ROOT / "server" / "room").glob("*.py"), ROOT / "server" / "net" / "ws.py", ROOT / "server" / "app.py"]
    for path in mine + list((ROOT / "server" / "engine").glob("*.py")):
        src = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r'(?:Refused|IllegalAction)\(\s*"([a-z_]+)"', src))
        codes |= set(re.findall(r'refuse\(\s*"([a-z_]+)"', src))
    return codes


def test_every_code_has_a_sentence_in_both_languages():
    codes = _emitted_codes()
    assert {"stale_state", "not_host", "deck_too_small", "rate_limited"} <= codes
    for lang in ("en", "ru"):
        missing = codes - set(catalogue(lang))
        assert not missing, f"{lang}.json lacks {sorted(missing)}"
    assert set(catalogue("en")) == set(catalogue("ru"))


def test_every_code_is_documented():
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    missing = {c for c in _emitted_codes() if f"`{c}`" not in doc}
    assert not missing, f"docs/protocol.md lacks {sorted(missing)}"


def test_sentences_fill_params_and_use_the_terms():
    assert "24" in sentence("deck_too_small", "en", {"needed": 24, "have": 10})
    assert sentence("deck_too_small", "ru", {"needed": 24, "have": 10}).startswith("В колоде")
    ru = json.dumps(catalogue("ru"), ensure_ascii=False)
    for term in ("ведущ", "ассоциац", "карт", "голос", "слон"):
        assert term in ru


def test_sentences_name_the_storyteller_in_the_rulesets_words():
    """RULES.md terms: Dixit's storyteller is «рассказчик», Imaginarium's «ведущий» (a capital where the sentence
    starts with it); no sentence leaves a `{@term}` unfilled, whatever the ruleset."""
    assert sentence("not_storyteller", "ru", ruleset="dixit") == "Это может сделать только рассказчик."
    assert sentence("storyteller_cannot_vote", "ru", ruleset="dixit") == "Рассказчик не голосует."
    assert sentence("storyteller_cannot_vote", "ru", ruleset="imaginarium") == "Ведущий не голосует."
    assert sentence("storyteller_cannot_vote", "ru") == "Ведущий не голосует."
    assert sentence("not_storyteller", "en", ruleset="dixit") == "Only the storyteller can do that."
    for lang in ("en", "ru"):
        for code in catalogue(lang):
            for ruleset in (None, "dixit", "imaginarium", "imaginarium-classic"):
                assert "{@" not in sentence(code, lang, ruleset=ruleset), (lang, code, ruleset)


def test_every_room_refusal_is_exercised_by_a_wire_test():
    """Each code the room and socket handler emit appears in the protocol tests, or for the refusals the
    room makes to the deck page (`Room.end_for_deck`) in test_kids_decks.py, `deck_reading` in
    test_deck_reading.py (internal_error is a bug by definition and cannot be provoked)."""
    own = set()
    for path in [*(ROOT / "server" / "room").glob("*.py"), ROOT / "server" / "net" / "ws.py"]:
        src = path.read_text(encoding="utf-8")
        own |= set(re.findall(r'(?:Refused\(|refuse\()\s*"([a-z_]+)"', src))
    tests = "".join(p.read_text(encoding="utf-8") for p in [ROOT / "tests" / "server" / "test_protocol.py",
                                                           ROOT / "tests" / "server" / "test_kids_decks.py",
                                                           ROOT / "tests" / "server" / "test_deck_reading.py",
                                                           *(ROOT / "tests" / "server" / "modes").glob("test_*.py")])
    untested = {c for c in own - {"internal_error"} if f'"{c}"' not in tests}
    assert not untested, sorted(untested)


@pytest.mark.parametrize("n, form", [(1, "игрок"), (2, "игрока"), (4, "игрока"), (5, "игроков"), (11, "игроков"),
                                     (12, "игроков"), (14, "игроков"), (21, "игрок"), (22, "игрока"),
                                     (111, "игроков"), (0, "игроков")])
def test_russian_plural_forms(n, form):
    assert plural_form(n, ["игрок", "игрока", "игроков"]) == form


def test_sentences_with_counts_agree_with_the_number():
    assert sentence("room_full", "ru", {"max": 4}) == "За столом нет мест (4 слона)."
    assert sentence("room_full", "ru", {"max": 14}) == "За столом нет мест (14 слонов)."
    assert sentence("room_full", "en", {"max": 1}) == "The table is full (1 elephant)."
    assert sentence("wrong_player_count", "en", {"min": 2, "max": 2, "count": 1}) == \
        "This game needs exactly 2 players; there is 1."
    assert "{" not in sentence("bad_name", "ru", {"max": 24})
