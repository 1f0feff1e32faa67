"""No meaning in colour alone: what a colour (or a highlight) says on a game's screen is
also in its text. Each test reads the screen as text only, every style stripped (as a
monochrome terminal, a screen reader or a braille display has it), and finds there
which slots take the chosen card, which VP card is being moved, which cards may be
played; whose turn it is and every card's colour are letters and names already."""

from __future__ import annotations

import re

from textual.widgets import Static

from monstertrick.games.magic_trick.tui.table import INDENT, SPOT_WIDTH, PlayScreen
from monstertrick.games.monster_taking.tui.table import CELL, HandRow, TurnScreen
from monstertrick.games.monster_trick.tui.arrange import ArrangeScreen
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.games.monster_trick.tui.widgets import TrickSlot, VPRow
from monstertrick.seating import parse_seats
from monstertrick.session import Session
from monstertrick.tui.app import GamesApp

from .cursor_check import cells
from .helpers import THEME, make_match, until


def app_of(session: Session) -> GamesApp:
    app = GamesApp(session=session, pace=0)
    app.theme = THEME
    return app


def text_of(app: GamesApp, widget: object, *, frame: bool = False) -> list[str]:
    """The lines of ``widget`` as drawn on the screen, text only (with ``frame``: its
    border too)."""
    from textual.widget import Widget

    assert isinstance(widget, Widget)
    region = widget.region if frame else widget.content_region
    screen = cells(app)
    return ["".join(screen[y][region.x : region.right]) for y in range(region.y, region.bottom)]


async def test_monster_trick_slots_say_in_their_title_whether_the_card_may_go_there() -> None:
    match = make_match(["Ann", "Bob", "Cid"], 5, moves=9)
    app = app_of(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        seen = set()
        for _ in range(len(screen.view.hand)):
            legal = screen.view.legal_slots(screen.view.hand[screen.cursor])
            for slot in screen.query(TrickSlot):
                title = text_of(app, slot, frame=True)[0]
                sign = "✓" if slot.slot in legal else "✗"
                assert f"Trick {slot.slot + 1} {sign}" in title, title
                seen.add(sign)
            await pilot.press("right")
            await pilot.pause()
        assert seen == {"✓", "✗"}  # (this deal has a card with a slot it may not go on)
        await pilot.press(
            "1" if 0 in screen.view.legal_slots(screen.view.hand[screen.cursor]) else "2"
        )
        await pilot.pause()
        assert screen.result is not None
        for slot in screen.query(TrickSlot):  # nothing is chosen any more: no sign
            title = text_of(app, slot, frame=True)[0]
            assert "✓" not in title and "✗" not in title


async def test_monster_trick_the_vp_card_being_moved_is_between_arrows() -> None:
    app = app_of(Session.start(parse_seats(["Ann", "Bob"]), 7))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArrangeScreen)
        for key in ("right", "shift+right", "left", "left"):
            line = text_of(app, screen.query_one(VPRow))[0]
            cards = re.findall(r"(▶ )?\[(\d)\]( ◀)?", line)
            assert [int(v) for _, v, _ in cards] == screen.order
            marked = [i for i, (before, _, after) in enumerate(cards) if before and after]
            assert marked == [screen.cursor]
            assert sum(1 for before, _, after in cards if before or after) == 1
            await pilot.press(key)
            await pilot.pause()


async def test_magic_trick_cards_that_may_not_be_played_are_in_brackets() -> None:
    game = "magic-trick"
    names = ["Ann", "Bob", "Cid", "Dee"]
    # Seeds until a person has to follow suit (some cards may not be played).
    for seed in range(40):
        match = Session.start(parse_seats(names, game=game), seed, game=game)
        app = app_of(match)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(12):  # a few decisions in, a trick is led
                await until(pilot, lambda a=app: isinstance(a.screen, PlayScreen), "a turn")
                screen = app.screen
                assert isinstance(screen, PlayScreen)
                await until(pilot, lambda s=screen: not s.waiting, "the keys count")
                positions = screen._positions()
                legal = screen._legal()
                if screen.step_task == "play" and set(positions) - legal:
                    break
                await pilot.press("p" if screen.step_task == "sleeve" else "enter")
                await pilot.pause()
                await pilot.press("enter")
                await pilot.pause()
            else:
                continue
            row = text_of(app, screen.query_one(f"#mt-seat-{screen.seat}", Static))[0]
            seat = screen.view.seats[screen.seat]
            for position in positions:
                start = len(INDENT) + SPOT_WIDTH * position
                drawn = row[start : start + 3]
                letter = seat.spots[position].suit.letter
                if position == screen.cursor:
                    assert drawn == f"[{letter}]"
                elif position in legal:
                    assert drawn == f" {letter} "
                else:
                    assert drawn == f"({letter})"
            return
    raise AssertionError("no deal where a card may not be played")


async def test_monster_taking_cards_that_may_not_be_played_are_marked() -> None:
    from monstertrick.games.monster_taking import Phase

    game = "monster-taking"
    # A play after the lead: the follower must follow suit if they can.
    for seed in range(10):
        match = Session.start(parse_seats(["Ann", "Bob"], game=game), seed, game=game)
        app = app_of(match)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(30):
                await pilot.press("enter")  # handoffs, decisions, results
                await pilot.pause()
                screen = app.screen
                if not isinstance(screen, TurnScreen) or screen.result is not None:
                    continue
                view = screen.the_view()
                assert view.hand is not None
                allowed = screen.allowed(view)
                if view.phase is Phase.PLAY and set(view.hand) - allowed:
                    lines = text_of(app, screen.query_one(HandRow))
                    for i, card in enumerate(view.hand):
                        label = lines[0][i * CELL : (i + 1) * CELL].strip()
                        marks = lines[2][i * CELL : (i + 1) * CELL]
                        assert label == str(card)
                        assert ("×" in marks) is (card not in allowed), (card, marks)
                        assert ("^" in marks) is (i == screen.cursor)
                    return
    raise AssertionError("no deal where a card may not be played")
