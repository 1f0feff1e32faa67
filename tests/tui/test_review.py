"""The review of a finished game in the app: from the final standings (``r``), from
History, and beside the replay viewer's steps; cancelled, it keeps nothing half made."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, ProgressBar

import monstertrick.review.compute as review_module
from monstertrick.review import Game, ReviewCache, Settings
from monstertrick.session import Session
from monstertrick.tui.app import GamesApp
from monstertrick.tui.game_screens import load_screens
from monstertrick.tui.screens.base import FinalScreen
from monstertrick.tui.screens.review import ReviewScreen

from .helpers import make_match, screen_text, until, workers_done

TINY = Settings(seed=1, playouts=2, luck_samples=1)
"""The smallest review that still searches each option and marks some decisions."""


def app_with(session: Session) -> GamesApp:
    app = GamesApp(session=session)
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
    assert isinstance(app, GamesApp)
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
        first = marked[0]
        # (the detail follows the table's highlight, a message later)
        await until(
            pilot,
            lambda: "Options:" in screen_text(app) and "(chosen)" in screen_text(app),
            "the first marked decision's options",
        )
        text = screen_text(app)
        assert first.mark in text and first.chosen in text
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
    assert kept_files(monstertrick_home) == [ReviewCache().path(game.fingerprint, TINY)]
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


def test_a_decision_reads_with_the_card_chosen_and_the_same_best_said_so() -> None:
    """The search tried G6→4 for the decision G7→4 (equal cards): the options say the
    card chosen, and the table says the best is the same decision, not another card."""
    from monstertrick.review import DecisionReview, Luck, OptionReview, Review
    from monstertrick.tui.screens.review import best_text, decision_lines, gave_up, player_lines

    best = OptionReview("G6→4", 0.4, None, 100, None, None)
    other = OptionReview("B2→1", 0.3, None, 100, 0.1, 0.01)
    d = DecisionReview(0, 1, 3, 0, "play", "G7→4", (best, other), 0)
    text = decision_lines(d, ("Me", "Bob"), "round").plain
    assert "Me chose G7→4: 40%, the best" in text
    assert "Options: G7→4 40% (chosen) · B2→1 30%" in text and "G6" not in text
    assert (best_text(d), gave_up(d)) == ("(the same)", "none")
    worse = DecisionReview(1, 1, 4, 0, "play", "B2→1", (best, other), 1)
    assert (
        best_text(worse) == "G6→4 40%"
        and "B2→1 30% (chosen)" in decision_lines(worse, ("Me", "Bob"), "round").plain
    )
    review = Review("monster-trick", ("Me", "Bob"), "0" * 64, TINY, (0,), [d, worse])
    review.luck = [Luck(1, (0.0, 1.0), (0.0, 0.0), 32), Luck(2, (0.5, 0.5), (0.1, 0.1), 32)]
    assert "luck R1 <11% R2 50%" in player_lines(review, 0, "round", 6).plain


# ---------------------------------------------------------------------- History# ---------------------------------------------------------------------- History


def save_finished(
    home: Path, name: str, session: Session, bots: tuple[str | None, ...] | None = None
) -> dict[str, Any]:
    """``session``'s finished game saved in the history; its record (with its meta)."""
    from monstertrick.saves import SaveMeta, atomic_write

    names = session.names
    bots = bots or (None,) * len(names)
    stamp = "2026-11-20T18:30:00+00:00"
    meta = SaveMeta([{"name": n, "bot": b} for n, b in zip(names, bots)], 3, stamp, stamp, "0.1")
    doc = session.rules.to_record(session.state, meta.to_json())
    atomic_write(home / "history" / f"{name}.json", json.dumps(doc))
    return doc


def review_cells(app: GamesApp) -> dict[str, str]:
    """The Players table's Review column, by the row's name."""
    table = app.screen.query_one("#summary-table", DataTable)
    players = [table.get_row_at(r) for r in range(table.row_count)]
    return {str(row[0]): str(row[-1]) for row in players if str(row[-1])}  # (not a game's)


