#!/usr/bin/env python3
"""Hostile uploads against a real server on loopback (docs/protocol.md "Decks"), with figures. Asserts nothing.
Then the network attacks of scripts/attack_network.py, whose figures go under
"network" (`--uploads-only` skips them).

Starts `python -m server` (its own data folder) and, for each attack, makes a room, seats its host by
WebSocket and has the host rename themself in a loop (a room action: send until the new `state` is back)
while the same host uploads the attack's zip. For each upload: the HTTP answer, the server's peak RSS
during it (VmHWM, reset before each upload through /proc/PID/clear_refs) and p99 of the room's actions
meanwhile; then the bytes the data folder grew by.

Attacks: a zip whose central directory lists 2,000,000 entries (97 MB); a 1 KB zip of three 6,300×6,300
PNGs; four of those at once from four rooms; 100 stripe PNGs (580 KB zip) uploaded until refused; and a
normal deck of 24 phone photos (12 MP JPEGs) for comparison.

Targets: peak RSS < 250 MB during any single upload, room actions < 50 ms p99 meanwhile. The same
actions for 10 s with no upload (`baseline_p99_ms`) and the load average say what the machine itself
costs. The last line is one JSON object with the figures.

The host's renames are paced (HOST_PACE_S) as a person taps: the server closes a socket that sends more
than 10 frames a second for long (docs/protocol.md "Limits").

Usage: .venv/bin/python scripts/attack.py [--quick] [--uploads-only] [--uploads photos_12mp,...]
       [attack_network.py's options]
"""
from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from pathlib import Path

import aiohttp
from benchkit import Player, free_port, wait_ready

ROOT = Path(__file__).resolve().parent.parent
RSS_TARGET_MB, P99_TARGET_MS = 250, 50
HOST_PACE_S = 0.15   # between the host's renames: under the per-socket frame limit of 10 per second


