"""Benchmarks of a hosted table on loopback (a script, not a test).

The real host runs in its own process: ``monstertrick host --players ... --port P --json
--pace 0`` on 127.0.0.1, with ``MONSTERTRICK_HOME`` in a scratch folder; its first line
(JSON) gives the seats' codes. Every seat is a person's, so every decision is made on a
screen. The clients run in this process, in one event loop.

1. Latency, protocol level: a plain WebSocket client (aiohttp) for each seat. The seat
   whose turn it is sends a random legal ``act``; timed from just before the send to the
   arrival, at each *other* seat's client, of the first ``table`` message whose
   position (``at``) is not the one acted on (taken when the client's read returns,
   before the JSON is parsed). One decision at a time: the next is made once every
   client holds the same table.
2. Latency, screen level (``screens``): a headless ``JoinApp`` for each seat
   (``run_test(headless=True, size=(80, 24))``, each in its own task, all in this
   process's one event loop). The seat whose turn it is gets ``Decided`` posted with a
   random legal action; timed from the post, at each other app, to (a) the host's table
   handled (``JoinApp.received`` returned: its ``RemoteSession`` is at the new
   position), (b) the first frame the app hands to its driver (``App._display``) after
   that, and (c) the last such frame before the process is idle again (the screen done
   changing for that decision). Every app is idle before each decision; no frame is
   forced (``Pilot.pause`` would force one): the frames are the apps' own refreshes.
   The first frame is also broken down by what the screen shows next: its own turn (a
   new turn screen), the next turn watched, or a round's end.
3. The same for one screen alone (``screen``): a ``JoinApp`` at the first seat and plain
   clients at the others; each client's ``act`` (timed from just before the send) to
   the app's table handled, first and last frame. The app's own decisions are made
   (posted ``Decided``) but not timed. This is closer to each person's screen in its own
   process: no other app shares the event loop.
4. Memory per screen in the host (``memory``): VmRSS of the host process
   (``/proc/PID/status``) with 0, then more watchers' connections joined (each has had
   its welcome and table; the earlier ones stay), on a fresh host each run; kilobytes
   per screen from the differences.
5. Memory of one ``monstertrick join`` process (``join``): run in tmux at 80x24 for the
   second seat until its table is drawn (every name and "Round 1" on the pane), then 2 s
   more, then VmRSS and VmHWM.

Latencies: median, p95 and max; the intervals are 95% percentile bootstrap intervals
(2000 resamples of whole decisions: the screens of one decision are not independent).
The join apps run with pace 0 (``--app-pace``; ``monstertrick join`` has 1 s): another
seat's move is shown and the screen goes on at once, as the host's ``--pace 0`` does.

    .venv/bin/python benchmarks/table.py [--games 2] [--screen-games 1] [--seed 1]
        [--only latency,screens,screen,memory,join] [--watchers 0,1,10,30,100]
        [--runs 3] [--app-pace 0] [--gc idle|automatic|off] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MONSTERTRICK = str(Path(sys.executable).parent / "monstertrick")

#: The tables played: people only, so that every decision is made on a screen.
TABLES: dict[str, list[str]] = {
    "monster-trick": ["Ann", "Bob", "Cy"],
    "magic-trick": ["Ann", "Bob", "Cy", "Di"],
}
TIMEOUT = 20.0
"""Seconds any one wait may take before the run is called stuck."""

IDLE = [False]
"""Whether the join apps collect garbage when idle (``--gc idle``)."""
THINK = [0.0]
"""Seconds before each timed decision, once every screen has the last (``--think``)."""


# ---------------------------------------------------------------------- statistics


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile by the nearest rank, as the other benchmarks take their p95."""
    xs = sorted(values)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


