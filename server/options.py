"""The `imaginarium` command's options: parsed and checked (`parse_args`, each mistake one sentence from
argparse), made into a `Config`, and the ones a systemd service repeats (`service_options`)."""
from __future__ import annotations

import argparse
import ipaddress
from pathlib import Path

from server import __version__
from server.config import LANGS, Config, default_data_dir

# the systemd unit's --listen-wait: after a power cut the router often boots after the Pi, and a service
# started with --host <its LAN address> would otherwise use up its start limit before the address exists
SERVICE_LISTEN_WAIT_S = 120


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options (see `imaginarium --help`)."""
    p = argparse.ArgumentParser(prog="imaginarium", description="Imaginarium party game server for the living room.")
    p.add_argument("--host", default=None, help="address to listen on (default: all interfaces)")
    p.add_argument("--port", type=int, default=8080, help="TCP port (default 8080)")
    p.add_argument("--listen-wait", type=float, default=0, metavar="S",
                   help="if the address or port cannot be used yet, keep trying for S seconds (the systemd "
                        f"unit waits {SERVICE_LISTEN_WAIT_S} s for the network at boot; default: fail at once)")
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
                   help="do not prepare your own decks' card pictures in the background at start-up "
                        "(the built-in deck ships prepared)")
    p.add_argument("--upload-quota-mb", type=int, default=Config.upload_quota_mb, metavar="MB",
                   help="disk space all uploaded decks may take together, in MB "
                        f"(default {Config.upload_quota_mb}; the host sees what is used)")
    p.add_argument("--print-systemd-unit", action="store_true",
                   help="print a systemd service unit for this user, installation, data folder and these "
                        "options, and exit (README: On a Raspberry Pi at boot)")
    p.add_argument("--user", default=None, metavar="NAME",
                   help="with --print-systemd-unit: the user the service runs as (default: the one running "
                        "this command; needed when that is root)")
    p.add_argument("--timer-test-seconds", type=int, action="append", default=[], metavar="S",
                   help="FOR TESTS: also let the host choose a timer of S seconds (besides 60/90/120), so a "
                        "test sees it run out quickly; repeatable")
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
    if args.upload_quota_mb < 0:
        p.error(f"--upload-quota-mb must be 0 or more megabytes, not {args.upload_quota_mb}")
    if args.listen_wait < 0:
        p.error(f"--listen-wait must be 0 or more seconds, not {args.listen_wait:g}")
    if args.user is not None and not args.print_systemd_unit:
        p.error("--user goes with --print-systemd-unit (the server itself runs as whoever starts it)")
    return args


def config_from_args(args: argparse.Namespace) -> Config:
    """A Config from parsed options."""
    return Config(host=args.host, port=args.port, listen_wait_s=args.listen_wait,
                  data_dir=args.data_dir or default_data_dir(),
                  zeroconf=not args.no_zeroconf, lang=args.lang, advertise_ip=args.advertise_ip,
                  allow_hosts=tuple(n.strip() for arg in args.allow_host for n in arg.split(",") if n.strip()),
                  upload_quota_mb=args.upload_quota_mb,
                  timer_test_seconds=tuple(s for s in args.timer_test_seconds if s > 0))


def service_options(args: argparse.Namespace) -> list[str]:
    """The options of `args` the systemd service should run with (all but --data-dir, given apart, and
    --print-systemd-unit itself)."""
    out = ["--port", str(args.port), "--listen-wait", f"{args.listen_wait or SERVICE_LISTEN_WAIT_S:g}"]
    if args.upload_quota_mb != Config.upload_quota_mb:
        out += ["--upload-quota-mb", str(args.upload_quota_mb)]
    for flag, value in (("--host", args.host), ("--lang", args.lang), ("--advertise-ip", args.advertise_ip)):
        if value:
            out += [flag, value]
    for name in args.allow_host:
        out += ["--allow-host", name]
    for flag, on in (("--no-zeroconf", args.no_zeroconf), ("--no-prepare-cards", args.no_prepare_cards),
                     ("--verbose", args.verbose)):
        if on:
            out.append(flag)
    return out