async def test_history_shows_each_persons_figures_from_the_kept_reviews(
    monkeypatch: pytest.MonkeyPatch, monstertrick_home: Path
) -> None:
    from monstertrick.review import review

    first = save_finished(monstertrick_home, "first", finished_game(("Ann", "Bob")))
    second = save_finished(
        monstertrick_home, "second", finished_game(("Ann", "Cy")), bots=(None, "hard")
    )
    save_finished(monstertrick_home, "none", finished_game(("Dee", "Eve")))
    kept = [review(Game(doc), (0, 1), TINY, cache=ReviewCache()) for doc in (first, second)]
    # a damaged kept review counts for nothing (and breaks nothing)
    from monstertrick.saves import fingerprint

    eve = save_finished(monstertrick_home, "eve", finished_game(("Eve", "Fay")))
    (monstertrick_home / "reviews" / f"{fingerprint(eve)}.json").write_text("{not json")
    # nor does one kept by the version that judged the VP rows at the wrong seats
    old = save_finished(monstertrick_home, "old", finished_game(("Gus", "Hal")))
    review(Game(old), (0, 1), TINY, cache=ReviewCache())
    path = ReviewCache().path(fingerprint(old), TINY)
    raw = json.loads(path.read_text())
    path.write_text(json.dumps({k: v for k, v in raw.items() if k != "kept"}))

    def refuse(*args: object, **kwargs: object) -> Any:
        raise AssertionError("History never computes a review")

    monkeypatch.setattr(review_module, "review_decision", refuse)
    monkeypatch.setattr(review_module, "chapter_luck", refuse)
    app = GamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await workers_done(app)
        await pilot.pause()
        cells = review_cells(app)
    # Ann: both games (Cy is a computer player: his seat counts for nobody)
    ann = [r.summary(0) for r in kept]
    unforced = sum(s.unforced for s in ann)
    agreed = sum(s.agreed for s in ann)
    given = sum(s.mean_given_up * s.unforced for s in ann)
    assert cells["Ann"] == f"{agreed / unforced:.0%} · {given / unforced * 100:.1f}"
    bob = kept[0].summary(1)
    assert cells["Bob"] == f"{bob.agreement:.0%} · {bob.mean_given_up * 100:.1f}"
    assert cells["Cy"] == cells["Dee"] == cells["Eve"] == cells["Fay"] == "—"
    assert cells["Gus"] == cells["Hal"] == "—"


async def test_historys_review_figures_are_shown_whole_in_80_columns(
    monstertrick_home: Path,
) -> None:
    """The longest names and figures: no column is cut, nothing scrolls sideways."""
    from monstertrick.review import review
    from monstertrick.tui.screens.saved import ReviewFigures

    names = ("Alexandria Smith", "Bartholomew Jone")
    doc = save_finished(monstertrick_home, "long", finished_game(names))
    kept = review(Game(doc), (0, 1), TINY, cache=ReviewCache())
    app = GamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await workers_done(app)
        await pilot.pause()
        table = app.screen.query_one("#summary-table", DataTable)
        assert table.virtual_size.width <= table.size.width
        text = screen_text(app)
        for seat, name in enumerate(names):
            s = kept.summary(seat)
            cell = ReviewFigures(1, s.unforced, s.agreed, s.mean_given_up * s.unforced).cell()
            assert f" {cell} " in text  # the agreement and the chance given up, both
            assert review_cells(app)[name] == cell
        assert "Monster Trick" in text


async def test_r_in_history_reviews_the_game_under_the_cursor(monstertrick_home: Path) -> None:
    from monstertrick.tui.screens.saved import HistoryScreen

    doc = save_finished(monstertrick_home, "game", finished_game(("Ann", "Cy")), (None, "hard"))
    app = GamesApp()
    app.review_settings = TINY
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await workers_done(app)
        assert "r Review" in screen_text(app)
        assert review_cells(app)["Ann"] == "—"
        await pilot.press("r")
        screen = await reviewed(pilot)
        assert screen.review is not None and screen.review.seats == (0,)  # the person
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)
        await workers_done(app)
        await pilot.pause()
        assert review_cells(app)["Ann"] != "—"
    assert ReviewCache().load(Game(doc), TINY) is not None


# ---------------------------------------------------------------------- the viewer