@dataclass
class Summary:
    """Median, p95 and max of latencies grouped by decision, with bootstrap intervals."""

    n: int
    decisions: int
    median: float
    median_ci: tuple[float, float]
    p95: float
    p95_ci: tuple[float, float]
    max: float

    @staticmethod
    def of(groups: list[list[float]], rng: random.Random, reps: int = 2000) -> Summary:
        flat = [x for g in groups for x in g]
        medians, p95s = [], []
        for _ in range(reps):
            sample = [x for g in rng.choices(groups, k=len(groups)) for x in g]
            medians.append(quantile(sample, 0.5))
            p95s.append(quantile(sample, 0.95))

        def ci(xs: list[float]) -> tuple[float, float]:
            return quantile(xs, 0.025), quantile(xs, 0.975)

        return Summary(
            len(flat),
            len(groups),
            quantile(flat, 0.5),
            ci(medians),
            quantile(flat, 0.95),
            ci(p95s),
            max(flat),
        )

    def text(self) -> str:
        return (
            f"median {ms(self.median)} [{ms(self.median_ci[0])}-{ms(self.median_ci[1])}], "
            f"p95 {ms(self.p95)} [{ms(self.p95_ci[0])}-{ms(self.p95_ci[1])}], "
            f"max {ms(self.max)}  ({self.n} screens over {self.decisions} decisions)"
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "decisions": self.decisions,
            "median_ms": self.median * 1000,
            "median_ci_ms": [x * 1000 for x in self.median_ci],
            "p95_ms": self.p95 * 1000,
            "p95_ci_ms": [x * 1000 for x in self.p95_ci],
            "max_ms": self.max * 1000,
        }


def ms(x: float) -> str:
    return f"{x * 1000:.1f} ms"


# ---------------------------------------------------------------------- the host process


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Host:
    """A ``monstertrick host`` process and what its first line says."""

    proc: subprocess.Popen[bytes]
    info: dict[str, Any]
    port: int
    command: list[str]

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"ws://{self.address}/table"

    def codes(self) -> list[str]:
        return [str(seat["code"]) for seat in self.info["seats"]]

    def rss_kb(self) -> tuple[int, int]:
        return rss_kb(self.proc.pid)


def rss_kb(pid: int) -> tuple[int, int]:
    """VmRSS and VmHWM of process ``pid``, in kB."""
    fields: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0])
    return fields["VmRSS"], fields["VmHWM"]


def host_command(game: str, seed: int, port: int) -> list[str]:
    players = ", ".join(TABLES[game])
    return [
        MONSTERTRICK,
        "host",
        "--game",
        game,
        "--players",
        players,
        "--seed",
        str(seed),
        "--port",
        str(port),
        "--json",
        "--pace",
        "0",
    ]


@contextlib.contextmanager
def hosting(game: str, seed: int, scratch: Path) -> Iterator[Host]:
    """A host process for a new game, stopped (SIGTERM) at the end."""
    home = scratch / f"home-{game}-{seed}-{time.monotonic_ns()}"
    home.mkdir()
    out = home / "host.out"
    port = free_port()
    env = dict(os.environ, MONSTERTRICK_HOME=str(home))
    with out.open("wb") as sink:
        command = host_command(game, seed, port)
        proc = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        deadline = time.monotonic() + TIMEOUT
        while True:
            text = out.read_text(errors="replace")
            if "\n" in text:
                break
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the host did not start: {text!r}")
            time.sleep(0.05)
        info = json.loads(text.partition("\n")[0])
        yield Host(proc, info, port, command)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def command_line(host: Host) -> str:
    """The host's command as typed (its port: a free one, chosen for each game)."""
    args = list(host.command[1:])
    args[args.index("--port") + 1] = "PORT"
    return " ".join(f'"{a}"' if " " in a else a for a in ["monstertrick", *args])


# ---------------------------------------------------------------------- protocol level


