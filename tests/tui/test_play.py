"""Complete games through the UI, and the setup form."""

from __future__ import annotations

import random
import re

import pytest
from textual import events
from textual.geometry import Size
from textual.widgets import Input

from monstertrick.games.monster_trick.engine import Move, standings
from monstertrick.games.monster_trick.tui.ends import GameOverScreen
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.seating import parse_seats
from monstertrick.tui.app import GamesApp as MonsterTrickApp
from monstertrick.tui.screens.handoff import HandoffScreen
from monstertrick.tui.screens.quit import QuitScreen
from monstertrick.tui.screens.rules import RulesScreen
from monstertrick.tui.screens.setup import SeatRow, SetupScreen
from monstertrick.tui.screens.start import StartScreen
from monstertrick.tui.screens.too_small import TooSmallScreen

from .helpers import THEME, play_through, screen_text, until


@pytest.mark.slow
async def test_two_player_game_to_the_final_standings() -> None:
    # As `monstertrick play --players "Ann,Bob" --seed 11` starts it.
    app = MonsterTrickApp(seats=parse_seats(["Ann", "Bob"]), seed=11)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HandoffScreen)
        await play_through(pilot, rng=random.Random(2))
        assert isinstance(app.screen, GameOverScreen)
        assert app.session is not None
        outcome = app.session.state.outcome()
        assert outcome is not None
        text = screen_text(app)
        assert "final standings" in text
        assert outcome.explain(("Ann", "Bob"))[:40] in text.replace("\n", " ")
        # Each player's round scores and total on their row, rows in the ranking's order.
        row = re.compile(r"\b(Ann|Bob)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\b")
        found = [m.groups() for m in map(row.search, text.splitlines()) if m]
        scores = app.session.state.round_scores()
        expected = [
            (("Ann", "Bob")[p], *(str(r[p]) for r in scores), str(outcome.totals[p]))
            for p in standings(scores)
        ]
        assert found == expected, text
        await pilot.press("q")
    assert app.return_code == 0


async def test_setup_form_refuses_bad_names_then_starts() -> None:
    app = MonsterTrickApp()
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StartScreen)
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        # Nothing typed: starting shows an inline error, nothing crashes.
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "a name cannot be empty" in screen_text(app)
        # Duplicate names.
        name0 = screen.query_one("#name-0", Input)
        name1 = screen.query_one("#name-1", Input)
        name0.focus()
        await pilot.press(*"Ann")
        name1.focus()
        await pilot.press(*"ann")
        await pilot.pause()
        assert "names must differ" in screen_text(app)
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        # A third seat with a name that is too long.
        await pilot.press("f2")
        await pilot.pause()
        assert len(screen.query(SeatRow)) == 3
        name2 = screen.query_one("#name-2", Input)
        name2.focus()
        await pilot.press(*"Bartholomew-the-Great")
        await pilot.pause()
        assert "too long: at most 16 characters" in screen_text(app)
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        # Fix everything: remove the third seat, rename the second, give a seed.
        await pilot.press("f3")
        await pilot.pause()
        assert len(screen.query(SeatRow)) == 2
        name1.value = "Bob"
        screen.query_one("#seed", Input).value = "42"
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.session is not None
        assert app.session.names == ("Ann", "Bob")
        assert app.session.seed == 42
        assert "Pass the keyboard to ● Ann" in screen_text(app)


async def test_handoff_ignores_other_keys_and_rules_come_back() -> None:
    app = MonsterTrickApp(seats=parse_seats(["Ann", "Bob", "Cid"]), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HandoffScreen)
        await pilot.press("space", "1", "right", "a", "escape", "tab")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "how to play" in screen_text(app).lower()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_illegal_slot_shows_the_reason_and_changes_nothing() -> None:
    from .helpers import make_match

    match = make_match(["Ann", "Bob", "Cid"], 5, moves=9)
    app = MonsterTrickApp(session=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        view = screen.view
        i, card, bad = next(
            (i, card, bad)
            for i, card in enumerate(view.hand)
            if (bad := [s for s in range(4) if s not in view.legal_slots(card)])
        )
        await pilot.press(*["right"] * i, str(bad[0] + 1))
        await pilot.pause()
        reason = match.state.illegal_reason(Move.of(card, bad[0]))
        assert reason is not None
        assert screen.result is None
        assert match.state.turn == 9
        assert reason[:30] in screen_text(app).replace("\n", " ")


async def test_quit_asks_while_a_game_runs() -> None:
    app = MonsterTrickApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_two_tiny_sizes_at_once_then_the_game_carries_on() -> None:
    """A browser tab made tiny sends sizes faster than the notice goes up."""
    app = MonsterTrickApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        handoff = app.screen
        for width, height in ((1, 1), (2, 1)):  # both before the notice is on screen
            size = Size(width, height)
            app._driver._size = size  # as Pilot.resize_terminal does, without its pause
            app.post_message(events.Resize(size, size))
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the too-small notice")
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: app.screen is handoff, "the game back on screen")
    assert app.return_code in (None, 0)


async def test_too_small_then_the_game_carries_on() -> None:
    app = MonsterTrickApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        arrange = app.screen
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the too-small notice")
        assert "at least 80×24" in screen_text(app)
        await pilot.press("enter", "shift+right")
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: app.screen is arrange, "the game back on screen")
        assert app.session is not None and not any(app.session.state.view(0).arranged)
