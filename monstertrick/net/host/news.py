"""What each screen is sent after every change: its seat's :class:`~.protocol.Table`
(:func:`table_news`: that seat's view, or the public view for a watcher, never another
seat's) and how it is sent to every screen at once (:func:`broadcast`: made once per
seat, never waited for)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from ... import session as seats
from ...games.contract import Action, SomeState, SomeView
from ...session import GameEnd, RoundOver
from ..protocol import Deciding, HintTaken, Pause, Table
from ..wire import Wire

if TYPE_CHECKING:
    from .connections import Screens
    from .table import TableHost

News = Table[SomeView, SomeView, object]
"""A table as the host sends it (of the game at the table: known by the contract)."""
HostWire = Wire[SomeState, Action, object, SomeView, SomeView]
"""The wire of the game at the table (known by the contract)."""


def broadcast(screens: Screens, news_for: Callable[[int | None], News], wire: HostWire) -> None:
    """Send every joined screen what its seat may see now: queued for each, never
    waited for (each message is made once per seat; the finished chapters' logs only
    to a screen that has not got them yet)."""
    for seat, joined in screens.open_by_seat():
        news = news_for(seat)
        chapters = len(news.earlier or ())
        texts: dict[bool, str] = {}
        for screen in joined:
            fresh = screen.chapters_sent != chapters
            screen.chapters_sent = chapters
            if fresh not in texts:
                sent = news if fresh else dataclasses.replace(news, earlier=None)
                texts[fresh] = wire.text(sent)
            if texts[fresh] != screen.table_sent:  # (the same table twice says nothing)
                screen.table_sent = texts[fresh]
                screen.send_text(texts[fresh])


def table_news(table: TableHost, seat: int | None) -> News:
    """What ``seat`` may see now (None: a watcher): its view and the public view, the
    public log, whose decision it is, the last decision, who is away, whether the game
    is over (and then its record, public by then)."""
    session = table.session
    view = session.public_view() if seat is None else session.view(seat)
    step = session.next_step()
    decider = table.session.to_decide()
    over = isinstance(step, GameEnd)
    pause = None
    if isinstance(step, RoundOver):
        waiting = set(session.humans) - set(table.away()) - table.ready
        pause = Pause(step.number, tuple(sorted(waiting)))
    return Table(
        view=view,
        public=session.public_view(),
        log=tuple(logged(e) for e in session.round_log()),
        earlier=tuple(tuple(log) for log in session.earlier_logs()),
        since=() if seat is None else tuple(session.since_last_turn(seat)),
        turn=None if decider is None else Deciding(*decider),
        together=table.together(),
        last=table.last,
        take_back=seat is not None and session.can_take_back(seat),
        pause=pause,
        at=session.position,
        away=tuple(table.away()),
        covered=tuple(sorted(table.covered)),
        over=over,
        record=session.finished_record() if over else None,
    )


def logged(event: object) -> object:
    """An event of the log as it is sent (a hint taken, which is the session's and no
    game's, as the protocol's)."""
    if isinstance(event, seats.HintTaken):
        return HintTaken(event.player, event.task, event.at)
    return event
