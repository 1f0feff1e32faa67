"""``monstertrick host``: one game that each person joins from their own screen.

The host process holds the game (:class:`~monstertrick.net.host.table.TableHost` over a
:class:`~monstertrick.session.Session`, autosaved after every decision) and serves, on
one port: the table's WebSocket for ``monstertrick join``, and, with textual-serve
installed, a page that runs the join screen in a browser tab. With ``--ssh PORT`` it
also lets an SSH client open a seat's screen (:mod:`monstertrick.net.transports.ssh`). It prints
each person's join code and how to join, then what happens at the table; lines typed
at its terminal let a computer player cover an away seat (``cover NAME``), list the
seats (``who``), show the codes again (``codes``) or close the table (``quit``).

The codes are kept beside the save in the data folder, readable by this user alone,
so that ``monstertrick host --resume`` reopens the table with the same codes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ...errors import RecordError
from ...games import GAMES
from ...records import parse_json, read_record_file, shown
from ...saves import SavedGame, SaveStore, atomic_write, home
from ...seating import Seating
from ...session import Session
from ..guards import ConnectionLimiter, HostNames, MessageLimits, is_loopback
from ..protocol import normal_code
from .connections import table_socket
from .table import TableHost

if TYPE_CHECKING:
    from aiohttp import web

DEFAULT_PORT = 8100
"""The port ``host`` listens on unless told."""
TABLES = "tables"
"""The data folder's folder of hosted tables' codes, one file per save."""
MAX_PAGES = 16
"""Browser tabs (join screens) at once."""

MAX_CODES_BYTES = 4096
"""The largest codes file read (one is a few hundred bytes): anything larger is damaged."""

LIMITS = MessageLimits()
"""What one screen may send (a decision is a few dozen bytes)."""

PAGE_FAREWELL_WAIT = 1.0
"""Seconds a closing host gives its browser tabs' screens to show its goodbye before it
ends their games (a game ended at once would not have drawn it)."""

HEADER_WAIT = 10.0
"""Seconds a connection has to send a whole request (and, between requests, to start
the next one) before it is closed."""


def loopback_of(host: str) -> str:
    """The address the host's own processes (a browser tab's or an SSH session's join
    screen) reach the table at."""
    if host in ("", "0.0.0.0"):
        return "127.0.0.1"
    if host == "::":
        return "::1"
    return host


def authority(host: str, port: int) -> str:
    """``host:port`` as typed (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


# ---------------------------------------------------------------------- the codes' file


def table_file(save: Path) -> Path:
    """Where the codes of the table playing ``save`` are kept."""
    return home() / TABLES / f"{save.stem}.table.json"


def write_codes(path: Path, save: Path, table: TableHost) -> str | None:
    """Keep the table's codes (for ``--resume``), readable by this user alone; why it
    failed, in words, or None. Written as the saves are: a new file (mode 0600) in the
    folder, then renamed over ``path``, so that a link there is replaced, never
    followed, and an older file's mode is not kept."""
    doc = {
        "save": str(save),
        "codes": {str(seat): code for seat, code in table.codes.items()},
        "watch": table.watch_code,
    }
    try:
        atomic_write(path, json.dumps(doc))
    except OSError as exc:
        return f"the codes could not be kept in {shown(str(path))} ({exc.strerror or exc})"
    return None


def read_codes(path: Path, seats: Sequence[int]) -> tuple[dict[int, str], str] | None:
    """The codes kept for a table of these people's ``seats``; None when there are
    none, or they do not read (a damaged file, or no file at all: a folder, a pipe,
    anything over :data:`MAX_CODES_BYTES`)."""
    try:
        doc = parse_json(read_record_file(path, MAX_CODES_BYTES))
    except RecordError:
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("codes"), dict):
        return None
    codes: dict[int, str] = {}
    for seat in seats:
        code = normal_code(doc["codes"].get(str(seat)))
        if code is None:
            return None
        codes[seat] = code
    watch = normal_code(doc.get("watch"))
    if watch is None or len(set(codes.values()) | {watch}) != len(codes) + 1:
        return None
    return codes, watch


