"""The terminal cursor sits on the label of what has the focus, on every screen of every
game: the card under the cursor, the trick slot, the VP card being moved, a button, a
list's row, a field; on the status line when a decision is shown, on the first line of a
screen with nothing to choose. (The real terminal's cursor is checked in a pty by
test_cursor_pty.py; these read where the app puts it, and what is drawn there.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button, DataTable, Input, Select

from monstertrick.games.magic_trick.tui.table import PlayScreen
from monstertrick.games.monster_taking.tui.table import TurnScreen
from monstertrick.games.monster_trick.tui.arrange import ArrangeScreen
from monstertrick.games.monster_trick.tui.ends import RoundEndScreen
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.games.monster_trick.tui.watch import WatchScreen
from monstertrick.seating import parse_seats
from monstertrick.session import Session
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen
from monstertrick.tui.screens.quit import QuitScreen
from monstertrick.tui.screens.saved import ContinueScreen, HistoryScreen
from monstertrick.tui.screens.setup import SetupScreen
from monstertrick.tui.screens.start import StartScreen

from .cursor_check import assert_on, at_cursor, cursor
from .helpers import THEME, make_match, save_unfinished_games, until


def app_of(session: Session) -> GamesApp:
    app = GamesApp(session=session, pace=0)
    app.theme = THEME
    return app


# ---------------------------------------------------------------- Monster Trick


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_monster_trick_table_cursor_on_the_card_then_the_slot_then_the_result(
    size: tuple[int, int],
) -> None:
    match = make_match(["Ann", "Bob", "Cid"], 5, moves=4)
    app = app_of(match)
    async with app.run_test(size=size) as pilot:
        assert isinstance(app.screen, HandoffScreen)
        assert_on(app, "Pass the keyboard to")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        hand = screen.view.hand
        assert_on(app, str(hand[0]))
        for key, index in (("right", 1), ("right", 2), ("end", -1), ("home", 0), ("left", -1)):
            await pilot.press(key)
            await pilot.pause()
            assert_on(app, str(hand[index]))
        # ↑/↓ take the cursor to the slot's title; ←/→ bring it back to the card.
        for key, slot in (("down", 1), ("down", 2), ("up", 1)):
            await pilot.press(key)
            await pilot.pause()
            assert screen.slot_cursor == slot
            assert_on(app, f"Trick {slot + 1}")
        await pilot.press("right")
        await pilot.pause()
        assert_on(app, str(hand[0]))
        card = hand[0]
        slot = screen.view.legal_slots(card)[0]
        await pilot.press(str(slot + 1))
        await pilot.pause()
        assert screen.result is not None
        assert at_cursor(app).startswith("You ")  # the status line: what the move did


async def test_monster_trick_cursor_on_the_vp_card_being_moved() -> None:
    match = Session.start(parse_seats(["Ann", "Bob"]), 7)
    app = app_of(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArrangeScreen)
        assert_on(app, f"[{screen.order[0]}]")
        first = cursor(app)
        await pilot.press("right")
        await pilot.pause()
        assert_on(app, f"[{screen.order[1]}]")
        assert cursor(app).y == first.y and cursor(app).x > first.x
        await pilot.press("shift+left")  # the card moves: the cursor goes with it
        await pilot.pause()
        assert screen.cursor == 0
        assert cursor(app) == first
        assert_on(app, f"[{screen.order[0]}]")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.confirmed
        assert_on(app, "Your VP row is laid out.")


async def test_monster_trick_computer_turn_and_round_end_put_the_cursor_on_what_they_say() -> None:
    match = make_match(["Ann", "Cy:easy"], 3, moves=1)  # Cy plays next
    app = GamesApp(session=match, pace=30)  # a computer move stays on screen
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, WatchScreen), "a computer turn")
        screen = app.screen
        assert isinstance(screen, WatchScreen)
        await app.workers.wait_for_complete()
        await until(pilot, lambda: screen.result is not None, "the computer's move")
        await pilot.pause()
        assert_on(app, "Cy ")  # "Cy opened trick 1 with …"

    ended = make_match(["Ann", "Bob"], 3, to_round_end=True)
    app = app_of(ended)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), "the round's end")
        await pilot.pause()
        assert_on(app, "Round 1 of 3 is over")


# ---------------------------------------------------------------- Magic Trick


async def test_magic_trick_cursor_on_the_card_in_the_hand_row() -> None:
    game = "magic-trick"
    match = Session.start(parse_seats(["Ann", "Bob", "Cid", "Dee"], game=game), 5, game=game)
    app = app_of(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PlayScreen), "Ann's turn")
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        await until(pilot, lambda: not screen.waiting, "Ann's keys count")
        seat = screen.view.seats[screen.seat]

        def on_card() -> None:
            assert_on(app, f"[{seat.spots[screen.cursor].suit.letter}]")

        on_card()
        seen = {cursor(app)}
        for key in ("right", "right", "left", "right", "right"):
            await pilot.press(key)
            await pilot.pause()
            on_card()
            seen.add(cursor(app))
        assert len(seen) >= 3 and len({y for _, y in seen}) == 1
        await pilot.press("p" if screen.step_task == "sleeve" else "enter")
        await pilot.pause()
        assert screen.result is not None
        assert_on(app, "Ann ")  # the status line: what Ann did


# ---------------------------------------------------------------- Monster Taking


async def test_monster_taking_cursor_on_the_card_in_the_hand() -> None:
    game = "monster-taking"
    match = Session.start(parse_seats(["Ann", "Bob"], game=game), 5, game=game)
    app = app_of(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        hand = screen.the_view().hand
        assert hand is not None
        assert_on(app, str(hand[screen.cursor]))
        for key in ("right", "right", "end", "home", "left"):
            await pilot.press(key)
            await pilot.pause()
            assert_on(app, str(hand[screen.cursor]))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.result is not None
        assert_on(app, "Ann ")  # the status line: "Ann laid … for the suit strength"
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        assert_on(app, "Keep playing (n)")
        await pilot.press("shift+tab")
        await pilot.pause()
        assert_on(app, "Quit (y)")


# ---------------------------------------------------------------- the shell's screens


async def test_start_menu_cursor_on_the_focused_button() -> None:
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StartScreen)
        for _ in range(4):
            focused = app.screen.focused
            assert isinstance(focused, Button)
            assert_on(app, str(focused.label))
            await pilot.press("tab")
            await pilot.pause()


async def test_setup_form_cursor_in_the_field_on_the_choice_and_the_button() -> None:
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        name = screen.query_one("#name-0", Input)
        assert_on(app, "name (up to")  # the caret, before the field's placeholder
        start = cursor(app)
        assert start.y == name.content_region.y
        await pilot.press(*"Ann")
        await pilot.pause()
        assert cursor(app) == start + (3, 0)  # the caret, after the name typed
        assert at_cursor(app, 1) == " "
        await pilot.press("tab")  # the seat's "played by" choice
        await pilot.pause()
        assert isinstance(screen.focused, Select)
        assert_on(app, "person")
        await pilot.press("enter", "down")  # open it, highlight the next option
        await pilot.pause()
        assert_on(app, "computer · easy")
        await pilot.press("escape")
        await pilot.pause()
        assert_on(app, "person")
        start = screen.query_one("#start", Button)
        start.focus()
        await pilot.pause()
        assert_on(app, "Start the game (F5)")


async def test_saved_game_lists_cursor_on_the_row(monstertrick_home: Path) -> None:
    save_unfinished_games(monstertrick_home, ["Ann", "Bob", "Cid", "Dee", "Eve"])
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ContinueScreen)
        table = screen.query_one(DataTable)
        titles = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert len(titles) == 3
        for key, row in (("down", 1), ("down", 2), ("up", 1), ("up", 0)):
            assert_on(app, titles[table.cursor_row])
            await pilot.press(key)
            await pilot.pause()
            assert table.cursor_row == row
        rows = {cursor(app).y}
        for _ in range(2):
            await pilot.press("down")
            await pilot.pause()
            rows.add(cursor(app).y)
        assert len(rows) == 3


@pytest.mark.slow
async def test_history_viewer_and_review_cursor() -> None:
    from monstertrick.games.monster_trick.tui.viewer import ViewerScreen
    from monstertrick.tui.screens.review import ReviewScreen

    from .test_saved_games import saved_match

    saved_match(3, 200)  # a whole game, under History
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        table = screen.query_one("#history-table", DataTable)
        assert table.row_count == 1
        assert_on(app, str(table.get_row_at(0)[0]))  # its date
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ViewerScreen)
        assert_on(app, "Ann, Bob, Cid · Round 1 of 3")  # the step's status line
        await pilot.press("right")
        await pilot.pause()
        assert_on(app, "Ann, Bob, Cid · Round 1 of 3")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        decisions = review.query_one(DataTable)
        await until(pilot, lambda: decisions.row_count >= 3, "three decisions judged")
        await pilot.pause()
        assert_on(app, str(decisions.get_row_at(0)[0]))
        await pilot.press("down")
        await pilot.pause()
        assert_on(app, str(decisions.get_row_at(1)[0]))


async def test_a_panel_has_the_cursor_on_its_first_line_while_it_is_open() -> None:
    match = make_match(["Ann", "Bob", "Cid"], 5, moves=4)
    app = app_of(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("l")
        await pilot.pause()
        lines = screen.session.round_log()
        assert lines
        assert screen.panel is not None and cursor(app) in screen.panel.region
        assert at_cursor(app).strip()
        await pilot.press("l")
        await pilot.pause()
        assert_on(app, str(screen.view.hand[screen.cursor]))
