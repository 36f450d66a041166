"""The web pages as they go on the wire, built once at start-up: every file under `web/` read into memory,
the references between them rewritten to versioned names, and the text compressed.

The pages are plain ES modules and stylesheets (no build step) that name each other by absolute
`/static/…` and relative `./…` specifiers. Chromium 69, a 2020 smart TV's browser, has no import maps,
so the versioned names have to be in the files themselves: each HTML `src`/`href`, each JS `import … from`,
`export … from`, `import '…'`, `import('…')` and `lateModule('…')`, and each CSS `url(…)` and `@import` that
names a file of `web/` is rewritten to that file's versioned URL, `/static/tv/tv.<hash>.js`. The hash is over
the file and every file it reaches through such references (its whole import graph, cycles included), so a change in
`shared/dom.js` gives new names to every module that imports it, directly or not, and a browser holding the
old ones for a year (`immutable`) never mixes old and new. References that name no file of `web/` (a
template string, an external URL) stay as written; the plain `/static/…` URLs keep working.

Minified here too, so that comments cost nothing on the wire: JS by rJSmin and CSS by rCSSmin (comments and
whitespace out, nothing renamed or reordered: the language level the pages are written at, ES2019 for
Chromium 69, is unchanged; tests/web/test_minified.py checks the token streams stay the same), the
specifiers being rewritten first.

Compressed once here, never per request: gzip (what a TV on plain-http Wi-Fi gets: browsers announce
brotli only on https) and brotli when the `brotli` package is installed (it is a dependency; without a
wheel for some platform the server still starts, serving gzip)."""
from __future__ import annotations

import gzip
import hashlib
import json
import mimetypes
import posixpath
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

try:
    import brotli  # type: ignore[import-untyped]
except ImportError:   # no wheel for this platform: gzip only
    brotli = None
try:
    import rcssmin  # type: ignore[import-untyped]
    import rjsmin  # type: ignore[import-untyped]
except ImportError:   # served as written
    rcssmin = rjsmin = None

HASH_CHARS = 12                       # hex digits of sha256 in a versioned name (48 bits)
TEXT_SUFFIXES = {".html", ".js", ".css", ".json", ".svg", ".txt", ".map"}
GZIP_LEVEL = 9
# 7, not brotli's best (11): 11 takes some 1.5 s of every start-up on a small box for 8 % fewer bytes, and
# brotli reaches only browsers on https anyway
BROTLI_QUALITY = 7

# (the text before the specifier, its quote, the specifier); only specifiers that name a file are rewritten
# (and `lateModule('…')`: a module a page adds as a script of its own later, web/tv/late.js, as ES2019 has no
# import(); it is part of the page's graph, versioned and hashed like an import)
_JS_REFS = re.compile(r"""(\b(?:from|import|lateModule)\s*\(?\s*)(['"])([^'"\n]+)\2""")
_CSS_REFS = re.compile(r"""((?:\burl\(|@import)\s*)(['"]?)([^'")\s]+)\2""")
_HTML_REFS = re.compile(r"""(<(?:script|link|img)\b[^>]*?\b(?:src|href)=)(["'])([^"']+)\2""")
# a backtick inside `${…}` before any `}`: maybe a template literal nested in another (a cautious guess: some
# files it names have none, and tests/web/test_minified.py fails on any nested one it misses)
_NESTED_TEMPLATE = re.compile(r"\$\{[^}]*`")
_PATTERNS = {".js": _JS_REFS, ".css": _CSS_REFS, ".html": _HTML_REFS}
# a page's stylesheet links one after another (as the rewritten HTML has them), and each one's versioned path
_STYLE_LINK = r'<link rel="stylesheet" href="/static/[^"]+">'
_STYLE_RUN = re.compile(rf"([ \t]*){_STYLE_LINK}(?:\s*{_STYLE_LINK})+")
_STYLE_HREF = re.compile(r'href="/static/([^"]+)"')
# a versioned name as `versioned_name` makes it: `tv.0123456789ab.js` (or `LICENSE.0123456789ab`)
_VERSIONED = re.compile(rf"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{{{HASH_CHARS}}})(?P<suffix>\.[^./]+)?$")


