"""Names a person cannot see, or cannot tell from another name at the table, are refused: a name of only
Hangul fillers or Braille blanks shows as an empty seat on the TV, and "Аnna" (Cyrillic А) beside "Anna"
leaves the table guessing who is who. Confusable means UTS #39's skeletons (on the classes of the
`confusable-homoglyphs` package); a sentence in the phone's language says which name it looks like."""
from __future__ import annotations

import pytest

from server.engine.text import clean, has_visible
from server.room.lookalike import looks_alike

INVISIBLE = ["\u3164", "\u3164\u3164\u3164", "\uffa0\uffa0", "\u115f\u1160", "\u2800", "\u2800 \u2800",
             "\u200b\u200b", "\u034f", "\u0301\u0301", "\u180e", "\ufe0f\ufe0f"]
LOOKALIKES = [("Anna", "\u0410nna"), ("Anna", "Ann\u0430"), ("anna", "\u0410NNA"), ("Ivan", "lvan"),
              ("P1", "Pl"), ("Папа", "Пaпa"), ("Оля", "Oля"), ("Kate", "\u039aate"), ("Sam", "\u0405am"),
              ("Tom", "T\u043em"), ("Egor", "\u0415gor"), ("Max", "\u041c\u0430x"), ("Petya", "Pet\u0443a"),
              ("Zoe", "\uff3aoe")]
DIFFERENT = [("Anna", "Anya"), ("Коля", "Оля"), ("Дима", "Дина"), ("Ann", "Anna"), ("Мама", "Папа"),
             ("Ёжик", "Ежик 2"), ("李小龙", "李小虎"), ("P1", "P2"), ("Мама", "Mama")]


@pytest.mark.parametrize("name", INVISIBLE)
def test_names_with_nothing_to_see_are_found(name):
    assert not has_visible(clean(name))


@pytest.mark.parametrize("name", ["Anna", "a\u3164", "Ёжик", "李", "#1", "e\u0301", "★"])
def test_names_with_something_to_see_pass(name):
    assert has_visible(clean(name))


@pytest.mark.parametrize(("a", "b"), LOOKALIKES)
def test_confusable_names_look_alike(a, b):
    assert looks_alike(a, b) and looks_alike(b, a)


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_different_names_do_not(a, b):
    assert not looks_alike(a, b)


async def test_join_and_rename_refuse_invisible_and_lookalike_names_with_a_sentence(client, connect_to, make_table):
    table = await make_table(4, start=False)
    host, other = table.phones[0], table.phones[1]
    await table.act(host, "rename", name="Anna")
    twin = "\u0410nna"   # a Cyrillic А
    before = [m["name"] for r in table.tv.state["room"]["roster"] for m in r["people"]]

    err = await table.refused(other, "rename", "name_taken", name=twin)
    assert err["params"] == {"reason": "lookalike", "name": "Anna"}
    assert err["message"] == "That name looks just like Anna's on the TV: please pick one that reads differently."
    for name in INVISIBLE:
        err = await table.refused(other, "rename", "bad_name", name=name)
        assert err["params"]["reason"] == "invisible", (name, err)
    await table.act(host, "set_settings", settings={"mode": "kids"})
    await table.refused(host, "add_child", "bad_name", name="\u2800\u2800", colour="navy")
    await table.refused(host, "add_child", "name_taken", name="\u0410nn\u0430", colour="navy")

    ru = await connect_to(client, "ru")
    await ru.hello(table.code, lang="ru")
    await ru.act("join", name="\u3164\u3164", colour="orange")
    err = await ru.error()
    assert err["code"] == "bad_name" and err["message"] == "В имени должна быть хотя бы одна видимая буква или цифра."
    await ru.act("join", name=twin, colour="orange")
    err = await ru.error()
    assert err["code"] == "name_taken"
    assert err["message"] == "Это имя на телевизоре не отличить от имени «Anna»: выберите другое."
    after = [m["name"] for r in table.tv.state["room"]["roster"] for m in r["people"]]
    assert after == before   # nothing refused changed the table
