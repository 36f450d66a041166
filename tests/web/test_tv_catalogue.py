"""The TV loads a catalogue without the phone's own strings (server/net/webfiles.py PHONE_ONLY), some 3 KB of its
first load: every string the TV's code names by a literal key is in it, in both languages, and none of the
phone's is."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from server.net import webfiles

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
# t('key') / tn('key', …) with a literal key, and a template key's literal start (`length.${…}`)
KEY = re.compile(r"""\btn?\(\s*(['"`])([a-z_]+\.[A-Za-z_.]*)""")


def _tv_sources() -> list[Path]:
    """The TV's own modules and the shared ones (the TV loads some of those; the phone's are elsewhere)."""
    return sorted((WEB / "tv").rglob("*.js")) + sorted((WEB / "shared").glob("*.js"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_tvs_catalogue_has_every_key_its_code_names_and_none_of_the_phones(lang):
    files = webfiles.build(WEB)
    tv = json.loads(files.by_path[f"shared/i18n/tv/{lang}.json"].body)
    full = json.loads((WEB / f"shared/i18n/{lang}.json").read_text(encoding="utf-8"))
    assert set(tv) == {k for k in full if k.split(".", 1)[0] not in webfiles.PHONE_ONLY}
    assert not [k for k in tv if k.startswith("phone.")]
    named = {(path.relative_to(ROOT).as_posix(), m[2]) for path in _tv_sources()
             for m in KEY.finditer(path.read_text(encoding="utf-8"))}
    assert named, "no keys found: the pattern no longer matches the code"
    def has(words: dict, key: str) -> bool:
        if key.endswith((".", "_")):   # a template key's literal start
            return any(k.startswith(key) for k in words)
        return key in words or any(k.startswith(key + ".") for k in words)   # a plural's forms
    # a key one language leaves out on purpose (length.js' English-only forms) is missing from both
    missing = sorted((where, key) for where, key in named if has(full, key) and not has(tv, key))
    assert not missing, f"keys the TV's code names that its catalogue lacks: {missing}"
    assert len(files.by_path[f"shared/i18n/tv/{lang}.json"].gzip or b"") < \
        len(files.by_path[f"shared/i18n/{lang}.json"].gzip or b"") - 2000
