"""The table's connections: one joined screen's (:class:`Screen`), and the WebSocket
that each screen joins over (:func:`table_socket`, served by :func:`make_app`). Every
input is bounded (:mod:`monstertrick.net.guards`): a message's size and rate, the time
to say hello (:data:`HELLO_WAIT`), and what waits to go out to each screen (an
:class:`~monstertrick.net.guards.Outbox` per screen: a screen that stops reading is
dropped, never waited for)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..guards import (
    HostNames,
    MessageLimits,
    MessageMeter,
    Outbox,
    OutboxLimits,
    same_origin,
    settle,
)
from ..protocol import NOT_JSON, read_message

if TYPE_CHECKING:
    from aiohttp import web

    from .table import TableHost

HELLO_WAIT = 10.0
"""Seconds a new connection has to say hello before it is told so and closed."""
CLOSE_WAIT = 2.0
"""Seconds a closing connection has to take its last messages and say goodbye."""
HEARTBEAT = 20.0
"""Seconds between pings to a screen: one that does not answer is closed."""


@dataclass(eq=False)
class Screen:
    """One joined screen: its seat (None: a watcher) and its connection's outgoing
    messages."""

    seat: int | None
    outbox: Outbox
    closed: bool = False
    """Replaced by a newer screen, or told the table is closing: it is sent nothing more."""
    chapters_sent: int = -1
    """How many finished chapters' logs this screen has been sent (they are sent again
    only when another chapter ends)."""
    table_sent: str = ""
    """The last table sent to this screen, as sent."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the screen (never waits: a screen that does not take
        its messages is dropped by its outbox)."""
        self.send_text(json.dumps(message))

    def send_text(self, text: str) -> None:
        self.outbox.put(text)


def table_socket(
    table: TableHost,
    names: HostNames,
    limits: MessageLimits | None = None,
    outbox_limits: OutboxLimits | None = None,
) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    """The table's WebSocket handler (served at ``/table``). A request for another host
    name (DNS rebinding) or from another site's page is refused; every message is
    bounded in size and rate, the hello in time (:data:`HELLO_WAIT`), and what waits to
    go out to the screen by ``outbox_limits``."""
    from aiohttp import WSMsgType, web

    limits = limits or MessageLimits()

    async def socket(request: web.Request) -> web.StreamResponse:
        arrived = request.transport.get_extra_info("sockname") if request.transport else None
        if not names.allows(request.host, arrived_at=arrived[0] if arrived else None):
            raise web.HTTPMisdirectedRequest(text="this table does not answer to that name")
        origin = request.headers.get("Origin")
        if origin is not None and not same_origin(origin, scheme=request.scheme, host=request.host):
            raise web.HTTPForbidden(text="a page of another site may not join this table")
        ws = web.WebSocketResponse(
            max_msg_size=limits.max_bytes, heartbeat=HEARTBEAT, timeout=CLOSE_WAIT
        )
        if not ws.can_prepare(request).ok:
            raise web.HTTPBadRequest(text="join a table with monstertrick join")
        try:
            await ws.prepare(request)
        except ConnectionError:  # (gone during the handshake: nobody to answer)
            return ws
        transport = request.transport

        def abort() -> None:
            if transport is not None:
                transport.abort()

        outbox = Outbox(ws.send_str, ws.close, abort, outbox_limits)
        meter = MessageMeter(limits)
        screen: Screen | None = None
        try:
            while True:
                try:
                    msg = await ws.receive(timeout=HELLO_WAIT if screen is None else None)
                except asyncio.TimeoutError:
                    outbox.put(json.dumps(_NO_HELLO))
                    break
                if msg.type is not WSMsgType.TEXT or not meter.admit(len(msg.data)):
                    break
                data = read_message(msg.data)
                if data is NOT_JSON:
                    outbox.put(json.dumps(_NOT_A_MESSAGE))
                elif screen is None:
                    screen = await table.join(data, outbox, request.remote or "")
                    if screen is None:
                        break
                    settle(transport)  # (a screen now: not one that makes room for others)
                elif screen.closed:
                    break
                else:
                    await table.receive(screen, data)
        except ConnectionError:
            pass  # (the connection failed: the screen has gone)
        finally:
            if screen is not None:
                await table.leave(screen)
            await outbox.close(CLOSE_WAIT)
        return ws

    return socket


_NO_HELLO = {"type": "bye", "why": "hello", "reason": "say hello first, with your code"}
_NOT_A_MESSAGE = {"type": "refused", "reason": "a message is one JSON object, not nested deeply"}


def make_app(
    table: TableHost,
    names: HostNames,
    limits: MessageLimits | None = None,
    outbox_limits: OutboxLimits | None = None,
) -> web.Application:
    """A web application with the table's WebSocket at ``/table`` alone (the host adds
    it to the browser pages' application when they are served)."""
    from aiohttp import web

    limits = limits or MessageLimits()
    app = web.Application(client_max_size=limits.max_bytes)
    app.router.add_get("/table", table_socket(table, names, limits, outbox_limits))
    return app
