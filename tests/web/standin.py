"""A stand-in host on loopback, for the tests of a joined seat: it welcomes every seat
that says hello to a two-seat Monster Taking table, then sends what the test says (a
table no seat can read, say), and reads the seat's messages until it goes."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from aiohttp import web

from monstertrick.net.host.command import listen
from monstertrick.net.protocol import VERSION

WELCOME = {
    "type": "welcome",
    "version": VERSION,
    "seat": 0,
    "game": "monster-taking",
    "names": ["Ann", "Bob"],
    "levels": [None, None],
}
"""The welcome to Ann's seat (seat 0) of Ann and Bob's Monster Taking table."""


@asynccontextmanager
async def stand_in_host(
    then: Callable[[web.WebSocketResponse, int], Awaitable[None]],
) -> AsyncIterator[str]:
    """The address of the table, ``ws://127.0.0.1:PORT/table``; after each seat's
    hello and its welcome, ``then(ws, joins)`` sends the rest (``joins``: how many
    times a seat has joined, this one included)."""
    joins = 0

    async def host(request: web.Request) -> web.WebSocketResponse:
        nonlocal joins
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.receive()  # (the hello)
        joins += 1
        await ws.send_json(WELCOME)
        await then(ws, joins)
        async for _ in ws:
            pass
        return ws

    app = web.Application()
    app.router.add_get("/table", host)
    runner, port = await listen(app, "127.0.0.1", 0)
    try:
        yield f"ws://127.0.0.1:{port}/table"
    finally:
        await runner.cleanup()
