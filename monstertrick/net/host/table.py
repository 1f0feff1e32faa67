"""One game, several screens: the host's side of a table that each person joins from
their own device with a code (``monstertrick host`` serves it, :mod:`monstertrick.net.host.command`;
``monstertrick join`` is a seat's side, :mod:`monstertrick.net.seat.session`).

The host owns the :class:`~monstertrick.session.Session`, as the app does at one
keyboard, and drives it: no handoffs (nobody else looks at a person's screen), computer
players deciding in the host, the game autosaved after every decision as always. A
screen joins over a WebSocket (:func:`table_socket`) with its seat's code and is sent, after
every change, that seat's view and the public log (:mod:`monstertrick.net.wire`), never the
state and never another seat's view; a watcher's code gets the public view. A screen
can only send its own seat's decisions, each one checked by the session; an illegal
one is answered with the reason and changes nothing.

The protocol is :mod:`monstertrick.net.protocol`'s; the codes
:mod:`monstertrick.net.host.codes`'; the connections :mod:`monstertrick.net.host.connections`'.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ...session import BotTurn, GameEnd, Handoff, HintTaken, Played, RoundOver, Session, Turn
from ..guards import Outbox
from ..protocol import VERSION, normal_code
from ..wire import Wire, WireError
from .codes import WrongCodes, new_code
from .connections import CLOSE_WAIT, Screen


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
        for seat in self.session.humans:
            self.codes.setdefault(seat, new_code())
        self.wire: Wire[Any, Any, Any, Any, Any] = Wire(self.session.rules)
        self.covered: dict[int, str] = {}
        """The people's seats a computer player plays for while they are away: its level."""
        self._cover_bots: dict[int, Any] = {}
        self._screens: dict[int | None, list[Screen]] = {}
        self._lock = asyncio.Lock()
        self._advancing = False
        self._closed = False
        """The host has closed the table: nothing more is played."""
        self._closing: set[asyncio.Task[None]] = set()
        self._last: dict[str, Any] | None = None
        self._ready: set[int] = set()
        self._paced: tuple[int, int] | None = None
        self._said = ""

    # ------------------------------------------------------------------ screens

    def seat_of(self, code: str) -> int | None | bool:
        """The seat a code is for (None: the watchers' code); False for no code."""
        if code == self.watch_code:
            return None
        for seat, mine in self.codes.items():
            if secrets.compare_digest(mine, code):
                return seat
        return False

    async def check_code(self, text: object, address: str) -> int | None | bool:
        """The seat a code is for (None: a watcher), or False, once its wait is over,
        for anything that is not one of the table's codes (:class:`WrongCodes`: the
        right code is answered at once)."""
        code = normal_code(text)
        seat = self.seat_of(code) if code is not None else False
        if seat is False:
            wait = self.wrong_codes.wait(address)
            if wait > 0:
                await self.wrong_wait(wait)
        return seat

    async def join(self, data: object, outbox: Outbox, address: str = "") -> Screen | None:
        """A screen's first message: its hello. Returns the screen joined, or None
        having queued a ``bye`` (the caller closes the connection)."""

        def bye(why: str, reason: str) -> None:
            outbox.put(json.dumps({"type": "bye", "why": why, "reason": reason}))

        if not isinstance(data, dict) or data.get("type") != "hello":
            bye("hello", "say hello first, with your code")
            return None
        version = data.get("version")
        if type(version) is not int or version != VERSION:  # (not true, not 1.0)
            bye("version", f"this table speaks version {VERSION}: update monstertrick")
            return None
        seat = await self.check_code(data.get("code"), address)
        if seat is False:
            bye("code", "that code is not one of this table's")
            return None
        if self._closed:
            bye("closed", self.goodbye())  # (come as the host closes: told the same)
            return None
        assert seat is not True
        if data.get("watch") is True:
            seat = None  # (any code of the table may watch: a second screen, a TV)
        screen = Screen(seat, outbox)
        if seat is not None:
            for older in self._screens.get(seat, []):
                older.send(
                    {
                        "type": "bye",
                        "why": "replaced",
                        "reason": "another screen joined with your code",
                    }
                )
                older.closed = True
                # Ended by its own task: this one does not wait for its goodbye.
                task = asyncio.create_task(older.outbox.close(CLOSE_WAIT))
                self._closing.add(task)
                task.add_done_callback(self._closing.discard)
            self._screens[seat] = []
        self._screens.setdefault(seat, []).append(screen)
        names = list(self.session.names)
        screen.send(
            {
                "type": "welcome",
                "version": VERSION,
                "seat": seat,
                "game": self.session.game_key,
                "names": names,
                "levels": [s.bot for s in self.session.seating.seats],
            }
        )
        if seat is not None:
            self.notice(f"{names[seat]} joined.")
            if self.covered.pop(seat, None) is not None:
                self._cover_bots.pop(seat, None)
                self.notice(f"{names[seat]} is back: the computer player stops.")
        await self.changed()  # (a pause may have waited for nobody but this seat)
        return screen

    async def leave(self, screen: Screen) -> None:
        """A screen has gone (closed, dropped, replaced): the others see who is away."""
        screens = self._screens.get(screen.seat, [])
        if screen in screens:
            screens.remove(screen)
            if screen.seat is not None and not screens:
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
        self._closed = True
        text = json.dumps({"type": "bye", "why": "closed", "reason": reason or self.goodbye()})
        screens = [screen for each in self._screens.values() for screen in each]
        for screen in screens:
            if not screen.closed:
                screen.send_text(text)
            screen.closed = True
        await asyncio.gather(*(screen.outbox.close(CLOSE_WAIT) for screen in screens))
        await asyncio.gather(*list(self._closing))

    def away(self) -> list[int]:
        """The people's seats with no screen joined."""
        return [s for s in self.session.humans if not self._screens.get(s)]

    async def cover(self, seat: int, level: str = "medium") -> None:
        """A computer player (of ``level``) plays for the person at ``seat`` while
        they are away; it stops when they join again. Raises ValueError for a seat
        that is no person's or a level the game has not got."""
        session = self.session
        if seat not in session.humans:
            raise ValueError(f"seat {seat + 1} is not a person's")
        bot = session.rules.make_bot(level)  # (an unknown level raises ValueError)
        self.covered[seat] = level
        self._cover_bots[seat] = bot
        self.notice(f"A computer player ({level}) plays for {session.names[seat]} meanwhile.")
        await self.changed()

    # ------------------------------------------------------------------ messages

    async def receive(self, screen: Screen, data: object) -> None:
        """A joined screen's message."""
        if screen.closed:
            return
        kind = data.get("type") if isinstance(data, dict) else None
        if kind not in ("act", "take-back", "ready", "hint"):
            screen.send({"type": "refused", "reason": "a message this table does not take"})
            return
        assert isinstance(data, dict)
        seat = screen.seat
        if seat is None:
            screen.send({"type": "refused", "reason": "a watcher does not decide"})
            return
        if kind == "act":
            reason = await self._act(seat, data)
        elif kind == "take-back":
            reason = await self._take_back(seat)
        elif kind == "ready":
            reason = await self._ready_for_next(seat)
        else:
            noted = self._hint_taken(seat)
            if noted is False:
                return  # (this decision's hint is in the log already: nothing changed)
            reason = None if noted is True else noted
        if reason is not None:
            screen.send({"type": "refused", "reason": reason})
            return
        await self.changed()

    def decider(self) -> tuple[int, str] | None:
        """The seat and task to decide next, past a decision's result the table may
        still be looking at; None while a round's end is shown or once the game is over."""
        session = self.session
        rules, state = session.rules, session.state
        if rules.round_over(state) or rules.is_over(state):
            return None
        return rules.to_decide(state)

    async def _act(self, seat: int, data: dict[str, Any]) -> str | None:
        try:
            action = self.wire.action(data.get("action"))
        except WireError as exc:
            return str(exc)
        session = self.session
        async with self._lock:
            step = session.next_step()
            decider = self.decider()
            if decider is None or decider[0] != seat or isinstance(step, RoundOver):
                return "it is not your decision now"
            if seat in self.covered:
                return "a computer player decides for you while you are away"
            if data.get("at") != list(session.position):
                # Made on a table that has moved on since (a message crossed another).
                return "the table has moved on"
            reason = session.refusal(seat, action)
            if reason is not None:
                return reason
            if isinstance(step, Played):
                session.done()  # the next player acts: the last decision stands now
                step = session.next_step()
            if isinstance(step, Handoff):
                session.pass_keyboard(seat)  # each person has their own screen
            self._apply(seat, action)
        return None

    async def _take_back(self, seat: int) -> str | None:
        session = self.session
        async with self._lock:
            if not session.can_take_back(seat):
                return "you can no longer take that back: the game has moved on"
            session.take_back(seat)
            self._last = {"seat": seat, "took_back": True, "at": list(session.position)}
        self.notice(f"{session.names[seat]} took back their last decision.")
        return None

    async def _ready_for_next(self, seat: int) -> str | None:
        if not isinstance(self.session.next_step(), RoundOver):
            return "there is no round's end to go on from"
        self._ready.add(seat)
        return None

    def _hint_taken(self, seat: int) -> str | bool:
        """Whether the hint was news (the log says so); the reason it was refused."""
        try:
            return self.session.note_hint(seat)
        except ValueError:
            return "a hint is for your own decision"

    def _apply(self, seat: int, action: Any) -> None:
        session = self.session
        events = session.apply(seat, action)
        self._last = {
            "seat": seat,
            "events": [_logged(self.wire, e) for e in events],
            "at": list(session.position),
        }

    def _waits_for_take_back(self, step: Played) -> bool:
        """Whether a person's decision stays open to take back: until the next person
        acts (or, before a computer player, for the table's pace)."""
        session = self.session
        if not step.private or step.seat in self.covered:
            return False
        decider = self.decider()
        if decider is None:
            return False  # a round's last decision: its end comes at once
        seat = decider[0]
        return not session.is_bot(seat) and seat not in self.covered

    async def changed(self) -> None:
        """Something changed at the table: the game goes on as far as it can, and every
        screen is sent the table."""
        if self._advancing:
            self.broadcast()  # (the running advance sends its own as it goes)
        else:
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
            while not self._closed:
                async with self._lock:
                    step = session.next_step()
                    if isinstance(step, Handoff):
                        session.pass_keyboard(step.seat)  # each person has their own screen
                        continue
                    if isinstance(step, Played):
                        if self._waits_for_take_back(step):
                            break
                        if step.private and self.pace and self._paced != session.position:
                            self._paced = session.position
                            wait = True
                        else:
                            session.done()
                            continue
                    elif isinstance(step, RoundOver):
                        # Once each person with a screen has seen it (and someone has).
                        present = set(session.humans) - set(self.away())
                        if session.humans and (not self._ready or not present <= self._ready):
                            break
                        session.done()
                        self._ready.clear()
                        self._last = None
                        continue
                    elif isinstance(step, BotTurn) or (
                        isinstance(step, Turn) and step.seat in self.covered
                    ):
                        wait = False
                        seat = step.seat
                        view = session.view(seat)
                        position = session.position
                        if isinstance(step, BotTurn):
                            bot = session.bot(seat)
                        else:
                            bot = self._cover_bots[seat]
                    else:
                        break
                if wait:
                    # A person's decision before a computer player's: it may be taken
                    # back for the pace.
                    self.broadcast()
                    await asyncio.sleep(self.pace)
                    continue
                decision = await loop.run_in_executor(
                    None, session.rules.decide, bot, view, seat, session.seed, None
                )
                if self._closed:
                    break  # (closed while the computer player thought: the game is saved)
                async with self._lock:
                    if session.position != position or session.next_step() != step:
                        continue  # (the seat's person came back meanwhile, and decided)
                    self._apply(seat, decision)
                self.broadcast()
                if self.pace:
                    await asyncio.sleep(self.pace)
        finally:
            self._advancing = False
        if not self._closed:
            self.broadcast()
            self._say_whose_turn()

    def _say_whose_turn(self) -> None:
        decider = self.decider()
        session = self.session
        if session.rules.is_over(session.state):
            outcome = session.outcome()
            said = "The game is over." + (
                f" {outcome.explain(session.names)}" if outcome is not None else ""
            )
        elif decider is None:
            waiting = sorted(set(session.humans) - set(self.away()) - self._ready)
            who = ", ".join(session.names[s] for s in waiting) or "someone to join"
            said = f"A round is over: waiting for {who} to go on."
        else:
            said = f"{session.names[decider[0]]} to {decider[1]}."
        if said != self._said:
            self._said = said
            self.notice(said)

    def broadcast(self) -> None:
        """Send every joined screen what its seat may see now: queued for each, never
        waited for (each message is made once per seat)."""
        for seat, screens in list(self._screens.items()):
            screens = [screen for screen in screens if not screen.closed]
            if not screens:
                continue
            message = self.table_message(seat)
            chapters = len(message["earlier"])
            texts: dict[bool, str] = {}
            for screen in screens:
                fresh = screen.chapters_sent != chapters
                screen.chapters_sent = chapters
                if fresh not in texts:
                    sent = (
                        message if fresh else {k: v for k, v in message.items() if k != "earlier"}
                    )
                    texts[fresh] = json.dumps(sent)
                if texts[fresh] != screen.table_sent:  # (the same table twice says nothing)
                    screen.table_sent = texts[fresh]
                    screen.send_text(texts[fresh])

    def table_message(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see now (None: a watcher): its view and the public view,
        the public log, whose decision it is, the last decision, who is away, whether
        the game is over (and then its record, public by then)."""
        session, wire = self.session, self.wire
        view = session.public_view() if seat is None else session.view(seat)
        step = session.next_step()
        decider = self.decider()
        over = isinstance(step, GameEnd)
        pause = None
        if isinstance(step, RoundOver):
            waiting = set(session.humans) - set(self.away()) - self._ready
            pause = {"round": step.number, "waiting": sorted(waiting)}
        message = {
            "type": "table",
            "view": wire.encode(view),
            "public": wire.encode(session.public_view()),
            "log": [_logged(wire, e) for e in session.round_log()],
            "earlier": [[wire.encode(e) for e in log] for log in session.earlier_logs()],
            "since": []
            if seat is None
            else [wire.encode(e) for e in session.since_last_turn(seat)],
            "turn": None if decider is None else {"seat": decider[0], "task": decider[1]},
            "last": self._last,
            "take_back": seat is not None and session.can_take_back(seat),
            "pause": pause,
            "at": list(session.position),
            "away": self.away(),
            "covered": sorted(self.covered),
            "over": over,
        }
        if over:
            message["record"] = session.finished_record()
        return message


def _logged(wire: Wire[Any, Any, Any, Any, Any], event: object) -> Any:
    if isinstance(event, HintTaken):
        return {"kind": "HintTaken", "player": event.player, "task": event.task, "at": [*event.at]}
    return wire.encode(event)