@dataclass
class Client:
    """A plain WebSocket screen: every message it receives, with its arrival time."""

    seat: int | None
    ws: Any
    latest: dict[str, Any] | None = None
    arrivals: list[tuple[float, list[int], int]] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    news: asyncio.Event = field(default_factory=asyncio.Event)
    readied: set[int] = field(default_factory=set)

    async def read(self) -> None:
        import aiohttp

        async for msg in self.ws:
            arrived = time.perf_counter()
            if msg.type is not aiohttp.WSMsgType.TEXT:
                break
            data = json.loads(msg.data)
            if data.get("type") == "table":
                self.latest = data
                self.arrivals.append((arrived, data["at"], len(msg.data)))
            elif data.get("type") == "refused":
                self.refusals.append(str(data.get("reason")))
            self.news.set()


async def until(check: Callable[[], bool], what: str, clients: list[Client]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"stuck waiting for {what}")
        waits = [asyncio.ensure_future(c.news.wait()) for c in clients]
        await asyncio.wait(waits, timeout=0.5, return_when=asyncio.FIRST_COMPLETED)
        for w in waits:
            w.cancel()
        for c in clients:
            c.news.clear()


@contextlib.asynccontextmanager
async def connected(host: Host, codes: list[str]) -> AsyncIterator[list[Client]]:
    """One client per code, each joined (its welcome and first table received)."""
    import aiohttp

    async with aiohttp.ClientSession() as http:
        clients: list[Client] = []
        tasks: list[asyncio.Task[None]] = []
        try:
            for code in codes:
                ws = await http.ws_connect(host.url, max_msg_size=16 * 1024 * 1024)
                await ws.send_json({"type": "hello", "version": 1, "code": code})
                seat = host.codes().index(code) if code in host.codes() else None
                client = Client(seat, ws)
                clients.append(client)
                tasks.append(asyncio.create_task(client.read()))
            await until(
                lambda: all(c.latest is not None for c in clients), "the first tables", clients
            )
            yield clients
        finally:
            for c in clients:
                await c.ws.close()
            for t in tasks:
                t.cancel()


async def act(
    clients: list[Client], mover: Client, action: str, at: list[int]
) -> list[tuple[float, int]] | None:
    """The mover sends ``action``, made on the table at ``at``: each other client's
    latency to its next table and that table's size; None if the host refused it."""
    marks = {id(c): len(c.arrivals) for c in clients}
    refused = len(mover.refusals)

    def news(c: Client) -> list[tuple[float, list[int], int]]:
        """The tables ``c`` received since the act, with another position."""
        return [a for a in c.arrivals[marks[id(c)] :] if a[1] != at]

    start = time.perf_counter()
    await mover.ws.send_json({"type": "act", "action": action, "at": at})
    await until(
        lambda: len(mover.refusals) > refused or all(news(c) for c in clients),
        "every screen's next table",
        clients,
    )
    if len(mover.refusals) > refused:
        print(f"  refused: {action} ({mover.refusals[-1]})", file=sys.stderr)
        return None
    return [(news(c)[0][0] - start, news(c)[0][2]) for c in clients if c is not mover]


async def protocol_game(
    host: Host, game: str, rng: random.Random
) -> tuple[list[list[float]], list[int]]:
    """Play one game from plain clients; each decision's latencies to the other seats,
    and the sizes of the tables sent."""
    from monstertrick.games import GAMES
    from monstertrick.net.wire import Wire

    wire: Wire[Any, Any, Any, Any, Any] = Wire(GAMES[game].load())
    groups: list[list[float]] = []
    sizes: list[int] = []
    async with connected(host, host.codes()) as clients:
        while True:
            tables = [c.latest for c in clients]
            assert all(t is not None for t in tables)
            first = tables[0]
            assert first is not None
            if first["over"]:
                break
            pause = first["pause"]
            if pause is not None:
                for c in clients:
                    if c.seat in pause["waiting"] and pause["round"] not in c.readied:
                        c.readied.add(pause["round"])
                        await c.ws.send_json({"type": "ready"})
                await until(
                    lambda: (
                        all(c.latest is not None and c.latest["pause"] is None for c in clients)
                        or any(c.latest is not None and c.latest["over"] for c in clients)
                    ),
                    "the next round",
                    clients,
                )
                await until(
                    lambda: len({json.dumps(c.latest and c.latest["at"]) for c in clients}) == 1,
                    "every screen at one table",
                    clients,
                )
                continue
            turn = first["turn"]
            assert turn is not None, first
            mover = clients[turn["seat"]]
            assert mover.latest is not None
            view = wire.view(mover.latest["view"])
            action = rng.choice(list(view.legal_actions))
            at = mover.latest["at"]
            timed = await act(clients, mover, str(action), at)
            if timed is not None:
                groups.append([t for t, _ in timed])
                sizes += [size for _, size in timed]
    return groups, sizes


