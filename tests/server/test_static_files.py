"""The web pages' files as the server sends them (server/net/webfiles.py, server/net/static.py), over real HTTP
to the real app: every reference between them versioned by a content hash that covers what it imports, those
URLs cached for ever, the plain URLs and the HTML revalidated, the bodies gzip or brotli as the request asks.
What a browser then loads, in bytes on the wire, is tests/e2e/test_tv_wire_weight.py's."""
from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path

import brotli

from server.net import keys, webfiles

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
VERSIONED = re.compile(r"/static/[\w./-]+\.[0-9a-f]{12}(?:\.\w+)?")
# what a module or stylesheet names another file by, as the pages write it
# (lateModule('…'): a module the TV adds later, web/tv/late.js)
SPECIFIERS = re.compile(r"""(?:\bfrom\s*|\b(?:import|lateModule)\s*\(?\s*|url\(\s*|@import\s*|\b(?:src|href)=)"""
                        r"""(['"])([^'"]+)\1""")
FOREVER = "public, max-age=31536000, immutable"


async def _get(client, url: str, encoding: str = "gzip, deflate", **headers):
    resp = await client.get(url, headers={"Accept-Encoding": encoding, **headers}, auto_decompress=False)
    return resp, await resp.read()


async def _graph(client, page: str) -> dict[str, bytes]:
    """Every URL the page `page` reaches through its HTML, stylesheets and module imports -> its plain body,
    followed as a browser would from what the server sends."""
    bodies: dict[str, bytes] = {}
    todo = [page]
    while todo:
        url = todo.pop()
        if url in bodies:
            continue
        resp = await client.get(url)
        assert resp.status == 200, url
        bodies[url] = await resp.read()
        if url == page or url.endswith((".js", ".css")):
            todo += [spec for _, spec in SPECIFIERS.findall(bodies[url].decode()) if spec.startswith("/static/")]
    return bodies


async def test_each_page_reaches_its_files_only_by_versioned_urls_cached_for_ever(client):
    for page, folder in (("/tv?new=1", "tv"), ("/join/ABCD", "phone")):
        bodies = await _graph(client, page)
        reached = {url for url in bodies if url != page}
        assert reached and all(VERSIONED.fullmatch(url) for url in reached), sorted(reached)
        modules = {p.relative_to(WEB).as_posix() for p in (WEB / folder).rglob("*.js")}
        plain = {re.sub(r"\.[0-9a-f]{12}(?=\.\w+$)", "", url).removeprefix("/static/") for url in reached}
        assert modules <= plain, f"{page} does not reach {sorted(modules - plain)}"
        # the page's stylesheets as one, in the order its HTML lists them (the same cascade)
        written = (WEB / folder / "index.html").read_text(encoding="utf-8")
        sheets = re.findall(r'<link rel="stylesheet" href="/static/([^"]+)">', written)
        assert {p.relative_to(WEB).as_posix() for p in (WEB / folder).rglob("*.css")} <= set(sheets)
        bundle = next(url for url in reached if url.startswith(f"/static/{folder}/index.styles."))
        parts = [await (await client.get(f"/static/{sheet}")).read() for sheet in sheets]
        assert bodies[bundle] == b"\n".join(parts)
        assert [url for url in reached if url.endswith(".css")] == [bundle]
        for url in reached:
            if url == bundle:
                continue
            resp = await client.get(url)
            assert resp.headers["Cache-Control"] == FOREVER, url
            # the file itself, minified (tests/web/test_minified.py), only its specifiers changed (relative and
            # plain ones to versioned URLs)
            path = re.sub(r"\.[0-9a-f]{12}(?=\.\w+$)", "", url).removeprefix("/static/")
            own = (WEB / path).read_bytes()
            if path.endswith((".js", ".css")):
                written = webfiles.minified(path, own.decode())
                assert SPECIFIERS.sub("", bodies[url].decode()) == SPECIFIERS.sub("", written), url
            else:
                assert bodies[url] == own, url
            js = bodies[url].decode() if path.endswith(".js") else ""
            left = [spec for _, spec in SPECIFIERS.findall(js) if not VERSIONED.fullmatch(spec)]
            assert not left, f"{url} still imports {left}"


