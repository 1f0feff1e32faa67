"""The table's connections: one joined screen's (:class:`Screen`), every screen joined
by seat (:class:`Screens`), and the WebSocket
that each screen joins over (:func:`table_socket`, served by :func:`make_app`). Every
input is bounded (:mod:`monstertrick.net.guards`): a message's size and rate, the time
to say hello (:data:`HELLO_WAIT`), and what waits to go out to each screen (an
:class:`~monstertrick.net.guards.Outbox` per screen: a screen that stops reading is
dropped, never waited for)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..guards import (
    HostNames,
    MessageLimits,
    MessageMeter,
    Outbox,
    OutboxLimits,
    same_origin,
    settle,
)
from ..protocol import NOT_JSON, Bye, Message, Refused, read_message
from ..wire import PLAIN

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

    def send(self, message: Message) -> None:
        """Queue ``message`` (one that holds no game's value: a welcome, a refusal, a
        goodbye) for the screen (never waits: a screen that does not take its messages
        is dropped by its outbox)."""
        self.send_text(PLAIN.text(message))

    def send_text(self, text: str) -> None:
        self.outbox.put(text)


class Screens:
    """The joined screens by seat (None: the watchers')."""

    def __init__(self) -> None:
        self._by_seat: dict[int | None, list[Screen]] = {}
        self._closing: set[asyncio.Task[None]] = set()

    def seat(self, screen: Screen) -> None:
        """A new screen at its seat: one that held the seat before is told it was
        replaced and closed, by a task of its own (not waited for)."""
        if screen.seat is not None:
            for older in self._by_seat.get(screen.seat, []):
                older.send(Bye("replaced", "another screen joined with your code"))
                older.closed = True
                # Ended by its own task: this one does not wait for its goodbye.
                task = asyncio.create_task(older.outbox.close(CLOSE_WAIT))
                self._closing.add(task)
                task.add_done_callback(self._closing.discard)
            self._by_seat[screen.seat] = []
        self._by_seat.setdefault(screen.seat, []).append(screen)

    def drop(self, screen: Screen) -> bool:
        """A screen has gone: whether it was one of these (not one replaced)."""
        screens = self._by_seat.get(screen.seat, [])
        if screen not in screens:
            return False
        screens.remove(screen)
        return True

    def at(self, seat: int | None) -> list[Screen]:
        """The screens joined at ``seat``."""
        return list(self._by_seat.get(seat, []))

    def away(self, seats: Sequence[int]) -> list[int]:
        """Those of ``seats`` with no screen joined."""
        return [s for s in seats if not self._by_seat.get(s)]

    def open_by_seat(self) -> list[tuple[int | None, list[Screen]]]:
        """Each seat's screens still open, for the seats with any."""
        found = []
        for seat, screens in list(self._by_seat.items()):
            open_ = [screen for screen in screens if not screen.closed]
            if open_:
                found.append((seat, open_))
        return found

    async def close(self, text: str) -> None:
        """Tell every screen ``text`` and end its connection: all at once, each within
        its bound."""
        screens = [screen for each in self._by_seat.values() for screen in each]
        for screen in screens:
            if not screen.closed:
                screen.send_text(text)
            screen.closed = True
        await asyncio.gather(*(screen.outbox.close(CLOSE_WAIT) for screen in screens))
        await asyncio.gather(*list(self._closing))


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
    from aiohttp import WSMsgType

    limits = limits or MessageLimits()

    async def socket(request: web.Request) -> web.StreamResponse:
        ws = _websocket(request, names, limits)
        try:
            await ws.prepare(request)
        except ConnectionError:  # (gone during the handshake: nobody to answer)
            return ws
        transport = request.transport
        outbox = Outbox(ws.send_str, ws.close, functools.partial(_abort, transport), outbox_limits)
        meter = MessageMeter(limits)
        screen: Screen | None = None
        try:
            while True:
                try:
                    msg = await ws.receive(timeout=HELLO_WAIT if screen is None else None)
                except asyncio.TimeoutError:
                    outbox.put(PLAIN.text(_NO_HELLO))
                    break
                if msg.type is not WSMsgType.TEXT or not meter.admit(len(msg.data)):
                    break
                data = read_message(msg.data)
                if data is NOT_JSON:
                    outbox.put(PLAIN.text(_NOT_A_MESSAGE))
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


def _websocket(
    request: web.Request, names: HostNames, limits: MessageLimits
) -> web.WebSocketResponse:
    """The WebSocket to answer ``request`` with, once it is one this table answers: for
    one of its host names, from no other site's page, a WebSocket handshake."""
    from aiohttp import web

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
    return ws


def _abort(transport: asyncio.Transport | None) -> None:
    if transport is not None:
        transport.abort()


_NO_HELLO = Bye("hello", "say hello first, with your code")
_NOT_A_MESSAGE = Refused("a message is one JSON object, not nested deeply")


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