# ---------------------------------------------------------------------- the host


@dataclass
class Addresses:
    """Where to join: the table (``join``), the browser page, SSH."""

    table: str
    page: str | None
    ssh: tuple[str, int] | None

    def join_line(self, code: str) -> str:
        return f"monstertrick join {self.table} {code}"

    def ssh_line(self, code: str) -> str | None:
        if self.ssh is None:
            return None
        host, port = self.ssh
        return f"ssh -p {port} {code}@{host}"


@dataclass
class Host:
    """The table, its addresses, and what the host's terminal shows."""

    table: TableHost
    addresses: Addresses
    out: TextIO = field(default_factory=lambda: sys.stdout)
    fingerprint: str = ""
    """The SSH door's host key, as ssh shows it the first time (none without a door)."""

    def say(self, text: str) -> None:
        print(f"{datetime.now():%H:%M}  {text}", file=self.out, flush=True)

    def codes_text(self) -> str:
        session = self.table.session
        title = GAMES[session.game_key].title
        lines = [f"{title} at {self.addresses.table}: each person joins their own seat."]
        width = max(len(shown(n, 24)) for n in (*session.names, "watchers"))
        for seat, name in enumerate(session.names):
            label = shown(name, 24).ljust(width)
            level = session.seating.seats[seat].bot
            if level is not None:
                lines.append(f"  {label}  a computer player ({level})")
                continue
            code = self.table.codes[seat]
            lines.append(f"  {label}  {code}   {self.addresses.join_line(code)}")
        lines.append(
            f"  {'watchers'.ljust(width)}  {self.table.watch_code}   "
            f"{self.addresses.join_line(self.table.watch_code)}"
        )
        if self.addresses.page is not None:
            lines.append(
                f"In a browser (a phone too): open {self.addresses.page} and type the code."
            )
        if self.addresses.ssh is not None:
            host, port = self.addresses.ssh
            lines.append(f"Over SSH, from any terminal: ssh -p {port} CODE@{host}")
            lines.append(
                f"  (with a screen reader: ssh -p {port} CODE+lines@{host}, in plain lines)"
            )
            if self.fingerprint:
                lines.append(f"  (the first time, ssh shows this table's key: {self.fingerprint})")
        if is_loopback(self.addresses.table.rpartition(":")[0].strip("[]")):
            lines.append(
                "Only this machine can join: for other devices, host with --host 0.0.0.0 "
                "(monstertrick host --help)."
            )
        lines.append(
            "Type 'cover NAME' to let a computer player play for someone away (until they "
            "join again), 'who' for the seats, 'codes' for this list, 'quit' to close."
        )
        return "\n".join(lines)

    def json_line(self) -> str:
        session = self.table.session
        seats = []
        for seat, name in enumerate(session.names):
            entry: dict[str, Any] = {"name": name, "code": self.table.codes.get(seat)}
            level = session.seating.seats[seat].bot
            if level is not None:
                entry["bot"] = level
            seats.append(entry)
        ssh = self.addresses.ssh
        return json.dumps(
            {
                "game": session.game_key,
                "seats": seats,
                "watch": self.table.watch_code,
                "join": {
                    "terminal": self.addresses.table,
                    "browser": self.addresses.page,
                    "ssh": None
                    if ssh is None
                    else {"host": ssh[0], "port": ssh[1], "fingerprint": self.fingerprint},
                },
            }
        )

    def who_text(self) -> str:
        table, session = self.table, self.table.session
        away = set(table.away())
        decider = table.session.to_decide()
        lines = []
        for seat, name in enumerate(session.names):
            if session.is_bot(seat):
                state = "computer player"
            elif seat in table.covered:
                state = f"away: a computer player ({table.covered[seat]}) plays meanwhile"
            else:
                state = "away" if seat in away else "joined"
            turn = "  <- to decide" if decider is not None and decider[0] == seat else ""
            lines.append(f"  {shown(name, 24)}: {state}{turn}")
        return "\n".join(lines)

    async def command(self, line: str) -> bool:
        """One line typed at the host's terminal; False to close the table."""
        words = line.split()
        if not words:
            return True
        verb = words[0].lower()
        session = self.table.session
        if verb in ("quit", "exit"):
            return False
        if verb == "codes":
            print(self.codes_text(), file=self.out, flush=True)
        elif verb == "who":
            print(self.who_text(), file=self.out, flush=True)
        elif verb == "cover" and len(words) >= 2:
            name, level = words[1], words[2] if len(words) > 2 else "medium"
            seats = [s for s, n in enumerate(session.names) if n.casefold() == name.casefold()]
            if not seats:
                self.say(f"No one at the table is called {shown(name, 24)}.")
            elif seats[0] not in self.table.away():
                self.say(f"{shown(name, 24)} has a screen joined: only an away seat is covered.")
            else:
                try:
                    await self.table.cover(seats[0], level)
                except ValueError as exc:
                    self.say(f"Cannot cover {shown(name, 24)}: {exc}.")
        else:
            self.say("Commands: cover NAME [LEVEL], who, codes, quit.")
        return True


