"""Drive ``monstertrick serve`` in a real headless Chromium (Debian's) through Playwright.

Shared by the browser tests and ``benchmarks/web.py``. The page draws the terminal on a
canvas, so the screen is read from what the app sends: the binary frames of the page's
WebSocket are the app's terminal output; :class:`Screen` collects them, with the time
each arrived, and strips the ANSI escapes. The game processes of the server are found in
``/proc`` (its descendants).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's chromium package (Playwright never downloads a browser of its own here)."""

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Playwright's launch() also gives every browser a new, empty profile folder."""

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")

HANDOFF_TO_ANN = re.compile(r"Pass the keyboard to\W*Ann\b")
ARRANGE_ANN = re.compile(r"Ann\W* arranges their VP cards")
PRIVATE = ("Your hand", "arranges their VP cards", "Your VP row")
"""Text of the private screens: never in the page before the named player's key."""


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)"
    for module, package in (("playwright", "playwright"), ("textual_serve", "textual-serve")):
        try:
            __import__(module)
        except ImportError:
            return f'{package} is not installed (pip install -e ".[test]")'
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# ---------------------------------------------------------------------- processes


def _parent(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # pid (comm) state ppid ...: comm may hold spaces and parentheses
    return int(stat.rsplit(")", 1)[1].split()[1])


def _cmdline(pid: int) -> list[str]:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def descendants(root: int) -> dict[int, list[str]]:
    """Every living process below ``root``, with its command line."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            parent = _parent(int(entry.name))
            if parent is not None:
                children.setdefault(parent, []).append(int(entry.name))
    found: dict[int, list[str]] = {}
    todo = list(children.get(root, []))
    while todo:
        pid = todo.pop()
        cmd = _cmdline(pid)
        if cmd:  # a zombie has none: it has ended
            found[pid] = cmd
        todo.extend(children.get(pid, []))
    return found


def still_running(processes: dict[int, list[str]]) -> list[int]:
    """Those of ``processes`` (pid: command line, as :func:`descendants` gives them) that
    still run that command: a process that has ended, or whose pid now belongs to another
    command, is not."""
    return [pid for pid, cmd in processes.items() if _cmdline(pid) == cmd]


def wait_until(
    condition: Callable[[], Any],
    timeout: float,
    what: str,
    pause: Callable[[float], None] = time.sleep,
) -> Any:
    """Poll ``condition`` until it is true (returned) or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        pause(0.02)


@dataclass
class Server:
    """``monstertrick serve`` running in a process group of its own."""

    proc: subprocess.Popen[bytes]
    port: int
    home: Path
    log: Path
    host: str = "127.0.0.1"

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    seen: dict[int, list[str]] = field(default_factory=dict)
    """Every game process :meth:`game_processes` has found (killed at the end if left)."""

    def game_processes(self) -> dict[int, list[str]]:
        """The server's game processes (the shell that starts one included)."""
        found = {
            pid: cmd
            for pid, cmd in descendants(self.proc.pid).items()
            if any("monstertrick" in part for part in cmd)
        }
        self.seen.update(found)
        return found

    def saves(self) -> list[Path]:
        return sorted((self.home / "saves").glob("*.json"))

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self, timeout: float = 20) -> int:
        """SIGTERM, then the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout)


@contextmanager
def serving(
    command: Sequence[str],
    home: Path,
    log: Path,
    options: Sequence[str] = (),
    host: str = "127.0.0.1",
) -> Iterator[Server]:
    """Run ``monstertrick serve --host HOST --port P [OPTIONS] -- COMMAND`` until the
    block ends; it is ready (accepting connections) when the block starts. Whatever is
    left of it then (the server, its games) is killed."""
    port = free_port()
    env = {**os.environ, "MONSTERTRICK_HOME": str(home)}
    argv = ["serve", "--host", host, "--port", str(port), *options, "--", *command]
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "monstertrick", *argv],
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=env,
            start_new_session=True,
        )
    server = Server(proc, port, home, log, host)
    games: dict[int, list[str]] = {}
    try:

        def ready() -> bool:
            if proc.poll() is not None:
                raise AssertionError(f"the server stopped: {server.output()}")
            try:
                socket.create_connection((host, port), timeout=1).close()
            except OSError:
                return False
            return True

        wait_until(ready, 30, "the server to accept connections")
        yield server
    finally:
        if proc.poll() is None:
            games = server.game_processes()
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # its own group
            except ProcessLookupError:
                pass
            proc.wait()
        games.update(server.seen)
        for pid in still_running(games):  # each game leads a group of its own (or should)
            for kill in (os.killpg, os.kill):
                try:
                    kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass


# ---------------------------------------------------------------------- the page


@dataclass
class Screen:
    """What the app has drawn in one tab, read from the page's WebSocket."""

    page: Any
    opened: float = 0.0
    """perf_counter() when the page was asked to open."""
    frames: list[tuple[float, bytes]] = field(default_factory=list)
    """(perf_counter() on arrival, bytes) of every frame of terminal output."""

    @classmethod
    def open(cls, browser: Any, url: str) -> Screen:
        page = browser.new_page()
        screen = cls(page)

        def on_websocket(ws: Any) -> None:
            ws.on("framereceived", screen._received)

        page.on("websocket", on_websocket)
        screen.opened = time.perf_counter()
        page.goto(url)
        return screen

    def _received(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):  # terminal output (text frames are pings)
            self.frames.append((time.perf_counter(), payload))

    def text(self, since: int = 0) -> str:
        """The output from frame ``since`` on, ANSI escapes removed."""
        raw = b"".join(data for _, data in self.frames[since:])
        return ANSI.sub("", raw.decode("utf-8", errors="replace"))

    def pause(self, seconds: float) -> None:
        """Let Playwright deliver events for a moment (a poll interval, never a test)."""
        self.page.wait_for_timeout(seconds * 1000)

    def wait_for(self, pattern: re.Pattern[str], timeout: float = 20, since: int = 0) -> float:
        """Wait until the output from frame ``since`` on matches; the arrival time of
        the frame that completed the match."""

        def seen() -> float | None:
            if pattern.search(self.text(since)):
                return self.frames[-1][0]
            return None

        return float(
            wait_until(seen, timeout, f"{pattern.pattern!r} on the page", pause=self.pause)
        )

    def focus(self) -> None:
        """Give the terminal the keyboard (as a click into it would)."""
        self.page.focus(".xterm-helper-textarea")

    def press_until(
        self, key: str, pattern: re.Pattern[str], *, timeout: float = 20, retry_after: float = 2.0
    ) -> float:
        """Press ``key`` until the output after it matches ``pattern`` (a screen that
        ignores keys for a moment, as a handoff may, gets the key again); the time from
        the last press to the matching frame."""
        deadline = time.monotonic() + timeout
        while True:
            since = len(self.frames)
            pressed = time.perf_counter()
            self.page.keyboard.press(key)
            try:
                shown = self.wait_for(
                    pattern, min(retry_after, deadline - time.monotonic()), since=since
                )
            except AssertionError:
                if time.monotonic() > deadline:
                    raise
                continue
            return shown - pressed

    def next_update(self, key: str, timeout: float = 5) -> float:
        """Press ``key``; the time until the next frame of output arrives."""
        since = len(self.frames)
        pressed = time.perf_counter()
        self.page.keyboard.press(key)
        wait_until(
            lambda: len(self.frames) > since, timeout, f"an update after {key!r}", pause=self.pause
        )
        return self.frames[since][0] - pressed

    def close(self) -> None:
        self.page.close()


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, through Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS, headless=True
        )
        try:
            yield browser
        finally:
            browser.close()
