"""A client of ``monstertrick serve`` without a browser: aiohttp's, which sends whatever
Host, Origin and messages a hostile page or program could.

Shared by the tests of the server's guards (``test_hostile.py``); see ``browser.py`` for
the server itself and its game processes.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Collection

import aiohttp

from .browser import ANSI, Server, wait_until

TIMEOUT = 30.0
"""Seconds any one wait of these tests may take before it fails (a bound, not a test)."""

SAME = "same"
"""The Origin of the server's own page (``origin=SAME``)."""


def own_origin(server: Server) -> str:
    return f"http://{server.host}:{server.port}"


def headers(server: Server, host: str | None = None, origin: str | None = SAME) -> dict[str, str]:
    """Host (default: the address the server listens on) and Origin (default: the page's
    own; None sends none) of a request to ``server``."""
    sent = {"Host": host or f"{server.host}:{server.port}"}
    if origin == SAME:
        sent["Origin"] = f"http://{sent['Host']}"
    elif origin is not None:
        sent["Origin"] = origin
    return sent


async def open_tab(
    session: aiohttp.ClientSession,
    server: Server,
    *,
    host: str | None = None,
    origin: str | None = SAME,
    query: str = "width=80&height=24",
) -> aiohttp.ClientWebSocketResponse:
    """Open the game's WebSocket as the page would (a handshake refused raises
    aiohttp.WSServerHandshakeError, with its status)."""
    return await session.ws_connect(
        f"{own_origin(server)}/ws?{query}",
        headers=headers(server, host, origin),
        max_msg_size=0,
        timeout=aiohttp.ClientWSTimeout(ws_close=TIMEOUT),
    )


def text_of(output: bytes) -> str:
    return ANSI.sub("", output.decode("utf-8", errors="replace"))


async def read_until(
    ws: aiohttp.ClientWebSocketResponse,
    pattern: re.Pattern[str],
    timeout: float = TIMEOUT,
    *,
    rows: int | None = None,
) -> bytes:
    """The game's output (binary frames) from now until its text matches ``pattern`` (and,
    given ``rows``, until it has drawn row ``rows``); fails if the tab closes first or
    ``timeout`` seconds pass."""
    output = b""
    last_row = None if rows is None else re.compile(rb"\x1b\[%d;[0-9]+H" % rows)

    def done() -> bool:
        drawn = last_row is None or last_row.search(output) is not None
        return drawn and pattern.search(text_of(output)) is not None

    async def read() -> bytes:
        nonlocal output
        while not done():
            message = await ws.receive()
            if message.type is aiohttp.WSMsgType.BINARY:
                output += message.data
            elif message.type in (
                aiohttp.WSMsgType.CLOSE,
                aiohttp.WSMsgType.CLOSED,
                aiohttp.WSMsgType.ERROR,
            ):
                raise AssertionError(
                    f"the tab closed ({ws.close_code}) before {pattern.pattern!r}: "
                    f"{text_of(output)[-500:]!r}"
                )
        return output

    try:
        return await asyncio.wait_for(read(), timeout)
    except asyncio.TimeoutError:
        raise AssertionError(
            f"no {pattern.pattern!r} after {timeout} s: {text_of(output)[-500:]!r}"
        ) from None


async def until_closed(ws: aiohttp.ClientWebSocketResponse, timeout: float = TIMEOUT) -> int | None:
    """Read (and drop) whatever comes until the server closes the tab; its close code."""

    async def read() -> None:
        while (await ws.receive()).type not in (
            aiohttp.WSMsgType.CLOSE,
            aiohttp.WSMsgType.CLOSED,
            aiohttp.WSMsgType.ERROR,
        ):
            pass

    try:
        await asyncio.wait_for(read(), timeout)
    except asyncio.TimeoutError:
        raise AssertionError(f"the server did not close the tab within {timeout} s") from None
    return ws.close_code


def new_games(server: Server, known: Collection[int] = ()) -> dict[int, list[str]]:
    """The game processes the server has started besides ``known``, once the Python one
    is there (with a shell in between, the shell too)."""

    def found() -> dict[int, list[str]]:
        games = {pid: cmd for pid, cmd in server.game_processes().items() if pid not in known}
        if any(cmd[:1] and "python" in cmd[0] for cmd in games.values()):
            return games
        return {}

    return dict(wait_until(found, TIMEOUT, "a game process"))


def assert_no_traceback(server: Server) -> None:
    console = server.output()
    for sign in ("Traceback", "Error handling request", "Task exception was never retrieved"):
        assert sign not in console, console