def new_table(seating: Seating, seed: int, game: str, store: SaveStore, pace: float) -> TableHost:
    """A new hosted game, saved from its first decision on."""
    session = Session.start(seating, seed, store, game=game)
    return TableHost(session, pace=pace)


def resumed_table(saved: SavedGame, store: SaveStore, pace: float) -> tuple[TableHost, bool]:
    """A hosted game reopened, with the codes it had (and True) when they were kept."""
    session = Session.resume(saved, store)
    kept = read_codes(table_file(saved.path), session.humans)
    if kept is None:
        return TableHost(session, pace=pace), False
    codes, watch = kept
    return TableHost(session, pace=pace, codes=dict(codes), watch_code=watch), True


def run_host(
    table: TableHost,
    *,
    host: str,
    port: int,
    ssh_port: int | None,
    allow_hosts: Sequence[str] = (),
    as_json: bool = False,
    resumed: bool | None = None,
) -> int:
    """Host ``table`` until Ctrl+C, SIGTERM or ``quit``; the exit code."""
    if not is_loopback(host):
        print(
            f"monstertrick: warning: hosting on {host}:{port}, which other machines may "
            "reach. Only someone with a seat's code plays it (and the watchers' code "
            "shows what everyone may see); use 127.0.0.1 unless you trust the network.",
            file=sys.stderr,
        )
    try:
        return asyncio.run(
            _host(table, host, port, ssh_port, allow_hosts, as_json=as_json, resumed=resumed)
        )
    except KeyboardInterrupt:
        return 130


async def _host(
    table: TableHost,
    host: str,
    port: int,
    ssh_port: int | None,
    allow_hosts: Sequence[str],
    *,
    as_json: bool,
    resumed: bool | None,
) -> int:
    names = HostNames.for_address(host, allow_hosts)
    local = loopback_of(host)
    app, page_server = await _web_app(host, port, names, local)
    app.router.add_get("/table", table_socket(table, names, LIMITS))
    try:
        runner, _ = await listen(app, host, port)
    except OSError as exc:
        reason = os.strerror(exc.errno) if exc.errno else str(exc)
        print(f"monstertrick: cannot host on {host}:{port}: {reason}", file=sys.stderr)
        return 1
    shown_host = host if host not in ("0.0.0.0", "::", "") else _this_machine()
    door = None
    if ssh_port is not None:
        door = await _open_door(table, host, ssh_port, local, port)
        if door is None:
            await runner.cleanup()
            return 1
    addresses = Addresses(
        authority(shown_host, port),
        f"http://{authority(shown_host, port)}/" if page_server is not None else None,
        (shown_host, door.port) if door is not None else None,
    )
    console = Host(table, addresses, fingerprint=door.fingerprint if door is not None else "")
    table.notice = console.say
    _announce(console, table, pages=page_server is not None, as_json=as_json, resumed=resumed)
    save = table.session.save_path
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(signum, stop.set)
    _read_commands(console, stop)
    opening = asyncio.create_task(table.advance())  # (the computer players' first moves)
    try:
        await stop.wait()
    finally:
        _stop_reading()
        opening.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await opening
        goodbye = table.goodbye()
        await table.close(goodbye)
        closing = [_pages_shown(page_server)]
        if door is not None:
            closing.append(door.close(f"{goodbye[:1].upper()}{goodbye[1:]}."))
        await asyncio.gather(*closing)
        await runner.cleanup()
    _closed(console, table, save)
    return 0


