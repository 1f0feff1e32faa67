"""The lessons in the terminal app at 80x24: the game's own screens under the lesson's
bar, the Learn screen, the start screen's entry."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from monstertrick.lessons import LessonSession, Progress, find_lesson, lessons_of
from monstertrick.tui.app import MonsterTrickApp
from monstertrick.tui.screens.learn import LearnScreen, LessonBar, LessonDoneScreen

from .helpers import THEME

SIZE = (80, 24)


def lesson_app(game: str | None = None, key: str | None = None) -> MonsterTrickApp:
    app = MonsterTrickApp(learn=(game, key), pace=0)
    app.theme = THEME
    return app


def bar_text(app: MonsterTrickApp) -> str:
    return str(app.screen.query_one(LessonBar).render())


async def settle(pilot: Pilot[int], until: Callable[[], bool]) -> None:
    for _ in range(50):
        if until():
            return
        await pilot.pause()
    raise AssertionError(f"never came: the screen is {type(pilot.app.screen).__name__}")


async def test_monster_trick_lesson_through_the_app(monstertrick_home: Path) -> None:
    lesson = find_lesson("monster-trick", "open-a-trick")
    app = lesson_app("monster-trick", lesson.key)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
        assert "Goal: " + lesson.goal in bar_text(app).replace("\n", " ")
        session = app.session
        assert isinstance(session, LessonSession)
        # P2 (the 8th card) onto trick 1, Bob's purple trick: legal, not this lesson's.
        await pilot.press(*["right"] * 7, "1")
        await pilot.pause()
        assert lesson.steps[0].other in bar_text(app).replace("\n", " ")
        assert session.step == 0
        # B1 (the first card) onto trick 2: the colour rule refuses it.
        await pilot.press("home", "2")
        await pilot.pause()
        assert "Not allowed: B1 cannot go on" in str(app.screen.query_one("#status").render())
        await pilot.press("3")  # B1 opens trick 3
        await pilot.pause()
        assert session.finished and session.goal_met()
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, LessonDoneScreen))
        assert session.tries == 3
    assert Progress.load().of("monster-trick", lesson) == 2  # 3 moves, par 1


async def test_monster_taking_lesson_through_the_app(monstertrick_home: Path) -> None:
    lesson = find_lesson("monster-taking", "suit-strength")
    app = lesson_app("monster-taking", lesson.key)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
        await pilot.press("enter")  # I4, the first card: not a 10
        await pilot.pause()
        assert lesson.steps[0].other in bar_text(app).replace("\n", " ")
        await pilot.press("right", "right", "right", "enter")  # I10
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, LessonDoneScreen))
    assert Progress.load().of("monster-taking", lesson) == 2


async def test_magic_trick_lesson_through_the_app_then_the_next(monstertrick_home: Path) -> None:
    lesson = find_lesson("magic-trick", "read-the-backs")
    app = lesson_app("magic-trick", lesson.key)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
        await pilot.press(*["right"] * 9, "enter")  # the 10th card, the Heart
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, LessonDoneScreen))
        assert "★★★ 3/3" in str(app.screen.query_one("#done-stars").render())
        await pilot.press("enter")  # the next lesson
        await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
        session = app.session
        assert isinstance(session, LessonSession)
        assert session.the_lesson == lessons_of("magic-trick")[1]
    assert Progress.load().of("magic-trick", lesson) == 3


async def test_the_last_lesson_leads_to_a_first_game_against_easy(monstertrick_home: Path) -> None:
    last = lessons_of("magic-trick")[-1]
    app = lesson_app("magic-trick", last.key)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
        session = app.session
        assert isinstance(session, LessonSession)
        session.apply(session.learner, session.rules.parse_action(last.steps[0].accept[0]))
        session.done()
        app.advance()
        await settle(pilot, lambda: isinstance(app.screen, LessonDoneScreen))
        await pilot.press("enter")
        await pilot.pause()
        game = app.session
        assert game is not None and not isinstance(game, LessonSession)
        assert game.game_key == "magic-trick"
        assert [s.bot for s in game.seating.seats] == [None, "easy", "easy", "easy"]
        assert any("hint" in n.message for n in app._notifications)


async def test_learn_to_play_from_the_start_screen(monstertrick_home: Path) -> None:
    app = MonsterTrickApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#learn").region.bottom <= SIZE[1] - 1, "in view"
        await pilot.press("l")
        await settle(pilot, lambda: isinstance(app.screen, LearnScreen))
        await pilot.press("enter")  # the first lesson of the first game
        await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
        session = app.session
        assert isinstance(session, LessonSession)
        assert session.the_lesson == lessons_of("monster-trick")[0]


def test_learn_screen_snapshot(snap_compare: Callable[..., bool], monstertrick_home: Path) -> None:
    progress = Progress.load()
    progress.record("monster-trick", lessons_of("monster-trick")[0], 3)
    progress.record("monster-trick", lessons_of("monster-trick")[1], 2)
    assert snap_compare(lesson_app(), terminal_size=SIZE)


async def test_learn_to_play_in_view_with_continue_and_damaged_saves(
    monstertrick_home: Path,
) -> None:
    from .helpers import save_unfinished_games

    save_unfinished_games(monstertrick_home, ("Ann", "Bob", "Cid", "Dee", "Eve"))
    (monstertrick_home / "saves").mkdir(exist_ok=True)
    (monstertrick_home / "saves" / "broken.json").write_text("{", encoding="utf-8")
    app = MonsterTrickApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query("#continue")
        assert app.screen.query_one("#learn").region.bottom <= SIZE[1] - 1, "in view"


async def test_leaving_the_lessons_goes_to_the_start_screen(monstertrick_home: Path) -> None:
    from monstertrick.tui.screens.start import StartScreen

    app = lesson_app()  # (monstertrick learn: the lessons are the first screen)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, LearnScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.press("l")
        await settle(pilot, lambda: isinstance(app.screen, LearnScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, StartScreen))
        assert len(app.screen_stack) == 2
