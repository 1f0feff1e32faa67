"""The hint key: what the hard search would do, from the person's view only."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from textual.widgets import Static

from monstertrick.games.monster_trick import GAME
from monstertrick.games.monster_trick.engine import Arrange, PlayerView
from monstertrick.games.monster_trick.tui.arrange import ArrangeScreen
from monstertrick.games.monster_trick.tui.log import LogPanel
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.search.assess import Advice
from monstertrick.seating import parse_seats
from monstertrick.session import HintTaken, Session, Turn
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.hint import HintPanel

THEME = "textual-dark"


class Recorder:
    """Stands in for the game door's ``hint``: records what it is given and answers
    with the person's first candidates (or waits until stopped)."""

    def __init__(self, block: bool = False) -> None:
        self.calls: list[tuple[Any, int]] = []
        self.block = block
        self.stopped = threading.Event()

    def __call__(self, view: Any, seat: int, seed: int, stop: Any = None) -> list[Advice[Any]]:
        self.calls.append((view, seat))
        if self.block:
            while not stop():
                self.stopped.wait(0.001)
            self.stopped.set()
            return []
        if view.phase.name == "ARRANGING":
            a, b, c = view.vp_set
            return [Advice(Arrange.of((a, b, c)), 0.42), Advice(Arrange.of((c, b, a)), 0.3)]
        moves = view.legal_moves
        return [Advice(moves[0], 0.37), Advice(moves[-1], 0.25)]


@pytest.fixture
def door_hint(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    recorder = Recorder()
    monkeypatch.setattr(type(GAME), "hint", lambda self, *a, **k: recorder(*a, **k), raising=False)
    yield recorder


def text_of(app: GamesApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def _row_then_hint_on_the_table(pilot: Any, app: GamesApp) -> None:
    """On the arrange screen: confirm the row, go on to the table once it is Ann's
    turn there, and ask for a hint."""
    await pilot.press("enter")  # confirm the row
    await pilot.pause()
    await pilot.press("enter")  # on
    for _ in range(200):
        await pilot.pause(0.01)
        if isinstance(app.screen, TableScreen) and app.screen.result is None:
            break
    assert isinstance(app.screen, TableScreen)
    await pilot.press("t")
    await app.workers.wait_for_complete()
    await pilot.pause()


async def test_a_hint_on_the_vp_row_and_on_a_move_from_the_persons_view_only(
    door_hint: Recorder,
) -> None:
    session = Session.start(parse_seats(["Ann", "Cy:easy", "Bo:easy"]), 5)
    app = GamesApp(session=session, pace=0)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ArrangeScreen)
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ArrangeScreen)
        assert isinstance(app.screen.panel, HintPanel)
        text = text_of(app, "#hint-text")
        assert "Suggestion: VP row " in text and "42%" in text
        # The search got Ann's own view, and nothing else.
        view, seat = door_hint.calls[-1]
        assert seat == 0 and isinstance(view, PlayerView) and view == session.view(0)
        assert session.hints == [1, 0, 0]
        assert [e.player for e in session.log if isinstance(e, HintTaken)] == [0]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ArrangeScreen) and app.screen.panel is None
        await _row_then_hint_on_the_table(pilot, app)
        text = text_of(app, "#hint-text")
        assert "Suggestion: " in text and "37%" in text and "25%" in text
        view, seat = door_hint.calls[-1]
        assert seat == 0 and view == session.view(0)
        assert session.hints == [2, 0, 0]
        await pilot.press("t")  # t closes it too
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.panel is None
        # The log says a hint was taken, and never what it said.
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen.panel, LogPanel)
        from tests.tui.helpers import screen_text

        log = screen_text(app)
        # For which decision: her VP row (the first of the round), then her first card.
        assert "Ann took a hint for decision 1 of round 1 (arrange)." in log
        assert re.search(r"Ann took a hint for decision [0-9]+ of round 1 \(play\)\.", log)
        assert "Suggestion" not in log


