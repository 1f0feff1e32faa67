"""What the table does with each screen's message: a hello (:func:`hello`: the seat its
code is for, or a ``bye`` saying why not), then a decision, a decision taken back, a
round's end seen, a hint taken (:func:`receive`). Each is carried out or answered with a
``refused`` and its reason, changing nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import IllegalMoveError
from ...session import Played, RoundOver
from ..guards import Outbox
from ..protocol import (
    VERSION,
    Act,
    Bye,
    Hello,
    Hinted,
    Message,
    Ready,
    Refused,
    TakeBack,
    TookBack,
    Welcome,
)
from ..wire import PLAIN, WireError
from .connections import Screen

if TYPE_CHECKING:
    from .table import TableHost


async def hello(table: TableHost, data: object, outbox: Outbox, address: str) -> Screen | None:
    """A screen's first message: its hello. Returns the screen joined, or None having
    queued a ``bye`` (the caller closes the connection)."""

    def bye(why: str, reason: str) -> None:
        outbox.put(PLAIN.text(Bye(why, reason)))

    if not isinstance(data, dict) or data.get("type") != Hello.TYPE:
        bye("hello", "say hello first, with your code")
        return None
    version = data.get("version")  # (another version's hello is not read further)
    if type(version) is not int or version != VERSION:  # (not true, not 1.0)
        bye("version", f"this table speaks version {VERSION}: update monstertrick")
        return None
    try:
        hello: Hello | None = table.wire.message(data, [Hello])  # type: ignore[assignment]
    except WireError:
        hello = None  # (told as a code that is not one)
    seat = await table.check_code(hello.code if hello is not None else None, address)
    if seat is False:
        bye("code", "that code is not one of this table's")
        return None
    if table.closed:
        bye("closed", table.goodbye())  # (come as the host closes: told the same)
        return None
    assert seat is not True and hello is not None
    if hello.watch:
        seat = None  # (any code of the table may watch: a second screen, a TV)
    screen = Screen(seat, outbox)
    table.screens.seat(screen)
    session = table.session
    names = list(session.names)
    levels = tuple(s.bot for s in session.seating.seats)
    screen.send(Welcome(VERSION, seat, session.game_key, tuple(names), levels))
    if seat is not None:
        table.notice(f"{names[seat]} joined.")
        if table.stand_ins.stop(seat):
            table.notice(f"{names[seat]} is back: the computer player stops.")
    await table.changed()  # (a pause may have waited for nobody but this seat)
    return screen


async def receive(table: TableHost, screen: Screen, data: object) -> None:
    """A joined screen's message."""
    if screen.closed:
        return
    kind = data.get("type") if isinstance(data, dict) else None
    if kind not in {k.TYPE for k in SEATS_MESSAGES}:
        screen.send(Refused("a message this table does not take"))
        return
    seat = screen.seat
    if seat is None:
        screen.send(Refused("a watcher does not decide"))
        return
    try:
        message = table.wire.message(data, SEATS_MESSAGES)
    except WireError as exc:
        screen.send(Refused(str(exc)))
        return
    if isinstance(message, Act):
        reason = await _act(table, seat, message)
    elif isinstance(message, TakeBack):
        reason = await _take_back(table, seat)
    elif isinstance(message, Ready):
        reason = _ready_for_next(table, seat)
    else:
        noted = _hint_taken(table, seat)
        if noted is False:
            return  # (this decision's hint is in the log already: nothing changed)
        reason = None if noted is True else noted
    if reason is not None:
        screen.send(Refused(reason))
        return
    await table.changed()


SEATS_MESSAGES: tuple[type[Message], ...] = (Act, TakeBack, Ready, Hinted)
"""What a seat sends once it has joined."""


async def _act(table: TableHost, seat: int, act: Act[object]) -> str | None:
    action = act.action
    session = table.session
    async with table.lock:
        step = session.next_step()
        deciders = session.deciders()
        together = len(deciders) > 1
        if seat not in deciders or isinstance(step, RoundOver):
            return "it is not your decision now"
        if seat in table.covered:
            return "a computer player decides for you while you are away"
        if act.at != session.position and not (together and act.at[0] == session.position[0]):
            # Made on a table that has moved on since (a message crossed another; the
            # seats deciding at once decide whatever the others did meanwhile).
            return "the table has moved on"
        if isinstance(step, Played):
            # Asked on a clone first: a refused decision leaves the last one open.
            reason = session.refusal(seat, action)
            if reason is not None:
                return reason
            session.done()  # the next player acts: the last decision stands now
        try:
            table.apply(seat, action)
        except IllegalMoveError as exc:
            return str(exc)  # (the rules' reason: nothing changed)
    return None


async def _take_back(table: TableHost, seat: int) -> str | None:
    session = table.session
    async with table.lock:
        if not session.can_take_back(seat):
            return "you can no longer take that back: the game has moved on"
        session.take_back(seat)
        table.last = TookBack(seat, True, session.position)
    table.notice(f"{session.names[seat]} took back their last decision.")
    return None


def _ready_for_next(table: TableHost, seat: int) -> str | None:
    if not isinstance(table.session.next_step(), RoundOver):
        return "there is no round's end to go on from"
    table.ready.add(seat)
    return None


def _hint_taken(table: TableHost, seat: int) -> str | bool:
    """Whether the hint was news (the log says so); the reason it was refused."""
    try:
        return table.session.note_hint(seat)
    except ValueError:
        return "a hint is for your own decision"