def _network_module():
    """scripts/attack_network.py, loaded by path (scripts/ is not a package)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("attack_network", Path(__file__).with_name("attack_network.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def reset_peak(pid: int) -> None:
    Path(f"/proc/{pid}/clear_refs").write_text("5")  # resets VmHWM to the current RSS (Linux >= 4.0)


def folder_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


# ---- the zips --------------------------------------------------------------------------------------------
def central_directory_bomb(entries: int) -> bytes:
    """`entries` empty stored files, written by hand (zipfile would take minutes)."""
    local, central, offset = [], [], 0
    for i in range(entries):
        name = b"%07d" % i
        head = struct.pack(zipfile.structFileHeader, zipfile.stringFileHeader, 20, 0, 0, 0, 0, 0, 0, 0, 0,
                           len(name), 0) + name
        central.append(struct.pack(zipfile.structCentralDir, zipfile.stringCentralDir, 20, 0, 20, 0, 0, 0, 0, 0,
                                   0, 0, 0, len(name), 0, 0, 0, 0, 0, offset) + name)
        local.append(head)
        offset += len(head)
    body, cd = b"".join(local), b"".join(central)
    n = min(entries, 0xFFFF)
    record = struct.pack(zipfile.structEndArchive64, zipfile.stringEndArchive64, 44, 45, 45, 0, 0,
                         entries, entries, len(cd), len(body))
    locator = struct.pack(zipfile.structEndArchive64Locator, zipfile.stringEndArchive64Locator, 0,
                          len(body) + len(cd), 1)
    end = struct.pack(zipfile.structEndArchive, zipfile.stringEndArchive, 0, 0, n if entries < 0xFFFF else 0xFFFF,
                      n if entries < 0xFFFF else 0xFFFF, min(len(cd), 0xFFFFFFFF), len(body), 0)
    return body + cd + (record + locator if entries >= 0xFFFF else b"") + end


def _png(width: int, height: int, row_of) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    comp = zlib.compressobj(9)
    idat = b"".join(comp.compress(b"\x00" + row_of(y)) for y in range(height)) + comp.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def zipped(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return buf.getvalue()


def big_pngs() -> bytes:
    row = b"\x80" * (3 * 6300)
    png = _png(6300, 6300, lambda y: row)
    return zipped({"a.png": png, "b.png": png, "c.png": png})


def stripes(n: int = 100) -> bytes:
    """Pictures of thin vertical stripes: tiny as PNG, large as JPEG."""
    files = {}
    for i in range(n):
        row = bytes((((x // (1 + i % 3)) % 2) * 255) for x in range(1600 * 3))
        files[f"s{i:03d}.png"] = _png(1600, 2400, lambda y, row=row: row)
    return zipped(files)


def photos(n: int = 24) -> bytes:
    sys.path.insert(0, str(ROOT))
    from PIL import Image, ImageFilter
    files = {}
    for i in range(n):
        im = Image.effect_mandelbrot((4032, 3024), (-2 + i * 0.01, -1.2, 1, 1.2), 60).convert("RGB")
        im = im.filter(ImageFilter.GaussianBlur(1))
        buf = io.BytesIO()
        im.save(buf, "JPEG", quality=90)
        files[f"IMG_{i:04d}.JPG"] = buf.getvalue()
    return zipped(files)


# ---- the room ----------------------------------------------------------------------------------------------
class Host:
    """A room's host: a seated phone that renames itself in a loop, timing each action."""

    def __init__(self, session: aiohttp.ClientSession, base: str):
        self.session, self.base = session, base
        self.times: list[float] = []

    async def open(self) -> Host:
        async with self.session.post(f"{self.base}/api/rooms") as r:
            self.code = (await r.json())["code"]
        self.phone = Player(await self.session.ws_connect(f"{self.base}/ws", origin=self.base), "host")
        await self.phone.hello(self.code)
        await self.phone.act("join", name="Host", colour="red")
        await self.phone.until(lambda m: m["type"] == "welcome" and m["token"] is not None, "welcome")
        self.token = self.phone.token
        await self._until_state()
        return self

    async def _until_state(self, after: int = 0) -> int:
        """The state_id of the next state newer than `after`. A lobby is also sent its unchanged state
        when a deck is added (the deck list changed), which is no answer to an action sent meanwhile."""
        msg = await self.phone.until(lambda m: m["type"] == "error" or (m["type"] == "state" and m["state_id"] > after))
        if msg["type"] == "error":
            raise RuntimeError(msg)
        return msg["state_id"]

    async def act_while(self, busy: asyncio.Future) -> None:
        i = 0
        while not busy.done():
            i += 1
            t0 = time.perf_counter()
            before = self.phone.state_id
            await self.phone.act("rename", name=f"Host {i % 2}")
            await self._until_state(after=before)
            self.times.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(HOST_PACE_S)

    async def upload(self, path: Path, title: str) -> int:
        """POST the zip at `path` from another process, so the upload's own work never delays this
        process's timed actions."""
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", UPLOADER, f"{self.base}/api/decks", str(path), title, self.code, self.token,
            stdout=asyncio.subprocess.PIPE)
        out, _ = await proc.communicate()
        return int(out.decode().strip() or 0)


UPLOADER = """
import sys, urllib.error, urllib.request
url, path, title, room, token = sys.argv[1:]
b = "attack-boundary-7f3a"
head = (f"--{b}\\r\\nContent-Disposition: form-data; name=\\"title\\"\\r\\n\\r\\n{title}\\r\\n"
        f"--{b}\\r\\nContent-Disposition: form-data; name=\\"file\\"; filename=\\"{title}.zip\\"\\r\\n"
        "Content-Type: application/zip\\r\\n\\r\\n").encode()
body = head + open(path, "rb").read() + f"\\r\\n--{b}--\\r\\n".encode()
req = urllib.request.Request(url, data=body, method="POST", headers={
    "Content-Type": f"multipart/form-data; boundary={b}", "X-Room": room, "X-Token": token})
try:
    with urllib.request.urlopen(req, timeout=1800) as r:
        print(r.status)
except urllib.error.HTTPError as e:
    print(e.code)
"""


