"""The `imaginarium` command (also `python -m server`): start the game server on the LAN and print
where to point the TV and the phones (join URL + QR code in the terminal)."""
from __future__ import annotations

import argparse
import ipaddress
import logging
import os
import sys
import threading
from pathlib import Path

from aiohttp import web

from server import __version__
from server.app import make_app
from server.config import LANGS, Config, default_data_dir
from server.lan import qr
from server.net import keys
from server.net.serve import serve
from server.room.store import StorageError

log = logging.getLogger("server")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options (see `imaginarium --help`)."""
    p = argparse.ArgumentParser(prog="imaginarium", description="Imaginarium party game server for the living room.")
    p.add_argument("--host", default=None, help="address to listen on (default: all interfaces)")
    p.add_argument("--port", type=int, default=8080, help="TCP port (default 8080)")
    p.add_argument("--data-dir", type=Path, default=None,
                   help=f"where rooms and imported decks are kept (default {default_data_dir()})")
    p.add_argument("--no-zeroconf", action="store_true", help="do not advertise over mDNS")
    p.add_argument("--lang", choices=LANGS, default=None,
                   help="TV language of new rooms (default: the TV browser's own language)")
    p.add_argument("--advertise-ip", default=None, help="the LAN address to put in the QR code")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="also answer requests for this host name (e.g. the name your router gives this "
                        "machine); repeat or separate with commas. This machine's addresses, localhost, "
                        "its host name and the mDNS name are always accepted")
    p.add_argument("--no-prepare-cards", action="store_true",
                   help="do not prepare the built-in deck's card pictures in the background at start-up")
    p.add_argument("--verbose", "-v", action="store_true", help="debug logging")
    p.add_argument("--version", action="version", version=f"imaginarium {__version__}")
    args = p.parse_args(argv)
    if args.advertise_ip:
        try:
            ipaddress.ip_address(args.advertise_ip)
        except ValueError:
            p.error(f"--advertise-ip {args.advertise_ip!r} is not an IP address")
    if not 0 < args.port < 65536:
        p.error("--port must be 1..65535")
    return args


def config_from_args(args: argparse.Namespace) -> Config:
    """A Config from parsed options."""
    return Config(host=args.host, port=args.port, data_dir=args.data_dir or default_data_dir(),
                  zeroconf=not args.no_zeroconf, lang=args.lang, advertise_ip=args.advertise_ip,
                  allow_hosts=tuple(n.strip() for arg in args.allow_host for n in arg.split(",") if n.strip()))


def banner(app: web.Application) -> str:
    """What the terminal shows once the server listens: the TV URL, the join URL and its QR code, for
    the current room (`Rooms.current`: the most recent one whose game is not over; a new one if there is
    none), the same room a bare `/tv` opens."""
    rooms = app[keys.ROOMS]
    urls = app[keys.URLS]
    try:
        room = rooms.current_or_create()
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
    lines += ["", qr.terminal(join), "", "Ctrl+C stops the server; games are saved and resume on restart."]
    return "\n".join(lines)


def prepare_cards_in_background(library, deck_id: str = "builtin") -> threading.Thread | None:
    """Start a daemon thread that prepares every card picture of `deck_id` (server/decks/card_images.py
    `prepare_all`, progress bar on a terminal) so the first reveal never waits for Pillow. It runs at the
    lowest CPU priority (Linux: the thread alone is niced) so games and tests on the same machine come
    first; on a warm cache it only checks file dates. Returns the thread, or None without a library."""
    if library is None:
        return None

    def run() -> None:
        if sys.platform.startswith("linux"):  # setpriority on a thread id affects that thread only on Linux
            try:
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
            except OSError:
                pass
        from server.decks import card_images
        try:
            count = card_images.prepare_all(library, deck_id, progress=True)
        except Exception as exc:  # noqa: BLE001 - pictures are then made on first request instead
            log.warning("could not prepare the pictures of deck %s: %s", deck_id, exc)
            return
        log.info("card pictures of deck %s ready (%d files)", deck_id, count)

    thread = threading.Thread(target=run, name=f"prepare-cards-{deck_id}", daemon=True)
    thread.start()
    return thread


def main(argv: list[str] | None = None) -> int:
    """Run the server until SIGINT/SIGTERM; returns the exit status."""
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    config = config_from_args(args)
    app = make_app(config)

    def announce() -> None:  # called once the sockets listen
        print(banner(app), flush=True)
        if not args.no_prepare_cards:  # after the banner, off the event loop: /healthz never waits
            prepare_cards_in_background(app[keys.LIBRARY])

    try:
        serve(app, config.host, config.port, announce)
    except StorageError as exc:  # the data folder is unusable: say which, not "cannot listen"
        log.critical("%s (choose a writable folder with --data-dir)", exc)
        return 1
    except OSError as exc:
        log.critical("cannot listen on port %d: %s", config.port, exc)
        return 1
    return 0