async def _web_app(
    host: str, port: int, names: HostNames, local: str
) -> tuple[web.Application, Any]:
    """The host's web application, with the browser page's server when it is installed
    (None otherwise)."""
    from aiohttp import web

    from ..transports.serve import LIMITS as PAGE_LIMITS
    from ..transports.serve import app_argv

    try:
        from ..transports.browser import GameServer
    except ImportError:
        return web.Application(client_max_size=LIMITS.max_bytes), None
    page_server = GameServer(
        app_argv(["join", f"ws://{authority(local, port)}/table"]),
        host=host,
        port=port,
        names=names,
        limits=PAGE_LIMITS,
        max_games=MAX_PAGES,
        serving="host",
    )
    page_server.initialize_logging()
    app = await page_server._make_app()
    return app, page_server


def _announce(
    console: Host, table: TableHost, *, pages: bool, as_json: bool, resumed: bool | None
) -> None:
    """The table opened: its codes said (and kept beside the save for ``--resume``)."""
    if as_json:
        print(console.json_line(), flush=True)
    print(console.codes_text(), flush=True)
    if not pages:
        console.say('No browser page: pip install "monstertrick[table]" to serve one.')
    if resumed is False:
        console.say("The codes of this game were not kept: the table has new ones.")
    save = table.session.save_path
    if save is not None:
        problem = write_codes(table_file(save), save, table)
        if problem is not None:
            console.say(f"Warning: {problem}; --resume will give new codes.")


def _closed(console: Host, table: TableHost, save: Path | None) -> None:
    """The table closed: said, and its codes forgotten unless it can be reopened."""
    saved = table.session.save_path
    if table.session.running and saved is not None and saved.exists():
        console.say("The table is closed. Reopen it with: monstertrick host --resume")
        return
    if table.session.running:
        console.say("The table is closed; no decision was made, so nothing was saved.")
    else:
        console.say("The table is closed.")
    if save is not None:
        table_file(save).unlink(missing_ok=True)  # (codes that open nothing)


async def listen(
    app: web.Application,
    host: str,
    port: int,
    *,
    limiter: ConnectionLimiter | None = None,
    header_wait: float = HEADER_WAIT,
) -> tuple[web.AppRunner, int]:
    """Serve ``app`` on ``host``:``port`` (0: any free port) as the host does: every
    connection counted by ``limiter`` (by default a
    :class:`~monstertrick.net.guards.ConnectionLimiter` of the default limits), a request
    (or the next request on a kept-alive connection) closed unless it comes whole
    within ``header_wait`` seconds. The runner (``cleanup()`` ends it) and the port;
    raises OSError when the address cannot be listened on."""
    from aiohttp import web

    runner = web.AppRunner(
        app, handle_signals=False, access_log=None, keepalive_timeout=header_wait
    )
    await runner.setup()
    site = limited_site(runner, host, port, limiter or ConnectionLimiter())
    try:
        await site.start()
    except OSError:
        await runner.cleanup()
        raise
    return runner, int(site.port)


async def _pages_shown(page_server: Any) -> None:
    """Give the browser tabs' screens :data:`PAGE_FAREWELL_WAIT` seconds to show the
    host's goodbye before their games end with the page server (none without tabs)."""
    if page_server is not None and any(game.running for game in page_server.games):
        await asyncio.sleep(PAGE_FAREWELL_WAIT)


