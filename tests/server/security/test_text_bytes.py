"""Names, associations and deck titles are bounded in UTF-8 bytes and in code points per
grapheme cluster, not only in clusters. The attack: a name of 24 "graphemes" for a hand-written
segmenter, each an `A` followed by 600 `U+200D a` pairs (28,824 code points), was accepted and made
every `state` weigh 1.6 MB. Over real sockets; each refusal leaves the room unchanged."""
from __future__ import annotations

import json

from server.engine import text
from server.net import keys

ZWJ_NAME = ("A" + "\u200da" * 600) * 24        # the attack as reported: 28,824 code points
ZALGO = "a" + "\u0301" * 40                    # one grapheme cluster of 41 code points
FAMILY = "👨\u200d👩\u200d👧\u200d👦"            # one cluster of seven code points: a real emoji


def test_clusters_come_from_uax29_not_a_zwj_glue():
    assert len(ZWJ_NAME) == 28_824
    assert text.grapheme_count("A" + "\u200da" * 600) == 601     # a letter after ZWJ starts a new cluster
    assert text.grapheme_count("👩🏻\u200d❤️\u200d💋\u200d👨🏼") == 1  # the longest emoji: 10 code points
    assert text.grapheme_count("각") == 1                        # Hangul jamo make one syllable


def test_limits_in_bytes_and_code_points_per_cluster():
    assert text.clean_limited(ZWJ_NAME, text.NAME_MAX, max_bytes=text.NAME_MAX_BYTES) is None
    assert text.clean_limited(ZALGO, text.NAME_MAX, max_bytes=text.NAME_MAX_BYTES) is None
    assert text.clean_limited(FAMILY * 24, text.NAME_MAX, max_bytes=text.NAME_MAX_BYTES) == FAMILY * 24
    assert text.clean_limited("Александра-Мария Ивановна"[:24], text.NAME_MAX, max_bytes=text.NAME_MAX_BYTES)
    assert len(("Ж" * 24).encode()) < text.NAME_MAX_BYTES / 5  # a long real name is far below the byte cap


async def test_a_name_of_28824_code_points_is_refused(client, connect):
    code = (await (await client.post("/api/rooms")).json())["code"]
    room = client.app[keys.ROOMS].get(code)
    p = await connect("mallory")
    await p.hello(code)
    before = json.dumps(room.stored(), sort_keys=True)
    for name in (ZWJ_NAME, "A" + "\u200da" * 24, ZALGO, "Zoe" + ZALGO, "Я" * 24 + "\u0301" * 400):
        # sent as UTF-8 like a browser does: the attack's frame is 57,624 bytes, under the frame cap
        await p.ws.send_str(json.dumps({"type": "join", "state_id": p.state_id, "name": name, "colour": "red"},
                                       ensure_ascii=False))
        err = await p.error()
        assert err["code"] == "bad_name", (name[:8], err)
    assert json.dumps(room.stored(), sort_keys=True) == before
    await p.act("join", name="Zoe " + FAMILY, colour="red")   # within the limits, but an emoji (item 1)
    assert (await p.error())["params"]["reason"] == "emoji"
    await p.act("join", name="Zoe", colour="red")
    await p.until(lambda m: m["type"] == "welcome" and m["seat"])


async def test_an_association_heavy_in_bytes_is_refused(make_table):
    table = await make_table(4)
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    card = teller.me["hand"][0]
    await table.refused(teller, "tell", "association_too_long", card=card, association=ZALGO)
    heavy = ("🐘" + "\ufe0f" * 12) * 200      # 200 clusters, 2,600 code points, 8,000 bytes
    await table.refused(teller, "tell", "association_too_long", card=card, association=heavy)
    await table.act(teller, "tell", card=card, association="Кто съел торт? 🎂" * 10)
    assert table.tv.game["association"].startswith("Кто съел торт?")


def test_deck_titles_are_cut_to_clusters_and_bytes(tmp_path):
    from server.decks.archive import import_zip
    from server.decks.library import DeckLibrary
    from server.decks.names import normalise_title
    from tests.decks.helpers import make_zip, picture

    library = DeckLibrary(tmp_path / "shipped", tmp_path / "data")
    result = import_zip(library, __import__("io").BytesIO(make_zip({"a.png": picture("PNG")})), title=ZWJ_NAME)
    title = result.deck.title["en"]
    assert len(title.encode()) <= text.TITLE_MAX_BYTES and text.grapheme_count(title) <= text.TITLE_MAX
    assert title.startswith("A\u200da")
    assert normalise_title(ZALGO + " Ours", "x") == {"en": "Ours", "ru": "Ours"}
    assert normalise_title("Наши " * 100, "x")["en"] == ("Наши " * 16).strip()
