"""The `imaginarium` command (also `python -m server`): start the game server on the LAN and print
where to point the TV and the phones (join URL + QR code in the terminal)."""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import logging
import os
import signal
import socket
import sys
import threading
from collections.abc import AsyncIterator
from pathlib import Path

from aiohttp import web

from server import __version__, datadir, datalock, logsetup
from server.app import make_app
from server.config import Config, default_data_dir
from server.decks import card_images
from server.lan import qr
from server.lan.addresses import candidates, is_loopback_only, listen_addresses
from server.net import keys
from server.net.serve import serve, until_listenable
from server.options import config_from_args, parse_args, service_options
from server.room.store import StorageError

log = logging.getLogger("server")
WATCH_S = 2.0   # how often the running server looks whether its data folder is still there


def reachability_note(host: str | None) -> list[str]:
    """Banner lines saying why only some addresses are shown: nothing for a wildcard `--host`; for a
    loopback-only one, plainly that phones cannot reach the server and how to change that."""
    listening = listen_addresses(host)
    if listening is None:
        return []
    if is_loopback_only(listening):
        lan = next((c.ip for c in candidates()), None)
        example = f" or --host {lan} (this machine's LAN address)" if lan else ""
        return [(f"  Listening on {', '.join(listening)} only (--host {host}): phones and the TV cannot reach "
                 "this server, only this machine can."),
                f"  To let them in, start it without --host (every address){example}."]
    return [f"  Listening on {', '.join(listening)} only (--host {host}), so only that address is shown."]


def banner(app: web.Application) -> str:
    """What the terminal shows once the server listens: the TV URL, the join URL and its QR code, for
    the room in play (`Rooms.printed_room`: the most recent one whose game is not over; a new one if there
    is none), which a bare `/tv` then opens on a TV that never showed a room, for as long as its game is
    not over."""
    rooms = app[keys.ROOMS]
    urls = app[keys.URLS]
    try:
        room = rooms.printed_room()
    except StorageError as exc:
        return f"Imaginarium {__version__}: could not create a room ({exc}); open {urls.tv()}"
    join = urls.join(room.code)
    lines = [
        f"Imaginarium {__version__} is running.",
        "",
        f"  TV:     open {urls.tv(room.code)}",
        f"  Phones: scan the QR code or open {join}",
    ]
    if urls.mdns():
        lines.append(f"  (also {urls.mdns()}/tv on devices that know .local names)")
    others = [urls.base(ip) for ip in urls.addresses[1:]]
    if others:
        lines.append(f"  Other addresses of this machine: {', '.join(others)}")
    lines += reachability_note(app[keys.CONFIG].host)
    lines += ["", qr.terminal(join), "", "Ctrl+C stops the server; games are saved and resume on restart."]
    return "\n".join(lines)


def own_decks(library) -> list[str]:
    """The ids of the family's decks (not shipped: the built-in deck ships its pictures prepared)."""
    return [info.id for info in library.list() if not info.builtin]


def prepare_cards_in_background(library, deck_id: str | None = None) -> threading.Thread | None:
    """Start a daemon thread that prepares every card picture of `deck_id` (default: each of the family's
    own decks in turn; server/decks/card_images.py `prepare_all`, progress bar on a terminal) so the first
    reveal never waits for Pillow. It runs at the lowest CPU priority (Linux: the thread alone is niced)
    so games and tests on the same machine come first; on a warm cache it only checks file dates.
    Returns the thread, or None without a library."""
    if library is None:
        return None

    def run() -> None:
        if sys.platform.startswith("linux"):  # setpriority on a thread id affects that thread only on Linux
            with contextlib.suppress(OSError):  # not allowed: prepare at normal priority
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        for one in [deck_id] if deck_id else own_decks(library):
            try:
                count = card_images.prepare_all(library, one, progress=True)
            except Exception as exc:
                log.warning("could not prepare the pictures of deck %s: %s", one, exc)
                continue
            log.info("card pictures of deck %s ready (%d files)", one, count)

    thread = threading.Thread(target=run, name=f"prepare-cards-{deck_id or 'own'}", daemon=True)
    thread.start()
    return thread


def raise_open_files_limit() -> tuple[int, int]:
    """Raise the soft limit on open files to the hard one (every phone is a socket; Debian's soft
    default is 1024). Returns the (soft, hard) limits in force afterwards ((0, 0) where the platform has
    no such limit: Windows)."""
    try:
        import resource
    except ImportError:
        return 0, 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError) as exc:
            log.debug("open files limit stays %d: %s", soft, exc)
    return soft, hard


async def watch_data_dir(app: web.Application) -> AsyncIterator[None]:
    """cleanup_ctx: look every WATCH_S seconds whether the data folder is still the one the server
    started with; if it went away (a USB stick pulled out: gone, or an empty mount point of another
    disk left behind) nothing would be kept any more, so note why (keys.DATA_DIR_GONE) and stop."""
    path = app[keys.CONFIG].data_dir
    identity = datadir.Identity.of(path)
    loop = asyncio.get_running_loop()

    async def watch() -> None:
        while True:
            await asyncio.sleep(WATCH_S)   # a polling period, not a wait for state
            if await loop.run_in_executor(None, identity.gone, path):   # stat may hang on a dying disk
                app[keys.DATA_DIR_GONE] = datadir.gone(path)
                signal.raise_signal(signal.SIGTERM)   # run_app's own graceful stop
                return

    task = asyncio.create_task(watch(), name="watch-data-dir")
    yield
    task.cancel()


def is_explicit_data_dir(data_dir: Path | None) -> bool:
    """True for a --data-dir other than the default folder (the printed systemd unit names the default
    one explicitly: on a fresh Pi `~/.local/share` may not exist yet and must be made)."""
    return data_dir is not None and os.path.abspath(data_dir) != os.path.abspath(default_data_dir())


