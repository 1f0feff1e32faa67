"""The lessons in the terminal app at 80x24: the game's own screens under the lesson's
bar, the Learn screen, the start screen's entry."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from monstertrick.lessons import LessonSession, Progress, find_lesson, lessons_of
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.hint import HintPanel
from monstertrick.tui.screens.learn import LearnScreen, LessonBar, LessonDoneScreen
from monstertrick.tui.widgets import KeyBar

from .helpers import THEME

SIZE = (80, 24)


def lesson_app(game: str | None = None, key: str | None = None) -> GamesApp:
    app = GamesApp(learn=(game, key), pace=0)
    app.theme = THEME
    return app


def bar_text(app: GamesApp) -> str:
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
    app = GamesApp(pace=0)
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
    app = GamesApp(pace=0)
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


# ---------------------------------------------------------------------------- as a newcomer
# reads and plays a lesson at 80x24


def key_bar(app: GamesApp) -> str:
    return str(app.screen.query_one(KeyBar).render())


async def test_the_vp_row_lesson_reads_with_the_learners_name_and_says_its_keys(
    monstertrick_home: Path,
) -> None:
    lesson = find_lesson("monster-trick", "vp-row")
    app = lesson_app("monster-trick", lesson.key)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
        top = str(app.screen.query_one("#topbar").render())
        assert "Learner arranges their VP cards" in top and "You arranges" not in top
        bar = bar_text(app).replace("\n", " ")
        assert lesson.keys in bar and "Shift+←" in bar
        # The keys the bar names, and nothing else: → to the 3, Shift+← moves it.
        await pilot.press("right", "right", "shift+left", "shift+left", "enter")
        await pilot.pause()
        session = app.session
        assert isinstance(session, LessonSession)
        assert session.goal_met() and session.tries == 1
        top = str(app.screen.query_one("#topbar").render())
        assert "Learner laid out their VP cards" in top


async def test_a_lesson_opens_on_the_learners_turn_at_once_with_nothing_since(
    monstertrick_home: Path,
) -> None:
    from monstertrick.games.monster_trick.tui.arrange import ArrangeScreen
    from monstertrick.games.monster_trick.tui.table import TableScreen

    # Bob and Cid lay their rows before the learner: at once, not at the normal pace.
    app = GamesApp(learn=("monster-trick", "vp-row"))
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ArrangeScreen), "no computer player's move first"
    app = GamesApp(learn=("monster-trick", "open-a-trick"))
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        since = str(app.screen.query_one("#since").query_one("EventList").render())
        assert since == "Nothing new.", "no moves the learner never made"


async def test_escape_leaves_a_lesson_for_the_list_keeping_the_stars(
    monstertrick_home: Path,
) -> None:
    done = lessons_of("monster-taking")[0]
    Progress.load().record("monster-taking", done, 2)
    lesson = lessons_of("monster-taking")[2]  # (the 2nd is the first not done)
    app = lesson_app("monster-taking", lesson.key)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
        shown = key_bar(app)
        assert "esc Lessons" in shown and "? Rules" in shown
        # A panel open on the table closes first.
        await pilot.press("t")
        await settle(pilot, lambda: app.screen.query(HintPanel).first() is not None)
        await pilot.press("escape")
        await pilot.pause()
        assert not app.screen.query(HintPanel) and app.screen.query(LessonBar)
        await pilot.press("enter")  # a move refused: the lesson's tries count it
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, LearnScreen))
        assert app.session is None
        lessons = app.screen.query_one(OptionList)
        assert lessons.highlighted is not None
        option = lessons.get_option_at_index(lessons.highlighted)
        assert option.id == f"monster-taking/{lesson.key}", "the lesson just left"
        first = lessons.get_option(f"monster-taking/{done.key}")
        assert "★★☆ 2/3" in str(first.prompt)
    assert Progress.load().of("monster-taking", done) == 2
    assert Progress.load().of("monster-taking", lesson) == 0


async def test_ctrl_q_quits_from_a_lesson(monstertrick_home: Path) -> None:
    app = lesson_app("magic-trick", "read-the-backs")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
        assert "esc Lessons" in key_bar(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0, "quit (nothing to lose in a lesson)"


@pytest.mark.parametrize(
    ("game", "key", "last"),
    [
        ("monster-trick", "open-a-trick", 11),
        ("monster-taking", "suit-strength", 12),
        ("magic-trick", "read-the-backs", 13),
    ],
)
async def test_home_and_end_reach_the_ends_of_every_games_hand(
    monstertrick_home: Path, game: str, key: str, last: int
) -> None:
    app = lesson_app(game, key)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
        screen: Any = app.screen  # (each game's screen has its hand's cursor)
        await pilot.press("end")
        await pilot.pause()
        assert screen.cursor == last
        await pilot.press("home")
        await pilot.pause()
        assert screen.cursor == 0


async def test_the_list_leads_on_to_the_next_games_lessons(monstertrick_home: Path) -> None:
    progress = Progress.load()
    for lesson in lessons_of("monster-trick"):
        progress.record("monster-trick", lesson, 3)
    app = lesson_app("monster-trick")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, LearnScreen))
        lessons = app.screen.query_one(OptionList)
        assert lessons.highlighted is not None
        option = lessons.get_option_at_index(lessons.highlighted)
        first = lessons_of("monster-taking")[0]
        assert option.id == f"monster-taking/{first.key}"


async def test_every_lessons_bar_fits_its_three_lines_at_80_columns(
    monstertrick_home: Path,
) -> None:
    """The goal with its keys, the answer to another move, and what was learned: none is
    cut off at the bar's foot."""
    app = lesson_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, LearnScreen))
        for game in ("monster-trick", "monster-taking", "magic-trick"):
            for lesson in lessons_of(game):
                app.start_lesson(game, lesson.key)
                await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
                bar = app.screen.query_one(LessonBar)
                width = bar.content_region.width
                texts = [bar.text()]
                bar.answer = lesson.steps[0].other
                texts.append(bar.text())
                bar.answer = None
                session = bar.session
                session.step = len(lesson.steps)  # (as once the goal is met)
                texts.append(bar.text())
                session.step = 0
                for text in texts:
                    lines = text.wrap(width)
                    assert len(lines) <= 3, (lesson.key, [str(line) for line in lines])


