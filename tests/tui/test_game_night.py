"""What a player noticed at a real game night: headers, keys, the moves before a turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.games.monster_trick.tui.watch import WatchScreen
from monstertrick.seating import parse_seats
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.quit import QuitScreen
from monstertrick.tui.screens.start import StartScreen

from .helpers import THEME, Toasts, make_match, screen_text

LONG = (
    "Alexandria Smith",
    "Bartholomew Jone",
    "Christopher Lee",
    "Dominique Ferrar",
    "Evangeline Moss",
)


def topbar(app: GamesApp) -> str:
    return screen_text(app).splitlines()[0]


async def test_after_a_move_the_header_names_the_mover_as_having_played() -> None:
    app = GamesApp(session=make_match(["Ann", "Bob", "Cid"], 5, moves=4))
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "● Bob to play · card 2 of 12" in topbar(app)
        slot = table.view.legal_slots(table.view.hand[0])[0]
        await pilot.press(str(slot + 1))
        # ▶ now points at Cid; the header no longer says Bob is to play.
        assert "● Bob played card 2 of 12" in topbar(app)
        assert "to play" not in topbar(app)


async def test_a_computer_player_laying_out_its_vp_row_is_not_to_play_card_0() -> None:
    app = GamesApp(seats=parse_seats(["Ann", "Cy:easy", "Bob"]), seed=2, pace=60)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter", "enter")  # handoff, Ann's VP row, "go on"
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
        bar = topbar(app)
        assert "● Cy arranged their VP cards" in bar, bar
        assert "card 0" not in bar


async def test_home_and_end_move_in_the_hand() -> None:
    app = GamesApp(session=make_match(["Ann", "Bob"], 5))
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("end")
        assert table.cursor == len(table.view.hand) - 1
        await pilot.press("home")
        assert table.cursor == 0


async def test_the_palettes_quit_asks_first_during_a_game() -> None:
    app = GamesApp(session=make_match(["Ann", "Bob"], 5))
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        quit_command = next(c for c in app.get_system_commands(app.screen) if c.title == "Quit")
        quit_command.callback()
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
    assert app.return_code in (None, 0)


async def test_a_screenshot_goes_to_a_folder_that_exists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "nobody"))  # no ~/Downloads
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", str(tmp_path / "nobody" / "Downloads"))
    app = GamesApp()
    app.theme = THEME
    toasts = Toasts()
    async with app.run_test(size=(80, 24), message_hook=toasts.seen) as pilot:
        app.save_screen_picture()
        await pilot.pause()
        await pilot.pause()
        pictures = list(
            Path(__import__("os").environ["MONSTERTRICK_HOME"]).glob("screenshots/*.svg")
        )
        assert pictures, [n.message for n in toasts]


async def test_the_start_screens_key_bar_shows_every_key_the_readme_names() -> None:
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        bar = screen_text(app).splitlines()[-1]
        for key, what in (
            ("c", "Continue"),
            ("n", "New game"),
            ("h", "History"),
            ("r", "Rules"),
            ("q", "Quit"),
        ):
            assert f" {key} {what}" in bar, bar


async def test_five_long_names_at_80x24_show_the_newest_moves_totals_and_whole_messages() -> None:
    app = GamesApp(session=make_match(LONG, 8, moves=23))
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        since = table.query_one("#since")
        assert since.max_scroll_y > 0  # more moves than fit ...
        assert since.scroll_y == since.max_scroll_y  # ... and the newest are in view
        text = screen_text(app)
        assert text.count("Tot") == 1
        # Each player line ends with its total, inside the panel.
        assert all(line.split("│")[1].rstrip().endswith("0") for line in text.splitlines()[3:8])
        for n in range(4):
            assert f"Trick {n + 1}" in text
        slot = table.view.legal_slots(table.view.hand[0])[0]
        await pilot.press(str(slot + 1))
        status = table.query_one("#status")
        message = str(status.render())
        assert message.endswith("Press Enter to pass the keyboard on, or u to take it back.")
        assert "or u to take it back." in " ".join(screen_text(app).split())


async def test_the_key_bar_says_go_on_when_the_message_does() -> None:
    """After a decision, Enter's name in the key bar matches the message: "Pass on"
    when another person takes the keyboard next, "Go on" when nobody does."""
    from monstertrick.games.monster_trick.tui.arrange import ArrangeScreen

    def key_bar() -> str:
        return screen_text(app).splitlines()[-1]

    app = GamesApp(seats=parse_seats(["Ann", "Cy:easy"]), seed=2, pace=60)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ArrangeScreen)  # alone: no handoff
        await pilot.press("enter")
        assert "Press Enter to go on" in " ".join(screen_text(app).split())
        assert "⏎ Go on" in key_bar() and "Pass on" not in key_bar(), key_bar()
    app = GamesApp(session=make_match(["Ann", "Cy:easy"], 5))
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.player == 0
        slot = table.view.legal_slots(table.view.hand[0])[0]
        await pilot.press(str(slot + 1))
        assert "Press Enter to go on" in " ".join(screen_text(app).split())
        assert "⏎ Go on" in key_bar() and "Pass on" not in key_bar(), key_bar()
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=2)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the handoff to Ann
        assert isinstance(app.screen, ArrangeScreen)
        await pilot.press("enter")
        assert "Press Enter to pass the keyboard on" in " ".join(screen_text(app).split())
        assert "⏎ Pass on" in key_bar() and "Go on" not in key_bar(), key_bar()


@pytest.mark.parametrize("game", ["monster-trick", "monster-taking", "magic-trick"])
async def test_a_screenshot_from_the_palette_is_named_after_the_game(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+P → Screenshot: the file and the picture's title name the game on screen,
    both while it is played and in its replay viewer."""
    import os

    from monstertrick.games import GAMES
    from monstertrick.session import Session

    monkeypatch.setenv("HOME", str(tmp_path / "nobody"))  # no ~/Downloads
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", str(tmp_path / "nobody" / "Downloads"))
    monkeypatch.setattr(GamesApp, "SCREENSHOT_DELAY", 0)
    folder = Path(os.environ["MONSTERTRICK_HOME"]) / "screenshots"
    title = GAMES[game].title
    people = {"monster-trick": 3, "monster-taking": 2, "magic-trick": 4}[game]
    names = ["Ann", "Bob", "Cid", "Dee"][:people]
    played = Session.start(parse_seats([f"{n}:easy" for n in names], game=game), 4, game=game)
    played.play_to_end()
    for app in (
        GamesApp(session=Session.start(parse_seats(names, game=game), 4, game=game)),
        GamesApp(view=played.state, game=game),
    ):
        app.theme = THEME
        before = set(folder.glob("*.svg"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+p", *"Screenshot", "enter")
            for _ in range(50):
                await pilot.pause()
                if set(folder.glob("*.svg")) - before:
                    break
        (picture,) = set(folder.glob("*.svg")) - before
        assert picture.name.startswith(f"{title.replace(' ', '_')}_"), picture.name
        svg = picture.read_text(encoding="utf-8")
        assert f">{title}<" in svg.replace("&#160;", " ")
        for other in GAMES.values():
            if other.title != title:
                assert f">{other.title}<" not in svg.replace("&#160;", " ")