async def attack(pid: int, base: str, data_dir: Path, name: str, zips: list[bytes], repeat: int = 1) -> dict:
    """Upload each of `zips` at once (one room each), `repeat` times in a row; figures for it."""
    paths = []
    for i, z in enumerate(zips):
        paths.append(data_dir.parent / f"{name}-{i}.zip")
        paths[-1].write_bytes(z)
    async with aiohttp.ClientSession() as session:
        hosts = [await Host(session, base).open() for _ in zips]
        before = folder_bytes(data_dir)
        statuses: list[int] = []
        reset_peak(pid)
        t0 = time.perf_counter()
        for _ in range(repeat):
            both = zip(hosts, paths, strict=True)
            uploads = asyncio.ensure_future(asyncio.gather(*(h.upload(z, name) for h, z in both)))
            await asyncio.gather(hosts[0].act_while(uploads), uploads)
            statuses += uploads.result()
        seconds = time.perf_counter() - t0
        times = [t for h in hosts for t in h.times]
        return {"zip_bytes": sum(map(len, zips)), "statuses": statuses, "seconds": round(seconds, 2),
                "peak_rss_mb": round(peak_rss_mb(pid), 1), "actions": len(times),
                "p99_ms": round(pct(times, 0.99), 2), "max_ms": round(max(times, default=float("nan")), 2),
                "stored_bytes": folder_bytes(data_dir) - before}


async def main() -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="200,000 entries instead of 2,000,000; fewer photos")
    parser.add_argument("--uploads-only", action="store_true", help="skip the network attacks")
    network = _network_module()
    network.add_arguments(parser)
    parser.add_argument("--uploads", default="", help="comma-separated upload attack names (default: all)")
    args = parser.parse_args()
    print("making the zips ...", file=sys.stderr)
    makers = {
        "central_directory_2m": lambda: [central_directory_bomb(200_000 if args.quick else 2_000_000)],
        "three_6300px_pngs": lambda: [big_pngs()],
        "four_at_once": lambda: [big_pngs()] * 4,
        "stripes_x6": lambda: [stripes()],
        "photos_12mp": lambda: [photos(8 if args.quick else 24)],
    }
    wanted = [w for w in args.uploads.split(",") if w] or list(makers)
    attacks = {name: make() for name, make in makers.items() if name in wanted}
    repeats = {"stripes_x6": 6}
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="attack-") as tmp:
        data_dir = Path(tmp) / "data"
        log = (Path(tmp) / "server.log").open("w")  # closed in the finally below
        proc = subprocess.Popen([sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port),
                                 "--data-dir", str(data_dir), "--no-zeroconf", "--advertise-ip", "127.0.0.1",
                                 "--no-prepare-cards"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            async with aiohttp.ClientSession() as s:
                await wait_ready(s, base, proc, Path(tmp) / "server.log", timeout_s=30, poll_s=0.1)
            figures: dict = {"idle_rss_mb": round(peak_rss_mb(proc.pid), 1), "attacks": {}}
            async with aiohttp.ClientSession() as session:   # the same actions with no upload: this machine
                quiet = await Host(session, base).open()
                await quiet.act_while(asyncio.ensure_future(asyncio.sleep(10)))
            figures["baseline_p99_ms"] = round(pct(quiet.times, 0.99), 2)
            figures["baseline_actions"] = len(quiet.times)
            figures["load_average"] = [round(x, 2) for x in os.getloadavg()]
            print(f"{'no upload (baseline)':22} p99 {figures['baseline_p99_ms']} ms over {len(quiet.times)} actions, "
                  f"load {figures['load_average']}", file=sys.stderr)
            for name, zips in attacks.items():
                got = await attack(proc.pid, base, data_dir, name, zips, repeats.get(name, 1))
                figures["attacks"][name] = got
                print(f"{name:22} {got}", file=sys.stderr)
        finally:
            proc.terminate()
            proc.wait()
            log.close()
    runs = figures["attacks"].values()
    single = [v for k, v in figures["attacks"].items() if len(attacks[k]) == 1]
    figures["peak_rss_mb_single_upload"] = max(v["peak_rss_mb"] for v in single)
    figures["peak_rss_mb_any"] = max(v["peak_rss_mb"] for v in runs)
    figures["p99_ms_worst_single_upload"] = max(v["p99_ms"] for v in single)
    figures["p99_ms_worst"] = max(v["p99_ms"] for v in runs)
    figures["targets_met"] = (figures["peak_rss_mb_single_upload"] < RSS_TARGET_MB
                              and figures["p99_ms_worst_single_upload"] < P99_TARGET_MS)
    if not args.uploads_only:
        print("network attacks ...", file=sys.stderr)
        figures["network"] = await network.main_async(args)
    return figures


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main())))
