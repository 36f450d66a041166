"""Server configuration: one frozen value built by the CLI (or a test) and stored on the app."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from server import shipped

LANGS = ("en", "ru")


def default_data_dir() -> Path:
    """The per-user data folder: `$XDG_DATA_HOME/imaginarium` or `~/.local/share/imaginarium`
    (`%APPDATA%\\imaginarium` on Windows)."""
    if os.name == "nt" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "imaginarium"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "imaginarium"


@dataclass(frozen=True)
class Config:
    """Everything the app needs to know about its surroundings.

    `port` is the TCP port the server listens on (0 = unknown, e.g. in a test server: the port of the
    first request is used for join URLs). `advertise_ip` overrides the LAN address choice.
    Rate limit: `join_burst` joins at once, refilled at `join_rate` per second (per socket and per IP).
    """

    host: str | None = None
    port: int = 8080
    # seconds to keep trying an address or port that cannot be used yet (the network still coming up at
    # boot: server/net/serve.py); 0 fails at once
    listen_wait_s: float = 0.0
    data_dir: Path = field(default_factory=default_data_dir)
    zeroconf: bool = True
    lang: str | None = None   # None: every screen speaks its own browser's language
    advertise_ip: str | None = None
    # What ships with the server (server/shipped.py: inside the installed package, or the source tree's).
    web_dir: Path = field(default_factory=lambda: shipped.folder("web"))
    decks_dir: Path = field(default_factory=lambda: shipped.folder("assets") / "decks")
    boards_dir: Path = field(default_factory=lambda: shipped.folder("assets") / "boards")
    mdns_host: str = "imaginarium"
    # the DNS-SD instance name (renamed "... (2)" on a clash); tests use a unique one to see only themselves
    mdns_instance: str = "Imaginarium"
    # zeroconf interfaces: None = all; tests pass ["127.0.0.1"]
    zeroconf_interfaces: tuple[str, ...] | None = None
    heartbeat: float = 15.0
    max_msg_size: int = 64 * 1024
    outbox_limit: int = 32
    join_burst: float = 8
    join_rate: float = 0.5
    max_seats: int = 14
    host_grace: float = 60.0   # seconds the host's phone must be gone before another player may claim_host
    # all uploaded decks together may take this much disk (server/net/deck_routes.py UploadLimits)
    upload_quota_mb: int = 2048
    max_sockets_per_room: int = 48  # TV, phones, spectators, spare tabs; bounds what one room can cost
    # Limits against a hostile device on the Wi-Fi (docs/protocol.md "Limits"). None of them is
    # near what a player's phone or the TV does in a game.
    max_unseated_per_ip: int = 16    # sockets without a seat, per room and client IP (oldest evicted)
    max_sockets_per_person: int = 4  # tabs of one seated person in a room (oldest evicted)
    attach_burst: float = 60         # sockets without a seat attaching to rooms, per client IP: at once ...
    attach_rate: float = 2           # ... and per second
    frame_burst: float = 100         # frames a socket may send at once ...
    frame_rate: float = 10           # ... and per second on average; beyond: closed with 1008
    hello_timeout: float = 10.0      # seconds for a new socket to say hello (else closed with 1008)
    header_timeout: float = 10.0     # seconds for a connection's request headers (slowloris) / idle keep-alive
    max_connections_per_ip: int = 128  # open TCP connections per client IP (browsers use <= 6 + sockets)
    allow_hosts: tuple[str, ...] = ()  # extra Host names to answer to (--allow-host); see server/net/hosts.py
    log_interval: float = 10.0       # a repeated failure is logged at most once per this many seconds
    # Seed of every new game: None draws a random one (play); tests fix it so a failure replays.
    game_seed: int | None = None
    # Timer seconds a room may choose besides 60/90/120, for tests only (--timer-test-seconds): a test
    # sees the timer run out without waiting a minute.
    timer_test_seconds: tuple[int, ...] = ()

    @property
    def db_path(self) -> Path:
        """The sqlite file holding every room."""
        return self.data_dir / "rooms.sqlite3"