@pytest.mark.parametrize("game_key", ["monster-trick", "monster-taking", "magic-trick"])
def test_every_decision_has_its_step_in_the_viewer(game_key: str) -> None:
    """A decision's step is the frame its action made; only Monster Trick's VP rows,
    laid out before the first card, share their round's deal."""
    from monstertrick.tui.screens.viewer import step_of_decisions

    from ..contract.test_review import finished_record

    doc = finished_record(game_key, 3)
    game = Game(doc)
    screens = load_screens(game_key)
    viewer = screens.viewer(game.door.from_record(doc))
    steps = step_of_decisions(viewer.timeline, game)
    assert sorted(steps) == [d.index for d in game.decisions]
    for d in game.decisions:
        frame = viewer.timeline[steps[d.index]]
        assert frame.chapter == d.chapter
        if frame.is_deal:
            assert game_key == "monster-trick" and d.task == "arrange"
        else:
            assert (frame.seat, str(frame.action)) == (d.seat, str(d.action))
    assert len(set(steps.values())) == len(viewer.timeline) - sum(
        f.is_deal for f in viewer.timeline.frames
    ) + (game.chapters if game_key == "monster-trick" else 0)


async def test_the_viewer_marks_the_reviewed_steps_and_goes_from_mark_to_mark(
    monstertrick_home: Path,
) -> None:
    from monstertrick.review import review
    from monstertrick.tui.screens.viewer import StepViewer

    doc = save_finished(monstertrick_home, "game", finished_game(("Ann", "Bob")))
    kept = review(Game(doc), (0, 1), TINY, cache=ReviewCache())
    marked = [d for d in kept.decisions if d.mark]
    assert len(marked) >= 2
    app = GamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "enter")
        viewer = app.screen
        assert isinstance(viewer, StepViewer)
        assert "m/M Mark" in screen_text(app)
        assert sum(len(ds) for ds in viewer.reviewed.values()) == len(kept.decisions)
        await pilot.press("right")  # a reviewed step shows its verdict
        assert "Review (from what the player knew)" in screen_text(app)
        seen: list[str] = []
        for d in marked:
            await pilot.press("m")
            frame = viewer.timeline[viewer.index]
            status = screen_text(app).splitlines()[0]
            assert status.lstrip().startswith(d.mark), status
            assert frame.chapter == d.chapter
            assert d.chosen in screen_text(app)
            seen.append(d.chosen)
        last = viewer.index
        await pilot.press("m")  # none after the last: it stays
        assert viewer.index == last
        await pilot.press("M")
        assert viewer.timeline[viewer.index].chapter == marked[-2].chapter
        assert viewer.index < last


async def test_r_in_the_viewer_reviews_then_marks_the_steps(monstertrick_home: Path) -> None:
    from monstertrick.tui.screens.viewer import StepViewer

    save_finished(monstertrick_home, "game", finished_game(("Ann", "Bob")))
    app = GamesApp()
    app.review_settings = TINY
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "enter")
        viewer = app.screen
        assert isinstance(viewer, StepViewer)
        assert viewer.reviewed == {}  # nothing kept: nothing computed by itself
        assert "m/M Mark" not in screen_text(app)
        await pilot.press("m")
        assert viewer.index == 0
        await pilot.press("r")
        await reviewed(pilot)
        await pilot.press("escape")
        assert app.screen is viewer
        assert viewer.reviewed and viewer.marked_steps()
        await pilot.press("m")
        assert viewer.index == viewer.marked_steps()[0]


async def test_an_unfinished_game_shown_in_the_viewer_is_not_reviewed(
    monstertrick_home: Path,
) -> None:
    """(``monstertrick view --reveal`` shows an unfinished game: its secrets are not
    public, so it is not reviewed.)"""
    session = make_match(("Ann", "Bob"), 3, moves=6)
    app = GamesApp(view=session.state)
    app.review_settings = TINY
    async with app.run_test(size=(80, 24)) as pilot:
        assert "r Review" not in screen_text(app)
        await pilot.press("r")
        assert not isinstance(app.screen, ReviewScreen)
        await workers_done(app)
    assert kept_files(monstertrick_home) == []