@pytest.mark.parametrize(
    ("game", "key", "keys"),
    [
        ("magic-trick", "read-the-backs", ("right", "enter")),  # a Diamond, not the Heart
        ("magic-trick", "sleeve-bid", ("p",)),  # passing: legal, not this lesson's
        ("monster-taking", "suit-strength", ("enter",)),  # I4, not a 10
        ("monster-trick", "open-a-trick", (*["right"] * 7, "1")),  # onto an open trick
    ],
)
async def test_a_refused_lesson_move_reads_right_on_the_status_line(
    monstertrick_home: Path, game: str, key: str, keys: tuple[str, ...]
) -> None:
    """A legal move the lesson does not teach is no rule broken: the status line says
    it is not this lesson's move (the bar above says why), never "Not allowed"; moving
    on in the hand says the card again, and an illegal move after it says the rule."""
    app = lesson_app(game, key)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.screen.query(LessonBar)))
        screen = app.screen
        status = screen.query_one(screen.STATUS)  # type: ignore[attr-defined]
        before = str(status.render())
        await pilot.press(*keys)
        await pilot.pause()
        said = str(status.render())
        assert said != before
        assert "Not allowed" not in said
        assert "not this lesson's move" in said.casefold() and "above" in said
        assert "✗ Not this lesson's move." in bar_text(app)
        if game == "magic-trick":
            await pilot.press("d")  # the screen redraws: the answer stays
            await pilot.pause()
            assert str(status.render()) == said
            await pilot.press("d", "home")
            await pilot.pause()
            assert str(status.render()).startswith("Your 1st card")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_learn_to_play_is_a_button_of_the_start_menu_like_the_others(
    monstertrick_home: Path, size: tuple[int, int]
) -> None:
    from .helpers import save_unfinished_games

    save_unfinished_games(monstertrick_home, ("Ann", "Bob", "Cid", "Dee", "Eve"))
    app = GamesApp(pace=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#start-menu")
        learn = app.screen.query_one("#learn")
        assert learn.parent is menu
        buttons = list(menu.children)
        assert [b.id for b in buttons][:3] == ["continue", "new-game", "learn"]
        assert {(b.region.x, b.region.width, b.region.height) for b in buttons} == {
            (learn.region.x, learn.region.width, learn.region.height)
        }, "the same place, width and height as every other button"
        assert buttons[-1].region.bottom <= size[1] - 1, "all in view above the key bar"
