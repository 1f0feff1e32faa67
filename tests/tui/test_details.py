"""Smaller promises: mouse play, import hygiene, NO_COLOR, the game log."""

from __future__ import annotations

import subprocess
import sys

from monstertrick.games.monster_trick.tui.log import LogPanel
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.games.monster_trick.tui.widgets import Hand, TrickSlot
from monstertrick.tui.app import GamesApp

from .helpers import make_match, screen_text


async def test_mouse_picks_a_card_and_plays_it_on_a_slot() -> None:
    match = make_match(["Ann", "Bob", "Cid"], 3, moves=14)
    app = GamesApp(session=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        hand = screen.view.hand
        await pilot.click(Hand, offset=(1 + 6 * 2 + 1, 1))  # the third card
        await pilot.pause()
        assert screen.cursor == 2
        slot = screen.view.legal_slots(hand[2])[0]
        await pilot.click(f"#slot-{slot}")
        await pilot.pause()
        assert screen.result is not None
        assert match.state.turn == 15
        assert hand[2] not in match.view(screen.player).hand
        slot_widget = screen.query_one(f"#slot-{slot}", TrickSlot)
        assert slot_widget.mark == ""


async def test_game_log_shows_the_rounds_public_events() -> None:
    match = make_match(["Ann", "Bob", "Cid"], 3, moves=6)
    app = GamesApp(session=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and isinstance(screen.panel, LogPanel)
        text = screen_text(app)
        first = match.log[3]  # after the three Arranged events
        assert first.describe(match.names) in text
        assert "arranged" not in text
        await pilot.press("l")
        await pilot.pause()
        assert app.screen is screen and screen.panel is None
        assert not screen.query(LogPanel)


def test_help_and_replay_never_import_textual() -> None:
    code = (
        "import sys\n"
        "from monstertrick import cli\n"
        "try:\n"
        "    cli.main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "cli.build_parser()\n"
        "import monstertrick.session\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_no_color_keeps_the_card_letters() -> None:
    code = (
        "import asyncio, sys\n"
        "sys.path.insert(0, '.')\n"
        "from tests.tui.helpers import make_match, screen_text\n"
        "from monstertrick.tui.app import GamesApp\n"
        "from monstertrick.tui.screens.handoff import HandoffScreen\n"
        "HandoffScreen.ACCEPT_DELAY = 0\n"
        "async def main():\n"
        "    app = GamesApp(session=make_match(['Ann', 'Bob'], 4, moves=3))\n"
        "    assert app.no_color\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        await pilot.press('enter')\n"
        "        print(screen_text(app))\n"
        "asyncio.run(main())\n"
    )
    env = {**__import__("os").environ, "NO_COLOR": "1"}
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Your VP row" in result.stdout
    assert any(f"{c}1" in result.stdout or f"{c}2" in result.stdout for c in "BGPY")
