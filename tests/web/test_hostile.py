"""``monstertrick serve`` against a hostile client: the real server on loopback, driven
with aiohttp (no browser). Each finding of a tester with such a client is a test here:
another site's name, a huge or malformed message, a flood, a tab closed on a game that
does not respond, the server stopped with such a game, sizes that are no sizes, a plain
GET of the WebSocket, a port in use and a missing file.

After each, no game process is left and the server's console shows no traceback.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from .browser import HANDOFF_TO_ANN, Server, free_port, serving, still_running, wait_until
from .client import (
    TIMEOUT,
    assert_no_traceback,
    headers,
    new_games,
    open_tab,
    own_origin,
    read_until,
    text_of,
    until_closed,
)

pytest.importorskip("textual_serve")
aiohttp = pytest.importorskip("aiohttp")

PLAY = ["play", "--players", "Ann,Bob", "--seed", "1"]
MAX_COLUMNS, MAX_ROWS = 500, 200
CURSOR = re.compile(rb"\x1b\[(\d+);(\d+)H")
ONE_CELL_NOTICE = re.compile(r"(?<![A-Za-z])E[\sE\x07]*\Z")
"""The game's last drawing in a terminal of one cell: the first letter of "Enlarge the
terminal...", alone."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests that leave it running."""
    folder = tmp_path_factory.mktemp("hostile")
    with serving(PLAY, folder / "home", folder / "serve.log") as server:
        yield server
        assert_no_traceback(server)


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def largest_cursor(output: bytes) -> tuple[int, int]:
    """The largest row and column the game's output moved the cursor to."""
    places = [(int(row), int(column)) for row, column in CURSOR.findall(output)]
    assert places, output[:200]
    return max(r for r, _ in places), max(c for _, c in places)


def wait_for_end(games: dict[int, list[str]], what: str) -> None:
    wait_until(lambda: not still_running(games), TIMEOUT, what)


def stop(games: dict[int, list[str]]) -> None:
    """SIGSTOP: the game neither reads nor quits nor obeys SIGTERM until killed."""
    for pid in games:
        os.kill(pid, signal.SIGSTOP)


@dataclass
class Tab:
    """A tab whose game shows its first handoff."""

    ws: aiohttp.ClientWebSocketResponse
    games: dict[int, list[str]]
    """Its game processes (pid: command line)."""
    output: bytes
    """What the game has drawn so far."""

    @property
    def game(self) -> int:
        """The game's Python process."""
        (pid,) = [pid for pid, cmd in self.games.items() if "python" in cmd[0]]
        return pid

    async def close(self) -> None:
        """Close the tab; its game ends."""
        await self.ws.close()
        wait_for_end(self.games, "the game of the closed tab to end")


async def open_game(
    session: aiohttp.ClientSession,
    server: Server,
    query: str = "width=80&height=24",
    rows: int = 24,
) -> Tab:
    """Open a tab (``query`` gives its size) and wait for its game's first handoff, drawn
    down to row ``rows``."""
    known = set(server.game_processes())
    ws = await open_tab(session, server, query=query)
    output = await read_until(ws, HANDOFF_TO_ANN, rows=rows)
    return Tab(ws, new_games(server, known), output)


async def open_game_when_free(session: aiohttp.ClientSession, server: Server) -> Tab:
    """:func:`open_game`, once the server has a game to spare (it counts a game until it
    has reaped its process, a moment after the process has ended)."""
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while True:
        try:
            return await open_game(session, server)
        except aiohttp.WSServerHandshakeError as refused:
            if refused.status != 503 or asyncio.get_running_loop().time() > deadline:
                raise
        await asyncio.sleep(0.02)  # a poll interval, as wait_until's


async def a_tab_still_plays(session: aiohttp.ClientSession, server: Server) -> None:
    await (await open_game(session, server)).close()


# ---------------------------------------------------------------------- host names


