"""A seat's connection to the host, written once for the join app and the joined line
mode: the WebSocket, the hello, this seat's messages out and the host's in.

What a seat does with the host's messages, and whether it joins again when the
connection drops, is the seat's own business (:mod:`.app` joins again; :mod:`.lines`
ends and says how to come back).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from ..protocol import Hello, Message
from ..wire import PLAIN, WireError

__all__ = ["MAX_MESSAGE", "follow"]

MAX_MESSAGE = 4 * 1024 * 1024
"""The largest message taken from the host (a table is a few kilobytes)."""

TOO_BIG = "it sent a message too large for this screen"


async def follow(
    url: str,
    hello: Hello,
    outbox: asyncio.Queue[Message | None],
    encode: Callable[[Message], str],
    received: Callable[[dict[str, object]], bool],
) -> str | None:
    """Join the table at ``url`` with ``hello`` and follow it: every message the host
    sends, one JSON object, goes to ``received`` until it returns False (the host said
    goodbye); what ``outbox`` brings is sent, ``encode``-d, and None closes the
    connection. Messages left in ``outbox`` from an earlier connection are dropped
    (they were meant for a table that is gone), but a None among them ends it at once:
    the seat was closed before it could join.

    Returns None when the connection ends, or what the host sent that this seat could
    not read (the connection is then closed: a table is whole, so the next one may
    read). A table that cannot be reached raises aiohttp's ``ClientError``, ``OSError``
    or ``TimeoutError``."""
    import aiohttp

    while not outbox.empty():
        if outbox.get_nowait() is None:
            return None  # (closed before it was joined: nothing to follow)
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(url, heartbeat=20, max_msg_size=MAX_MESSAGE) as ws,
    ):
        await ws.send_str(PLAIN.text(hello))

        async def send() -> None:
            while True:
                message = await outbox.get()
                if message is None:
                    await ws.close()
                    return
                await ws.send_str(encode(message))

        sender = asyncio.create_task(send())
        try:
            async for msg in ws:
                if msg.type is not aiohttp.WSMsgType.TEXT:
                    break
                try:
                    data = json.loads(msg.data)
                    if not isinstance(data, dict):
                        raise WireError("a message from the host is one JSON object")
                    if not received(data):
                        return None
                except (ValueError, RecursionError, WireError) as exc:
                    return str(exc)[:200] or type(exc).__name__
        finally:
            sender.cancel()
        if ws.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG:
            return TOO_BIG
    return None
