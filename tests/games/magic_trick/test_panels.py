"""Magic Trick's hint and log open beside the table: the hands and the trick stay in
view (at 80x24 too, the deduction lines shown), the cursor still moves, and the next
person's turn never shows them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from monstertrick.games.magic_trick import GAME as DOOR
from monstertrick.games.magic_trick.tui.table import TableScreen
from monstertrick.tui.screens.hint import HintPanel
from monstertrick.tui.screens.log import LinesLogPanel
from monstertrick.tui.widgets.panel import Panel

from ...tui.helpers import fixed_advice, in_view, open_hint
from .test_tui import WITH_BOTS, check_no_hidden_value, make_app, to_turn

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
Snap = Callable[..., bool]


@pytest.fixture
def fixed_hint(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def answer(view: Any, seat: int, seed: int, stop: Any = None) -> list[Any]:
        return fixed_advice(view.legal_actions[::-1])

    monkeypatch.setattr(type(DOOR), "hint", lambda self, *a, **k: answer(*a, **k), raising=False)
    yield


def table_in_view(pilot: Pilot[int]) -> None:
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, TableScreen)
    assert in_view(app, screen.query_one("#mt-seats")), "the hands"  # type: ignore[arg-type]
    assert in_view(app, screen.query_one("#mt-trick")), "the trick"  # type: ignore[arg-type]
    check_no_hidden_value(app)  # type: ignore[arg-type]


async def a_few_tricks_in(pilot: Pilot[int]) -> None:
    await to_turn(pilot)
    for _ in range(3):
        await to_turn(pilot, sleeve=True)
        await pilot.press("p")
        await to_turn(pilot)
    await pilot.press("d")  # the deduction lines too: the tightest table
    await pilot.pause()


@pytest.mark.usefixtures("fixed_hint")
@pytest.mark.parametrize("size", SIZES)
async def test_the_hands_and_the_trick_stay_in_view_with_the_hint_and_the_log(
    size: tuple[int, int],
) -> None:
    app = make_app(WITH_BOTS, 9)
    async with app.run_test(size=size) as pilot:
        await a_few_tricks_in(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        panel = await open_hint(pilot)
        assert isinstance(panel, HintPanel) and screen.panel is panel
        table_in_view(pilot)
        text = str(panel.query_one("#hint-text", Static).render())
        assert text.startswith("Suggestion: play your ")
        assert "+2.3 points expected this hand" in text and "≈ 34.9% ±0.4 · +2.1 points" in text
        # All of it is on screen, the table's status line giving way.
        assert panel.max_scroll_y == 0
        before = screen.cursor
        await pilot.press("right")  # the cursor still moves
        assert screen.cursor != before and screen.panel is panel
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(screen.panel, LinesLogPanel) and in_view(app, screen.panel)
        table_in_view(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.panel is None and not screen.query(Panel)


@pytest.mark.usefixtures("fixed_hint")
async def test_the_next_persons_turn_shows_neither_panel() -> None:
    app = make_app(["Ann", "Bob", "Cid:easy", "Dee:easy"], 9)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and not screen.bot
        await open_hint(pilot)
        await pilot.press("enter")  # plays the card under the cursor: the hint goes
        await pilot.pause()
        assert screen.result is not None and screen.panel is None
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(screen.panel, LinesLogPanel)
        seat = screen.seat
        await pilot.press("enter")  # on to the next person
        await pilot.pause()
        nxt = app.screen
        assert isinstance(nxt, TableScreen) and nxt is not screen
        assert (nxt.seat, nxt.step_task) != (seat, "play")
        assert all(not s.query(Panel) for s in app.screen_stack)


@pytest.mark.usefixtures("fixed_hint")
def test_snapshot_hint_open(snap_compare: Snap) -> None:
    async def run(pilot: Pilot[int]) -> None:
        await a_few_tricks_in(pilot)
        await pilot.press("t")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(make_app(WITH_BOTS, 9), terminal_size=(80, 24), run_before=run)
