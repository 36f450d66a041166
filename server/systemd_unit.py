"""`imaginarium --print-systemd-unit`: a systemd service unit filled in for this user, this installation
(the venv or pipx venv the command runs from) and this data folder, so a Raspberry Pi starts the game
server at boot and again after a crash (README "On a Raspberry Pi at boot").

Why these settings: `Restart=on-failure` brings the server back after a crash, and after a data folder
problem (exit code 2) if it is fixed soon, e.g. the USB stick is back. `StartLimitBurst=` and
`StartLimitIntervalSec=` stop the retries after 5 starts in 10 minutes: a dying memory card fails the
store's flushes (the server stops at once, exit 2, server/room/store.py), and restarting it every 5 seconds
for as long as the card fails wore it further and left the TV flickering between the game and "offline";
systemd then logs "Start request repeated too quickly" after the store's CRITICAL lines, and a reboot or
`systemctl reset-failed` tries again (README "If the memory card fails"). So that harmless boot-time
failures do not use up those starts, the service's `--listen-wait 120` (server/options.py) keeps trying for two
minutes an address not up yet (`--host` <the LAN address> before the router answers after a power cut) or a
port still held, rather than exiting at once. `RequiresMountsFor=` waits for
the data folder's mount at boot; `After=network-online.target` so the LAN address exists when the banner
is printed; `LimitNOFILE=8192` leaves room for many phones' sockets (the server also raises its soft limit
to the hard one at start-up).
"""
from __future__ import annotations

import grp
import os
import pwd
import sys
from pathlib import Path

SERVICE_NAME = "imaginarium"


def command() -> list[str]:
    """How to start this installation: the `imaginarium` script next to the running interpreter (a venv's
    or pipx venv's `bin/`, never resolved through symlinks, which would leave the venv), else
    `<python> -m server`."""
    script = Path(sys.executable).parent / "imaginarium"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [sys.executable, "-m", "server"]


def quote(arg: str) -> str:
    """One ExecStart argument in systemd's syntax: double-quoted when it holds spaces or quotes; `%` and
    `$` doubled so systemd takes them literally."""
    text = arg.replace("%", "%%").replace("$", "$$")
    if text and not any(c in text for c in " \t\"'\\;"):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def current_user() -> tuple[str, str, Path]:
    """(user name, primary group name, home folder) of the effective user."""
    return _user(pwd.getpwuid(os.geteuid()))


def named_user(name: str) -> tuple[str, str, Path]:
    """(user name, primary group name, home folder) of the user `name` (`--user`). Raises KeyError if
    this machine has no such user."""
    return _user(pwd.getpwnam(name))


def as_root_refused() -> str:
    """The sentence for `--print-systemd-unit` run as root without `--user`: the unit would run the
    server as root (every phone on the Wi-Fi talks to it), which it never needs."""
    return ("The unit would run the game server as root, which it does not need and should not be: run "
            "--print-systemd-unit as the user who will run it (without sudo), or add --user NAME.")


def default_data_dir_of(home: Path) -> Path:
    """The default data folder of a user whose home folder is `home` (server/config.py's default for them)."""
    return home / ".local" / "share" / "imaginarium"


def _user(entry: pwd.struct_passwd) -> tuple[str, str, Path]:
    try:
        group = grp.getgrgid(entry.pw_gid).gr_name
    except KeyError:
        group = str(entry.pw_gid)
    return entry.pw_name, group, Path(entry.pw_dir)


def unit_text(options: list[str], data_dir: Path, *, exec_prefix: list[str] | None = None,
              user: tuple[str, str, Path] | None = None) -> str:
    """The unit file text. `options`: the `imaginarium` options the service runs with (`--port 8080 ...`,
    without `--data-dir`, which comes from `data_dir`, made absolute). `exec_prefix` defaults to
    `command()`, `user` to `current_user()`."""
    name, group, home = user or current_user()
    data_dir = Path(os.path.abspath(data_dir))
    exec_args = [*(exec_prefix or command()), *options, "--data-dir", str(data_dir)]
    exec_start = " ".join(quote(a) for a in exec_args)
    return f"""\
# Imaginarium party game server as a systemd service, for user {name}.
# Made by: {exec_start} --print-systemd-unit
# Install: ... --print-systemd-unit | sudo tee /etc/systemd/system/{SERVICE_NAME}.service
#          sudo systemctl daemon-reload && sudo systemctl enable --now {SERVICE_NAME}
# The TV address, the join address and its QR code are in the log: journalctl -u {SERVICE_NAME} -f
[Unit]
Description=Imaginarium party game server
Wants=network-online.target
After=network-online.target
RequiresMountsFor={quote(str(data_dir))}
# A server that keeps failing (a dying memory card: journalctl -u {SERVICE_NAME}) is not restarted for ever
StartLimitIntervalSec=600
StartLimitBurst=5

[Service]
Type=simple
User={name}
Group={group}
WorkingDirectory={quote(str(home))}
ExecStart={exec_start}
Environment=PYTHONUNBUFFERED=1
Restart=on-failure
RestartSec=5
LimitNOFILE=8192
# SIGTERM: the sockets close with 1001 (going away); every accepted move is already on disk.
KillSignal=SIGTERM
TimeoutStopSec=15
NoNewPrivileges=true
PrivateTmp=true
ProtectSystem=full

[Install]
WantedBy=multi-user.target
"""
