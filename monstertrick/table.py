"""One game, several screens: the host's side of a table that each person joins from
their own device with a code (groundwork of ``monstertrick host``/``join``).

The host owns the :class:`~monstertrick.session.Session`, as the app does at one
keyboard, and drives it: no handoffs (nobody else looks at a person's screen), computer
players deciding in the host, the game autosaved after every decision as always. A
screen joins over a WebSocket (:func:`make_app`) with its seat's code and is sent, after
every change, that seat's view and the public log (:mod:`monstertrick.wire`), never the
state and never another seat's view; a watcher's code gets the public view. A screen
can only send its own seat's decisions, each one checked by the session; an illegal
one is answered with the reason and changes nothing.

Protocol (version :data:`VERSION`; every message a JSON object with a ``type``):

client → host
    ``{"type": "hello", "version": 1, "code": "K7QF-9XMB"}`` first, then
    ``{"type": "act", "action": "play A7", "at": [1, 4]}`` (an action as the game
    writes it, on the table sent ``at`` that position: a decision made on a table that
    has moved on since is refused, never applied to another).
host → client
    ``welcome`` (``seat``, None for a watcher; ``game``; ``names``), then ``table``
    after every change (``view``, ``log``, ``turn``: the seat and task to decide or
    None, ``at``: the position, ``away``: the people's seats with no screen, ``over``); ``refused``
    (``reason``) for a message it did not carry out; ``bye`` (``reason``) as it closes
    the connection: a wrong code or version, or a newer screen that took the seat.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import IllegalMoveError
from .guards import HostNames, MessageLimits, MessageMeter, same_origin
from .session import BotTurn, GameEnd, Handoff, HintTaken, Played, RoundOver, Session, Turn
from .wire import Wire, WireError

if TYPE_CHECKING:
    from aiohttp import web

VERSION = 1
"""The protocol's version: a screen of another version is told to update."""

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Join codes' characters: no 0/O, 1/I/L or U, easy to read aloud and type."""
CODE_LENGTH = 8
"""Characters in a code (written as two groups of four): about 39 bits."""
FREE_TRIES = 3
"""Wrong codes a connection's address may send before each further try waits."""
WRONG_CODE_WAIT = 1.0
"""Seconds each wrong code waits after :data:`FREE_TRIES`."""
MAX_ADDRESSES = 10_000
"""Addresses whose wrong codes are counted at once (the count starts again beyond)."""

Send = Callable[[dict[str, Any]], Awaitable[None]]
"""Sends one message to one screen."""


def new_code() -> str:
    """A fresh join code, unguessable and easy to type: ``"K7QF-9XMB"``."""
    text = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{text[:4]}-{text[4:]}"


