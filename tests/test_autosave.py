"""Autosave after every decision, and resuming where the game stood."""

from __future__ import annotations

import random
from pathlib import Path

from monstertrick.games.monster_trick.engine import Phase
from monstertrick.games.monster_trick.engine.record import to_record
from monstertrick.saves import SaveStore, read_save
from monstertrick.seating import parse_seats
from monstertrick.session import Session

from .games.monster_trick.helpers import random_step

decide = random_step


def test_every_decision_is_saved_at_once(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    match = Session.start(parse_seats(["Ann", "Bob", "Cid"]), seed=4, store=store)
    rng = random.Random(1)
    for _ in range(60):
        decide(match, rng)
        assert to_record(read_save(match.save_path).game) == to_record(match.state)
    assert match.save_error is None


def test_starting_a_game_writes_nothing_and_the_first_decision_writes_the_save(
    tmp_path: Path,
) -> None:
    """A game nobody played (a page loaded and closed, a terminal opened and shut)
    leaves no file: the save appears with the first decision."""
    store = SaveStore(tmp_path)
    match = Session.start(parse_seats(["Ann", "Bob"]), seed=4, store=store)
    assert list(tmp_path.rglob("*.json")) == []
    assert store.unfinished() == ([], [])
    decide(match, random.Random(3))
    assert list(tmp_path.rglob("*.json")) == [match.save_path]
    assert match.save_path is not None and match.save_path.parent == store.saves
    assert to_record(read_save(match.save_path).game) == to_record(match.state)
    assert len(store.unfinished()[0]) == 1


def test_a_finished_game_is_filed_in_the_history(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    match = Session.start(parse_seats(["Ann", "Bob"]), seed=4, store=store)
    rng = random.Random(2)
    while match.state.phase is not Phase.GAME_OVER:
        decide(match, rng)
    assert match.save_path == store.history / match.save_path.name
    assert store.unfinished() == ([], [])
    assert len(store.finished()[0]) == 1


def test_a_resumed_game_plays_on_exactly_as_before(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    seats = parse_seats(["Ann", "Bob", "Cid"], first="Bob")
    straight = Session.start(seats, seed=8)
    saved = Session.start(seats, seed=8, store=store)
    r1, r2 = random.Random(5), random.Random(5)
    for _ in range(70):
        decide(straight, r1)
        decide(saved, r2)
    games, _ = store.unfinished()
    resumed = Session.resume(games[0], store)
    assert resumed.seating == seats
    assert resumed.since_last_turn(0) == straight.since_last_turn(0)
    while straight.state.phase is not Phase.GAME_OVER:
        decide(straight, r1)
        decide(resumed, r2)
    assert to_record(resumed.state) == to_record(straight.state)


def test_a_failed_autosave_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    (tmp_path / "saves").write_text("not a folder")
    match = Session.start(parse_seats(["Ann", "Bob"]), seed=1, store=SaveStore(tmp_path))
    decide(match, random.Random(0))
    assert match.save_error is not None and "Saving failed" in match.save_error
    assert str(tmp_path / "saves") in match.save_error
    decide(match, random.Random(0))
    assert match.state.phase is Phase.PLAYING  # both VP rows laid out: the game went on