async def protocol_latency(
    games: int, seed: int, scratch: Path, rng: random.Random
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in TABLES:
        groups: list[list[float]] = []
        sizes: list[int] = []
        command = ""
        for g in range(games):
            with hosting(game, seed + g, scratch) as host:
                command = command_line(host)
                got, got_sizes = await protocol_game(host, game, rng)
            groups += got
            sizes += got_sizes
        summary = Summary.of(groups, rng)
        print(f"protocol, {game} ({len(TABLES[game])} people, {games} games): act -> others' table")
        print(f"  {summary.text()}")
        print(
            f"  table message: median {statistics.median(sizes) / 1024:.1f} KiB, max "
            f"{max(sizes) / 1024:.1f} KiB;  host: {command} (seeds {seed}..{seed + games - 1})"
        )
        out[game] = {"latency": summary.as_json(), "median_bytes": statistics.median(sizes)}
    return out


# ---------------------------------------------------------------------- screen level


@dataclass
class Watched:
    """A join app, its frames and the tables it handled, timed."""

    app: Any
    pilot: Any = None
    frames: list[tuple[float, tuple[int, int] | None]] = field(default_factory=list)
    tables: list[tuple[float, tuple[int, int]]] = field(default_factory=list)

    def hook(self) -> None:
        app = self.app
        display, received = app._display, app.received

        def timed_display(screen: object, renderable: object) -> None:
            if renderable is not None:
                session = app.session
                self.frames.append(
                    (time.perf_counter(), None if session is None else session.position)
                )
            display(screen, renderable)

        def timed_received(data: dict[str, Any]) -> bool:
            result: bool = received(data)
            if data.get("type") == "table" and app.session is not None:
                self.tables.append((time.perf_counter(), app.session.position))
            return result

        app._display = timed_display
        app.received = timed_received

    @property
    def position(self) -> tuple[int, int] | None:
        session = self.app.session
        if session is None:
            return None
        row, step = session.position
        return int(row), int(step)

    def marks(self) -> tuple[int, int]:
        return len(self.tables), len(self.frames)

    def handled(self, marks: tuple[int, int], at: tuple[int, int]) -> float | None:
        """When the first table since ``marks`` at a position other than ``at`` was
        handled; None before one has been."""
        return next((t for t, p in self.tables[marks[0] :] if p != at), None)

    def timed(self, marks: tuple[int, int], at: tuple[int, int], start: float) -> Timed:
        """A decision made at ``at`` at ``start``, once this app is idle again: the table
        handled, the first and the last frame after it."""
        handled = self.handled(marks, at)
        if handled is None:
            raise RuntimeError("a screen did not follow a decision")
        after = [t for t, p in self.frames[marks[1] :] if p != at and t >= handled]
        if not after:
            raise RuntimeError("a screen drew no frame for a decision")
        step = self.app.session.next_step()
        return Timed(handled - start, after[0] - start, after[-1] - start, shows(step))

    def chore(self) -> bool:
        """Go on from this seat's own result or a round's end (as Enter would); whether
        there was one."""
        from monstertrick.session import Played, RoundOver
        from monstertrick.tui.screens.base import DecisionScreen, PauseScreen

        session, screen = self.app.session, self.app.screen
        if session is None:
            return False
        step = session.next_step()
        if isinstance(step, Played) and step.private and isinstance(screen, DecisionScreen):
            if screen.result is not None:
                screen.advance_once()
                return True
        elif isinstance(step, RoundOver) and isinstance(screen, PauseScreen):
            if not session.ready_sent(step.number):
                screen.advance_once()
                return True
        return False

    def may_decide(self) -> bool:
        from monstertrick.session import Turn
        from monstertrick.tui.screens.base import DecisionScreen

        session, screen = self.app.session, self.app.screen
        if session is None or not isinstance(session.next_step(), Turn):
            return False
        return isinstance(screen, DecisionScreen) and screen.result is None and not session.deciding

    def decide(self, rng: random.Random) -> None:
        """Post a random legal decision, as the seat's screen does."""
        from monstertrick.tui.messages import Decided

        session = self.app.session
        seat = session.next_step().seat
        action = rng.choice(list(session.view(seat).legal_actions))
        self.app.post_message(Decided(seat, action))

    @property
    def finished(self) -> bool:
        from monstertrick.tui.screens.base import FinalScreen

        return isinstance(self.app.screen, FinalScreen)


def shows(step: object) -> str:
    """What a screen shows after a decision, as the breakdown names it."""
    from monstertrick.session import RoundOver, Turn

    if isinstance(step, Turn):
        return "its own turn next"
    if isinstance(step, RoundOver):
        return "a round's end"
    return "watching the next turn"


@dataclass
class Timed:
    """One screen's times for one decision, from the decision (seconds)."""

    table: float
    first: float
    last: float
    shows: str


@contextlib.asynccontextmanager
async def running(host: Host, codes: list[str], pace: float) -> AsyncIterator[list[Watched]]:
    """Headless join apps for ``codes`` (80x24), each in its own task, in this loop."""
    from monstertrick.net.seat.app import JoinApp

    watched = [
        Watched(JoinApp(host.url, host.address, code, pace=pace, idle_collection=IDLE[0]))
        for code in codes
    ]
    stop = asyncio.Event()
    started = 0

    async def run(w: Watched) -> None:
        nonlocal started
        w.hook()
        async with w.app.run_test(headless=True, size=(80, 24)) as pilot:
            w.pilot = pilot
            started += 1
            await stop.wait()

    tasks = [asyncio.create_task(run(w)) for w in watched]
    try:
        deadline = time.monotonic() + TIMEOUT
        while started < len(watched) or any(w.position is None for w in watched):
            if time.monotonic() > deadline or any(t.done() for t in tasks):
                raise RuntimeError("the join apps did not start")
            await asyncio.sleep(0.01)
        yield watched
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)


