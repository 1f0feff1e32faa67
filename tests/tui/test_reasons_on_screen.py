"""The reason of a hint and of a review's decision on screen at 80x24: the hint panel of
every game says "Why:" with the door's reason for the options its search found (a real
search, kept short), all of it in view beside the table; the review's detail of a marked
decision says why too; and a reason is shown as text, never read as markup."""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from monstertrick.games import GAMES
from monstertrick.review import DecisionReview, OptionReview
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.hint import HintPanel
from monstertrick.tui.screens.review import ReviewScreen, decision_lines

from ..games.magic_trick import test_panels as magic
from ..games.monster_taking import test_panels as taking
from ..games.monster_trick import test_panels as trick
from .helpers import make_match, open_hint, screen_text
from .test_review import app_with, reviewed


@pytest.fixture
def short_search(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every game's hint is the hard player's real search, with a few playouts per option
    (a hint thinks for two seconds)."""

    def hint(self: Any, view: Any, seat: int, seed: int, stop: Any = None) -> list[Any]:
        options = self.hard_player().advise(view, random.Random(seed), playouts=8)
        return list(self.distinct_advice(view, options))

    for key in ("monster-trick", "magic-trick", "monster-taking"):
        monkeypatch.setattr(type(GAMES[key].load()), "hint", hint, raising=False)
    yield


async def trick_turn(pilot: Pilot[int]) -> None:
    await pilot.press("enter")


async def taking_turn(pilot: Pilot[int]) -> None:
    await pilot.press("enter")


TABLES: dict[str, tuple[Callable[[], GamesApp], Callable[[Pilot[int]], Awaitable[None]]]] = {
    "monster-trick": (
        lambda: trick.app_for(make_match(trick.THREE, 3, moves=14)),
        trick_turn,
    ),
    "monster-taking": (lambda: taking.snap_app(taking.mid_game()), taking_turn),
    "magic-trick": (lambda: magic.make_app(magic.WITH_BOTS, 9), magic.a_few_tricks_in),
}
IN_VIEW: dict[str, Callable[[Pilot[int]], None]] = {
    "monster-trick": lambda pilot: trick.table_in_view(pilot.app),  # type: ignore[arg-type]
    "monster-taking": taking.table_in_view,
    "magic-trick": magic.table_in_view,
}


@pytest.mark.usefixtures("short_search")
@pytest.mark.parametrize("key", sorted(TABLES))
async def test_the_hint_says_why_at_80x24(key: str) -> None:
    start, to_turn = TABLES[key]
    app = start()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_turn(pilot)
        panel = await open_hint(pilot)
        assert isinstance(panel, HintPanel) and panel.options and panel.view is not None
        door = GAMES[key].load()
        best = panel.options[0]  # the suggestion's reason (the others' figures are listed)
        expected = door.reason(panel.view, [(best.action, best.stats)])
        assert expected
        text = str(panel.query_one("#hint-text", Static).render())
        assert f"Why: {expected}" in text.replace("\n", " ")
        # In view, whole: the screen's rows joined (the panel's border and scroll bar off).
        rows = [r.strip().strip("│▁▂▃▄▅▆▇█").strip() for r in screen_text(app).split("\n")]
        assert f"Why: {expected}" in re.sub(r"\s+", " ", " ".join(rows))
        IN_VIEW[key](pilot)


async def test_a_marked_decision_of_the_review_says_why_at_80x24(monstertrick_home: Path) -> None:
    app = app_with(make_match(("Ann", "Bob"), 3, rounds_done=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = await reviewed(pilot)
        assert isinstance(screen, ReviewScreen) and screen.review is not None
        await pilot.press("m")  # the marked decisions only: the first is shown
        await pilot.pause()
        marked = [d for d in screen.review.decisions if d.mark]
        assert marked and all(d.reason for d in marked)
        detail = screen.query_one("#review-detail", Static)
        shown = str(detail.render()).replace("\n", " ")
        assert "Why: " in shown
        assert any(f"Why: {d.reason}" in shown for d in marked)
        assert detail.max_scroll_y == 0
        assert "Why:" in screen_text(app)


def test_a_reason_is_text_not_markup() -> None:
    option = OptionReview("G7→1", 0.3, None, 4, None, None)
    d = DecisionReview(0, 1, 0, 0, "play", "G7→1", (option, option), 1, "[red]Ann[/] [b]")
    content = decision_lines(d, ["[b]Ann", "Bob"], "round")
    assert "Why: [red]Ann[/] [b]" in content.plain