async def test_a_move_hint_names_the_cards_that_would_do_just_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann holds Y6, Y7 and Y8 with no card between them left in play: the search weighs
    the lowest only, and the hint says the other two would do the same."""

    def answer(view: Any, seat: int, seed: int, stop: Any = None) -> list[Advice[Any]]:
        if view.phase.name == "ARRANGING":
            return [Advice(view.vp_set, 0.5)]
        move = next(m for m in view.legal_moves if str(m.card) == "Y6")
        return [Advice(move, 0.4)]

    monkeypatch.setattr(type(GAME), "hint", lambda self, *a, **k: answer(*a, **k), raising=False)
    session = Session.start(parse_seats(["Ann", "Cy:easy", "Bo:easy"]), 5)
    same = session.view(0).interchangeable_cards()
    assert {str(c) for c, rep in same.items() if str(rep) == "Y6"} == {"Y6", "Y7", "Y8"}
    app = GamesApp(session=session, pace=0)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _row_then_hint_on_the_table(pilot, app)
        assert "Y6 (or Y7 or Y8: the same)" in text_of(app, "#hint-text")


async def test_escape_stops_the_search_and_no_hint_is_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    recorder = Recorder(block=True)
    monkeypatch.setattr(type(GAME), "hint", lambda self, *a, **k: recorder(*a, **k), raising=False)
    session = Session.start(parse_seats(["Ann", "Cy:easy"]), 2)
    app = GamesApp(session=session, pace=0)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen.panel, HintPanel)
        assert "Thinking…" in text_of(app, "#hint-text")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ArrangeScreen) and app.screen.panel is None
        await app.workers.wait_for_complete()
        assert recorder.stopped.is_set()  # the search saw the stop
    assert session.hints == [] and not any(isinstance(e, HintTaken) for e in session.log)


async def test_no_hint_key_on_a_computer_players_turn_or_after_deciding(
    door_hint: Recorder,
) -> None:
    session = Session.start(parse_seats(["Ann", "Cy:easy"]), 2)
    app = GamesApp(session=session, pace=0)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArrangeScreen)
        assert screen.check_action("hint", ()) is True
        await pilot.press("enter")  # the row is laid out: no more hints for it
        await pilot.pause()
        assert screen.check_action("hint", ()) is False
        await pilot.press("t")
        await pilot.pause()
        assert screen.panel is None and door_hint.calls == []


def test_a_hint_is_only_for_the_person_whose_decision_it_is() -> None:
    session = Session.start(parse_seats(["Ann", "Bob"]), 3)
    step = session.next_step()
    assert not isinstance(step, Turn)  # a handoff first: nobody may take a hint yet
    with pytest.raises(ValueError):
        session.note_hint(step.seat)  # type: ignore[union-attr]


def test_the_hint_in_words_says_when_the_options_are_about_equal_and_what_sets_them_apart() -> None:
    from monstertrick.games.monster_trick.tui.hints import row_aim, vp_hint_terms
    from monstertrick.tui.screens.hint import hint_lines

    terms = vp_hint_terms(lambda a: "VP row " + " · ".join(map(str, a.row)), aim=row_aim)
    rows = [
        Advice(Arrange.of((1, 3, 2)), 0.351, 4000, 2.41),
        Advice(Arrange.of((2, 3, 1)), 0.350, 4000, 2.33, gap=0.001, noise=0.002),
        Advice(Arrange.of((3, 1, 2)), 0.349, 2000, 2.38, gap=0.002, noise=0.003),
    ]
    assert hint_lines(rows, terms) == [
        "Suggestion: VP row 1 · 3 · 2, aims for 2 or 5 tricks to score the 3",
        "  about 35.1% to win the game · 2.4 VP expected this round",
        "≈ 35.0% ±0.4 · 2.3 VP  VP row 2 · 3 · 1, aims for 2 or 5 tricks to score the 3",
        "≈ 34.9% ±0.6 · 2.4 VP  VP row 3 · 1 · 2, aims for 1, 4 or 7 tricks to score the 3",
        "≈ These are about equal: each within its ± (the search's noise).",
    ]  # each ± its own option's noise (of its difference to the suggestion)
    # Told apart: whole percents (the noise is a point or more), no "≈".
    apart = [
        Advice(Arrange.of((1, 3, 2)), 0.45, 900, 2.9),
        Advice(Arrange.of((2, 3, 1)), 0.30, 900, 2.0, gap=0.15, noise=0.01),
        Advice(Arrange.of((3, 1, 2)), 0.25, 300, 1.7, gap=0.2, noise=0.02),
    ]
    lines = hint_lines(apart, terms)
    assert lines[1] == "  about 45% to win the game · 2.9 VP expected this round"
    assert lines[2].startswith("  30% ±2 · 2.0 VP  ") and lines[3].startswith("  25% ±4 · 1.7 VP  ")
    assert lines[4] == "The suggestion is ahead of the others by more than their ± (the noise)."
    # Nothing measured (a search stopped at once): no verdict either way.
    two = [Advice(Arrange.of((1, 3, 2)), 0.4), Advice(Arrange.of((2, 3, 1)), 0.3)]
    assert len(hint_lines(two, terms)) == 3


def test_the_vp_row_screens_hint_says_a_row_given_as_its_arrange_action() -> None:
    """The computer's advice on a VP row names it as the game's own action (an Arrange):
    the arrange screen says it as it says a row ("VP row 1 · 3 · 2", "row 2 · 3 · 1")."""
    from monstertrick.tui.screens.hint import hint_lines

    session = Session.start(parse_seats(["Ann", "Bob"]), 3)
    terms = ArrangeScreen(session, 0).hint_terms()
    rows = [(1, 3, 2), (2, 3, 1), (3, 1, 2)]
    lines = hint_lines(
        [Advice(Arrange.of(row), 0.4 - i / 10, 900) for i, row in enumerate(rows)], terms
    )
    assert lines[0] == "Suggestion: VP row 1 · 3 · 2, aims for 2 or 5 tricks to score the 3"
    assert lines[2].endswith("row 2 · 3 · 1, aims for 2 or 5 tricks to score the 3")
    assert lines[3].endswith("row 3 · 1 · 2, aims for 1, 4 or 7 tricks to score the 3")