async def idle(watched: list[Watched]) -> None:
    """Every app has handled what it had queued, and this process is idle (as
    ``Pilot.pause`` waits, without the frame it forces: the frames timed come from the
    apps' own refreshes)."""
    from textual._wait import wait_for_idle

    for w in watched:
        await w.pilot._wait_for_screen()
    await wait_for_idle(0)


async def followed(watched: list[Watched], marks: list[tuple[int, int]], at: Any) -> None:
    deadline = time.monotonic() + TIMEOUT
    while any(w.handled(m, at) is None for w, m in zip(watched, marks)):
        if time.monotonic() > deadline:
            raise RuntimeError("the screens did not follow a decision")
        await asyncio.sleep(0.001)
    await idle(watched)


async def screen_game(host: Host, rng: random.Random, pace: float) -> list[list[Timed]]:
    """A game played by a join app at every seat: each decision's times at the others."""
    groups: list[list[Timed]] = []
    async with running(host, host.codes(), pace) as watched:
        stuck = time.monotonic() + TIMEOUT
        while True:
            await idle(watched)
            if time.monotonic() > stuck:
                raise RuntimeError("the screens' game is stuck")
            if all(w.finished for w in watched):
                break
            chores = [w.chore() for w in watched]
            movers = [w for w in watched if w.may_decide()]
            at = watched[0].position
            if any(chores) or not movers or at is None or any(w.position != at for w in watched):
                await asyncio.sleep(0.01)
                continue
            mover = movers[0]
            await asyncio.sleep(THINK[0])  # (a person takes a moment to decide)
            others = [w for w in watched if w is not mover]
            marks = [w.marks() for w in others]
            start = time.perf_counter()
            mover.decide(rng)
            await followed(others, marks, at)
            groups.append([w.timed(m, at, start) for w, m in zip(others, marks)])
            stuck = time.monotonic() + TIMEOUT
    return groups


