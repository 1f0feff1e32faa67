"""A computer player's turn on screen: the pace keys and the game log."""

from __future__ import annotations

from textual.pilot import Pilot

from monstertrick.games.monster_taking import Pay
from monstertrick.games.monster_taking.tui.log import LogPanel
from monstertrick.games.monster_taking.tui.table import TurnScreen, WatchScreen
from monstertrick.seating import MAX_PACE, parse_seats
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen

from ...tui.helpers import screen_text

GAME = "monster-taking"
THEME = "textual-dark"


def app_against_a_computer(pace: float) -> GamesApp:
    app = GamesApp(seats=parse_seats(["Ann", "Bob:easy"], game=GAME), seed=3, pace=pace, game=GAME)
    app.theme = THEME
    return app


async def a_computer_move_on_screen(pilot: Pilot[int], moves: int = 1) -> WatchScreen:
    """Play on (Ann lays or plays the card under her cursor) until Bob's ``moves``-th
    move is shown; the pace keeps it on screen."""
    app = pilot.app
    seen = 0
    for _ in range(100):
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, WatchScreen) and screen.result is not None:
            seen += 1
            if seen == moves:
                return screen
            await pilot.press("space")
        elif isinstance(screen, TurnScreen) and screen.result is None and screen.what == "pay":
            view = screen.the_view()
            assert view.hand is not None
            payment = view.legal_actions[0]
            assert isinstance(payment, Pay)
            for card in payment.cards:
                steps = view.hand.index(card) - screen.cursor
                await pilot.press(*(["right"] * steps if steps >= 0 else ["left"] * -steps))
                await pilot.press("space")
            await pilot.press("enter")
        elif isinstance(screen, (HandoffScreen, TurnScreen)):
            await pilot.press("enter")
    raise AssertionError(f"no computer move on screen: {screen_text(app)}")


def topbar(screen: WatchScreen) -> str:
    return str(screen.query_one("#mt-topbar").render())


async def test_minus_and_plus_change_the_pause_after_a_computer_move() -> None:
    app = app_against_a_computer(pace=MAX_PACE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await a_computer_move_on_screen(pilot)
        session = app.session
        assert session is not None
        assert "pause 30 s" in topbar(screen)
        footer = screen_text(app).splitlines()[-1]
        assert "-/+ Pause" in footer and "l Log" in footer
        for key, pace in [
            ("minus", 5.0),
            ("minus", 3.0),
            ("minus", 2.0),
            ("plus", 3.0),
            ("equals_sign", 5.0),
            ("plus", 5.0),
        ]:
            await pilot.press(key)
            assert session.pace == pace, key
            assert f"pause {pace:g} s" in topbar(screen)
        await pilot.press(*["minus"] * 8)
        assert session.pace == 0
        assert "pause no pause" in topbar(screen)
        assert app.screen is screen


async def test_l_shows_the_log_of_this_game_and_closes_it() -> None:
    app = app_against_a_computer(pace=MAX_PACE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await a_computer_move_on_screen(pilot, moves=3)
        session = app.session
        assert session is not None
        names = session.names
        events = session.round_log()
        assert len(events) >= 4
        await pilot.press("l")
        await pilot.pause()
        log = screen.panel
        assert app.screen is screen and isinstance(log, LogPanel)
        text = str(log.query_one("#lines-log").render())
        assert text.splitlines() == [e.describe(names) for e in events]
        assert "Game log · game 1" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert app.screen is screen and screen.panel is None
        await pilot.press("l", "escape")
        await pilot.pause()
        assert app.screen is screen and screen.panel is None
