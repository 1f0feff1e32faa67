"""Monster Trick's hint and log open beside the table: the trick slots and the hand stay
in view (at 80x24 too), the table's keys go on working, the log reaches earlier rounds,
and neither panel survives a handoff or the end of the decision it was for."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from textual.widgets import Static

from monstertrick.games.monster_trick import GAME
from monstertrick.games.monster_trick.engine import Arrange
from monstertrick.games.monster_trick.tui.arrange import ArrangeScreen
from monstertrick.games.monster_trick.tui.ends import RoundEndScreen
from monstertrick.games.monster_trick.tui.log import LogPanel
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.games.monster_trick.tui.watch import WatchScreen
from monstertrick.games.monster_trick.tui.widgets import Hand, TrickSlot, VPRow
from monstertrick.seating import parse_seats
from monstertrick.session import HintTaken, Played, Session
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen
from monstertrick.tui.screens.hint import HintPanel
from monstertrick.tui.widgets.panel import Panel

from ...tui.helpers import (
    THEME,
    fixed_advice,
    in_view,
    leaks,
    make_match,
    open_hint,
    screen_text,
    until,
)
from ...tui.test_bots_at_table import BlockingBot
from .test_hint import Recorder

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
THREE = ("Ann", "Bob", "Cid")


def _fixed(view: Any, seat: int, seed: int, stop: Any = None) -> list[Any]:
    if view.phase.name == "ARRANGING":
        a, b, c = view.vp_set
        return fixed_advice([Arrange.of(row) for row in ((a, b, c), (b, a, c), (c, b, a))])
    return fixed_advice(view.legal_moves[::3])


@pytest.fixture
def fixed_hint(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The door's hint answers at once, always the same (the first two about equal)."""
    monkeypatch.setattr(type(GAME), "hint", lambda self, *a, **k: _fixed(*a, **k), raising=False)
    yield


def app_for(session: Session, pace: float = 0) -> GamesApp:
    app = GamesApp(session=session, pace=pace)
    app.theme = THEME
    return app


def table_in_view(app: GamesApp) -> None:
    """The four trick slots and the hand are on screen, uncovered, every card named."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    slots = list(screen.query(TrickSlot))
    assert len(slots) == 4 and all(in_view(app, slot) for slot in slots)
    assert in_view(app, screen.query_one(Hand))
    text = screen_text(app)
    assert all(str(card) in text for card in screen.view.hand)


async def _hint(pilot: Any) -> HintPanel:
    panel = await open_hint(pilot)
    assert isinstance(panel, HintPanel)
    return panel


async def _hint_on_the_table(pilot: Any) -> tuple[TableScreen, HintPanel]:
    """Cid's turn (after the handoff), with the hint open."""
    await pilot.press("enter")
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    return screen, await _hint(pilot)


@pytest.mark.usefixtures("fixed_hint")
@pytest.mark.parametrize("size", SIZES)
async def test_the_table_stays_in_view_with_the_hint_and_with_the_log(
    size: tuple[int, int],
) -> None:
    app = app_for(make_match(THREE, 3, moves=14))
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        table_in_view(app)
        await _hint(pilot)
        table_in_view(app)
        assert "Suggestion:" in screen_text(app)
        # Below 110 columns the panel takes the players' lines' place too; above, they stay.
        assert in_view(app, app.screen.query_one("#players")) == (size[0] >= 110)
        await pilot.press("l")  # the log takes the hint's place
        await pilot.pause()
        assert isinstance(app.screen.panel, LogPanel) and in_view(app, app.screen.panel)
        assert not app.screen.query(HintPanel)
        table_in_view(app)
        assert "Game log · round 1 of 1" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert app.screen.panel is None and not app.screen.query(Panel)
        table_in_view(app)


@pytest.mark.usefixtures("fixed_hint")
@pytest.mark.parametrize("size", SIZES)
async def test_the_hand_and_the_vp_row_stay_in_view_with_the_hint(size: tuple[int, int]) -> None:
    app = app_for(Session.start(parse_seats(["Ann", "Cy:easy"]), 3))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArrangeScreen)
        await _hint(pilot)
        assert in_view(app, screen.query_one(Hand)) and in_view(app, screen.query_one(VPRow))
        text = screen_text(app)
        assert "aims for" in text and "These are" not in text
        # The row can still be laid out with the hint open.
        await pilot.press("shift+right")
        assert screen.order != list(app.session.state.vp_set)  # type: ignore[union-attr]
        assert isinstance(screen.panel, HintPanel)


@pytest.mark.usefixtures("fixed_hint")
async def test_the_hint_says_when_the_search_cannot_tell_the_options_apart() -> None:
    app = app_for(make_match(THREE, 3, moves=14))
    async with app.run_test(size=(80, 24)) as pilot:
        _, panel = await _hint_on_the_table(pilot)
        text = str(panel.query_one("#hint-text", Static).render())
        lines = text.splitlines()
        assert lines[1] == "  about 35.2% to win the game · 2.3 VP expected this round"
        assert lines[2].startswith("≈ 34.9% ±0.4 · 2.1 VP  ")
        assert lines[3].startswith("  31.1% ±0.9 · 1.8 VP  ")
        assert lines[4] == "≈ About equal to the suggestion: within its ± (the search's noise)."