def limited_site(runner: Any, host: str, port: int, limiter: ConnectionLimiter) -> Any:
    """aiohttp's TCP site for ``runner`` on ``host``:``port``, every connection counted
    by ``limiter`` (:class:`~monstertrick.net.guards.ConnectionLimiter`), so that the host
    never runs out of open files and idle connections keep no one out (started with
    ``await site.start()``, stopped with the runner)."""
    return _site_class()(runner, host, port, limiter=limiter)


@functools.cache
def _site_class() -> type[Any]:
    from aiohttp import web

    class LimitedSite(web.TCPSite):
        def __init__(
            self, runner: web.BaseRunner, host: str, port: int, *, limiter: ConnectionLimiter
        ) -> None:
            super().__init__(runner, host, port)
            self.limiter = limiter

        async def start(self) -> None:
            await web.BaseSite.start(self)  # (TCPSite's own would not count connections)
            server = self._runner.server
            assert server is not None
            self._server = await asyncio.get_running_loop().create_server(
                self.limiter.protocols(server), self._host, self._port
            )
            self._bound_port = self._server.sockets[0].getsockname()[1]

    return LimitedSite


def _this_machine() -> str:
    import socket

    return socket.gethostname() or "this-machine"


async def _open_door(table: TableHost, host: str, ssh_port: int, local: str, port: int) -> Any:
    """The SSH door, each connection running a join screen for the code typed as its
    user name, once the table has checked the code (a wrong one starts nothing, and
    waits its turn as it would on the table's own port); None (having said why) when
    it cannot open."""
    from ..transports.serve import app_argv
    from ..transports.ssh import SshDoorError, open_ssh_door

    if os.name != "posix":
        print("monstertrick: joining over SSH needs a POSIX system", file=sys.stderr)
        return None
    url = f"ws://{authority(local, port)}/table"

    def command(code: str | None) -> list[str]:
        return app_argv(["join", url] + ([code] if code is not None else []))

    def lines_command(code: str) -> list[str]:
        return app_argv(["join", "--screen-reader-over-ssh", url, code])

    async def admits(code: str, address: str) -> bool:
        return await table.check_code(code, address) is not False

    try:
        return await open_ssh_door(
            host=host,
            port=ssh_port,
            key_path=home() / "ssh_host_key",
            command=command,
            admits=admits,
            lines_command=lines_command,
            # the screens: neither the host's line-mode variable nor its saved setting
            # switches them to lines (CODE+lines does, by its --screen-reader flag)
            environment={**os.environ, "MONSTERTRICK_SCREEN_READER": "0"},
        )
    except SshDoorError as exc:
        print(f"monstertrick: {exc}", file=sys.stderr)
    return None


_READING: list[Callable[[], None]] = []
_TASKS: set[asyncio.Task[None]] = set()


def _read_commands(console: Host, stop: asyncio.Event) -> None:
    """Read lines typed at the host's terminal (none when its input is no terminal or
    pipe)."""
    loop = asyncio.get_running_loop()
    try:
        fd = sys.stdin.fileno()
        os.set_blocking(fd, False)
    except (AttributeError, ValueError, OSError):
        return
    pending = bytearray()

    def readable() -> None:
        try:
            chunk = os.read(fd, 4096)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            loop.remove_reader(fd)
            return
        pending.extend(chunk)
        if len(pending) > 4096 and b"\n" not in pending:
            pending.clear()  # (no command is that long)
        while b"\n" in pending:
            line, _, rest = bytes(pending).partition(b"\n")
            pending[:] = rest
            text = line.decode("utf-8", "replace")

            async def run(text: str = text) -> None:
                if not await console.command(text):
                    stop.set()

            task = loop.create_task(run())
            _TASKS.add(task)
            task.add_done_callback(_TASKS.discard)

    try:
        loop.add_reader(fd, readable)
    except (OSError, ValueError, NotImplementedError):
        return

    def done() -> None:
        loop.remove_reader(fd)
        try:
            os.set_blocking(fd, True)
        except OSError:
            pass

    _READING.append(done)


def _stop_reading() -> None:
    while _READING:
        _READING.pop()()
