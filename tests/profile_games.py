"""Finished games with people at the table, played quickly: every seat is decided by a
computer player through the game's door (the engine), and saved into a history as the
app saves a game at one keyboard, the people's seats without a level."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from monstertrick.games import GAMES
from monstertrick.saves import SaveMeta, SaveStore
from monstertrick.session import Session

Seat = tuple[str, str | None]
"""A seat: its name, and its computer level (None: a person)."""


def play_game(
    store: SaveStore,
    key: str,
    seats: Sequence[Seat],
    seed: int,
    *,
    updated: str | None = None,
    extra: dict[str, Any] | None = None,
    by: str | None = None,
) -> Path:
    """One finished game of ``key`` in ``store``'s history; people's decisions are an
    easy player's (every seat's are ``by``'s, if given: the same game whatever levels
    the meta says). ``updated``: the time it ended (its save's), for the order."""
    door = GAMES[key].load()
    names = [name for name, _ in seats]
    state = door.new_state(names, seed, 0)
    bots = [door.make_bot(by or level or "easy") for _, level in seats]
    door.play_to_end(state, bots, seed)
    meta = SaveMeta(
        seats=[{"name": n, "bot": level} for n, level in seats], seed=seed, extra=extra or {}
    )
    path = store.save(store.new_path(), state, meta, key=key)
    store.unlock(path)
    if updated is not None:
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc["meta"]["updated"] = updated
        path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def evening(store: SaveStore, games: int = 4) -> list[Path]:
    """A few evenings of every game: Ann, Bob and Cid, with computer players at every
    level, each game ending a minute after the one before."""
    tables: dict[str, list[Seat]] = {
        "monster-trick": [("Ann", None), ("Bob", None), ("Cy", "hard:1"), ("Eve", "easy")],
        "monster-taking": [("Ann", None), ("Bob", "medium")],
        "magic-trick": [("Ann", None), ("Bob", None), ("Cid", None), ("Dot", "easy")],
    }
    paths = []
    minute = 0
    for g in range(games):
        for key, seats in tables.items():
            rotated = seats[g % len(seats) :] + seats[: g % len(seats)]
            minute += 1
            paths.append(
                play_game(
                    store,
                    key,
                    rotated,
                    seed=100 + minute,
                    updated=f"2026-01-01T20:{minute:02d}:00+00:00",
                )
            )
    return paths


def play_at_one_keyboard(store: SaveStore, key: str, names: Sequence[str], seed: int) -> Path:
    """A game of people only at one keyboard, through the session as the app plays it
    (each handoff passed, each pause seen), each person deciding as an easy player
    would from their own view."""
    from monstertrick.seating import parse_seats
    from monstertrick.session import GameEnd, Handoff, Turn

    session = Session.start(parse_seats(list(names), game=key), seed, store, game=key)
    easy = session.rules.make_bot("easy")
    while not isinstance(step := session.next_step(), GameEnd):
        if isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        elif isinstance(step, Turn):
            view = session.view(step.seat)
            session.apply(step.seat, session.rules.decide(easy, view, step.seat, seed))
        else:
            session.done()
    assert session.save_path is not None
    store.unlock(session.save_path)
    return session.save_path
