"""Static checks of the pages (no browser): both translation files carry every string the modules use, and
no module ever writes HTML from data (text goes in through textContent only)."""
import json
import re
from pathlib import Path

from server.engine import MODES

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
LANGS = ("en", "ru")
# Values the server sends that the pages translate by family (docs/protocol.md, docs/architecture.md).
FAMILIES = {
    "colour": ["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "brown", "grey", "white",
               "black", "lime", "navy"],
    "condition": ["question", "four_words", "person", "screen", "story", "brand"],
    "condition_short": ["question", "four_words", "person", "screen", "story", "brand"],
    "ruleset": ["imaginarium", "imaginarium-classic", "dixit"],
    "mode": ["standard", "pairs", "trio", "duel", "kids"],
    "first_storyteller": ["draw", "host", "claim"],
    "first_storyteller_opt": ["draw", "host", "claim"],
    "when_deck_empty": ["reshuffle", "end"],
    "outcome": ["all", "none", "some"],
    "outcome_duel": ["all", "none", "some"],
    "outcome_kids": ["all", "none", "some"],
    "help.mode": ["standard", "pairs", "trio", "duel", "kids"],
    "tv.mode_hint": ["standard", "pairs", "trio", "duel", "kids"],
    "duel_outcome": ["win", "loss", "draw"],
    "owner": ["bot", "deck", "mammoth"],
    "conn": ["connecting", "online", "offline"],
    "lang": ["", "en", "ru"],   # "" = automatic (the TV browser's language)
}
# The how-to-play explainer's words per mode (web/shared/explainer.js reads `how.<card>.<mode id>`): every
# mode the engine registers, so a new one is never explained with another mode's words.
FAMILIES.update({key: list(MODES) for key in ("how.teller", "how.play", "how.vote")})


def _strings(lang: str) -> dict:
    return json.loads((WEB / "shared" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def _modules():
    return sorted(WEB.rglob("*.js"))


PLURAL = re.compile(r"\.(zero|one|two|few|many)$")


def _base_keys(strings: dict) -> set:
    """Keys with plural forms folded into their `.other` key (Russian has more forms than English)."""
    return {PLURAL.sub(".other", k) for k in strings}


def test_both_languages_have_the_same_keys():
    en, ru = _base_keys(_strings("en")), _base_keys(_strings("ru"))
    assert en == ru, f"only in en: {en - ru}; only in ru: {ru - en}"
    assert all(isinstance(v, str) and v.strip() for lang in LANGS for v in _strings(lang).values())


def test_every_literal_key_used_by_a_module_is_translated():
    used = set()
    for path in _modules():
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"\bt\('([a-z_.\-]+)'", text))
        # tn('key', n) looks up plural forms: key.other at least.
        used |= {f"{k}.other" for k in re.findall(r"\btn\('([a-z_.\-]+)'", text)}
    assert len(used) > 50  # the pattern really found the modules' strings
    for lang in LANGS:
        missing = used - set(_strings(lang))
        assert not missing, f"{lang}.json lacks {sorted(missing)}"


def test_every_value_family_is_translated():
    for lang in LANGS:
        strings = _strings(lang)
        missing = [f"{fam}.{v}" for fam, values in FAMILIES.items() for v in values if f"{fam}.{v}" not in strings]
        assert not missing, f"{lang}.json lacks {missing}"


def test_no_module_writes_html():
    offenders = []
    for path in _modules():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write\(", line):
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not offenders, "HTML written from script:\n" + "\n".join(offenders)


def test_pages_load_only_our_own_files():
    """No CDN, no external font: every URL in the pages and stylesheets is a path on our server."""
    for path in [*WEB.rglob("*.html"), *WEB.rglob("*.css"), *_modules()]:
        text = path.read_text(encoding="utf-8")
        external = re.findall(r"""(?:src|href)=["'](https?:)?//|@import\s+url\(\s*["']?https?:"""
                              r"""|url\(\s*["']?https?:""", text)
        assert not external, f"{path.relative_to(ROOT)} loads something from another host"
        assert "fonts.googleapis" not in text and "cdn." not in text, path


def test_one_module_and_one_stylesheet_per_screen():
    """Each phase's screen is `screens/<phase>.js` + `.css`; widgets with a stylesheet sit beside screens/."""
    for page, screens in {"tv": ["screens/lobby", "screens/telling", "screens/playing", "screens/voting",
                                 "screens/scored", "screens/game-over", "board"],
                          "phone": ["screens/join", "screens/lobby", "screens/telling", "screens/playing",
                                    "screens/voting", "screens/scored", "screens/game-over", "host-menu"]}.items():
        html = (WEB / page / "index.html").read_text(encoding="utf-8")
        for screen in screens:
            assert (WEB / page / f"{screen}.js").is_file(), f"{page}/{screen}.js"
            assert (WEB / page / f"{screen}.css").is_file(), f"{page}/{screen}.css"
            assert f"/static/{page}/{screen}.css" in html, f"{page}/index.html does not load {screen}.css"


def test_the_pages_text_limits_are_the_servers():
    """web/phone/text-limit.js repeats the server's grapheme, byte and code-point limits (the counters and
    buttons use them); the server's constants are the truth."""
    from server.engine import text

    source = (WEB / "phone" / "text-limit.js").read_text(encoding="utf-8")
    names = ("NAME_MAX", "NAME_MAX_BYTES", "ASSOCIATION_MAX", "ASSOCIATION_MAX_BYTES", "CLUSTER_MAX_CODE_POINTS")
    page = {k: int(v) for k, v in re.findall(rf"export const ({'|'.join(names)}) = (\d+);", source)}
    assert page == {k: getattr(text, k) for k in names}
