"""A recorded conversation at a hosted table: a real host on loopback, two seats and a
watcher playing Little Tricks (the contract's toy game: two short rounds) through their
seats' own code, and strangers knocking with what a table turns away. Every kind of
message goes over the wire (hello, welcome, table, refused, act, take-back, ready,
hint, bye of each why), and every one, either way, is written down as it was sent: the
host's as received, a seat's as its code posts it.

``python -m tests.web.conversation`` writes the golden transcript again (only for a
deliberate change of the protocol, said in the commit); ``test_conversation.py`` holds
the conversation and compares, byte for byte, so that a change to the networking that
means to change no message provably changes none.

Each step waits until the host has taken what was sent and every message it queued has
arrived (the host's own counts, not a time), and writes down what each connection got,
connection by connection: the transcript is the same on every run.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

import monstertrick.net.host.connections as connections
from monstertrick.games import GAMES
from monstertrick.net.guards import HostNames, Outbox
from monstertrick.net.host.command import listen
from monstertrick.net.host.connections import make_app
from monstertrick.net.host.table import TableHost
from monstertrick.net.protocol import VERSION, Act, Hello, Hinted, Message, Ready, TakeBack
from monstertrick.net.seat.session import RemoteSession, read_welcome
from monstertrick.net.wire import PLAIN
from monstertrick.seating import Seat, Seating
from monstertrick.session import Played, RoundOver, Session, Turn

from ..contract import toy

GOLDEN = Path(__file__).with_name("golden") / "conversation.txt"

SEED = 5
CODES = {0: "K7QF-9XMB", 1: "P3RT-8WNC"}
WATCH_CODE = "H4JD-2VYZ"
WRONG_CODE = "ZZZZ-ZZZZ"
WAIT = 30.0
"""Seconds any one step may take before the conversation fails (a bound against a
hang, not a test)."""


@contextlib.contextmanager
def toy_registered() -> Iterator[None]:
    """Little Tricks in the registry for the conversation's time."""
    had = GAMES.get(toy.KEY)
    GAMES[toy.KEY] = toy.ENTRY
    try:
        yield
    finally:
        if had is None:
            del GAMES[toy.KEY]
        else:
            GAMES[toy.KEY] = had


class Counts:
    """What the host has taken and queued, and what the connections have received."""

    def __init__(self) -> None:
        self.sent = self.handled = self.queued = self.received = 0
        self.changed = asyncio.Event()

    def tick(self) -> None:
        self.changed.set()

    async def settled(self) -> None:
        """Once the host has taken every message sent and each of its messages has come."""

        async def wait() -> None:
            while not (self.handled == self.sent and self.received == self.queued):
                self.changed.clear()
                await self.changed.wait()

        await asyncio.wait_for(wait(), WAIT)


