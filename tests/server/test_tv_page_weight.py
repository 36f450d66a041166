"""The TV page's weight: at most 150 KB of HTML+JS+CSS as served, uncompressed, no images, so an
old smart TV's browser (no build step, plain ES modules) loads it quickly. Counted by scripts/bench.py's
own `page_bytes` on the real app, following the module graph from the TV's HTML, so the bench's "TV page"
figure and this limit cannot disagree. A size, not a timing."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
LIMIT_BYTES = 150 * 1024   # the bench prints total / 1024 as "KB"


def _page_bytes():
    spec = importlib.util.spec_from_file_location("bench", ROOT / "scripts" / "bench.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    # bench.py imports its sibling scripts/benchkit.py, found when it runs as a script (its folder is first
    # on sys.path); loaded by path here, the folder must be put there too
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        spec.loader.exec_module(bench)
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return bench.page_bytes


async def test_the_tv_page_loads_at_most_150_kb(client):
    weight = await _page_bytes()(client.session, str(client.make_url("/")), "/tv")
    served = {urlparse(url).path: n for url, n in weight["sizes"].items()}
    # The graph really was followed, and what it counted is the files themselves (no error pages).
    tv_files = {f"/static/tv/{p.name}" for p in (WEB / "tv").iterdir() if p.suffix in (".js", ".css")}
    assert tv_files <= set(served), f"not reached from /tv: {sorted(tv_files - set(served))}"
    for path, n in served.items():
        if path != "/tv":
            assert n == (WEB / path.removeprefix("/static/")).stat().st_size, path
    assert not [p for p in served if p.startswith("/static/phone/")], "the TV loads a phone module"
    listing = "\n".join(f"{n:7} {p}" for p, n in sorted(served.items(), key=lambda item: -item[1]))
    assert weight["total"] <= LIMIT_BYTES, (
        f"the TV page is {weight['total'] / 1024:.1f} KB in {weight['files']} files, over 150 KB:\n{listing}")
