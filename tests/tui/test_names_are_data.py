"""Player names are data: shown literally everywhere, never read as markup."""

from __future__ import annotations

import random

import pytest

from monstertrick.games.monster_trick.tui.ends import GameOverScreen, RoundEndScreen
from monstertrick.games.monster_trick.tui.log import LogPanel
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen

from .helpers import THEME, Toasts, play_through, screen_text

#: Names the setup form accepts that are also Rich/Textual markup.
HOSTILE = ("[/]", "[@click=quit]Q", "[b]Bo")


@pytest.mark.slow
async def test_markup_names_show_literally_through_the_last_round() -> None:
    """From the end of the second round, the last round's screens and the final standings
    (every screen of a game comes in each round)."""
    from .helpers import make_match

    app = GamesApp(session=make_match([*HOSTILE], 9, rounds_done=1, to_round_end=True))
    app.theme = THEME
    seen_on: set[str] = set()

    def check() -> None:
        screen = app.screen
        text = screen_text(app)
        if isinstance(screen, HandoffScreen):
            assert f"Pass the keyboard to ● {HOSTILE[screen.player]}" in text
            seen_on.add("handoff")
        elif isinstance(screen, (RoundEndScreen, GameOverScreen)):
            for name in HOSTILE:
                assert name in text, (name, text)
            seen_on.add(type(screen).__name__)

    async with app.run_test(size=(100, 30)) as pilot:
        await play_through(pilot, rng=random.Random(4), on_screen=check)
        assert isinstance(app.screen, GameOverScreen)
        assert app.return_code is None  # the [@click=quit] name never quit the app
    assert seen_on == {"handoff", "RoundEndScreen", "GameOverScreen"}


async def test_markup_names_show_literally_in_the_log_and_toasts() -> None:
    from .helpers import make_match

    match = make_match(list(HOSTILE), 4, moves=5)
    app = GamesApp(session=match)
    app.theme = THEME
    toasts = Toasts()
    async with app.run_test(size=(100, 30), message_hook=toasts.seen) as pilot:
        await pilot.press("enter")
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen.panel, LogPanel)
        text = screen_text(app)
        assert "[/]" in text and "[@click=quit]Q" in text
        await pilot.press("escape")
        match.save_error = "cannot save [b]here[/b]"
        app._warn_if_not_saved(match)
        await pilot.pause()
        # The toast keeps the text as it is: it is not read as markup.
        shown = [(n.message, n.markup) for n in toasts]
        assert ("cannot save [b]here[/b]", False) in shown, shown
