"""The hosted table against hostile screens, on loopback: a table served as the host
serves it (:func:`monstertrick.net.host.command.listen`), attacked by scripted clients, each
attack bounded in count and time; the table goes on for everyone else, and nothing
reaches the console as a traceback.

A screen that stops reading or whose connection resets; a flood of hints; wrong codes
sent all at once, from one address and from many; idle connections beyond the limits;
requests and hellos that never come whole; odd hellos and deeply nested messages.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest

from monstertrick.net.guards import ConnectionLimiter, OutboxLimits
from monstertrick.net.host.codes import FREE_TRIES, WrongCodes
from monstertrick.net.host.table import TableHost
from monstertrick.net.protocol import VERSION
from monstertrick.net.wire import Wire
from monstertrick.seating import Seat, Seating
from monstertrick.session import HintTaken, Session

from .raw import TIMEOUT, RawScreen, until


def table_of(game: str, players: list[str], seed: int = 3) -> TableHost:
    seats = []
    for entry in players:
        name, _, bot = entry.partition(":")
        seats.append(Seat(name, bot or None))
    return TableHost(Session.start(Seating(tuple(seats), 0), seed, game=game))


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/")[0])


def hello(code: str, **more: Any) -> dict[str, Any]:
    return {"type": "hello", "version": VERSION, "code": code, **more}


@pytest.fixture
async def console(caplog: pytest.LogCaptureFixture) -> AsyncIterator[list[str]]:
    """What would reach the host's console as an error: logged records of ERROR and
    above (aiohttp's "Error handling request", asyncio's "Task exception was never
    retrieved"), and exceptions the event loop is left with. Checked empty at the end."""
    loop = asyncio.get_running_loop()
    errors: list[str] = []

    def handler(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        errors.append(str(context.get("message")) + repr(context.get("exception")))

    loop.set_exception_handler(handler)
    caplog.set_level(logging.ERROR)
    yield errors
    loop.set_exception_handler(None)
    errors.extend(r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR)
    assert errors == []


@dataclass
class Person:
    """A seat's screen that plays random legal decisions (and goes on from each round's
    end) until the game is over or it is stopped, counting its decisions."""

    ws: aiohttp.ClientWebSocketResponse
    wire: Wire[Any, Any, Any, Any, Any]
    seat: int
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    decided: int = 0
    tables: int = 0
    last: dict[str, Any] = field(default_factory=dict)
    task: asyncio.Task[None] | None = None
    ready_for: int = 0
    sent_at: object = None

    @classmethod
    async def join(
        cls, http: aiohttp.ClientSession, url: str, table: TableHost, seat: int
    ) -> Person:
        """Joined, and playing (in a task of its own)."""
        ws = await http.ws_connect(url)
        await ws.send_json(hello(table.codes[seat]))
        welcome = await asyncio.wait_for(ws.receive_json(), TIMEOUT)
        assert welcome["type"] == "welcome" and welcome["seat"] == seat
        person = cls(ws, table.wire, seat)
        person.task = asyncio.create_task(person.run())
        return person

    async def run(self) -> None:
        async for msg in self.ws:
            data = json.loads(msg.data)
            assert data["type"] not in ("refused", "bye"), data
            if data["type"] != "table":
                continue
            self.last, self.tables = data, self.tables + 1
            pause, turn = data["pause"], data["turn"]
            if data["over"]:
                return
            if pause is not None and self.seat in pause["waiting"]:
                if self.ready_for != pause["round"]:
                    self.ready_for = pause["round"]
                    await self.ws.send_json({"type": "ready"})
            elif turn is not None and turn["seat"] == self.seat and data["at"] != self.sent_at:
                self.sent_at = data["at"]  # (once per position, as a joined screen does)
                view = self.wire.view(data["view"])
                action = self.rng.choice(list(view.legal_actions))
                await self.ws.send_json({"type": "act", "action": str(action), "at": data["at"]})
                self.decided += 1

    async def made(self, decisions: int) -> None:
        """Wait until this screen has made ``decisions`` decisions in all."""
        await until(
            lambda: self.decided >= decisions or bool(self.last.get("over")),
            f"seat {self.seat} to make {decisions} decisions",
        )

    async def stop(self) -> None:
        assert self.task is not None
        if self.task.done():
            self.task.result()  # (its failure fails the test)
        self.task.cancel()
        await self.ws.close()


# ---------------------------------------------------------------------- slow and failing screens


async def test_a_screen_that_stops_reading_is_dropped_and_never_holds_the_table(
    served: Any, console: list[str]
) -> None:
    """A watcher that never reads (its receive buffer small, so its connection fills at
    once): the computer players and Ann play on; the watcher is dropped, not waited for."""
    table = table_of("magic-trick", ["Ann", "Cy:easy", "Di:easy", "Ed:easy"])
    url = await served(table, outbox=OutboxLimits(send_wait=0.2))
    stuck = await RawScreen.join(port_of(url), hello(table.watch_code), receive_buffer=1024)
    async with aiohttp.ClientSession() as http:
        ann = await Person.join(http, url, table, 0)
        # Ann plays on: a few hands' worth of tables go to every screen meanwhile.
        await ann.made(40)
        assert ann.decided == 40
        await until(lambda: not table.screens.at(None), "the stuck watcher to be dropped")
        await ann.stop()
    assert await stuck.closed_by_the_table()
    stuck.close()


@pytest.mark.slow
async def test_a_screen_whose_connection_resets_drops_only_itself(
    served: Any, console: list[str]
) -> None:
    """Watchers whose connections reset (at the moment the table sends them the computer
    players' moves, or at any other): each is dropped quietly; Ann and Bob play on,
    never dropped for it."""
    table = table_of("monster-trick", ["Ann", "Bob", "Cy:easy", "Di:easy"])
    url = await served(table)
    port = port_of(url)
    async with aiohttp.ClientSession() as http:
        ann = await Person.join(http, url, table, 0)
        bob = await Person.join(http, url, table, 1)
        for turn in range(1, 16):
            watchers = [await RawScreen.join(port, hello(table.watch_code)) for _ in range(3)]
            for watcher in watchers:
                watcher.reset()
            await ann.made(turn)
            await bob.made(turn)
        assert table.screens.at(0) == [s for s in table.screens.at(0) if not s.outbox.dropped]
        assert len(table.screens.at(0)) == len(table.screens.at(1)) == 1
        await until(lambda: not table.screens.at(None), "every watcher to be dropped")
        await ann.stop()
        await bob.stop()


async def test_a_failed_send_drops_that_screen_alone(served: Any, console: list[str]) -> None:
    """Whatever a screen's connection raises as the table is sent to it (a reset
    transport raises as it is written to), the table, and whoever's decision set the
    sending off, carry on."""
    table = table_of("monster-taking", ["Ann", "Bob"])
    url = await served(table)
    async with aiohttp.ClientSession() as http:
        broken = await RawScreen.join(port_of(url), hello(table.watch_code))
        await until(lambda: table.screens.at(None), "the watcher to join")
        (watcher,) = table.screens.at(None)

        async def fails(text: str) -> None:
            raise aiohttp.ClientConnectionResetError("Cannot write to closing transport")

        watcher.outbox._send = fails  # type: ignore[method-assign]
        ann = await Person.join(http, url, table, 0)
        bob = await Person.join(http, url, table, 1)
        await ann.made(3)
        await bob.made(3)
        assert watcher.outbox.dropped == "failed" and not table.screens.at(None)
        assert table.screens.at(0) and table.screens.at(1)
        await ann.stop()
        await bob.stop()
        broken.close()


# ---------------------------------------------------------------------- hints


async def test_a_flood_of_hints_logs_one_per_decision_and_sends_nothing_more(
    served: Any, console: list[str]
) -> None:
    """Ann sends hundreds of hints for one decision: the log says once that she took a
    hint, for which decision; the other screen is sent no table for the repeats."""
    table = table_of("monster-trick", ["Ann", "Bob", "Cy:easy"])
    url = await served(table)
    async with aiohttp.ClientSession() as http:
        bob = await http.ws_connect(url)
        await bob.send_json(hello(table.codes[1]))
        ann = await http.ws_connect(url)
        await ann.send_json(hello(table.codes[0]))
        for ws in (ann, bob):
            while (await asyncio.wait_for(ws.receive_json(), TIMEOUT))["type"] != "table":
                pass
        await until(lambda: len(table.screens.at(0)) == 1, "Ann to join")

        async def tables_until_answered(ws: aiohttp.ClientWebSocketResponse) -> int:
            """Tables received until the table answers a message sent now (so that
            everything sent before has been read and answered)."""
            await ws.send_json({"type": "take-back"})  # (refused: nothing to take back)
            tables = 0
            while (data := await asyncio.wait_for(ws.receive_json(), TIMEOUT))["type"] != (
                "refused"
            ):
                assert data["type"] == "table" and len(json.dumps(data)) < 64 * 1024
                tables += 1
            return tables

        await tables_until_answered(bob)
        for _ in range(300):
            await ann.send_json({"type": "hint"})
        await tables_until_answered(ann)
        hints = [e for e in table.session.log if isinstance(e, HintTaken)]
        assert hints == [HintTaken(0, "arrange", (1, 0), "round")]
        assert table.session.hints == [1, 0, 0]
        # Bob was sent one table for it (the log's new line), not one per hint.
        assert await tables_until_answered(bob) == 1
        await ann.close()
        await bob.close()


# ---------------------------------------------------------------------- wrong codes


class Held:
    """A wrong code's wait that the test releases: it records each wait asked for."""

    def __init__(self) -> None:
        self.asked: list[float] = []
        self.release = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)
        await self.release.wait()


async def _try_code(url: str, code: str, source: str = "127.0.0.1") -> str:
    """Join with ``code`` from ``source``: the type of the answer ("welcome", "bye")."""
    connector = aiohttp.TCPConnector(local_addr=(source, 0))
    async with (
        aiohttp.ClientSession(connector=connector) as http,
        http.ws_connect(url) as ws,
    ):
        await ws.send_json(hello(code))
        answer: str = (await ws.receive_json())["type"]
        return answer


async def test_wrong_codes_sent_at_once_wait_their_turn_per_address_and_in_all(
    served: Any, console: list[str]
) -> None:
    """200 wrong codes at once from one address, and three each from 50 others: each
    waits its turn (one a second per address after its free tries; ten a second in
    all), so sending them together is no faster than one by one; the right code, sent
    meanwhile, is welcomed at once."""
    table = table_of("monster-taking", ["Ann", "Bob"])
    held = Held()
    table.wrong_wait = held
    table.wrong_codes = WrongCodes(clock=lambda: 0.0)  # (time stands still meanwhile)
    url = await served(table, limiter=ConnectionLimiter(per_address=300, in_all=400, waiting=400))
    one = [asyncio.create_task(_try_code(url, "2222-2222")) for _ in range(200)]
    await until(lambda: len(held.asked) == 200 - FREE_TRIES, "the tries to wait")
    # From one address: the 4th waits 1 s, the 5th 2 s, ... (not 1 s each, at once).
    assert sorted(held.asked) == [float(n) for n in range(1, 200 - FREE_TRIES + 1)]
    assert await asyncio.wait_for(_try_code(url, table.codes[0]), TIMEOUT) == "welcome"
    held.asked.clear()
    many = [
        asyncio.create_task(_try_code(url, "3333-3333", f"127.0.1.{n}"))
        for n in range(1, 51)
        for _ in range(FREE_TRIES)
    ]
    await until(lambda: len(held.asked) == 150, "the others' tries to wait")
    # In all, ten answers a second: those free tries are answered a tenth of a second
    # apart (after the ones before them), not all at once.
    waits = sorted(held.asked)
    assert [b - a for a, b in zip(waits, waits[1:])] == pytest.approx([0.1] * 149)
    held.release.set()
    assert set(await asyncio.gather(*one, *many)) == {"bye"}


# ---------------------------------------------------------------------- connections


async def _refused(screens: list[RawScreen], count: int) -> None:
    """Wait until ``count`` of ``screens`` have been closed by the table (those it
    refuses are closed as they are accepted)."""
    reads = [asyncio.create_task(screen.closed_by_the_table()) for screen in screens]
    try:
        await until(lambda: sum(r.done() and r.result() for r in reads) >= count, "refusals")
    finally:
        for read in reads:
            read.cancel()


async def test_idle_connections_make_room_and_the_table_goes_on(
    served: Any, console: list[str]
) -> None:
    """Idle connections that never say a word, from two addresses, far beyond the limits:
    the oldest idle ones are closed to make room for newer ones, and Ann and Bob join
    (from a third address) and play while the idle ones go on arriving."""
    table = table_of("monster-taking", ["Ann", "Bob"])
    limiter = ConnectionLimiter(per_address=20, in_all=30, waiting=25)
    url = await served(table, limiter=limiter)
    port = port_of(url)
    idle = [await RawScreen.connect(port, source="127.0.0.2") for _ in range(100)]
    await _refused(idle, 80)  # (its address's oldest, each time)
    assert limiter.total == 20 and limiter.evicted == 80
    more = [await RawScreen.connect(port, source="127.0.0.3") for _ in range(20)]
    await _refused(idle, 95)  # (the oldest of all, once 25 wait)
    assert limiter.total == limiter.waiting_now == 25 and limiter.evicted == 95
    async with aiohttp.ClientSession() as http:
        ann = await Person.join(http, url, table, 0)
        bob = await Person.join(http, url, table, 1)
        # Ann and Bob are screens now, no longer waiting (Ann made room for herself, and
        # then there was room for Bob).
        await until(lambda: limiter.waiting_now == 24, "Ann and Bob to be screens")
        assert limiter.evicted == 96 and limiter.refused == 0
        later = [await RawScreen.connect(port, source="127.0.0.2") for _ in range(50)]
        await ann.made(3)
        await bob.made(3)
        assert len(table.screens.at(0)) == len(table.screens.at(1)) == 1
        await ann.stop()
        await bob.stop()
    for screen in idle + more + later:
        screen.close()
    await until(lambda: limiter.total == 0, "the idle connections to be counted out")


def test_a_connection_is_refused_only_when_none_waits_to_make_room() -> None:
    """The counting alone: per address, in all, and what is settled (a screen) stays."""
    from monstertrick.net.guards import _Counted

    class Stub(_Counted):
        def __init__(self, limiter: ConnectionLimiter, address: str) -> None:
            super().__init__(asyncio.Protocol(), limiter)
            self.address = address
            self.closed = False

        def evict(self) -> None:
            self.closed = True

    limiter = ConnectionLimiter(per_address=2, in_all=3, waiting=3)
    a1, a2, a3 = (Stub(limiter, "a") for _ in range(3))
    assert limiter.admit(a1) and limiter.admit(a2)
    limiter.settle(a1)
    assert limiter.admit(a3) and a2.closed and not a1.closed  # (a's waiting one made room)
    limiter.settle(a3)
    a4 = Stub(limiter, "a")
    assert not limiter.admit(a4) and limiter.refused == 1  # (both of a's are screens)
    b1, b2 = Stub(limiter, "b"), Stub(limiter, "b")
    assert limiter.admit(b1) and limiter.total == 3
    limiter.settle(b1)
    assert not limiter.admit(b2)  # (three in all, every one a screen)
    limiter.release(a1)
    assert limiter.admit(b2) and limiter.total == 3


async def test_a_request_or_a_hello_that_never_comes_whole_is_closed_in_time(
    served: Any, console: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Half a request's headers, a connection that sends nothing, a WebSocket that never
    says hello: each is closed once its time is up (a hello's is told why)."""
    import monstertrick.net.host.connections as connections

    monkeypatch.setattr(connections, "HELLO_WAIT", 0.3)
    table = table_of("monster-taking", ["Ann", "Bob"])
    limiter = ConnectionLimiter()
    url = await served(table, limiter=limiter, header_wait=0.3)
    port = port_of(url)
    silent = [await RawScreen.connect(port) for _ in range(20)]
    halves = [await RawScreen.connect(port) for _ in range(20)]
    for screen in halves:
        await screen.send_bytes(b"GET /table HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: web")
    mute = [await RawScreen.join(port, None) for _ in range(5)]
    for screen in silent + halves:
        assert await screen.closed_by_the_table()
    for screen in mute:
        said = await screen.receive()
        assert b'"why": "hello"' in said and b"say hello first" in said
        assert await screen.closed_by_the_table()
    await until(lambda: limiter.total == 0, "every connection to be counted out")


# ---------------------------------------------------------------------- odd messages


async def test_a_hello_of_another_kind_of_one_and_a_deeply_nested_message_are_refused(
    served: Any, console: list[str]
) -> None:
    """``"version": true`` or ``1.0`` is no version 1; a message nested 1,000 deep (well
    within the size limit) or holding NaN is refused, and its sender stays joined."""
    table = table_of("monster-taking", ["Ann", "Bob"])
    url = await served(table)
    async with aiohttp.ClientSession() as http:
        for version in (True, 1.0, "1"):
            async with http.ws_connect(url) as ws:
                await ws.send_json({"type": "hello", "version": version, "code": table.codes[0]})
                bye = await asyncio.wait_for(ws.receive_json(), TIMEOUT)
                assert bye["type"] == "bye" and bye["why"] == "version", version
        async with http.ws_connect(url) as ws:
            await ws.send_json(hello(table.codes[0]))
            while (await asyncio.wait_for(ws.receive_json(), TIMEOUT))["type"] != "table":
                pass
            for text in ("[" * 1000 + "]" * 1000, '{"type": "act", "at": [NaN, 1]}'):
                assert len(text) < 4096
                await ws.send_str(text)
                answer = await asyncio.wait_for(ws.receive_json(), TIMEOUT)
                assert answer["type"] == "refused", answer
            await ws.send_json({"type": "take-back"})
            answer = await asyncio.wait_for(ws.receive_json(), TIMEOUT)
            assert answer["type"] == "refused" and "take that back" in answer["reason"]
            assert table.screens.at(0)


# ---------------------------------------------------------------------- the joined screen


async def test_a_screen_sent_more_than_it_can_read_says_so_and_joins_again(
    console: list[str],
) -> None:
    """A host (a stand-in, on loopback) that first sends a table this screen cannot read
    (a log longer than any table's), then a good one: the screen says why and joins
    again, rather than stopping for good."""
    from aiohttp import web

    from monstertrick.net.seat.app import JoinApp
    from monstertrick.net.seat.screen import JoinScreen
    from monstertrick.tui.screens.base import DecisionScreen

    from .standin import stand_in_host

    table = table_of("monster-taking", ["Ann", "Bob"])
    joined: list[int] = []
    said: list[str] = []

    async def then(ws: web.WebSocketResponse, joins: int) -> None:
        joined.append(joins)
        message = table.table_message(0)
        if joins == 1:
            message["log"] = message["log"] + [message["log"][:1]] * 6000
        await ws.send_json(message)

    async with stand_in_host(then) as url:
        join = JoinApp(url, url.split("/")[2], table.codes[0], pace=0)
        async with join.run_test(size=(80, 24)) as pilot:

            def status() -> str:
                screen = join.screen
                return screen.status if isinstance(screen, JoinScreen) else ""

            for _ in range(int(TIMEOUT / 0.01)):  # (a bound: the screen's tries are paced)
                if isinstance(join.screen, DecisionScreen):
                    break
                if status() and status() not in said:
                    said.append(status())
                await pilot.pause(0.01)
            assert isinstance(join.screen, DecisionScreen), (said, joined)
            assert joined == [1, 2]
            assert any(
                "could not read what the host sent (the message.log: a list of more than "
                "1000 items): trying again" in s
                for s in said
            ), said
