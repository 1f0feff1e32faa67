"""A seat at a table hosted elsewhere (``monstertrick join``): the session's side on a
screen that holds one seat's view and nothing more.

:class:`RemoteSession` keeps :class:`~monstertrick.seat_session.SeatSession` (what a
screen may ask of its seat) for a game that lives in the host
(:mod:`monstertrick.net.host.table`): it keeps the last table the host sent this seat
(its view, the public view and log, whose decision it is) and answers the screens from
it, so the same screens as at one keyboard draw a joined seat; what the seat decides
goes to the host, which answers with the next table or the reason it was refused. It
never holds the game's state, another seat's view or the seed: the host sends none of
them. Once the game is over, its record (public then) rebuilds it for the final
standings and the review.

This module never imports Textual or aiohttp (:mod:`monstertrick.net.seat.app` connects).
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, cast
from urllib.parse import urlsplit

from typing_extensions import TypeVar

from ...games import GAMES
from ...games.contract import Action, Outcome, SomeState, SomeView, State, StopCheck, View
from ...seating import Seat, Seating
from ...session import BotTurn, GameEnd, HintTaken, Played, RoundOver, Step, Turn
from .. import protocol
from ..protocol import Act, Decided, Hinted, Message, Ready, Table, TakeBack, Welcome
from ..wire import PLAIN, Wire, WireError

if TYPE_CHECKING:
    from ...games.door import Door
    from ...search.assess import Advice
    from ...seat_session import SeatSession

S = TypeVar("S", bound=State[Any, Any, Any], default=SomeState)
A = TypeVar("A", bound=Action, default=Action)
E = TypeVar("E", default=object)
V = TypeVar("V", bound=View[Any], default=SomeView)
P = TypeVar("P", bound=View[Any], default=SomeView)

Post = Callable[[Message], None]
"""Sends one message to the host."""


def table_url(address: str) -> str | None:
    """The table's WebSocket address from what a person types: ``HOST:PORT``,
    ``http://HOST:PORT``, ``ws://HOST:PORT/table`` and the like; None for anything
    else."""
    text = address.strip()
    if not text or len(text) > 300 or any(c.isspace() for c in text):
        return None
    if "://" not in text:
        text = f"http://{text}"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    scheme = {"http": "ws", "ws": "ws", "https": "wss", "wss": "wss"}.get(parts.scheme)
    if scheme is None or not parts.hostname or port is None:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{scheme}://{host}:{port}/table"


def read_welcome(data: object) -> Welcome:
    """A welcome message, checked (:class:`~monstertrick.net.wire.WireError` if it is
    not one this client understands)."""
    welcome = PLAIN.message(data, [Welcome])
    assert isinstance(welcome, Welcome)
    names, levels, seat = welcome.names, welcome.levels, welcome.seat
    if welcome.game not in GAMES:
        raise WireError("the host's welcome is not one this version understands")
    if len(names) != len(levels) or not 2 <= len(names) <= 8:
        raise WireError("the host's welcome names no table")
    if not all(0 < len(n) <= 64 for n in names):
        raise WireError("the host's welcome has a name that is not one")
    if not all(v is None or len(v) <= 32 for v in levels):
        raise WireError("the host's welcome has a level that is not one")
    if seat is not None and not 0 <= seat < len(names):
        raise WireError("the host's welcome has no seat of the table")
    return welcome


@dataclass
class RemoteSession(Generic[S, A, E, V, P]):
    """One seat's side of a hosted game (see the module's text): ``seating``, the
    table's seats; ``seed``, this screen's own for its hints (never the game's);
    ``game_key``, the game; ``me``: the seat, None for a watcher; ``post``: how a
    message reaches the host."""

    seating: Seating
    seed: int
    game_key: str
    me: int | None = None
    post: Post = field(default=lambda _message: None, repr=False)
    table: Table[V, P, E] | None = field(default=None, repr=False)
    """The last table the host sent."""
    pace: float = 0.0
    aids: set[str] = field(default_factory=set)
    save_error: str | None = None
    """(The host saves the game.)"""
    _view: V | None = field(default=None, repr=False)
    _public: P | None = field(default=None, repr=False)
    _log: list[E | HintTaken] = field(default_factory=list, repr=False)
    _earlier: list[list[E]] = field(default_factory=list, repr=False)
    _since: list[E] = field(default_factory=list, repr=False)
    _last: Played | None = field(default=None, repr=False)
    _seen_last: tuple[int, int] | None = field(default=None, repr=False)
    _ready_for: int = field(default=0, repr=False)
    _sent_at: tuple[int, int] | None = field(default=None, repr=False)
    _final: S | None = field(default=None, repr=False)
    _hinted_at: tuple[int, int] | None = field(default=None, repr=False)

    @functools.cached_property
    def rules(self) -> Door[S, A, E, V, P]:
        """The game's door (its rules, read for the views and the final record)."""
        return cast("Door[S, A, E, V, P]", GAMES[self.game_key].load())

    @functools.cached_property
    def wire(self) -> Wire[S, A, E, V, P]:
        """This game's messages as they go over the wire."""
        return Wire(self.rules)

    @classmethod
    def joined(cls, welcome: Welcome, post: Post) -> RemoteSession:
        """The session of a seat the host has just welcomed."""
        seats = tuple(Seat(n, lv) for n, lv in zip(welcome.names, welcome.levels, strict=True))
        return RemoteSession(
            Seating(seats, 0),
            random.SystemRandom().randrange(2**31),  # the hint's own: not the game's seed
            welcome.game,
            me=welcome.seat,
            post=post,
        )

    # ------------------------------------------------------------------ the table

    @property
    def names(self) -> tuple[str, ...]:
        return self.seating.names

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people, in seat order."""
        return self.seating.humans

    def is_bot(self, seat: int) -> bool:
        return self.seating.is_bot(seat)

    @property
    def replay_mark(self) -> str | None:
        """(A hosted game is not marked as a replay on its seats' screens.)"""
        return None

    @property
    def keyboard(self) -> int | None:
        """This screen's seat (nobody else looks at it)."""
        return self.me

    # ------------------------------------------------------------------ the host's news

    def update(self, data: object) -> None:
        """A ``table`` message from the host: read and checked as a whole before
        anything changes (:class:`~monstertrick.net.wire.WireError` if any of it is not
        what it must be)."""
        table = self.wire.message(data, [Table])
        assert isinstance(table, Table)
        seats = range(len(self.names))
        log = [self._logged(e) for e in table.log]
        earlier = self._earlier
        if table.earlier is not None:  # (sent again only when another chapter has ended)
            earlier = [list(chapter) for chapter in table.earlier]
        if not all(_is_count(n) for n in table.at):
            raise WireError("the table has no position")
        for key, listed in (("away", table.away), ("covered", table.covered)):
            _seats_in(listed, seats, key)
        if table.pause is not None:
            _seats_in(table.pause.waiting, seats, "waiting")
        turn = table.turn
        if turn is not None and (turn.seat not in seats or not _TASK.fullmatch(turn.task)):
            raise WireError("the table's turn is not one")
        if table.together is not None:
            _seats_in(table.together, seats, "seats deciding at once")
        last, played = table.last, None
        if isinstance(last, Decided):
            if last.seat not in seats:
                raise WireError("the last decision has no seat")
            events = tuple(self._logged(e) for e in last.events)
            deciding = table.together is not None and self.me in table.together
            if last.at == table.at and (last.seat == self.me or not deciding):
                # The current position's own result (another's, decided at once while
                # this seat decides too, is not shown over its own decision).
                played = Played(last.seat, events, private=last.seat == self.me)
        elif last is not None and last.seat not in seats:
            raise WireError("the last decision has no seat")
        final = None
        if table.over:
            try:
                final = self.rules.from_record(table.record)
            except (ValueError, TypeError, KeyError) as exc:
                raise WireError(f"the finished game's record does not read: {exc}") from exc
        if self.table is None or table.at != self.table.at:
            self._sent_at = None  # (the table moved on: what was sent has its answer)
        self.table = table
        self._view = table.view if self.me is not None else None
        self._public = table.public
        self._log, self._earlier, self._since = log, earlier, list(table.since)
        self._last, self._final = played, final

    def _logged(self, event: E | protocol.HintTaken) -> E | HintTaken:
        """An event of the log (a "took a hint", checked: a host of an older version
        sends the player alone)."""
        if not isinstance(event, protocol.HintTaken):
            return event
        player, task, at = event.player, event.task, event.at
        if not _is_seat(player, len(self.names)):
            raise WireError("a hint taken names no seat of the table")
        if task is None and at is None:
            return HintTaken(player)
        if task is None or not _TASK.fullmatch(task):
            raise WireError("a hint taken names no decision")
        if at is None or not all(_is_count(n) for n in at):
            raise WireError("a hint taken has no position")
        return HintTaken(player, task, at, self.rules.chapter_name)

    def refused(self) -> None:
        """The host refused what this seat sent: the seat may decide again."""
        self._sent_at = None

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """The people whose going on a round's end waits for."""
        pause = self.table.pause if self.table is not None else None
        return pause.waiting if pause is not None else ()

    @property
    def away_seats(self) -> tuple[int, ...]:
        return self.table.away if self.table is not None else ()

    @property
    def covered_seats(self) -> tuple[int, ...]:
        return self.table.covered if self.table is not None else ()

    @property
    def together(self) -> tuple[int, ...]:
        """The seats deciding at once now (none when one seat decides)."""
        return (self.table.together or ()) if self.table is not None else ()

    @property
    def at(self) -> tuple[int, int] | None:
        """The position of the last table the host sent (None before the first)."""
        return self.table.at if self.table is not None else None

    # ------------------------------------------------------------------ the session's facts

    @property
    def running(self) -> bool:
        return self.table is None or not self.table.over

    def finished_record(self) -> dict[str, object]:
        if self._final is None:
            raise ValueError("the game is not over: its record is not public yet")
        return self.rules.to_record(self._final)

    def view(self, seat: int) -> V:
        if seat != self.me or self._view is None:
            raise ValueError("a joined screen holds its own seat's view only")
        return self._view

    def public_view(self) -> P:
        if self._public is None:
            raise ValueError("the host has not sent the table yet")
        return self._public

    @property
    def position(self) -> tuple[int, int]:
        return self.at or (0, 0)

    def since_last_turn(self, seat: int) -> list[E]:
        return list(self._since) if seat == self.me else []

    def round_log(self) -> list[E | HintTaken]:
        return list(self._log)

    def earlier_logs(self) -> list[list[E]]:
        return [list(chapter) for chapter in self._earlier]

    def outcome(self) -> Outcome | None:
        return self._final.outcome() if self._final is not None else None

    def refusal(self, seat: int, action: A) -> str | None:
        return None  # (the host answers with the rules' reason)

    # ------------------------------------------------------------------ the flow

    def next_step(self) -> Step:
        """This seat's next step, from the last table the host sent."""
        table = self.table
        if table is None:
            return GameEnd()
        if table.over and self._final is not None:
            return GameEnd()
        if table.pause is not None:
            return RoundOver(table.pause.round)
        last = self._last
        if last is not None and self._seen_last != table.at:
            return last
        turn = table.turn
        if turn is not None:
            me = self.me
            mine = turn.seat == me or (table.together is not None and me in table.together)
            if me is not None and mine and me not in self.covered_seats:
                return Turn(me, turn.task)
            return BotTurn(turn.seat, turn.task, self.me)
        return GameEnd()

    def done(self) -> None:
        step = self.next_step()
        if isinstance(step, Played):
            self._seen_last = self.at
        elif isinstance(step, RoundOver) and self.me is not None:
            if self._ready_for != step.number:
                self._ready_for = step.number
                self.post(Ready())

    def ready_sent(self, number: int) -> bool:
        """Whether this seat has gone on from round ``number``'s end."""
        return self._ready_for == number

    def apply(self, seat: int, action: A) -> list[E]:
        """Send the decision to the host; its result comes back as the next table."""
        if seat != self.me:
            raise ValueError("a joined screen decides for its own seat only")
        if self.at is None or self._sent_at == self.at:
            return []  # (sent already: a second press waits for the host's answer)
        self._sent_at = self.at
        self.post(Act(action, self.at))
        return []

    @property
    def deciding(self) -> bool:
        """Whether this seat's decision is on its way to the host."""
        return self._sent_at is not None and self._sent_at == self.at

    def can_take_back(self, seat: int) -> bool:
        return seat == self.me and self.table is not None and self.table.take_back

    def take_back(self, seat: int) -> None:
        if self.can_take_back(seat):
            self.post(TakeBack())

    def taken_back(self, seat: int) -> A | None:
        return None

    def pass_keyboard(self, seat: int) -> None:
        raise ValueError("a joined screen has no keyboard to pass: it is one seat's")

    def hands_over_next(self) -> bool:
        return False  # (nobody else looks at this screen)

    def note_hint(self, seat: int) -> bool:
        """Tell the host, once per decision, that this seat took a hint for it."""
        at = self.at
        if seat != self.me or self._hinted_at == at:
            return False
        self._hinted_at = at
        self.post(Hinted())
        return True

    def hint(
        self, seat: int, view: V | None = None, stop: StopCheck | None = None
    ) -> list[Advice[A]]:
        """What the hard search would choose for this seat, from its own view only (on
        this screen: the host knows only that a hint was taken, :meth:`note_hint`)."""
        if view is None:
            view = self.view(seat)
        return list(self.rules.hint(view, seat, self.seed, stop))

    def hint_reason(self, view: V, options: Sequence[Advice[A]]) -> str | None:
        """Why a hint suggests what it does, in a line (as at one keyboard: from the
        seat's own view and the hint's search)."""
        return self.rules.reason(view, [(o.action, o.stats) for o in options[:1]])

    def autosave(self) -> None:
        return None  # (the host saves the game)


_TASK = re.compile(r"[a-z-]{0,20}")
"""A decision's task as the games name them ("play", "arrange")."""


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1_000_000


def _is_seat(value: object, seats: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats


def _seats_in(listed: Sequence[int], seats: range, what: str) -> None:
    if not all(s in seats for s in listed):
        raise WireError(f"the table's {what} is not a list of its seats")


if TYPE_CHECKING:

    def _keeps_the_protocol(session: RemoteSession) -> SeatSession:
        return session  # (checked by mypy: a joined seat is a seat as screens know it)