async def test_text_goes_gzip_or_brotli_as_asked_and_pictures_as_they_are(client):
    html = (await (await client.get("/tv?new=1")).text())
    tv_js = re.search(r'src="(/static/tv/tv\.[0-9a-f]{12}\.js)"', html)[1]
    plain, body = await _get(client, tv_js, "identity")
    assert "Content-Encoding" not in plain.headers and plain.headers["Vary"] == "Accept-Encoding"
    assert plain.content_type == "text/javascript"   # a module is read as UTF-8 whatever the header says
    for header, coding in (("gzip, deflate", "gzip"), ("gzip, deflate, br", "br"), ("br;q=0, gzip", "gzip"),
                           ("br;q=1.0, gzip;q=0.5", "br"), ("*", "br"), ("gzip;q=0", None), ("", None)):
        resp, sent = await _get(client, tv_js, header)
        assert resp.headers.get("Content-Encoding") == coding, header
        unpack = {"gzip": gzip.decompress, "br": brotli.decompress, None: bytes}[coding]
        assert unpack(sent) == body, header
        if coding:
            assert len(sent) < len(body) / 2, (header, len(sent), len(body))
    for page in ("/tv?new=1", "/join/ABCD"):
        resp, sent = await _get(client, page, "gzip")
        assert resp.headers["Content-Encoding"] == "gzip" and b"<html" in gzip.decompress(sent)
    resp, sent = await _get(client, "/static/shared/favicon.png", "gzip, br")
    assert "Content-Encoding" not in resp.headers and sent == (WEB / "shared" / "favicon.png").read_bytes()


async def test_every_compressed_body_is_made_before_the_first_request(make_client):
    client = await make_client()
    files = client.server.app[keys.WEB_FILES]
    texts = [a for a in files.by_path.values() if a.path.endswith((".js", ".css", ".html", ".json"))
             and len(a.body) > 200]   # a tiny file may not get smaller
    assert len(texts) > 50 and all(a.gzip and a.br for a in texts)
    assert all(gzip.decompress(a.gzip) == a.body and brotli.decompress(a.br) == a.body for a in texts)
    resp, sent = await _get(client, texts[0].url)
    assert resp.headers["Content-Encoding"] == "gzip" and sent == texts[0].gzip


async def test_plain_urls_pages_and_the_rules_revalidate_with_an_etag(client):
    for url in ("/static/tv/tv.js", "/static/shared/i18n/ru.json", "/tv?new=1", "/join/ABCD", "/api/rules"):
        resp, body = await _get(client, url)
        assert resp.status == 200 and resp.headers["Cache-Control"] == "no-cache", url
        etag = resp.headers["ETag"]
        again, empty = await _get(client, url, "gzip", **{"If-None-Match": etag})
        assert again.status == 304 and empty == b"" and again.headers["ETag"] == etag, url
        other, body2 = await _get(client, url, "br", **{"If-None-Match": '"0123456789ab"'})
        assert other.status == 200 and brotli.decompress(body2) == gzip.decompress(body), url
    # the plain module is the versioned one's body: its own imports versioned too, so both share the cache
    html = await (await client.get("/tv?new=1")).text()
    tv_js = re.search(r'src="(/static/tv/tv\.[0-9a-f]{12}\.js)"', html)[1]
    assert await (await client.get("/static/tv/tv.js")).read() == await (await client.get(tv_js)).read()
    # a page from before an upgrade asking for an old version gets today's file, not for ever
    stale = await client.get("/static/tv/tv.000000000000.js")
    assert stale.status == 200 and stale.headers["Cache-Control"] == "no-cache"
    assert await stale.read() == await (await client.get(tv_js)).read()
    for missing in ("/static/tv/nope.js", "/static/tv/nope.000000000000.js", "/static/tv", "/static/tv/"):
        assert (await client.get(missing)).status == 404, missing


async def test_a_changed_module_renames_itself_and_everything_that_imports_it(make_client, tmp_path):
    web = tmp_path / "web"
    shutil.copytree(WEB, web)

    async def urls(**overrides) -> dict[str, str]:
        files = (await make_client(web_dir=web, **overrides)).server.app[keys.WEB_FILES]
        return {path: asset.url for path, asset in files.by_path.items()}

    before = await urls()
    with (web / "shared" / "text.js").open("a", encoding="utf-8") as f:
        f.write("// a new line\n")
    after = await urls()
    changed = {path for path in before if before[path] != after[path]}
    # shared/text.js itself, tv/parts.js that imports it, tv/tv.js that imports that one, and the TV's page
    assert {"shared/text.js", "tv/parts.js", "tv/tv.js", "tv/index.html"} <= changed
    assert "shared/dom.js" not in changed and "tv/tv.css" not in changed and "shared/favicon.png" not in changed
    assert not [p for p in changed if not p.endswith((".js", ".html"))], sorted(changed)


async def test_hidden_files_and_symlinks_are_not_served(make_client, tmp_path):
    web = tmp_path / "web"
    shutil.copytree(WEB, web)
    (web / "tv" / ".secret.js").write_text("// hidden\n")
    secret = tmp_path / "outside.txt"
    secret.write_text("not for the network\n")
    (web / "tv" / "link.txt").symlink_to(secret)
    (web / "linked").symlink_to(tmp_path, target_is_directory=True)
    client = await make_client(web_dir=web)
    for path in ("/static/tv/.secret.js", "/static/tv/link.txt", "/static/linked/outside.txt"):
        assert (await client.get(path)).status == 404, path
    assert (await client.get("/static/tv/tv.js")).status == 200
