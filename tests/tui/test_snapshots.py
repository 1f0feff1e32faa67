"""Snapshots of every screen at 80x24 and 120x40, fixed seeds, pinned theme.

Update them with ``pytest tests/tui --snapshot-update`` after a deliberate change, and
look at the report before committing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from monstertrick.seating import parse_seats
from monstertrick.tui.app import GamesApp

from ..games.monster_trick.helpers import random_step
from .helpers import THEME, make_match, save_unfinished_games

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
THREE = ("Ann", "Bob", "Cid")
FIVE = ("Ann", "Bob", "Cid", "Dee", "Eve")
#: Five names of the longest length the setup form takes, with spaces.
LONG = (
    "Alexandria Smith",
    "Bartholomew Jone",
    "Christopher Lee",
    "Dominique Ferrar",
    "Evangeline Moss",
)
#: Names whose characters take two cells each (CJK, emoji).
WIDE = ("山田太郎", "🐉 Drake", "Zoë", "김민준", "Eve")


def app_for(**kwargs: object) -> GamesApp:
    app = GamesApp(**kwargs)  # type: ignore[arg-type]
    app.theme = THEME
    return app


async def no_blink(pilot: Pilot[int]) -> None:
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


Snap = Callable[..., bool]
RunBefore = Callable[[Pilot[int]], Awaitable[None]]


@pytest.mark.parametrize("size", SIZES)
def test_start(snap_compare: Snap, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_setup_with_errors(snap_compare: Snap, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await pilot.press("n")
        # Tab goes from a name to its seat's "played by" choice, then to the next name.
        await pilot.press(*"Ann", "tab", "tab", *"ANN", "f2", *"Bartholomew-the-Great")
        await no_blink(pilot)

    assert snap_compare(app_for(), terminal_size=size, run_before=run_before)


def test_setup_magic_trick(snap_compare: Snap) -> None:
    """The form with Magic Trick chosen: four seats, no seat to add or remove."""

    async def run_before(pilot: Pilot[int]) -> None:
        from textual.widgets import Select

        await pilot.press("n", *"Ann", "tab", "tab", *"Bob")
        pilot.app.screen.query_one("#game", Select).value = "magic-trick"
        await pilot.pause()
        await no_blink(pilot)

    assert snap_compare(app_for(), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_review(snap_compare: Snap, size: tuple[int, int]) -> None:
    """The review of the game just finished (``r`` in the final standings), done."""
    from monstertrick.review import Settings
    from monstertrick.tui.screens.review import ReviewScreen

    app = app_for(session=make_match(THREE, 3, rounds_done=3))
    app.review_settings = Settings(seed=1, playouts=2, luck_samples=1)

    async def run_before(pilot: Pilot[int]) -> None:
        await pilot.press("r")
        await pilot.app.workers.wait_for_complete()
        screen = pilot.app.screen
        assert isinstance(screen, ReviewScreen)
        while not screen.finished:
            await pilot.pause()
        await pilot.press("down", "down", "down")  # a marked decision's options below

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_retry_answer(snap_compare: Snap) -> None:
    """Learn from your mistakes: a marked decision chosen again (the review's best), the
    answer with the review's figures and, after ``b``, the best with its reason."""
    from monstertrick.review import Game, Settings
    from monstertrick.tui.messages import Decided
    from monstertrick.tui.screens.review import ReviewScreen

    match = make_match(THREE, 3, rounds_done=3)
    app = app_for(session=match)
    app.review_settings = Settings(seed=1, playouts=2, luck_samples=1)

    async def run_before(pilot: Pilot[int]) -> None:
        from monstertrick.mistakes import retries

        await pilot.press("r")
        await pilot.app.workers.wait_for_complete()
        screen = pilot.app.screen
        assert isinstance(screen, ReviewScreen)
        while not screen.finished:
            await pilot.pause()
        seat = screen.retry_seat()
        assert seat is not None and screen.review is not None
        game = Game(match.rules.to_record(match.state))
        first = retries(game, screen.review, seat)[0]
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        legal = {str(a): a for a in first.view.legal_actions}
        pilot.app.screen.post_message(Decided(seat, legal[first.reviewed.options[0].action]))
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_rules(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(seats=parse_seats(list(THREE)), seed=3)
    assert snap_compare(app, terminal_size=size, press=["f1"])


@pytest.mark.parametrize("size", SIZES)
def test_quit_dialog(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(seats=parse_seats(list(THREE)), seed=3)
    assert snap_compare(app, terminal_size=size, press=["ctrl+q"])


def test_too_small(snap_compare: Snap) -> None:
    app = app_for(seats=parse_seats(list(THREE)), seed=3)
    assert snap_compare(app, terminal_size=(60, 20))


def _saved_games(home: Path) -> None:
    """Two unfinished games and two finished ones of Monster Trick, and a finished one
    of each other game, with fixed names and dates."""
    import random

    from monstertrick.games.monster_trick import GAME
    from monstertrick.games.monster_trick.engine import GameState, Phase
    from monstertrick.saves import SaveMeta, atomic_write

    for i, (names, stop, folder) in enumerate(
        [
            (THREE, 40, "saves"),
            (FIVE, 70, "saves"),
            (THREE, None, "history"),
            (("Ann", "Bob"), None, "history"),
        ]
    ):
        game = GameState(list(names), seed=i)
        rng = random.Random(i)
        steps = 0
        while game.phase is not Phase.GAME_OVER and (stop is None or steps < stop):
            random_step(game, rng)
            steps += 1
        stamp = f"2026-11-2{i}T18:3{i}:00+00:00"
        meta = SaveMeta([{"name": n, "bot": None} for n in names], i, stamp, stamp, "0.1.0")
        atomic_write(home / folder / f"game{i}.json", GAME.record_text(game, meta.to_json()))
    # A finished game of each other game, older (the lists show the newest first).
    import json

    from monstertrick.games import GAMES
    from monstertrick.seating import parse_seats
    from monstertrick.session import Session

    for i, (key, names) in enumerate(
        [("magic-trick", ("Ann", "Bob", "Cid", "Dee")), ("monster-taking", ("Ann", "Bob"))]
    ):
        match = Session.start(parse_seats([f"{n}:easy" for n in names], game=key), i, game=key)
        match.play_to_end()
        stamp = f"2026-11-1{i}T18:3{i}:00+00:00"
        meta = SaveMeta([{"name": n, "bot": "easy"} for n in names], i, stamp, stamp, "0.1.0")
        doc = GAMES[key].load().to_record(match.state, meta.to_json())
        atomic_write(home / "history" / f"{key}.json", json.dumps(doc))


@pytest.fixture
def saved_games(monstertrick_home: Path, utc: None) -> None:
    _saved_games(monstertrick_home)


@pytest.mark.parametrize("size", SIZES)
def test_continue(snap_compare: Snap, size: tuple[int, int], saved_games: None) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await pilot.press("c")

    assert snap_compare(app_for(), terminal_size=size, run_before=run_before)


@pytest.fixture
def unfinished_games(monstertrick_home: Path, utc: None) -> None:
    save_unfinished_games(monstertrick_home, LONG)


def test_continue_every_game_long_names(snap_compare: Snap, unfinished_games: None) -> None:
    # At 80 columns every column is whole: names and places wrap, dates never cut.
    async def run_before(pilot: Pilot[int]) -> None:
        await pilot.press("c")

    assert snap_compare(app_for(), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_history(snap_compare: Snap, size: tuple[int, int], saved_games: None) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await pilot.press("h")

    assert snap_compare(app_for(), terminal_size=size, run_before=run_before)


def test_profiles(snap_compare: Snap, saved_games: None) -> None:
    # Every game's people and computer levels, the cursor on the first person.
    async def run_before(pilot: Pilot[int]) -> None:
        await pilot.press("p", "down")

    assert snap_compare(app_for(), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_replay_viewer(snap_compare: Snap, size: tuple[int, int], saved_games: None) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await pilot.press("h", "enter", "home", "pagedown", *["right"] * 9)

    assert snap_compare(app_for(), terminal_size=size, run_before=run_before)