async def solo_game(host: Host, rng: random.Random, pace: float) -> list[list[Timed]]:
    """A game with a join app at the first seat and plain clients at the others: each
    of the clients' decisions timed at the app (the app's own decisions are not)."""
    from monstertrick.games import GAMES
    from monstertrick.net.wire import Wire

    wire: Wire[Any, Any, Any, Any, Any] = Wire(GAMES[host.info["game"]].load())
    codes = host.codes()
    groups: list[list[Timed]] = []
    async with running(host, codes[:1], pace) as apps, connected(host, codes[1:]) as clients:
        (app,) = apps
        stuck = time.monotonic() + TIMEOUT
        while True:
            await idle(apps)
            if time.monotonic() > stuck:
                raise RuntimeError("the screen's game is stuck")
            table = clients[0].latest
            assert table is not None
            if app.finished and table["over"]:
                break
            chores = app.chore()
            pause = table["pause"]
            for c in clients:
                if pause is not None and c.seat in pause["waiting"]:
                    if pause["round"] not in c.readied:
                        c.readied.add(pause["round"])
                        await c.ws.send_json({"type": "ready"})
                        chores = True
            at = app.position
            same = all(c.latest is not None and tuple(c.latest["at"]) == at for c in clients)
            turn = table["turn"]
            if chores or at is None or not same or pause is not None or turn is None:
                await asyncio.sleep(0.01)
                continue
            if turn["seat"] == 0:
                if app.may_decide():
                    marks = {id(c): len(c.arrivals) for c in clients}
                    app.decide(rng)
                    await until(
                        lambda: all(  # (waited for here, in this iteration)
                            any(tuple(a[1]) != at for a in c.arrivals[marks[id(c)] :])  # noqa: B023
                            for c in clients
                        ),
                        "the clients' next table",
                        clients,
                    )
                    stuck = time.monotonic() + TIMEOUT
                else:
                    await asyncio.sleep(0.01)
                continue
            (mover,) = [c for c in clients if c.seat == turn["seat"]]
            assert mover.latest is not None
            action = rng.choice(list(wire.view(mover.latest["view"]).legal_actions))
            await asyncio.sleep(THINK[0])  # (a person takes a moment to decide)
            marks_app = [app.marks()]
            start = time.perf_counter()
            await mover.ws.send_json({"type": "act", "action": str(action), "at": list(at)})
            await followed(apps, marks_app, at)
            groups.append([app.timed(marks_app[0], at, start)])
            stuck = time.monotonic() + TIMEOUT
    return groups


LABELS = (("table", "table handled"), ("first", "first frame"), ("last", "last frame"))


