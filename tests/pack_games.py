"""Games of deal packs played without the app: people's decisions made by a computer
player standing in for them (the game and its save are those of a person's seat)."""

from __future__ import annotations

from pathlib import Path

from monstertrick.packs import Pack, start_session
from monstertrick.saves import SaveStore
from monstertrick.seating import parse_seats
from monstertrick.session import BotTurn, GameEnd, Handoff, Played, RoundOver, Session, Turn


def play_deal(
    pack: Pack,
    index: int,
    names: list[str],
    *,
    stand_in: str = "medium",
    store: SaveStore | None = None,
    day: str | None = None,
) -> Path:
    """Deal ``index`` of the pack played to its end by ``names`` (as for ``play``:
    NAME:LEVEL is a computer player), each person's decisions made by ``stand_in``;
    ``day`` (YYYY-MM-DD) is the day it is said to have been played. Its file, in the
    history of ``store``."""
    store = store if store is not None else SaveStore()
    session = start_session(pack, index, parse_seats(names, game=pack.game), store)
    if day is not None:
        assert session.meta is not None
        session.meta.created = f"{day}T20:00:00+00:00"
    drive(session, stand_in)
    assert session.save_path is not None and not session.running
    store.unlock(session.save_path)
    return session.save_path


def drive(session: Session, stand_in: str = "medium", *, stop_after: int | None = None) -> None:
    """Play the session on (to its end, or for ``stop_after`` decisions), the people's
    decisions made by ``stand_in`` from their own view."""
    person = session.rules.make_bot(stand_in)
    made = 0
    while not isinstance(step := session.next_step(), GameEnd):
        if stop_after is not None and made >= stop_after:
            return
        if isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        elif isinstance(step, Turn):
            view = session.view(step.seat)
            action = session.rules.decide(person, view, step.seat, session.seed)
            session.apply(step.seat, action)
            made += 1
        elif isinstance(step, BotTurn):
            session.bot_decision(step.seat)
            made += 1
        elif isinstance(step, (Played, RoundOver)):
            session.done()