@dataclass(frozen=True)
class Asset:
    """One file of `web/` as served: `path` (relative, "tv/tv.js"), `url` (its versioned URL,
    "/static/tv/tv.0123456789ab.js"), `body` (the rewritten bytes), `gzip`/`br` (the compressed bodies, None
    when compressing would not make it smaller or brotli is not installed), `content_type` (with a charset for
    text), `etag` (the hash: equal for every encoding of the same body)."""

    path: str
    url: str
    body: bytes
    content_type: str
    etag: str
    gzip: bytes | None = None
    br: bytes | None = None

    def encoded(self, accepted: frozenset[str]) -> tuple[bytes, str | None]:
        """The smallest body for a client accepting the content codings `accepted` ({"gzip", "br"}):
        (bytes, coding) with coding None for the plain body."""
        if "br" in accepted and self.br is not None:
            return self.br, "br"
        if "gzip" in accepted and self.gzip is not None:
            return self.gzip, "gzip"
        return self.body, None


class MadeOnce:
    """A body the server makes itself and serves as it serves a file (`GET /api/rules`' catalogue, which
    nothing changes while the server runs): made by `asset(make)` on its first use, hashed and compressed
    then, and the same `Asset` for every later request. One per app (a server's `--timer-test-seconds`
    is in it)."""

    def __init__(self, content_type: str) -> None:
        self.content_type = content_type
        self._asset: Asset | None = None

    def asset(self, make: Callable[[], bytes]) -> Asset:
        """The kept `Asset`, made of `make()`'s bytes the first time."""
        if self._asset is None:
            body = make()
            self._asset = Asset("", "", body, self.content_type, hashlib.sha256(body).hexdigest()[:HASH_CHARS],
                                gzip=compressed(body, "gzip"), br=compressed(body, "br"))
        return self._asset


@dataclass
class WebFiles:
    """Every file of one `web/` folder as served, by relative path and by versioned path."""

    root: Path
    by_path: dict[str, Asset] = field(default_factory=dict)
    by_version: dict[str, Asset] = field(default_factory=dict)

    def find(self, path: str) -> tuple[Asset, bool] | None:
        """The asset a `/static/<path>` request names: (asset, versioned), where `versioned` says the path
        carried the asset's current hash (cache it for ever). A path with a hash that is not the current one
        (a page from before the server's upgrade) gets the current file, not versioned. None if no such file."""
        if (asset := self.by_version.get(path)) is not None:
            return asset, True
        if (asset := self.by_path.get(path)) is not None:
            return asset, False
        head, _, name = path.rpartition("/")
        if m := _VERSIONED.match(name):
            plain = f"{head}/{m['stem']}{m['suffix'] or ''}".lstrip("/")
            if (asset := self.by_path.get(plain)) is not None:
                return asset, False
        return None

    def add(self, asset: Asset) -> None:
        """Serve `asset` at its path and its versioned URL (in place of one of the same path)."""
        self.by_path[asset.path] = asset
        self.by_version[asset.url.removeprefix("/static/")] = asset

    def url(self, path: str) -> str:
        """The versioned URL of the file at relative `path` ("tv/index.html"). Raises KeyError if none."""
        return self.by_path[path].url


def versioned_name(path: str, digest: str) -> str:
    """`tv/tv.js` with hash `0123456789ab` -> `tv/tv.0123456789ab.js` (the hash before the last suffix)."""
    head, _, name = path.rpartition("/")
    stem, dot, suffix = name.rpartition(".")
    versioned = f"{stem}.{digest}.{suffix}" if dot and stem else f"{name}.{digest}"
    return f"{head}/{versioned}" if head else versioned


def _files(root: Path) -> Iterator[tuple[str, Path]]:
    """(relative path, file) for every regular file under `root`, no hidden names, no symlinks (as the
    static route served before: nothing outside the folder)."""
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if any(part.startswith(".") for part in rel.parts) or path.is_symlink() or not path.is_file():
            continue
        if any(parent.is_symlink() for parent in path.parents if parent != root and root in parent.parents):
            continue
        yield rel.as_posix(), path


