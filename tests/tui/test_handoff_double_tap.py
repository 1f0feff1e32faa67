"""A handoff is passed only by a deliberate key press made after it appeared."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from monstertrick.games.monster_trick.tui.arrange import ArrangeScreen
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.seating import parse_seats
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen

from .helpers import THEME, make_match, screen_text, until, until_handoff_accepts


@pytest.fixture
def long_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """A delay longer than the real one (0.6 s): long enough that the double taps below come
    within it even on a loaded machine, where a press and the screen change after it
    can take a good part of a second (put back after the test)."""
    monkeypatch.setattr(HandoffScreen, "ACCEPT_DELAY", 2.0)


async def _to_turn_played(pilot, app: GamesApp) -> None:
    """Ann's handoff, then her turn played: 'Press Enter to pass the keyboard on'."""
    screen = app.screen
    assert isinstance(screen, HandoffScreen)
    await until_handoff_accepts(pilot)
    await pilot.press("enter")
    table = app.screen
    assert isinstance(table, TableScreen)
    legal = table.view.legal_slots(table.view.hand[0])
    await pilot.press(str(legal[0] + 1))
    assert table.result is not None


@pytest.mark.usefixtures("long_delay")
@pytest.mark.parametrize("gap", [0.0, 0.1])
async def test_double_tap_after_a_turn_leaves_the_next_handoff_on_screen(gap: float) -> None:
    app = GamesApp(session=make_match(["Ann", "Bob", "Cid"], seed=5))
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_turn_played(pilot, app)
        await pilot.press("enter")
        if gap:
            await pilot.pause(gap)
        await pilot.press("enter")
        # However slow the machine, the next screen is Bob's handoff, not his turn.
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), "the handoff")
        screen = app.screen
        assert isinstance(screen, HandoffScreen)
        assert screen.player == 1
        text = screen_text(app)
        assert "Pass the keyboard to ● Bob" in text
        if screen.accepts_from is None:
            assert "press Enter" not in text  # the prompt shows only once it accepts
        # A deliberate press after it accepts passes it.
        await until_handoff_accepts(pilot)
        # The prompt is drawn on the next refresh after the screen starts accepting.
        prompt = "Bob, press Enter to play your turn."
        await until(pilot, lambda: prompt in screen_text(app), "the prompt is drawn")
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        assert app.screen.player == 1


@pytest.mark.usefixtures("long_delay")
@pytest.mark.parametrize("gap", [0.0, 0.1])
async def test_double_tap_after_a_vp_row_leaves_the_next_handoff_on_screen(gap: float) -> None:
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=3)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await until_handoff_accepts(pilot)
        await pilot.press("enter")
        assert isinstance(app.screen, ArrangeScreen)
        await pilot.press("enter")  # confirm the VP row
        await pilot.press("enter")  # pass the keyboard on
        if gap:
            await pilot.pause(gap)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), "the handoff")
        screen = app.screen
        assert isinstance(screen, HandoffScreen)
        assert screen.player == 1


async def test_keys_pressed_before_the_handoff_appeared_never_count() -> None:
    # Even with no delay at all, a key queued before the handoff was on screen is dropped.
    app = GamesApp(session=make_match(["Ann", "Bob", "Cid"], seed=5))
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        table = app.screen
        assert isinstance(table, TableScreen)
        legal = table.view.legal_slots(table.view.hand[0])
        await pilot.press(str(legal[0] + 1))
        # An Enter pressed now but handled only after the handoff appeared (a key waiting
        # in the queue while the screens change) does not count.
        early = _key("enter")
        await pilot.press("enter")
        assert isinstance(app.screen, HandoffScreen)
        app.post_message(early)
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen.player == 1
        # A press made now does.
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)


def _key(key: str):
    from textual import events

    return events.Key(key, "\r" if key == "enter" else None)


@pytest.mark.usefixtures("long_delay")
async def test_double_presses_on_every_screen_never_crash_or_skip() -> None:
    # Enter twice on a handoff that accepts keys, a slot key twice on the table, Enter
    # twice on "turn played": each second press finds the game moved on and is dropped.
    app = GamesApp(session=make_match(["Ann", "Bob", "Cid"], seed=5))
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == 0
        await until_handoff_accepts(pilot)
        app.post_message(_key("enter"))
        app.post_message(_key("enter"))
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.player == 0
        slot = table.view.legal_slots(table.view.hand[0])[0]
        key = str(slot + 1)
        played = app.session.state.turn
        app.post_message(events_key(key))
        app.post_message(events_key(key))
        await pilot.pause()
        assert app.session.state.turn == played + 1  # one card, not two
        assert table.result is not None
        await pilot.press("enter", "enter")
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == 1


def events_key(key: str):
    from textual import events

    return events.Key(key, key)


async def test_a_key_pressed_on_the_handoff_never_acts_on_the_private_screen() -> None:
    # Enter twice at once on a handoff: the first passes it, the second (pressed before
    # the table was on screen) does not play a card.
    app = GamesApp(session=make_match(["Ann", "Bob", "Cid"], seed=5))
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        early = _key("enter")
        await pilot.press("enter")
        table = app.screen
        assert isinstance(table, TableScreen)
        app.post_message(early)
        await pilot.pause()
        assert table.result is None and app.session.state.turn == 0


def test_a_player_gets_the_full_delay_however_the_game_is_started() -> None:
    # The tests shorten the delays on the classes, in their own process only. A game
    # started from the command line, here in a fresh process with the environment of
    # this test run and of CI, waits the player's 0.6 s.
    code = (
        "import asyncio, sys\n"
        "from monstertrick import cli\n"
        "from monstertrick.tui.app import GamesApp\n"
        "def headless(app, *args, **kwargs):\n"  # the app the command line made, headless
        "    async def look():\n"
        "        async with app.run_test(size=(80, 24)) as pilot:\n"
        "            await pilot.pause()\n"
        "            screen = app.screen\n"
        "            delay = getattr(screen, 'ACCEPT_DELAY', getattr(screen, 'NEW_PLAYER_DELAY', None))\n"
        "            print(type(screen).__name__, delay)\n"
        "    asyncio.run(look())\n"
        "    return 0\n"
        "GamesApp.run = headless\n"
        "cli.main(['play', '--players', 'Ann,Bob', '--seed', '1'])\n"
        "cli.main(['play', '--game', 'magic-trick', '--players', 'Ann,Bob,Cid,Dee', '--seed', '1'])\n"
    )
    env = {**os.environ, "CI": "true"}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n") == ["HandoffScreen 0.6", "PlayScreen 0.6", ""]
