"""Take-back until hand-over: `u` (or Backspace) on the "turn played" screen."""

from __future__ import annotations

from monstertrick.games.monster_trick.engine import Arrange, Move
from monstertrick.games.monster_trick.engine.record import to_record
from monstertrick.games.monster_trick.tui.arrange import ArrangeScreen
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.games.monster_trick.tui.widgets import Hand, VPRow
from monstertrick.seating import parse_seats
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen

from ...tui.helpers import THEME, make_match, screen_text


async def test_a_card_played_can_be_taken_back_until_the_keyboard_is_passed_on() -> None:
    session = make_match(["Ann", "Bob", "Cid"], 5, moves=4)
    app = GamesApp(session=session)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        table = app.screen
        assert isinstance(table, TableScreen)
        before = to_record(session.state)
        hand = table.view.hand
        slot = table.view.legal_slots(hand[0])[0]
        await pilot.press(str(slot + 1))
        assert table.result is not None
        assert "u Take back" in screen_text(app)
        await pilot.press("u")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, TableScreen) and again.player == table.player
        assert again.result is None and again.view.hand == hand
        assert to_record(session.state) == before
        # Played again and passed on: it stands.
        await pilot.press(str(slot + 1), "enter")
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("u", "backspace")
        assert isinstance(app.screen, HandoffScreen)
        assert to_record(session.state) != before


async def test_a_card_taken_back_is_under_the_cursor_again() -> None:
    """After ``u`` the cursor is on the card taken back (not the first card), so a quick
    digit plays that card again."""
    session = make_match(["Ann", "Bob", "Cid"], 5, moves=4)
    app = GamesApp(session=session)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "right", "right")
        table = app.screen
        assert isinstance(table, TableScreen) and table.cursor == 2
        card = table.view.hand[2]
        slot = table.view.legal_slots(card)[-1]
        await pilot.press(str(slot + 1))
        assert session.state.log[-1].moves[-1] == Move.of(card, slot)
        await pilot.press("u")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, TableScreen) and again.result is None
        assert again.view.hand[again.cursor] == card
        assert again.query_one(Hand).cursor == again.cursor and again.slot_cursor == slot
        await pilot.press(str(slot + 1))
        assert session.state.log[-1].moves[-1] == Move.of(card, slot)


async def test_a_vp_row_confirmed_can_be_taken_back_with_backspace() -> None:
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=3)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, ArrangeScreen)
        await pilot.press("shift+right", "enter")
        assert screen.confirmed
        assert app.session is not None and app.session.state.arrangement(0) == (2, 1, 3)
        await pilot.press("backspace")
        await pilot.pause()
        assert isinstance(app.screen, ArrangeScreen) and not app.screen.confirmed
        assert app.session.state.arrangement(0) is None
        # The row comes back as it was laid, not as [1][2][3].
        assert app.screen.order == [2, 1, 3]
        assert app.screen.query_one(VPRow).values == (2, 1, 3)
        await pilot.press("enter", "enter")
        assert app.session.state.arrangement(0) == (2, 1, 3)
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == 1


async def test_the_vp_row_goes_to_the_game_as_its_arrange_action() -> None:
    """The arrange screen decides with the game's own action for a VP row (an Arrange),
    and a row taken back comes back from it as it was laid."""
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=3)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "shift+right", "shift+right", "enter")
        session = app.session
        assert session is not None and session.state.arrangement(0) == (2, 3, 1)
        await pilot.press("u")
        await pilot.pause()
        taken = session.taken_back(0)
        assert isinstance(taken, Arrange) and taken == Arrange.of((2, 3, 1))
        assert isinstance(app.screen, ArrangeScreen) and app.screen.order == [2, 3, 1]