@contextlib.contextmanager
def counted(table: TableHost, counts: Counts) -> Iterator[None]:
    """The host's messages counted as it queues them, and what it takes as it has
    carried it out."""
    put, read = Outbox.put, connections.read_message

    def queued(outbox: Outbox, text: str) -> bool:
        counts.queued += 1
        counts.tick()
        return put(outbox, text)

    def read_message(text: str) -> object:
        data = read(text)
        if data is connections.NOT_JSON:
            counts.handled += 1  # (answered at once, without the table)
        return data

    def taken(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def carried_out(*args: Any) -> Any:
            try:
                return await method(*args)
            finally:
                counts.handled += 1
                counts.tick()

        return carried_out

    Outbox.put = queued  # type: ignore[method-assign]
    connections.read_message = read_message
    table.join = taken(table.join)  # type: ignore[method-assign]
    table.receive = taken(table.receive)  # type: ignore[method-assign]
    try:
        yield
    finally:
        Outbox.put = put  # type: ignore[method-assign]
        connections.read_message = read


@dataclass
class Line:
    """One connection to the table, by name in the transcript; a seat's session once
    the host has welcomed it (fed every table it is sent, as a joined screen is)."""

    name: str
    ws: aiohttp.ClientWebSocketResponse
    counts: Counts
    session: RemoteSession | None = None
    posted: list[Message] = field(default_factory=list)
    inbox: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type is not aiohttp.WSMsgType.TEXT:
                break
            self.inbox.append(f"{self.name} < {msg.data}")
            data = json.loads(msg.data)
            if data["type"] == "welcome":
                self.session = RemoteSession.joined(read_welcome(data), self.posted.append)
            elif data["type"] == "table":
                assert self.session is not None
                self.session.update(data)
            self.counts.received += 1
            self.counts.tick()
        self.inbox.append(f"{self.name} closed")
        self.counts.tick()

    @property
    def seat(self) -> RemoteSession:
        assert self.session is not None
        return self.session

    @property
    def me(self) -> int:
        me = self.seat.me
        assert me is not None
        return me


class Conversation:
    """The connections, and the transcript: what each step sent, then what each
    connection got for it, in the order they joined."""

    def __init__(self, http: aiohttp.ClientSession, url: str, counts: Counts) -> None:
        self.http, self.url, self.counts = http, url, counts
        self.lines: list[Line] = []
        self.transcript: list[str] = []

    async def connect(self, name: str) -> Line:
        line = Line(name, await self.http.ws_connect(self.url), self.counts)
        line.start()
        self.lines.append(line)
        return line

    async def send(self, line: Line, message: Message) -> None:
        """A message as the seat's code sends it (its wire's text)."""
        wire = line.session.wire if line.session is not None else PLAIN
        await self.send_text(line, wire.text(message))

    async def send_text(self, line: Line, text: str) -> None:
        self.transcript.append(f"{line.name} > {text}")
        self.counts.sent += 1
        await line.ws.send_str(text)
        await self.settle()

    async def flush(self, line: Line) -> None:
        """Send what the seat's session has posted."""
        posted, line.posted[:] = list(line.posted), []
        assert posted, f"{line.name} posted nothing"
        for message in posted:
            await self.send(line, message)

    async def settle(self) -> None:
        await self.counts.settled()
        self.note()

    def note(self) -> None:
        for line in self.lines:
            self.transcript.extend(line.inbox)
            line.inbox.clear()

    async def closed(self, *lines: Line) -> None:
        for line in lines:
            assert line.reader is not None
            await asyncio.wait_for(asyncio.shield(line.reader), WAIT)
        self.note()


def hello(code: str, *, watch: bool = False) -> Hello:
    """A hello as a joined screen says it."""
    return Hello(VERSION, code, watch)


async def no_wait(_seconds: float) -> None:
    """A wrong code's wait, not waited (the conversation keeps no time)."""


async def converse() -> list[str]:
    """The whole conversation; its transcript, a line per message."""
    with toy_registered():
        seats = (Seat("Ann", None), Seat("Bob", None))
        session = Session.start(Seating(seats, 0), SEED, game=toy.KEY)
        table = TableHost(session, codes=dict(CODES), watch_code=WATCH_CODE, wrong_wait=no_wait)
        counts = Counts()
        app = make_app(table, HostNames.for_address("127.0.0.1"))
        with counted(table, counts):
            runner, port = await listen(app, "127.0.0.1", 0)
            try:
                await table.advance()
                async with aiohttp.ClientSession() as http:
                    talk = Conversation(http, f"ws://127.0.0.1:{port}/table", counts)
                    await _script(table, talk)
                    return talk.transcript
            finally:
                await runner.cleanup()


async def _script(table: TableHost, talk: Conversation) -> None:
    # Strangers: a wrong code, another version, no hello first.
    for name, first in [
        ("stranger-code", PLAIN.text(hello(WRONG_CODE))),
        ("stranger-version", PLAIN.text(Hello(VERSION + 1, CODES[0]))),
        ("stranger-no-hello", '{"type": "act", "action": "play A1", "at": [1, 0]}'),
    ]:
        stranger = await talk.connect(name)
        await talk.send_text(stranger, first)
        await talk.closed(stranger)

    ann = await talk.connect("ann")
    await talk.send(ann, hello(CODES[0]))
    bob = await talk.connect("bob")
    await talk.send(bob, hello(CODES[1]))
    watcher = await talk.connect("watcher")
    await talk.send(watcher, hello(WATCH_CODE, watch=True))
    seats = [ann, bob]

    def mover() -> tuple[Line, Line]:
        seen()
        for line in seats:
            if isinstance(line.seat.next_step(), Turn):
                return line, seats[1 - seats.index(line)]
        raise AssertionError("nobody's turn")

    def choice(line: Line) -> object:
        return min(line.seat.view(line.me).legal_actions, key=str)

    def seen() -> None:
        for each in (*seats, watcher):
            if isinstance(each.seat.next_step(), Played):
                each.seat.done()  # (the last decision shown: the screen goes on)

    async def decide(line: Line) -> None:
        line.seat.apply(line.me, choice(line))
        await talk.flush(line)

    # What a table refuses, each answered to its sender alone.
    first, other = mover()
    action = choice(first)
    await talk.send(other, Act(action, other.seat.position))
    await talk.send(watcher, Act(action, watcher.seat.position))
    await talk.send_text(other, '{"type": "dance"}')
    await talk.send_text(other, "[[not json")
    await talk.send(other, Hinted())
    await talk.send(other, Ready())
    await talk.send(other, TakeBack())
    await talk.send(first, Act(action, (9, 9)))

    # A hint, a decision, taken back, made again.
    assert first.seat.note_hint(first.me)
    await talk.flush(first)
    await decide(first)
    first.seat.take_back(first.me)
    await talk.flush(first)
    await decide(first)

    async def round_played() -> None:
        """The rest of the round, and its end: each seat goes on in turn."""
        while not isinstance(ann.seat.next_step(), RoundOver):
            await decide(mover()[0])
        for line in seats:
            line.seat.done()  # ready
            await talk.flush(line)

    await round_played()

    # Ann's second screen takes her seat: the first is told so.
    await decide(mover()[0])
    ann2 = await talk.connect("ann-again")
    await talk.send(ann2, hello(CODES[0]))
    await talk.closed(ann)
    seats[0] = ann = ann2

    # The rest of the game, to its end and its record.
    await round_played()
    assert not ann.seat.running and not bob.seat.running

    await table.close()
    await talk.closed(ann, bob, watcher)


def transcript_text(lines: list[str]) -> str:
    return "".join(f"{line}\n" for line in lines)


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(transcript_text(asyncio.run(converse())))
    sys.stdout.write(f"wrote {GOLDEN}\n")