def normal_code(text: object) -> str | None:
    """A code as typed (any case, spaces or a dash anywhere), in its written form; None
    for anything that cannot be a code."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    chars = "".join(c for c in text.upper() if c not in " -")
    if len(chars) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in chars):
        return None
    return f"{chars[:4]}-{chars[4:]}"


async def _nothing() -> None:
    return None


@dataclass(eq=False)
class Screen:
    """One joined screen: its seat (None: a watcher), how to reach it and how to end
    its connection."""

    seat: int | None
    send: Send
    close: Callable[[], Coroutine[Any, Any, None]] = _nothing
    closed: bool = False


@dataclass
class TableHost:
    """A session played from several screens. ``codes``: each person's code by seat,
    and :attr:`watch_code` for watchers; ``pace``: seconds between computer moves, so
    that screens can follow them."""

    session: Session
    pace: float = 0.0
    codes: dict[int, str] = field(default_factory=dict)
    watch_code: str = field(default_factory=new_code)
    wrong_wait: Callable[[float], Awaitable[None]] = asyncio.sleep
    """How a wrong code waits (a test gives its own)."""

    def __post_init__(self) -> None:
        for seat in self.session.humans:
            self.codes.setdefault(seat, new_code())
        self.wire: Wire[Any, Any, Any, Any, Any] = Wire(self.session.rules)
        self._screens: dict[int | None, list[Screen]] = {}
        self._lock = asyncio.Lock()
        self._wrong: dict[str, int] = {}
        self._advancing = False
        self._closing: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ screens

    def seat_of(self, code: str) -> int | None | bool:
        """The seat a code is for (None: the watchers' code); False for no code."""
        if code == self.watch_code:
            return None
        for seat, mine in self.codes.items():
            if secrets.compare_digest(mine, code):
                return seat
        return False

    async def join(
        self,
        data: object,
        send: Send,
        address: str = "",
        close: Callable[[], Coroutine[Any, Any, None]] = _nothing,
    ) -> Screen | None:
        """A screen's first message: its hello. Returns the screen joined, or None
        having said ``bye`` (the caller closes the connection)."""
        if not isinstance(data, dict) or data.get("type") != "hello":
            await send({"type": "bye", "reason": "say hello first, with your code"})
            return None
        if data.get("version") != VERSION:
            await send(
                {
                    "type": "bye",
                    "reason": f"this table speaks version {VERSION}: update monstertrick",
                }
            )
            return None
        code = normal_code(data.get("code"))
        seat = self.seat_of(code) if code is not None else False
        if seat is False:
            if len(self._wrong) >= MAX_ADDRESSES and address not in self._wrong:
                self._wrong.clear()  # (bounded: a new count for every address)
            tries = self._wrong.get(address, 0) + 1
            self._wrong[address] = tries
            if tries > FREE_TRIES:
                await self.wrong_wait(WRONG_CODE_WAIT)
            await send({"type": "bye", "reason": "that code is not one of this table's"})
            return None
        assert seat is not True
        screen = Screen(seat, send, close)
        if seat is not None:
            for older in self._screens.get(seat, []):
                older.closed = True
                await older.send({"type": "bye", "reason": "another screen joined with your code"})
                # Ended by its own task: this one does not wait for its goodbye.
                task = asyncio.create_task(older.close())
                self._closing.add(task)
                task.add_done_callback(self._closing.discard)
            self._screens[seat] = []
        self._screens.setdefault(seat, []).append(screen)
        names = list(self.session.names)
        await send(
            {
                "type": "welcome",
                "version": VERSION,
                "seat": seat,
                "game": self.session.game_key,
                "names": names,
            }
        )
        await self.broadcast()
        return screen

    async def leave(self, screen: Screen) -> None:
        """A screen has gone (closed, dropped, replaced): the others see who is away."""
        screens = self._screens.get(screen.seat, [])
        if screen in screens:
            screens.remove(screen)
            await self.broadcast()

    def away(self) -> list[int]:
        """The people's seats with no screen joined."""
        return [s for s in self.session.humans if not self._screens.get(s)]

    # ------------------------------------------------------------------ messages

    async def receive(self, screen: Screen, data: object) -> None:
        """A joined screen's message."""
        if screen.closed:
            return
        if not isinstance(data, dict) or data.get("type") != "act":
            await screen.send({"type": "refused", "reason": "a message this table does not take"})
            return
        if screen.seat is None:
            await screen.send({"type": "refused", "reason": "a watcher does not decide"})
            return
        try:
            action = self.wire.action(data.get("action"))
        except WireError as exc:
            await screen.send({"type": "refused", "reason": str(exc)})
            return
        async with self._lock:
            step = self.session.next_step()
            if not isinstance(step, Turn) or step.seat != screen.seat:
                await screen.send({"type": "refused", "reason": "it is not your decision now"})
                return
            if data.get("at") != list(self.session.position):
                # Made on a table that has moved on since (a message crossed another).
                await screen.send({"type": "refused", "reason": "the table has moved on"})
                return
            try:
                self.session.apply(screen.seat, action)
            except IllegalMoveError as exc:
                await screen.send({"type": "refused", "reason": str(exc)})
                return
        await self.advance()

    async def advance(self) -> None:
        """Carry the game on until a person must decide or it is over, the computer
        players deciding in a thread (from their views: nothing changes the game while
        they think, since a screen's decision is refused until it is its turn); every
        screen is sent the table after each step."""
        if self._advancing:
            return
        self._advancing = True
        try:
            loop = asyncio.get_running_loop()
            session = self.session
            while True:
                async with self._lock:
                    step = session.next_step()
                    if isinstance(step, Handoff):
                        session.pass_keyboard(step.seat)  # each person has their own screen
                        continue
                    if isinstance(step, Played | RoundOver):
                        session.done()
                        continue
                    if not isinstance(step, BotTurn):
                        break
                    session.bot(step.seat)  # made here, not in the thread
                decision = await loop.run_in_executor(None, session.decide, step.seat)
                async with self._lock:
                    session.apply(step.seat, decision)
                await self.broadcast()
                if self.pace:
                    await asyncio.sleep(self.pace)
        finally:
            self._advancing = False
        await self.broadcast()

    async def broadcast(self) -> None:
        """Send every joined screen what its seat may see now."""
        for seat, screens in list(self._screens.items()):
            if not screens:
                continue
            message = self.table_message(seat)
            for screen in list(screens):
                if not screen.closed:
                    await screen.send(message)

    def table_message(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see now (None: a watcher): its view, the public log, whose
        decision it is, who is away, whether the game is over."""
        session, wire = self.session, self.wire
        view = session.public_view() if seat is None else session.view(seat)
        step = session.next_step()
        turn = {"seat": step.seat, "task": step.task} if isinstance(step, Turn | BotTurn) else None
        return {
            "type": "table",
            "view": wire.encode(view),
            "log": [_logged(wire, e) for e in session.round_log()],
            "turn": turn,
            "at": list(session.position),
            "away": self.away(),
            "over": isinstance(step, GameEnd),
        }


def _logged(wire: Wire[Any, Any, Any, Any, Any], event: object) -> Any:
    if isinstance(event, HintTaken):
        return {"kind": "HintTaken", "player": event.player}
    return wire.encode(event)


# ---------------------------------------------------------------------- transport


def make_app(
    table: TableHost,
    names: HostNames,
    limits: MessageLimits | None = None,
) -> web.Application:
    """The host's web application: the table's WebSocket at ``/table``. A request for
    another host name (DNS rebinding) or from another site's page is refused; every
    message is bounded in size and rate."""
    from aiohttp import WSMsgType, web

    limits = limits or MessageLimits()

    async def socket(request: web.Request) -> web.StreamResponse:
        arrived = request.transport.get_extra_info("sockname") if request.transport else None
        if not names.allows(request.host, arrived_at=arrived[0] if arrived else None):
            raise web.HTTPMisdirectedRequest(text="this table does not answer to that name")
        origin = request.headers.get("Origin")
        if origin is not None and not same_origin(origin, scheme=request.scheme, host=request.host):
            raise web.HTTPForbidden(text="a page of another site may not join this table")
        ws = web.WebSocketResponse(max_msg_size=limits.max_bytes, heartbeat=20)
        if not ws.can_prepare(request).ok:
            raise web.HTTPBadRequest(text="join a table with monstertrick join")
        await ws.prepare(request)
        meter = MessageMeter(limits)
        screen: Screen | None = None

        async def send(message: dict[str, Any]) -> None:
            if not ws.closed:
                await ws.send_str(json.dumps(message))

        async def end() -> None:
            await ws.close()

        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT or not meter.admit(len(msg.data)):
                    break
                try:
                    data = json.loads(msg.data)
                except ValueError:
                    await send({"type": "refused", "reason": "a message is one JSON object"})
                    continue
                if screen is None:
                    screen = await table.join(data, send, request.remote or "", end)
                    if screen is None:
                        break
                elif screen.closed:
                    break
                else:
                    await table.receive(screen, data)
        finally:
            if screen is not None:
                await table.leave(screen)
            await ws.close()
        return ws

    app = web.Application(client_max_size=limits.max_bytes)
    app.router.add_get("/table", socket)
    return app
