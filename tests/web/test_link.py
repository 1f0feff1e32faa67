"""A seat's connection to the host (:func:`monstertrick.net.seat.link.follow`)."""

from __future__ import annotations

import asyncio

from aiohttp import web

from monstertrick.net.protocol import VERSION, Hello, Message, TakeBack
from monstertrick.net.seat.link import follow

from .standin import stand_in_host


def nothing_received(data: dict[str, object]) -> bool:
    raise AssertionError(f"nothing is received: {data}")


async def test_a_seat_closed_before_it_joined_joins_nothing() -> None:
    """A close asked for before the connection is made (the person left while it was
    being made) is kept through the dropping of stale messages: nothing is joined, and
    a table that is not there is not even tried (it would raise)."""
    outbox: asyncio.Queue[Message | None] = asyncio.Queue()
    outbox.put_nowait(TakeBack())
    outbox.put_nowait(None)
    hello = Hello(VERSION, "K7QF9XMB", False)
    assert await follow("ws://127.0.0.1:1/table", hello, outbox, str, nothing_received) is None
    assert outbox.empty()


async def test_messages_left_from_an_earlier_connection_are_not_sent() -> None:
    """What the seat made for a table that is gone is dropped; what it sends once
    joined goes, and its close ends the connection."""
    heard: list[str] = []

    async def then(ws: web.WebSocketResponse, joins: int) -> None:
        async for msg in ws:
            heard.append(msg.data)

    outbox: asyncio.Queue[Message | None] = asyncio.Queue()
    outbox.put_nowait(TakeBack())  # (stale)
    welcomed: list[object] = []

    def received(data: dict[str, object]) -> bool:
        welcomed.append(data["type"])
        outbox.put_nowait(TakeBack())
        outbox.put_nowait(None)
        return True

    async with stand_in_host(then) as url:
        hello = Hello(VERSION, "K7QF9XMB", False)
        assert (
            await follow(url, hello, outbox, lambda m: f"sent {type(m).__name__}", received) is None
        )
    assert welcomed == ["welcome"]
    assert heard == ["sent TakeBack"]
