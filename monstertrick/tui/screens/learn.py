"""Learn to play: the list of lessons, the lesson's bar over the game's own table
screens, and the end of a lesson.

The lessons themselves are :mod:`monstertrick.lessons` (no Textual): a lesson is a
:class:`~monstertrick.lessons.LessonSession` that the app plays with the game's own
screens, as any game; these screens only show it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...games import GAMES
from ...lessons import LessonSession, Progress, lessons_of, star_text
from ..widgets import KeyBar


@dataclass
class StartLesson(Message):
    """Start the lesson ``key`` of ``game`` (empty ``key``: open the list of lessons, at
    the lesson ``at`` if given; ``first_game``: the first game against easy computer
    players instead)."""

    game: str
    key: str = ""
    first_game: bool = False
    at: str = ""


class BackToStart(Message):
    """The lessons are closed and were the first screen: the app puts a start screen in
    their place."""


def lesson_games() -> list[str]:
    """The games that have lessons and screens, in the registry's order."""
    from .. import has_screens

    return [key for key in GAMES if has_screens(key) and lessons_of(key)]


class LearnScreen(Screen[None]):
    """Every game's lessons under its title, with their stars: Enter starts one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start lesson", priority=True),
        Binding("escape,q", "close", "Back"),
    ]

    DEFAULT_CSS = """
    LearnScreen #learn-box { width: 72; height: 1fr; padding: 1 2; }
    LearnScreen #lessons { height: 1fr; }
    """

    def __init__(self, game: str | None = None, at: str = "") -> None:
        super().__init__()
        self.game = game
        """The game whose first lesson not yet done is highlighted (None: the first game's)."""
        self.at = at
        """The lesson of ``game`` highlighted instead (one just left)."""
        self.progress = Progress.load()
        self._entries: dict[str, tuple[str, str]] = {}

    def compose(self) -> ComposeResult:
        options: list[Option] = []
        games = lesson_games()
        undone: dict[str, int] = {}
        first: dict[str, int] = {}
        where: dict[str, int] = {}
        for game in games:
            options.append(Option(Content(GAMES[game].title).stylize("bold"), disabled=True))
            for number, lesson in enumerate(lessons_of(game), 1):
                stars = self.progress.of(game, lesson)
                ident = f"{game}/{lesson.key}"
                self._entries[ident] = (game, lesson.key)
                text = f"  {number}. {lesson.title}  ({star_text(stars)})"
                where[ident] = len(options)
                first.setdefault(game, len(options))
                if not stars:
                    undone.setdefault(game, len(options))
                options.append(Option(Content(text), id=ident))
        # The first lesson not done yet, from this game's on (a game all done leads on
        # to the next game's); with every lesson done, this game's first; a lesson just
        # left, itself.
        start = games.index(self.game) if self.game in games else 0
        order = games[start:] + games[:start]
        found = [undone[g] for g in order if g in undone]
        highlight = found[0] if found else first.get(order[0]) if order else None
        highlight = where.get(f"{self.game}/{self.at}", highlight)
        with Vertical(id="learn-box"):
            yield Static(Content("Learn to play"), classes="title")
            yield Static(
                Content(
                    "Short lessons on a fixed deal: each has one goal and waits for the "
                    "move it teaches. Enter starts the lesson highlighted."
                ),
                classes="hint",
            )
            lessons = OptionList(*options, id="lessons")
            yield lessons
        yield KeyBar()
        self._highlight = highlight

    def on_mount(self) -> None:
        lessons = self.query_one(OptionList)
        if self._highlight is not None:
            lessons.highlighted = self._highlight
        lessons.focus()
        if self.progress.problem:
            self.notify(self.progress.problem, severity="warning", timeout=10, markup=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        ident = event.option.id
        if ident in self._entries:
            game, key = self._entries[ident]
            self.post_message(StartLesson(game, key))

    def action_start(self) -> None:
        self.query_one(OptionList).action_select()

    def action_close(self) -> None:
        """Back to the start screen (the one below, or a new one when the lessons were
        the first screen)."""
        from .start import StartScreen

        stack = self.app.screen_stack
        if len(stack) > 1 and isinstance(stack[-2], StartScreen):
            self.dismiss(None)
            return
        self.post_message(BackToStart())


class LessonBar(Static):
    """Over the game's table during a lesson: which lesson, its goal, and the answer to
    a move that is not the lesson's."""

    DEFAULT_CSS = """
    LessonBar {
        dock: top;
        height: auto;
        max-height: 3;
        background: $primary-background;
        color: $foreground;
        padding: 0 1;
    }
    LessonBar.-refused { background: $warning-muted; }
    LessonBar#lesson-bar { text-wrap: wrap; text-overflow: fold; }
    """

    def __init__(self, session: LessonSession) -> None:
        super().__init__(id="lesson-bar")
        self.session = session
        self.answer: str | None = None
        self.update(self.text())

    def text(self) -> Content:
        session = self.session
        lesson = session.the_lesson
        lessons = lessons_of(session.game_key)
        number = lessons.index(lesson) + 1
        head = Content.assemble(
            (f"Lesson {number} of {len(lessons)}: {lesson.title}", "bold"),
            f" · moves {session.tries}, par {lesson.par_moves}",
        )
        if self.answer is not None:
            return Content.assemble(head, "\n", ("✗ Not this lesson's move. ", "bold"), self.answer)
        if session.finished:
            return Content.assemble(head, "\n", ("✓ Goal met. ", "bold"), session.saying())
        keys = f" {lesson.keys}" if lesson.keys else ""
        return Content.assemble(head, "\n", ("Goal: ", "bold"), session.saying(), keys)

    def refused(self, answer: str | None) -> None:
        self.answer = answer
        self.set_class(answer is not None, "-refused")
        self.update(self.text())


class LessonDoneScreen(Screen[None]):
    """The lesson's goal is met: its stars, what it taught, and what comes next."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Next lesson"),
        Binding("enter", "first_game", "Play your first game"),
        Binding("r", "again", "Again"),
        Binding("l", "lessons", "Lessons"),
        Binding("escape", "lessons", show=False),
    ]

    DEFAULT_CSS = """
    LessonDoneScreen #done-box { width: 72; height: auto; padding: 1 2; }
    """

    def __init__(self, session: LessonSession, problem: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.problem = problem
        lessons = lessons_of(session.game_key)
        index = lessons.index(session.the_lesson)
        self.next_key = lessons[index + 1].key if index + 1 < len(lessons) else ""

    def compose(self) -> ComposeResult:
        session = self.session
        lesson = session.the_lesson
        title = GAMES[session.game_key].title
        moves = "move" if session.tries == 1 else "moves"
        with Vertical(id="done-box"):
            yield Static(Content(f"Lesson done: {lesson.title}"), classes="title")
            yield Static(
                Content(
                    f"{star_text(session.stars)} — {session.tries} {moves}, par {lesson.par_moves}."
                ),
                id="done-stars",
            )
            yield Static(Content(lesson.learned or lesson.goal), classes="hint")
            if self.next_key:
                what = (
                    "Press Enter for the next lesson, r to try this one again, l for the lessons."
                )
            else:
                what = (
                    f"That was the last lesson of {title}. Press Enter to play your first "
                    "game against easy computer players (t on your turn gives a hint), "
                    "r to try this lesson again, l for the lessons."
                )
            yield Static(Content(what), classes="hint")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.problem:
            self.notify(self.problem, severity="warning", timeout=10, markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return bool(self.next_key)
        if action == "first_game":
            return not self.next_key
        return True

    def action_next(self) -> None:
        if self.next_key:
            self.post_message(StartLesson(self.session.game_key, self.next_key))

    def action_first_game(self) -> None:
        self.post_message(StartLesson(self.session.game_key, first_game=True))

    def action_again(self) -> None:
        self.post_message(StartLesson(self.session.game_key, self.session.the_lesson.key))

    def action_lessons(self) -> None:
        self.post_message(StartLesson(self.session.game_key))
