"""What each screen is sent after every change: its seat's ``table`` (:func:`table_message`:
that seat's view, or the public view for a watcher, never another seat's) and how it is
sent to every screen at once (:func:`broadcast`: made once per seat, never waited for)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...session import GameEnd, HintTaken, RoundOver
from ..wire import Wire

if TYPE_CHECKING:
    from .connections import Screens
    from .table import TableHost


def broadcast(screens: Screens, message_for: Callable[[int | None], dict[str, Any]]) -> None:
    """Send every joined screen what its seat may see now: queued for each, never
    waited for (each message is made once per seat)."""
    for seat, joined in screens.open_by_seat():
        message = message_for(seat)
        chapters = len(message["earlier"])
        texts: dict[bool, str] = {}
        for screen in joined:
            fresh = screen.chapters_sent != chapters
            screen.chapters_sent = chapters
            if fresh not in texts:
                sent = message if fresh else {k: v for k, v in message.items() if k != "earlier"}
                texts[fresh] = json.dumps(sent)
            if texts[fresh] != screen.table_sent:  # (the same table twice says nothing)
                screen.table_sent = texts[fresh]
                screen.send_text(texts[fresh])


def table_message(table: TableHost, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see now (None: a watcher): its view and the public view, the
    public log, whose decision it is, the last decision, who is away, whether the game
    is over (and then its record, public by then)."""
    session, wire = table.session, table.wire
    view = session.public_view() if seat is None else session.view(seat)
    step = session.next_step()
    decider = table.decider()
    over = isinstance(step, GameEnd)
    pause = None
    if isinstance(step, RoundOver):
        waiting = set(session.humans) - set(table.away()) - table.ready
        pause = {"round": step.number, "waiting": sorted(waiting)}
    message = {
        "type": "table",
        "view": wire.encode(view),
        "public": wire.encode(session.public_view()),
        "log": [logged(wire, e) for e in session.round_log()],
        "earlier": [[wire.encode(e) for e in log] for log in session.earlier_logs()],
        "since": [] if seat is None else [wire.encode(e) for e in session.since_last_turn(seat)],
        "turn": None if decider is None else {"seat": decider[0], "task": decider[1]},
        "last": table.last,
        "take_back": seat is not None and session.can_take_back(seat),
        "pause": pause,
        "at": list(session.position),
        "away": table.away(),
        "covered": sorted(table.covered),
        "over": over,
    }
    if over:
        message["record"] = session.finished_record()
    return message


def logged(wire: Wire[Any, Any, Any, Any, Any], event: object) -> Any:
    """An event of the log as it is sent (a hint taken, which is the session's and no
    game's, as its fields)."""
    if isinstance(event, HintTaken):
        return {"kind": "HintTaken", "player": event.player, "task": event.task, "at": [*event.at]}
    return wire.encode(event)