def fail(sentence: str) -> int:
    """Say what is wrong in one line on stderr; the exit status for a data folder that cannot be used."""
    logsetup.say(sentence)
    return 2


def cannot_listen(port: int, host: str | None, exc: OSError) -> str:
    """One sentence saying why the server could not listen on `port` (of `host`, None = all interfaces)
    and what to do; `exc` is the OSError the bind raised (EADDRINUSE, EACCES, EADDRNOTAVAIL, a name that
    does not resolve: socket.gaierror, ...)."""
    if isinstance(exc, socket.gaierror) or (exc.errno or 0) < 0:   # getaddrinfo's EAI_* codes are negative
        return (f"This machine has no address named {host} (the name does not resolve): give --host one of its "
                "addresses, or start the server without --host to listen on all of them.")
    if exc.errno == errno.EADDRINUSE:
        return (f"Port {port} is in use — is the game server already running? "
                f"Start it with --port {port + 1 if port < 65535 else 8081} to use another.")
    if exc.errno == errno.EACCES:
        return f"This user may not listen on port {port}: start the server with --port 8080 or another above 1024."
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"This machine has no address {host}: start the server without --host to listen on all of them."
    return f"Cannot listen on port {port} ({exc.strerror or exc}): start the server with another --port."


def check_listenable(config: Config) -> None:
    """Before the data folder is made or looked at: can the server listen on its address and port
    (waiting up to `--listen-wait` for them)? A probe socket, closed at once. Raises OSError if not."""
    asyncio.run(until_listenable(config.host, config.port, config.listen_wait_s))
    with socket.create_server((config.host or "", config.port)):
        pass


def print_systemd_unit(args: argparse.Namespace, config: Config) -> int:
    """`--print-systemd-unit`: the unit on stdout (exit 0); as root without `--user`, or for a user this
    machine does not have, one sentence on stderr instead (exit 2)."""
    from server import systemd_unit  # Unix only (pwd, grp)
    if args.user is None and os.geteuid() == 0:
        return fail(systemd_unit.as_root_refused())
    try:
        user = systemd_unit.named_user(args.user) if args.user else systemd_unit.current_user()
    except KeyError:
        return fail(f"This machine has no user named {args.user}: give --user the name of the user who will "
                    "run the game server.")
    data_dir = config.data_dir if args.data_dir or not args.user else systemd_unit.default_data_dir_of(user[2])
    print(systemd_unit.unit_text(service_options(args), data_dir, user=user), end="")
    return 0


def lock_data_dir(path: Path) -> datalock.Lock | None:
    """The lock of the data folder `path` if it exists already (server/datalock.py), else None. Raises
    FolderInUse, or DataDirError with one sentence if the lock file cannot be opened."""
    try:
        return datalock.take(path) if os.path.isdir(path) else None
    except OSError as exc:
        raise datadir.DataDirError(datadir.explain(path, exc)) from None


def take_data_dir(config: Config, explicit: bool, lock: datalock.Lock | None) -> datalock.Lock:
    """Make and check the data folder (server/datadir.py) and hold its lock: `lock` if it was taken
    already, else taken right after the folder is made. Raises DataDirError or FolderInUse."""
    datadir.check(config.data_dir, explicit=explicit)
    if lock is None and (lock := lock_data_dir(config.data_dir)) is None:   # made, then gone at once
        raise datadir.DataDirError(datadir.gone(config.data_dir))
    return lock


def main(argv: list[str] | None = None) -> int:
    """Run the server until SIGINT/SIGTERM; returns the exit status: 0, 1 (cannot listen), 2 (the data
    folder cannot keep the games: read-only, full, missing, gone, not this user's, or another server's;
    one sentence on stderr)."""
    args = parse_args(argv)
    logsetup.setup(args.verbose)
    config = config_from_args(args)
    if args.print_systemd_unit:
        return print_systemd_unit(args, config)
    explicit = is_explicit_data_dir(args.data_dir)
    try:
        # another server on this folder is the first thing to say, whatever port either listens on
        lock = lock_data_dir(config.data_dir)
        try:
            check_listenable(config)   # before a new data folder is made: nothing made for a busy port
        except OSError as exc:
            logsetup.say(cannot_listen(config.port, config.host, exc))
            return 1
        lock = take_data_dir(config, explicit, lock)
    except (datadir.DataDirError, datalock.FolderInUse) as exc:
        return fail(str(exc))
    raise_open_files_limit()
    app = make_app(config)
    app[keys.DATA_LOCK] = lock
    with contextlib.suppress(OSError):   # the lock holds without it; only a second server's sentence is vaguer
        lock.describe(app[keys.URLS].base())
    app.cleanup_ctx.append(watch_data_dir)

    def announce() -> None:  # called once the sockets listen
        print(banner(app), flush=True)
        # a LAN address that came after the start (the Wi-Fi after the Pi booted), another mDNS name
        app[keys.ON_ADDRESSES].append(lambda: print(f"\nThe addresses changed.\n{banner(app)}", flush=True))
        if not args.no_prepare_cards:  # after the banner, off the event loop: /healthz never waits
            prepare_cards_in_background(app[keys.LIBRARY])

    try:
        serve(app, config.host, config.port, announce)
    except StorageError as exc:  # the data folder is unusable: say which, not "cannot listen"
        return fail(datadir.explain(config.data_dir, exc))
    except OSError as exc:
        logsetup.say(cannot_listen(config.port, config.host, exc))
        return 1
    if keys.DATA_DIR_GONE in app:
        return fail(app[keys.DATA_DIR_GONE])
    return 0
