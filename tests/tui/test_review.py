"""The review of a finished game in the app: from the final standings (``r``), from
History, and beside the replay viewer's steps; cancelled, it keeps nothing half made."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, ProgressBar

import monstertrick.review as review_module
from monstertrick.review import Game, ReviewCache, Settings
from monstertrick.session import Session
from monstertrick.tui.app import MonsterTrickApp
from monstertrick.tui.screens.base import FinalScreen
from monstertrick.tui.screens.review import ReviewScreen

from .helpers import make_match, screen_text, until, workers_done

TINY = Settings(seed=1, playouts=2, luck_samples=1)
"""The smallest review that still searches each option and marks some decisions."""


def app_with(session: Session) -> MonsterTrickApp:
    app = MonsterTrickApp(session=session)
    app.review_settings = TINY
    return app


def record_of(session: Session) -> dict[str, Any]:
    return session.rules.to_record(session.state)


def kept_files(home: Path) -> list[Path]:
    folder = home / "reviews"
    return sorted(folder.iterdir()) if folder.exists() else []


async def reviewed(pilot: Pilot[int]) -> ReviewScreen:
    """The review screen on top, once its worker is done and every step is shown."""
    app = pilot.app
    assert isinstance(app, MonsterTrickApp)
    await workers_done(app)
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    await until(pilot, lambda: screen.finished, "every step of the review is shown")
    return screen


def finished_game(names: tuple[str, ...] = ("Ann", "Bob")) -> Session:
    return make_match(names, 3, rounds_done=3)


async def test_r_in_the_final_standings_reviews_every_person(monstertrick_home: Path) -> None:
    session = finished_game(("Ann", "Cy:hard", "Bob"))
    game = Game(record_of(session))
    app = app_with(session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, FinalScreen)
        assert "r to review" in screen_text(app)
        await pilot.press("r")
        screen = await reviewed(pilot)
        bar = screen.query_one(ProgressBar)
        assert bar.total == bar.progress == screen.total
        review = screen.review
        assert review is not None
        assert review.seats == (0, 2)  # the people, not the computer player
        assert [d.index for d in review.decisions] == [
            d.index for d in game.decisions if d.seat in (0, 2)
        ]
        assert len(review.luck) == game.chapters
        text = screen_text(app)
        for name in ("Ann", "Bob"):
            assert f"● {name}" in text
        assert "agreed" in text and "per decision" in text
        table = screen.query_one(DataTable)
        assert table.row_count == len(review.decisions)
        marked = [d for d in review.decisions if d.mark]
        assert marked, "the tiny review marks some decisions of this game"
        await pilot.press("m")  # marked only
        assert table.row_count == len(marked)
        text = screen_text(app)
        first = marked[0]
        assert first.mark in text and first.chosen in text
        assert "Options:" in text and "(chosen)" in text
        await pilot.press("escape")
        assert isinstance(app.screen, FinalScreen)
    # kept, and what was kept is this review
    kept = ReviewCache().load(game, TINY)
    assert kept is not None
    assert [d.to_json() for d in kept.decisions] == [d.to_json() for d in review.decisions]


async def test_a_game_of_computer_players_reviews_every_seat() -> None:
    app = app_with(finished_game(("Al:easy", "Bo:medium")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = await reviewed(pilot)
        assert screen.review is not None and screen.review.seats == (0, 1)


async def test_a_second_look_comes_from_the_kept_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = app_with(finished_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        first = await reviewed(pilot)
        rows = first.query_one(DataTable).row_count
        await pilot.press("escape")

        def refuse(*args: object, **kwargs: object) -> Any:
            raise AssertionError("a kept review is not computed again")

        monkeypatch.setattr(review_module, "review_decision", refuse)
        monkeypatch.setattr(review_module, "chapter_luck", refuse)
        await pilot.press("r")
        second = await reviewed(pilot)
        assert second is not first
        assert second.query_one(DataTable).row_count == rows
        assert "Reviewed" in screen_text(app)


async def test_escape_cancels_the_review_and_keeps_nothing_half_made(
    monkeypatch: pytest.MonkeyPatch, monstertrick_home: Path
) -> None:
    """The worker is held inside the third decision until the screen is closed: the
    review is then cut short, and no file (nor part of one) is left in the cache."""
    session = finished_game()
    game = Game(record_of(session))
    real = review_module.review_decision
    inside, go_on = threading.Event(), threading.Event()
    seen: list[int] = []

    def held(game: Any, decision: Any, settings: Settings) -> Any:
        seen.append(decision.index)
        if len(seen) == 3:
            inside.set()
            assert go_on.wait(timeout=120), "the test never let the review go on"
        return real(game, decision, settings)

    monkeypatch.setattr(review_module, "review_decision", held)
    app = app_with(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await until(pilot, inside.is_set, "the review is under way")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await until(pilot, lambda: screen.done == 2, "two decisions are shown")
        assert "Reviewing: 2 of" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, FinalScreen)
        go_on.set()
        await workers_done(app)
        assert len(seen) == 3  # nothing more was computed after the cancel
        assert kept_files(monstertrick_home) == []
        # the next look reviews it all, and keeps it
        monkeypatch.setattr(review_module, "review_decision", real)
        await pilot.press("r")
        await reviewed(pilot)
    assert [p.name for p in kept_files(monstertrick_home)] == [f"{game.fingerprint}.json"]
    assert ReviewCache().load(game, TINY) is not None


async def test_a_record_that_cannot_be_reviewed_says_so() -> None:
    """(Never from the final standings, whose game is over: the screen says why it
    cannot review whatever it is given, e.g. an unfinished game.)"""
    session = make_match(("Ann", "Bob"), 3, moves=4)
    app = app_with(session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ReviewScreen(record_of(session), (0, 1), settings=TINY))
        await workers_done(app)
        await until(pilot, lambda: "cannot be reviewed" in screen_text(app), "the reason")
        assert "not finished" in screen_text(app)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.review is None
        assert screen.query_one(DataTable).row_count == 0


async def test_a_review_that_fails_says_so_and_the_app_goes_on(
    monkeypatch: pytest.MonkeyPatch, monstertrick_home: Path
) -> None:
    def broken(*args: object, **kwargs: object) -> Any:
        raise RuntimeError("broken search")

    monkeypatch.setattr(review_module, "review_decision", broken)
    app = app_with(finished_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: "internal error" in screen_text(app), "the error said")
        assert "The details are in" in screen_text(app)
        assert kept_files(monstertrick_home) == []
        await pilot.press("escape")
        assert isinstance(app.screen, FinalScreen)
