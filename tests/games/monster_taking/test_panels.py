"""Monster Taking's hint and log open beside the table: the trick and the hand stay in
view (at 80x24 too), and neither survives a handoff."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from monstertrick.games.monster_taking import GAME as DOOR
from monstertrick.games.monster_taking.tui.log import LogPanel
from monstertrick.games.monster_taking.tui.table import HandRow, TurnScreen, WatchScreen
from monstertrick.tui.messages import Decided
from monstertrick.tui.screens.handoff import HandoffScreen
from monstertrick.tui.screens.hint import HintPanel
from monstertrick.tui.widgets.panel import Panel

from ...tui.helpers import fixed_advice, in_view, open_hint
from .test_tui import session_at, snap_app
from .test_watch import a_computer_move_on_screen, app_against_a_computer, screen_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
Snap = Callable[..., bool]


@pytest.fixture
def fixed_hint(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def answer(view: Any, seat: int, seed: int, stop: Any = None) -> list[Any]:
        return fixed_advice(view.legal_actions)

    monkeypatch.setattr(type(DOOR), "hint", lambda self, *a, **k: answer(*a, **k), raising=False)
    yield


def mid_game() -> Any:
    return session_at(5, lambda s: len(s.state.log[-1].tricks) >= 3 and s.state.led is not None)


def table_in_view(pilot: Pilot[int]) -> None:
    app = pilot.app
    screen = app.screen
    assert in_view(app, screen.query_one("#mt-trick")), "the trick"  # type: ignore[arg-type]
    assert in_view(app, screen.query_one(HandRow)), "the hand"  # type: ignore[arg-type]


@pytest.mark.usefixtures("fixed_hint")
@pytest.mark.parametrize("size", SIZES)
async def test_the_trick_and_the_hand_stay_in_view_with_the_hint(size: tuple[int, int]) -> None:
    session = mid_game()
    app = snap_app(session)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        panel = await open_hint(pilot)
        assert isinstance(panel, HintPanel) and screen.panel is panel
        table_in_view(pilot)
        text = str(panel.query_one("#hint-text", Static).render())
        assert "to win this game of the match · 2.3 cards ahead at its end" in text
        assert "≈ 34.9% ±0.4 · +2.1 cards  play " in text
        await pilot.press("right")  # the cursor still moves
        await pilot.pause()
        assert screen.cursor == 1 and screen.panel is panel


@pytest.mark.parametrize("size", SIZES)
async def test_the_trick_and_the_hand_stay_in_view_with_the_log(size: tuple[int, int]) -> None:
    app = app_against_a_computer(pace=60)
    async with app.run_test(size=size) as pilot:
        screen = await a_computer_move_on_screen(pilot, moves=3)
        assert isinstance(screen, WatchScreen)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(screen.panel, LogPanel) and in_view(app, screen.panel)
        table_in_view(pilot)
        assert "Game log · game 1" in screen_text(app)


@pytest.mark.usefixtures("fixed_hint")
async def test_the_hint_never_survives_a_handoff() -> None:
    app = snap_app(mid_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        await open_hint(pilot)
        await pilot.press("enter")  # plays the card under the cursor
        await pilot.pause()
        assert screen.result is not None and screen.panel is None
        for _ in range(10):  # on (the same person may pay first) to the handoff
            now = app.screen
            assert all(not s.query(Panel) for s in app.screen_stack)
            if isinstance(now, HandoffScreen):
                break
            assert isinstance(now, TurnScreen)
            if now.result is None:
                app.post_message(Decided(now.seat, now.the_view().legal_actions[0]))
            else:
                await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Hint for" not in screen_text(app)


@pytest.mark.usefixtures("fixed_hint")
def test_snapshot_hint_open(snap_compare: Snap) -> None:
    async def run(pilot: Pilot[int]) -> None:
        await pilot.press("enter", "t")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(snap_app(mid_game()), terminal_size=(80, 24), run_before=run)