@pytest.mark.usefixtures("fixed_hint")
async def test_the_card_keys_work_with_the_hint_open_and_a_move_closes_it() -> None:
    match = make_match(THREE, 3, moves=14)
    app = app_for(match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await _hint_on_the_table(pilot)
        before = screen.cursor
        await pilot.press("right")
        assert screen.cursor == before + 1 and isinstance(screen.panel, HintPanel)
        slot = screen.view.legal_slots(screen.view.hand[screen.cursor])[0]
        await pilot.press(str(slot + 1))
        await pilot.pause()
        assert screen.result is not None  # played, with the hint open
        assert screen.panel is None and not screen.query(HintPanel)


async def test_a_move_made_while_the_hint_thinks_stops_it_and_counts_no_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    recorder = Recorder(block=True)
    monkeypatch.setattr(type(GAME), "hint", lambda self, *a, **k: recorder(*a, **k), raising=False)
    match = make_match(THREE, 3, moves=14)
    app = app_for(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and "Thinking…" in screen_text(app)
        slot = screen.view.legal_slots(screen.view.hand[screen.cursor])[0]
        await pilot.press(str(slot + 1))
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.result is not None and screen.panel is None
        assert recorder.stopped.is_set()
    assert not any(isinstance(e, HintTaken) for e in match.log)


@pytest.mark.usefixtures("fixed_hint")
async def test_neither_the_hint_nor_the_log_survives_a_handoff() -> None:
    match = make_match(THREE, 3, moves=14)
    app = app_for(match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await _hint_on_the_table(pilot)
        hint_text = str(screen.query_one("#hint-text", Static).render()).splitlines()[0]
        slot = screen.view.legal_slots(screen.view.hand[screen.cursor])[0]
        await pilot.press(str(slot + 1))
        await pilot.pause()
        await pilot.press("l")  # the log, open on the move's result
        await pilot.pause()
        assert isinstance(screen.panel, LogPanel)
        await pilot.press("enter")  # pass the keyboard on
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert all(not s.query(Panel) for s in app.screen_stack)
        text = screen_text(app)
        assert hint_text not in text and "Hint for" not in text and "Game log" not in text
        await pilot.press("enter")
        await pilot.pause()
        nxt = app.screen
        assert isinstance(nxt, TableScreen) and nxt.player != screen.player
        assert nxt.panel is None and "Hint for" not in screen_text(app)


async def test_the_log_reaches_the_rounds_before() -> None:
    match = make_match(THREE, 3, rounds_done=1, moves=3)
    app = app_for(match)
    first = match.state.log[0].moves[0]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "l")
        await pilot.pause()
        log = app.screen.panel
        assert isinstance(log, LogPanel) and log.border_title == "Game log · round 2 of 2"
        table_in_view(app)
        viewer = app.screen.player  # type: ignore[attr-defined]
        for _ in range(40):  # a page at a time, on into round 1
            if log.round == 2:  # (a new deal: round 1's cards are named again in round 2)
                assert not leaks(app, screen_text(app), THREE, viewer)  # public events only
            if log.round == 1:
                break
            await pilot.press("pageup")
            await pilot.pause()
        assert log.border_title == "Game log · round 1 of 2"
        # its last line first (once the log has scrolled to its end)
        await until(pilot, lambda: "Round 1 is over:" in screen_text(app), "round 1's end")
        for _ in range(40):
            if log.scroll_y == 0:
                break
            await pilot.press("pageup")
            await pilot.pause()
        opened = f"opened trick {first.slot + 1} with {first.card}."
        assert opened in screen_text(app) and log.round == 1
        table_in_view(app)
        for _ in range(40):  # and back
            if log.round == 2:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        assert log.border_title == "Game log · round 2 of 2"


async def test_the_game_waits_while_the_log_is_open_on_a_computer_turn() -> None:
    match = Session.start(parse_seats(["Ann", "Cy:easy"]), 4)
    bot = BlockingBot()
    match.bots[1] = bot
    app = app_for(match, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # Ann's row, laid out and passed on
        await until(pilot, lambda: isinstance(app.screen, WatchScreen), "Cy's turn")
        screen = app.screen
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(screen.panel, LogPanel) and in_view(app, screen.panel)
        bot.release.set()
        await until(pilot, lambda: isinstance(match.next_step(), Played), "Cy decided")
        await pilot.pause()
        assert app.screen is screen and isinstance(match.next_step(), Played)  # it waits
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not screen, "the game went on")
        assert not isinstance(match.next_step(), Played)


async def test_the_round_end_log_shows_the_round_and_enter_goes_on() -> None:
    match = make_match(THREE, 3, to_round_end=True)
    app = app_for(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoundEndScreen)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(screen.panel, LogPanel)
        assert "Round 1 of 3 is over" in screen_text(app)
        # (once the log has scrolled to its end)
        await until(pilot, lambda: "Round 1 is over:" in screen_text(app), "the round's end")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not screen, "the next round")