def _target(spec: str, path: str, known: dict[str, bytes]) -> str | None:
    """The relative path of the `web/` file the specifier `spec` in file `path` names, or None."""
    if spec.startswith("/static/"):
        target = spec.removeprefix("/static/")
    elif spec.startswith(("./", "../")):
        target = posixpath.join(posixpath.dirname(path), spec)
    else:
        return None
    target = posixpath.normpath(target.split("?", 1)[0].split("#", 1)[0])
    return target if target in known else None


def _references(path: str, text: str, known: dict[str, bytes]) -> set[str]:
    pattern = _PATTERNS.get(posixpath.splitext(path)[1])
    if pattern is None:
        return set()
    return {t for m in pattern.finditer(text) if (t := _target(m[3], path, known)) is not None}


def _rewrite(path: str, text: str, known: dict[str, bytes], urls: dict[str, str]) -> str:
    pattern = _PATTERNS[posixpath.splitext(path)[1]]

    def swap(m: re.Match[str]) -> str:
        target = _target(m[3], path, known)
        return m[0] if target is None else f"{m[1]}{m[2]}{urls[target]}{m[2]}"
    return pattern.sub(swap, text)


def _reach(start: str, refs: dict[str, set[str]]) -> set[str]:
    """`start` and every file it reaches through references."""
    seen, todo = {start}, [start]
    while todo:
        for nxt in refs[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def _content_type(path: str) -> str:
    if path.endswith(".js"):   # what module scripts must be served as (always read as UTF-8)
        return "text/javascript"
    kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
    return f"{kind}; charset=utf-8" if posixpath.splitext(path)[1] in TEXT_SUFFIXES else kind


def minified(path: str, text: str) -> str:
    """`text`, the file `path`'s, with comments and needless whitespace out if it is JS or CSS; as written
    without the minifiers installed, for other kinds, for a `.min.js` / `.min.css`, and for JS that may nest
    a template literal in another's `${…}` (rJSmin supports only unnested ones: it would strip the inner one's
    leading space)."""
    if path.endswith((".min.js", ".min.css")):   # a library shipped minified already
        return text
    if rjsmin is not None and path.endswith(".js") and not _NESTED_TEMPLATE.search(text):
        return str(rjsmin.jsmin(text))
    if rcssmin is not None and path.endswith(".css"):
        return str(rcssmin.cssmin(text))
    return text


def compressed(body: bytes, coding: str) -> bytes | None:
    """`body` in content coding `coding` ("gzip" or "br"), or None when that is not smaller (or brotli is not
    installed)."""
    if coding == "gzip":
        packed = gzip.compress(body, GZIP_LEVEL, mtime=0)
    elif coding == "br" and brotli is not None:
        packed = brotli.compress(body, quality=BROTLI_QUALITY)
    else:
        return None
    return packed if len(packed) < len(body) else None


def build(root: Path) -> WebFiles:
    """Read, rewrite, hash and compress every file under `root` (a `web/` folder). Raises OSError if a file
    cannot be read, UnicodeDecodeError for a page file (.html, .js, .css) that is not UTF-8."""
    raw = {rel: path.read_bytes() for rel, path in _files(root)}
    texts = {rel: body.decode("utf-8") for rel, body in raw.items() if posixpath.splitext(rel)[1] in _PATTERNS}
    refs = {rel: _references(rel, texts[rel], raw) if rel in texts else set() for rel in raw}
    own = {rel: hashlib.sha256(body).hexdigest() for rel, body in raw.items()}
    # the minifiers' versions count as content: another version may write other bytes
    tools = f"{getattr(rjsmin, '__version__', '-')} {getattr(rcssmin, '__version__', '-')}"
    digests = {rel: hashlib.sha256("\n".join([tools, *(f"{p} {own[p]}" for p in sorted(_reach(rel, refs)))]).encode())
               .hexdigest()[:HASH_CHARS] for rel in raw}
    urls = {rel: "/static/" + versioned_name(rel, digest) for rel, digest in digests.items()}
    files = WebFiles(root)
    for rel, body in raw.items():
        if rel in texts:
            body = minified(rel, _rewrite(rel, texts[rel], raw, urls)).encode("utf-8")
        files.add(_asset(rel, urls[rel], body, digests[rel]))
    for rel in raw:
        if rel.endswith(".html"):
            _bundle_styles(files, files.by_path[rel])
        elif m := _CATALOGUE.fullmatch(rel):
            _tv_catalogue(files, files.by_path[rel], m["lang"])
    return files


# The strings only the phone shows (its screens, the host's menu, the deck uploads, the settings' help): the TV
# leaves them out of its first load, some 4 KB on the wire (tests/web/test_tv_catalogue.py checks that every
# key the TV's code names is kept).
PHONE_ONLY = frozenset({"phone", "host_menu", "host_news", "deck", "photos", "help"})
_CATALOGUE = re.compile(r"shared/i18n/(?P<lang>[a-z]{2})\.json")


def _tv_catalogue(files: WebFiles, full: Asset, lang: str) -> None:
    """`shared/i18n/tv/<lang>.json`: the catalogue `full` without the phone's own strings (`PHONE_ONLY`, by a
    key's first part), compact. Raises ValueError if `full` is not a JSON object."""
    words = json.loads(full.body)
    if not isinstance(words, dict):
        raise ValueError(f"{full.path} is not a JSON object")
    tv = {k: v for k, v in words.items() if k.split(".", 1)[0] not in PHONE_ONLY}
    body = json.dumps(tv, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    rel = f"shared/i18n/tv/{lang}.json"
    digest = hashlib.sha256(body).hexdigest()[:HASH_CHARS]
    files.add(_asset(rel, "/static/" + versioned_name(rel, digest), body, digest))


def _asset(rel: str, url: str, body: bytes, digest: str) -> Asset:
    compress = posixpath.splitext(rel)[1] in TEXT_SUFFIXES
    return Asset(rel, url, body, _content_type(rel), digest,
                 gzip=compressed(body, "gzip") if compress else None, br=compressed(body, "br") if compress else None)


def _bundle_styles(files: WebFiles, page: Asset) -> None:
    """A page's run of stylesheet links becomes one link to their concatenation, `<page>.styles.css`
    (`tv/index.styles.css`): one request instead of ten, and gzip sees them together (some 6 KB less on the
    TV's first load). The cascade is the same: the same rules in the same order, their `url()`s already
    absolute. A run with an `@import` or `@charset` (valid only at a sheet's top) is left alone."""
    html = page.body.decode("utf-8")
    run = _STYLE_RUN.search(html)
    bundle_path = posixpath.splitext(page.path)[0] + ".styles.css"
    if run is None or bundle_path in files.by_path:
        return
    parts = [files.by_version.get(href) for href in _STYLE_HREF.findall(run[0])]
    if any(part is None or b"@import" in part.body or b"@charset" in part.body for part in parts):
        return
    sheets = [part for part in parts if part is not None]
    digest = hashlib.sha256(" ".join(part.etag for part in sheets).encode()).hexdigest()[:HASH_CHARS]
    bundle = _asset(bundle_path, "/static/" + versioned_name(bundle_path, digest),
                    b"\n".join(part.body for part in sheets), digest)
    files.add(bundle)
    body = f'{html[:run.start()]}{run[1]}<link rel="stylesheet" href="{bundle.url}">{html[run.end():]}'
    files.add(_asset(page.path, page.url, body.encode("utf-8"), page.etag))


def _signature(root: Path) -> tuple[tuple[str, int, int], ...]:
    return tuple((rel, (st := path.stat()).st_mtime_ns, st.st_size) for rel, path in _files(root))


@lru_cache(maxsize=4)
def _built(root: Path, signature: tuple[tuple[str, int, int], ...]) -> WebFiles:
    return build(root)


def load(root: Path) -> WebFiles:
    """`build(root)`, made once per process for the same files (every app a test process makes shares it):
    a file whose size or modification time changed builds anew. Raises as `build` does."""
    return _built(root, _signature(root))
