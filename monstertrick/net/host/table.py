"""One game, several screens: the host's side of a table that each person joins from
their own device with a code (``monstertrick host`` serves it,
:mod:`monstertrick.net.host.command`; ``monstertrick join`` is a seat's side,
:mod:`monstertrick.net.seat.session`).

The host owns the :class:`~monstertrick.session.Session`, as the app does at one
keyboard, and drives it (:meth:`TableHost.advance`): no handoffs (nobody else looks at
a person's screen), computer players deciding in the host, the game autosaved after
every decision as always. A screen joins over a WebSocket with its seat's code and is
sent, after every change, that seat's view and the public log, never the state and
never another seat's view; a watcher's code gets the public view. A screen can only
send its own seat's decisions, each one checked by the session; an illegal one is
answered with the reason and changes nothing.

Each of the table's other jobs has a module of its own: the protocol
(:mod:`monstertrick.net.protocol`), the codes and their throttling (:mod:`.codes`), the
connections (:mod:`.connections`), what is done with each message (:mod:`.dispatch`),
what each screen is sent (:mod:`.news`) and the computer players standing in for
people away (:mod:`.standins`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from ... import flow
from ...games.contract import Action, Bot, SomeView
from ...session import Played, RoundOver, Session
from ..guards import Outbox
from ..protocol import Bye, Decided, TookBack
from ..wire import PLAIN, Wire
from . import dispatch, news
from .codes import SeatCodes, WrongCodes, new_code
from .connections import Screen, Screens
from .standins import StandIns


@dataclass
class TableHost:
    """A session played from several screens. ``codes``: each person's code by seat,
    and :attr:`watch_code` for watchers; ``pace``: seconds between computer moves, so
    that screens can follow them (and a person may take a decision back before the
    computer player after them moves)."""

    session: Session
    pace: float = 0.0
    codes: dict[int, str] = field(default_factory=dict)
    watch_code: str = field(default_factory=new_code)
    wrong_wait: Callable[[float], Awaitable[None]] = asyncio.sleep
    """How a wrong code waits (a test gives its own)."""
    wrong_codes: WrongCodes = field(default_factory=WrongCodes)
    """How long each wrong code waits."""
    notice: Callable[[str], None] = lambda _text: None
    """Told, in a line, what happens at the table: who joined, who is away, whose turn
    it is (the host's console)."""

    def __post_init__(self) -> None:
        self.session.seat_a_screen_each()
        for seat in self.session.humans:
            self.codes.setdefault(seat, new_code())
        self.wire: news.HostWire = Wire(self.session.rules)
        self.stand_ins = StandIns()
        self.covered: dict[int, str] = self.stand_ins.levels
        """The people's seats a computer player plays for while they are away: its level."""
        self.screens = Screens()
        self.lock = asyncio.Lock()
        """Held while the game changes (a decision, one taken back)."""
        self.closed = False
        """The host has closed the table: nothing more is played."""
        self.last: Decided[object] | TookBack | None = None
        """The last decision, as the screens are sent it."""
        self.ready: set[int] = set()
        """The people who have seen the round's end the table is looking at."""
        self._advancing = False
        self._paced: tuple[int, int] | None = None
        self._said = ""

    # ------------------------------------------------------------------ screens

    @property
    def seat_codes(self) -> SeatCodes:
        """The table's codes as they are now (a test may give its own wait)."""
        return SeatCodes(self.codes, self.watch_code, self.wrong_codes, self.wrong_wait)

    def seat_of(self, code: str) -> int | None | bool:
        """The seat a code is for (None: the watchers' code); False for no code."""
        return self.seat_codes.seat_of(code)

    async def check_code(self, text: object, address: str) -> int | None | bool:
        """The seat a code is for (None: a watcher), or False, once its wait is over,
        for anything that is not one of the table's codes."""
        return await self.seat_codes.check(text, address)

    async def join(self, data: object, outbox: Outbox, address: str = "") -> Screen | None:
        """A screen's first message: its hello (:func:`.dispatch.hello`). Returns the
        screen joined, or None having queued a ``bye`` (the caller closes the
        connection)."""
        return await dispatch.hello(self, data, outbox, address)

    async def receive(self, screen: Screen, data: object) -> None:
        """A joined screen's message (:func:`.dispatch.receive`)."""
        await dispatch.receive(self, screen, data)

    async def leave(self, screen: Screen) -> None:
        """A screen has gone (closed, dropped, replaced): the others see who is away."""
        if self.screens.drop(screen):
            if screen.seat is not None and not self.screens.at(screen.seat):
                self.notice(f"{self.session.names[screen.seat]} is away.")
            await self.changed()  # (a round's end waits for the people present only)

    def goodbye(self) -> str:
        """What every screen is told as the host closes the table."""
        session = self.session
        if not session.running:
            return "the host closed the table; the game is over"
        if session.save_path is None or not session.save_path.exists():
            return "the host closed the table; nothing was saved (no decision was made)"
        if session.save_error is not None:
            return "the host closed the table; the game could not be saved (the host says why)"
        return "the host closed the table; the game is saved (host --resume to go on)"

    async def close(self, reason: str | None = None) -> None:
        """Tell every screen ``reason`` (:meth:`goodbye` by default) with a ``bye`` of
        why "closed", and end its connection: all at once, each within its bound."""
        self.closed = True
        await self.screens.close(PLAIN.text(Bye("closed", reason or self.goodbye())))

    def away(self) -> list[int]:
        """The people's seats with no screen joined."""
        return self.screens.away(self.session.humans)

    async def cover(self, seat: int, level: str = "medium") -> None:
        """A computer player (of ``level``) plays for the person at ``seat`` while
        they are away; it stops when they join again. Raises ValueError for a seat
        that is no person's or a level the game has not got."""
        self.stand_ins.cover(self.session, seat, level)
        self.notice(f"A computer player ({level}) plays for {self.session.names[seat]} meanwhile.")
        await self.changed()

    # ------------------------------------------------------------------ the flow

    def together(self) -> tuple[int, ...] | None:
        """The seats deciding at once now (None when one seat decides, or nobody)."""
        deciders = self.session.deciders()
        return deciders if len(deciders) > 1 else None

    def apply(self, seat: int, action: Action) -> None:
        """``seat``'s decision, applied: the screens are sent it as the last one."""
        session = self.session
        events = session.apply(seat, action)
        self.last = Decided(seat, tuple(news.logged(e) for e in events), session.position)

    def stand_in(self, seat: int) -> Bot[SomeView, Action] | None:
        """The computer player playing for the person at ``seat`` while they are away."""
        return self.stand_ins.bot(seat) if seat in self.covered else None

    def _waits_for_take_back(self, step: Played) -> bool:
        """Whether a person's decision stays open to take back: until the next person
        acts (or, before a computer player, for the table's pace)."""
        session = self.session
        if not step.private or step.seat in self.covered:
            return False
        decider = session.to_decide()
        if decider is None:
            return False  # a round's last decision: its end comes at once
        seat = decider[0]
        return not session.is_bot(seat) and seat not in self.covered

    def _pause(self, step: Played | RoundOver) -> Literal["passed", "paced", "held"]:
        """The table's policy for a pause: passed at once, kept on the screens for the
        pace (a person's decision before a computer player's may be taken back
        meanwhile), or held (a take-back window open until the next person acts; a
        round's end until each person with a screen has seen it, and someone has)."""
        session = self.session
        if isinstance(step, RoundOver):
            present = set(session.humans) - set(self.away())
            if session.humans and (not self.ready or not present <= self.ready):
                return "held"
            session.done()
            self.ready.clear()
            self.last = None
            return "passed"
        if self._waits_for_take_back(step):
            return "held"
        if step.private and self.pace and self._paced != session.position:
            self._paced = session.position
            return "paced"
        session.done()
        return "passed"

    async def changed(self) -> None:
        """Something changed at the table: the game goes on as far as it can, and every
        screen is sent the table."""
        if self._advancing:
            self.broadcast()  # (the running advance sends its own as it goes)
        else:
            await self.advance()

    async def advance(self) -> None:
        """Carry the game on until a person must decide or it is over (the flow's
        needs, :mod:`monstertrick.flow`, answered by the table's policy): the computer
        players, and the stand-ins for people away, deciding in a thread from their
        views (nothing changes the game while they think, since a screen's decision is
        refused until it is its turn); every screen is sent the table after each step."""
        if self._advancing:
            return
        self._advancing = True
        try:
            while not self.closed and await self._step():
                pass
        finally:
            self._advancing = False
        if not self.closed:
            self.broadcast()
            self._say_whose_turn()

    async def _step(self) -> bool:
        """One step of :meth:`advance`; whether the game goes on from it."""
        async with self.lock:
            need = flow.next_need(self.session, self.stand_in)
            paused = self._pause(need.step) if isinstance(need, flow.Pause) else None
        if paused == "paced":
            self.broadcast()
            await asyncio.sleep(self.pace)
        if paused is not None:
            return paused != "held"
        if not isinstance(need, flow.Think):
            return False  # (a person decides, or the game is over)
        loop = asyncio.get_running_loop()
        decision = await loop.run_in_executor(None, need.choose)
        if self.closed:
            return False  # (closed while the computer player thought: the game is saved)
        async with self.lock:
            if not flow.settle(self.session, need, decision, self.apply):
                return True  # (the seat's person came back meanwhile, and decided)
        self.broadcast()
        if self.pace:
            await asyncio.sleep(self.pace)
        return True

    def _say_whose_turn(self) -> None:
        decider = self.session.to_decide()
        session = self.session
        if session.rules.is_over(session.state):
            outcome = session.outcome()
            said = f"The {session.rules.arena_terms.unit} is over." + (
                f" {outcome.explain(session.names)}" if outcome is not None else ""
            )
        elif decider is None:
            waiting = sorted(set(session.humans) - set(self.away()) - self.ready)
            who = ", ".join(session.names[s] for s in waiting) or "someone to join"
            said = f"A round is over: waiting for {who} to go on."
        elif (together := self.together()) is not None:
            who = ", ".join(session.names[s] for s in together)
            said = f"{who} to {decider[1]}, at once."
        else:
            said = f"{session.names[decider[0]]} to {decider[1]}."
        if said != self._said:
            self._said = said
            self.notice(said)

    # ------------------------------------------------------------------ news

    def broadcast(self) -> None:
        """Send every joined screen what its seat may see now (:func:`.news.broadcast`)."""
        news.broadcast(self.screens, self.table_news, self.wire)

    def table_news(self, seat: int | None) -> news.News:
        """What ``seat`` may see now (None: a watcher): :func:`.news.table_news`."""
        return news.table_news(self, seat)

    def table_message(self, seat: int | None) -> dict[str, Any]:
        """:meth:`table_news` as its JSON object (every key: the earlier chapters too)."""
        message: dict[str, Any] = self.wire.encode(self.table_news(seat))
        return message