async def test_a_page_of_another_site_gets_a_refusal_and_never_a_game(
    server: Server, session: aiohttp.ClientSession
) -> None:
    """What a page on evil.example sends once its name points at 127.0.0.1 (DNS rebinding)."""
    evil = f"evil.example:{server.port}"
    before = set(server.game_processes())
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await open_tab(session, server, host=evil, origin=f"http://{evil}")
    assert refused.value.status == 421
    for path in ("/", "/static/js/textual.js", "/download/x"):
        async with session.get(own_origin(server) + path, headers=headers(server, evil)) as page:
            assert page.status == 421, path
            assert "monstertrick serve --allow-host" in await page.text()
    assert set(server.game_processes()) == before
    assert "refused a page opened at evil.example" in server.output()
    await a_tab_still_plays(session, server)


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://localhost:1"])
async def test_only_the_games_own_page_may_open_a_game(
    server: Server, session: aiohttp.ClientSession, origin: str
) -> None:
    before = set(server.game_processes())
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await open_tab(session, server, origin=origin)
    assert refused.value.status == 403
    assert set(server.game_processes()) == before


async def test_the_page_is_served_at_its_own_names_and_its_links_never_follow_the_host(
    server: Server, session: aiohttp.ClientSession
) -> None:
    for host in ("127.0.0.1", "localhost", "[::1]", "LOCALHOST."):
        sent = headers(server, f"{host}:{server.port}")
        async with session.get(own_origin(server) + "/", headers=sent) as page:
            assert page.status == 200, host
            text = await page.text()
        assert "<title>Monster Trick</title>" in text
        assert "localhost" not in text.lower() and "127.0.0.1" not in text and "::1" not in text
        assert 'data-session-websocket-url="/ws"' in text
        assert 'src="/static/js/textual.js"' in text
        assert page.headers["X-Frame-Options"] == "DENY"