async def screen_latency(
    games: int, seed: int, scratch: Path, rng: random.Random, pace: float, solo: bool
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    play = solo_game if solo else screen_game
    for game in TABLES:
        groups: list[list[Timed]] = []
        command = ""
        for g in range(games):
            with hosting(game, seed + g, scratch) as host:
                command = command_line(host)
                groups += await play(host, rng, pace)
        people = len(TABLES[game])
        if solo:
            print(
                f"one screen, {game} (a JoinApp 80x24 at seat 1, pace {pace}, {people - 1} "
                f"plain clients, {games} games): a client's act -> the app"
            )
        else:
            print(
                f"screens, {game} ({people} JoinApps 80x24, pace {pace}, {games} games): "
                "Decided -> the other apps"
            )
        out[game] = {}
        for key, label in LABELS:
            summary = Summary.of([[getattr(t, key) for t in g] for g in groups], rng)
            print(f"  {label:14s}{summary.text()}")
            out[game][label] = summary.as_json()
        kinds = sorted({t.shows for g in groups for t in g})
        for kind in kinds:
            firsts = [t.first for g in groups for t in g if t.shows == kind]
            print(
                f"    first frame, {kind + ':':24s}median {ms(quantile(firsts, 0.5))}, "
                f"p95 {ms(quantile(firsts, 0.95))}, max {ms(max(firsts))} ({len(firsts)})"
            )
        print(f"  host: {command} (seeds {seed}..{seed + games - 1})")
    return out


# ---------------------------------------------------------------------- memory


async def host_memory(steps: list[int], runs: int, seed: int, scratch: Path) -> dict[str, Any]:
    """The host's VmRSS with ``steps`` watchers' screens joined, on a fresh host per run."""
    game = "monster-trick"
    rss: dict[int, list[int]] = {k: [] for k in steps}
    peak: list[int] = []
    command = ""
    for run in range(runs):
        with hosting(game, seed + run, scratch) as host:
            command = command_line(host)
            await asyncio.sleep(1.0)
            async with contextlib.AsyncExitStack() as stack:
                joined = 0
                for k in steps:
                    # (the earlier steps' screens stay joined)
                    await stack.enter_async_context(
                        connected(host, [host.info["watch"]] * (k - joined))
                    )
                    joined = k
                    await asyncio.sleep(1.0)
                    rss[k].append(host.rss_kb()[0])
            peak.append(host.rss_kb()[1])
    print(f"host memory, {game}, {runs} fresh hosts: VmRSS with k watchers joined")
    base = steps[0]
    per_screen: dict[str, float] = {}
    for k in steps:
        print(f"  k={k:3d}: median {statistics.median(rss[k]):,.0f} kB  (runs: {rss[k]})")
        if k != base:
            growth = [(r - b) / (k - base) for r, b in zip(rss[k], rss[base])]
            per_screen[str(k)] = statistics.median(growth)
            print(
                f"         {statistics.median(growth):,.1f} kB per screen over k={base} "
                f"(runs: {', '.join(f'{g:.1f}' for g in growth)})"
            )
    print(f"  VmHWM at the end: median {statistics.median(peak):,.0f} kB (runs: {peak})")
    print(f"  host: {command} (seeds {seed}..{seed + runs - 1})")
    return {
        "rss_kb": {str(k): v for k, v in rss.items()},
        "kb_per_screen": per_screen,
        "hwm_kb": peak,
    }


async def join_memory(runs: int, seed: int, scratch: Path) -> dict[str, Any]:
    """VmRSS of a ``monstertrick join`` process in tmux at 80x24, its table drawn."""
    if shutil.which("tmux") is None:
        print("join memory: skipped (no tmux)")
        return {}
    game = "monster-trick"
    names = TABLES[game]
    found: list[tuple[int, int, float]] = []
    for run in range(runs):
        with hosting(game, seed + run, scratch) as host:
            name = f"bench-join-{os.getpid()}-{run}"
            home = scratch / f"join-{run}"
            home.mkdir()
            code = host.codes()[1]
            command = f"exec env MONSTERTRICK_HOME={home} {MONSTERTRICK} join {host.address} {code}"
            start = time.monotonic()
            subprocess.run(
                ["tmux", "new", "-d", "-s", name, "-x", "80", "-y", "24", command], check=True
            )
            try:
                pid = int(
                    subprocess.run(
                        ["tmux", "list-panes", "-t", name, "-F", "#{pane_pid}"],
                        capture_output=True,
                        text=True,
                        check=True,
                    ).stdout.split()[0]
                )
                while True:
                    pane = subprocess.run(
                        ["tmux", "capture-pane", "-p", "-t", name],
                        capture_output=True,
                        text=True,
                        check=False,
                    ).stdout
                    if "Round 1" in pane and all(n in pane for n in names):
                        break
                    if time.monotonic() - start > TIMEOUT * 2:
                        raise RuntimeError(f"the join screen drew no table:\n{pane}")
                    await asyncio.sleep(0.05)
                drawn = time.monotonic() - start
                if b"join" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                    raise RuntimeError("the pane's process is not the join client")
                await asyncio.sleep(2.0)
                rss, hwm = rss_kb(pid)
                found.append((rss, hwm, drawn))
            finally:
                subprocess.run(
                    ["tmux", "kill-session", "-t", name], capture_output=True, check=False
                )
    rss_list = [f[0] for f in found]
    print(
        f"join client memory, {game} seat 2, tmux 80x24, {runs} runs: VmRSS once its table is drawn"
    )
    print(
        f"  VmRSS median {statistics.median(rss_list):,.0f} kB (runs: {rss_list}); "
        f"VmHWM median {statistics.median(f[1] for f in found):,.0f} kB"
    )
    print(
        f"  start to table drawn (tmux poll every 50 ms): median "
        f"{statistics.median(f[2] for f in found):.2f} s"
    )
    print("  client: monstertrick join 127.0.0.1:PORT CODE  (in tmux new -d -x 80 -y 24)")
    return {
        "rss_kb": rss_list,
        "hwm_kb": [f[1] for f in found],
        "drawn_s": [f[2] for f in found],
    }


# ---------------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="protocol-level games per table")
    parser.add_argument("--screen-games", type=int, default=1, help="screen-level games per table")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument(
        "--only", default="latency,screens,screen,memory,join", help="which parts, comma-separated"
    )
    parser.add_argument(
        "--watchers", default="0,1,10,30,100", help="host memory: screens joined at each step"
    )
    parser.add_argument("--runs", type=int, default=3, help="memory: fresh processes measured")
    parser.add_argument(
        "--app-pace", type=float, default=0.0, help="the join apps' pace (the CLI's is 1 s)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.5,
        help="screens: seconds between every screen having a decision and the next one "
        "(a person takes at least that to decide; default 0.5)",
    )
    parser.add_argument(
        "--gc",
        choices=("idle", "automatic", "off"),
        default="idle",
        help="the clients' garbage collection: idle (as monstertrick join: full "
        "collections only once a screen is idle; the default), automatic (Python's "
        "own), off (none: how much of the screens' tail is collections)",
    )
    parser.add_argument("--json", action="store_true", help="also print one JSON object")
    args = parser.parse_args()
    parts = set(args.only.split(","))
    rng = random.Random(args.seed)
    report: dict[str, Any] = {"seed": args.seed, "load": os.getloadavg(), "gc": args.gc}
    THINK[0] = args.think
    report["think"] = args.think
    if args.gc == "off":
        gc.disable()
        print("this process's garbage collector is off")
    elif args.gc == "idle":
        from monstertrick.net.seat.app import collect_when_idle

        collect_when_idle()
        IDLE[0] = True
        print("full collections only once a join screen is idle (as monstertrick join)")
    print(f"Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.2f} at the start")

    async def everything() -> None:
        with tempfile.TemporaryDirectory(prefix="monstertrick-table-") as tmp:
            scratch = Path(tmp)
            if "latency" in parts:
                report["protocol"] = await protocol_latency(args.games, args.seed, scratch, rng)
            if "screens" in parts:
                report["screens"] = await screen_latency(
                    args.screen_games, args.seed, scratch, rng, args.app_pace, solo=False
                )
            if "screen" in parts:
                report["screen"] = await screen_latency(
                    args.screen_games, args.seed, scratch, rng, args.app_pace, solo=True
                )
            if "memory" in parts:
                steps = [int(k) for k in args.watchers.split(",")]
                report["host_memory"] = await host_memory(steps, args.runs, args.seed, scratch)
            if "join" in parts:
                report["join_memory"] = await join_memory(args.runs, args.seed, scratch)

    asyncio.run(everything())
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