async def test_allowed_names_and_the_served_address_are_answered(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    options = ["--allow-host", "table.example", "--allow-host", "[fd00::7]"]
    with serving(PLAY, tmp_path / "home", tmp_path / "log", options, host="127.0.0.2") as server:
        for host, status in (
            ("127.0.0.2", 200),
            ("table.example", 200),
            ("TABLE.EXAMPLE", 200),
            ("[fd00::7]", 200),
            ("localhost", 200),
            ("other.example", 421),
            ("127.0.0.3", 421),
        ):
            sent = headers(server, f"{host}:{server.port}")
            async with session.get(own_origin(server) + "/", headers=sent) as page:
                assert page.status == status, host
                assert host.lower() not in (await page.text()).lower()
        ws = await open_tab(session, server, host=f"table.example:{server.port}")
        await read_until(ws, HANDOFF_TO_ANN)
        await ws.close()
        assert server.stop() == 0, server.output()
        assert_no_traceback(server)


# ---------------------------------------------------------------------- messages


async def test_a_message_over_the_size_limit_closes_the_tab_and_ends_its_game(
    server: Server, session: aiohttp.ClientSession
) -> None:
    tab = await open_game(session, server)
    ws, games = tab.ws, tab.games
    try:
        await ws.send_str(json.dumps(["stdin", "x" * 1_000_000]))
    except ConnectionError:
        pass  # the server may close before the whole megabyte is sent
    assert await until_closed(ws) == 1009  # message too big
    wait_for_end(games, "the game of the tab that sent 1 MB to end")
    await a_tab_still_plays(session, server)


async def test_a_flood_of_messages_closes_the_tab_and_ends_its_game(
    server: Server, session: aiohttp.ClientSession
) -> None:
    tab = await open_game(session, server)
    ws, games = tab.ws, tab.games
    closed = asyncio.ensure_future(until_closed(ws))
    sent = 0
    while not closed.done() and sent < 200_000:
        try:
            await ws.send_str('["focus"]')
        except ConnectionError:
            break
        sent += 1
        if sent % 100 == 0:
            await asyncio.sleep(0)  # let the reader see the server's goodbye
    assert await closed == 1008  # policy violation: too many messages
    wait_for_end(games, "the game of the flooding tab to end")
    await a_tab_still_plays(session, server)


async def test_malformed_messages_are_ignored_and_the_game_goes_on(
    server: Server, session: aiohttp.ClientSession
) -> None:
    tab = await open_game(session, server)
    ws, games = tab.ws, tab.games
    for junk in (
        '["stdin", 5]',
        '["stdin", "\\ud800"]',
        "not json",
        "[]",
        '{"stdin": "x"}',
        '["resize"]',
        '["ping", {"a": 1}]',
        '["quit"]',
        "[" * 3000,
    ):
        await ws.send_str(junk)
    await ws.send_bytes(b"\x00\xff binary")
    await ws.send_str('["ping", "1"]')
    while (message := await asyncio.wait_for(ws.receive(), TIMEOUT)).type is not (
        aiohttp.WSMsgType.TEXT
    ):
        assert message.type is aiohttp.WSMsgType.BINARY, message
    assert json.loads(message.data) == ["pong", "1"]
    await ws.send_str(json.dumps(["resize", {"width": 90, "height": 30}]))
    await read_until(ws, HANDOFF_TO_ANN, rows=30)  # drawn again at the new size
    assert still_running(games)
    await tab.close()


# ---------------------------------------------------------------------- sizes


@pytest.mark.parametrize("size", [{"width": "a", "height": 1}, {"width": 80.5, "height": 24}])
async def test_a_resize_that_is_no_number_is_ignored(
    server: Server, session: aiohttp.ClientSession, size: dict[str, object]
) -> None:
    tab = await open_game(session, server)
    ws, games = tab.ws, tab.games
    await ws.send_str(json.dumps(["resize", size]))
    await ws.send_str('["focus"]')  # so that the next size cannot stand in for this one
    await ws.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
    rows, columns = largest_cursor(await read_until(ws, HANDOFF_TO_ANN, rows=30))
    assert rows == 30 and columns <= 100
    assert still_running(games)
    await tab.close()


@pytest.mark.parametrize("size", [{"width": -5, "height": -3}, {"width": 0, "height": 0}])
async def test_a_resize_below_one_cell_is_one_cell(
    server: Server, session: aiohttp.ClientSession, size: dict[str, object]
) -> None:
    tab = await open_game(session, server)
    ws, games = tab.ws, tab.games
    await ws.send_str(json.dumps(["resize", size]))
    await read_until(ws, ONE_CELL_NOTICE)
    await ws.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
    await read_until(ws, HANDOFF_TO_ANN, rows=30)
    assert still_running(games)
    await tab.close()


async def test_a_huge_terminal_asked_for_on_opening_is_clamped(
    server: Server, session: aiohttp.ClientSession
) -> None:
    tab = await open_game(session, server, query="width=1500&height=1000", rows=MAX_ROWS)
    environment = Path(f"/proc/{tab.game}/environ").read_bytes().split(b"\0")
    assert b"COLUMNS=500" in environment and b"ROWS=200" in environment
    rows, columns = largest_cursor(tab.output)
    assert rows == MAX_ROWS and columns <= MAX_COLUMNS
    await tab.close()


async def test_a_huge_terminal_asked_for_later_is_clamped(
    server: Server, session: aiohttp.ClientSession
) -> None:
    tab = await open_game(session, server)
    await tab.ws.send_str(json.dumps(["resize", {"width": 1500, "height": 1000}]))
    output = await read_until(tab.ws, HANDOFF_TO_ANN, rows=MAX_ROWS)
    rows, columns = largest_cursor(output)
    assert rows == MAX_ROWS and columns <= MAX_COLUMNS
    await tab.close()


async def test_a_plain_get_of_the_websocket_is_answered_400(
    server: Server, session: aiohttp.ClientSession
) -> None:
    before = set(server.game_processes())
    async with session.get(own_origin(server) + "/ws", headers=headers(server)) as answer:
        assert answer.status == 400
        assert "WebSocket" in await answer.text()
    assert set(server.game_processes()) == before
    assert_no_traceback(server)


async def test_at_most_max_games_run_at_once(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    with serving(PLAY, tmp_path / "home", tmp_path / "log", ["--max-games", "1"]) as server:
        first = await open_game(session, server)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await open_tab(session, server)
        assert refused.value.status == 503
        await first.close()
        await (await open_game_when_free(session, server)).close()
        assert server.stop() == 0, server.output()
        assert_no_traceback(server)


# ---------------------------------------------------------------------- game processes


async def test_a_closed_tab_ends_its_game_even_one_that_does_not_respond(
    server: Server, session: aiohttp.ClientSession
) -> None:
    tab = await open_game(session, server)
    ws, games = tab.ws, tab.games
    assert os.getpgid(tab.game) == tab.game != os.getpgid(server.proc.pid)  # its own group
    stop(games)
    await ws.close()
    wait_for_end(games, "the stopped game of the closed tab to end")
    await a_tab_still_plays(session, server)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
@pytest.mark.slow
async def test_stopping_the_server_ends_every_game_whatever_its_state(
    tmp_path: Path, session: aiohttp.ClientSession, signum: signal.Signals
) -> None:
    with serving(PLAY, tmp_path / "home", tmp_path / "log") as server:
        running = await open_game(session, server)
        stopped = await open_game(session, server)
        stop(stopped.games)
        server.proc.send_signal(signum)  # SIGINT: what Ctrl+C at the server's terminal sends
        assert server.proc.wait(TIMEOUT) == 0, server.output()
        wait_for_end({**running.games, **stopped.games}, "every game to end with the server")
        for tab in (running, stopped):
            assert await until_closed(tab.ws) is not None
        assert_no_traceback(server)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's parent-death signal")
async def test_a_server_killed_outright_takes_its_games_with_it(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    with serving(PLAY, tmp_path / "home", tmp_path / "log") as server:
        running = await open_game(session, server)
        stopped = await open_game(session, server)
        stop(stopped.games)
        server.proc.kill()  # SIGKILL: the server can end nothing itself
        server.proc.wait(TIMEOUT)
        wait_for_end({**running.games, **stopped.games}, "every game to end with the server")


# ---------------------------------------------------------------------- starting


def run_serve(*argv: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "monstertrick", "serve", *argv],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "MONSTERTRICK_HOME": str(home)},
        check=False,
    )


def test_a_port_in_use_is_one_line_and_nothing_is_announced(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = run_serve("--port", str(port), home=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout == ""  # never "open http://..."
    assert (
        proc.stderr == f"monstertrick: cannot serve on 127.0.0.1:{port}: Address already in use\n"
    )


def test_the_address_is_announced_once_it_listens(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "monstertrick", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "MONSTERTRICK_HOME": str(tmp_path)},
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().decode()
        assert line.startswith(f"Monster Trick: open http://127.0.0.1:{port} in a browser")
        socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT).close()  # at once
        proc.send_signal(signal.SIGINT)
        assert proc.wait(TIMEOUT) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["view", "missing.json"], "missing.json cannot be shown"),
        (["resume", "missing.json"], "missing.json cannot be resumed"),
        (["resume"], "no unfinished games"),
    ],
)
def test_a_command_whose_file_is_missing_fails_before_serving(
    tmp_path: Path, command: list[str], said: str
) -> None:
    proc = run_serve("--port", str(free_port()), "--", *command, home=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert said in proc.stderr and "Traceback" not in proc.stderr
    assert "open http" not in proc.stdout
    assert text_of(proc.stderr.encode()).count("error:") == 1
