"""Learn to play in lines: ``monstertrick learn --screen-reader`` and the Learn choice of
the line mode's start.

A front end over the lesson runner (:class:`~monstertrick.lessons.LessonSession`'s
public methods: ``play_to_learner``, ``try_move``, ``saying``, ``goal_met``, ``stars``)
and the line mode's own pieces (:class:`~monstertrick.lines.play.LineMode`: the numbered
choices, the query commands). Each lesson says its goal and the table as the line mode
says it, asks for the move as a numbered list of the legal choices, answers another
legal move with the lesson's sentence and an illegal one with the rule, says the stars,
keeps them, and offers the next lesson; after a game's last lesson, its first game
against easy computer players (the ``hint`` command offered).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..games import GAMES
from ..lessons import (
    Lesson,
    LessonSession,
    Progress,
    find_lesson,
    learner_name,
    lessons_of,
    star_text,
)
from ..session import Turn
from .play import LineMode, Quit, plain

if TYPE_CHECKING:
    from ..games.contract import Action

__all__ = ["LessonLines", "learn"]

Write = Callable[[str], None]
Read = Callable[[], str | None]


class _LessonMode(LineMode):
    """The line mode at a lesson's table: a move the rules refuse, typed by name, is a
    move tried (:meth:`LessonSession.tried` counts it, as for the app's)."""

    def __init__(self, session: LessonSession, write: Write, read: Read) -> None:
        super().__init__(session, write, read)
        self.lesson = session

    def refused(self, seat: int, action: Action) -> str | None:
        reason = super().refused(seat, action)
        if reason is not None:
            self.lesson.tried(seat, action)
        return reason


class LessonLines:
    """One lesson told in lines; :meth:`run` raises :class:`Quit` when the person stops."""

    def __init__(self, session: LessonSession, write: Write, read: Read) -> None:
        self.session = session
        self.mode: LineMode = _LessonMode(session, write, read)
        self.said = ""

    def say(self, label: str, text: str) -> None:
        self.mode.say(label, text)

    def run(self) -> None:
        session = self.session
        lesson = session.the_lesson
        lessons = lessons_of(session.game_key)
        title = GAMES[session.game_key].title
        number = lessons.index(lesson) + 1
        self.say("Lesson", f"{title}, lesson {number} of {len(lessons)}: {lesson.title}.")
        self.say("Goal", lesson.goal)
        self.said = lesson.goal
        while session.play_to_learner() is not None:
            self.decision()
        if session.goal_met():
            self.say("Goal met", session.saying())

    def decision(self) -> None:
        """The learner's next move: the table, the choices, the answer."""
        session = self.session
        seat = session.learner
        step = session.next_step()
        assert isinstance(step, Turn) and step.seat == seat
        words = session.saying()
        if words != self.said:
            self.say("Goal", words)
            self.said = words
        for line in self.mode.door.view_lines(session.view(seat), "table"):
            self.say("Table", line)
        again = False
        while True:
            action = self.mode.ask_choice(seat, step.task, again)
            text = self.taught_text(action)
            before = len(session.round_log())
            answer = session.try_move(text)
            if answer.kind == "taught":
                log = session.round_log()
                self.mode.told(log[before:] if len(log) >= before else log)
                return
            label = "Not this lesson's move" if answer.kind == "other" else "Problem"
            self.say(label, answer.text)
            again = True

    def taught_text(self, action: object) -> str:
        """``action`` as the lesson's step writes it when it is the same decision as one
        the step accepts (one choice in the list stands for a card onto any empty slot,
        or for cards interchangeable with it), else as the game prints it."""
        door = self.mode.door
        session = self.session
        view = session.view(session.learner)
        step = session.the_lesson.steps[session.step]
        key = door.same_decision(view, action)
        for text in step.accept:
            try:
                if door.same_decision(view, door.parse_action(text)) == key:
                    return text
            except ValueError:
                continue
        return str(action)


@dataclass
class _Flow:
    write: Write
    read: Read
    games: Sequence[str]
    name: str
    progress: Progress

    def ask(self, question: str, answers: Sequence[str]) -> str:
        """Ask until the answer is one of ``answers`` (folded; "" is Enter alone)."""
        while True:
            self.write(plain(f"Prompt: {question}"))
            text = self.read()
            if text is None or text.strip().casefold() == "quit":
                raise Quit
            word = text.strip().casefold()
            if word in answers:
                return word
            self.write("Problem: that is not one of the answers; the question again.")

    def menu(self) -> tuple[str, Lesson]:
        """The lessons with their stars, one chosen by number (Enter: the first not
        done)."""
        entries: list[tuple[str, Lesson]] = []
        self.write("Learn: the lessons, with your stars.")
        for game in self.games:
            self.write(plain(f"Learn: {GAMES[game].title}"))
            for lesson in lessons_of(game):
                entries.append((game, lesson))
                stars = star_text(self.progress.of(game, lesson))
                self.write(plain(f"{len(entries)}. {lesson.title} ({stars})"))
        undone = [n for n, (g, one) in enumerate(entries, 1) if not self.progress.of(g, one)]
        first = undone[0] if undone else 1
        numbers = [str(n) for n in range(1, len(entries) + 1)]
        word = self.ask(
            f"type a lesson's number and Enter (Enter alone: {first}, "
            f"{'the first not done' if undone else 'the first'}).",
            ["", *numbers],
        )
        return entries[int(word or first) - 1]

    def lesson(self, game: str, lesson: Lesson) -> LessonSession:
        session = LessonSession.begin(game, lesson, self.name)
        LessonLines(session, self.write, self.read).run()
        problem = self.progress.record(game, lesson, session.stars)
        moves = "move" if session.tries == 1 else "moves"
        self.write(
            plain(
                f"Stars: {star_text(session.stars)}, {session.tries} {moves}, "
                f"par {lesson.par_moves}."
            )
        )
        if problem:
            self.write(plain(f"Problem: {problem}"))
        return session

    def after(self, game: str, lesson: Lesson) -> tuple[str, Lesson | None]:
        """What comes after ``lesson``: the next one, it again, the list, or (after a
        game's last, None) the game's first game."""
        lessons = lessons_of(game)
        index = lessons.index(lesson)
        if index + 1 < len(lessons):
            following = lessons[index + 1]
            what = (
                f"press Enter for the next lesson ({index + 2} of {len(lessons)}: "
                f"{following.title})"
            )
        else:
            self.write(plain(f"Learn: that was the last lesson of {GAMES[game].title}."))
            what = (
                "press Enter to play your first game against easy computer players "
                "(type hint on your turn for a hint)"
            )
        word = self.ask(
            f"{what}; or type again for this lesson again, list for the lessons, quit to stop.",
            ["", "again", "list"],
        )
        if word == "again":
            return game, lesson
        if word == "list":
            return self.menu()
        return game, lessons[index + 1] if index + 1 < len(lessons) else None


def learn(
    write: Write,
    read: Read,
    game: str | None = None,
    key: str | None = None,
    first_game: Callable[[str, Lesson, str], None] | None = None,
) -> None:
    """The lessons in lines: lesson ``key`` of ``game`` (else the list of lessons, of
    ``game``'s or every game's), then the next ones; after a game's last lesson, when
    the person asks for it, ``first_game(game, its first lesson, the learner's name)``.
    Stops at ``quit`` or the end of the input."""
    progress = Progress.load()
    if progress.problem:
        write(plain(f"Problem: {progress.problem}"))
    games = [game] if game is not None else [g for g in GAMES if lessons_of(g)]
    flow = _Flow(write, read, games, learner_name(), progress)
    try:
        chosen: tuple[str, Lesson | None] = (
            (games[0], find_lesson(games[0], key)) if key is not None else flow.menu()
        )
        while (lesson := chosen[1]) is not None:
            flow.lesson(chosen[0], lesson)
            chosen = flow.after(chosen[0], lesson)
    except Quit:
        write("End: stopped; the lessons done keep their stars.")
        return
    if first_game is not None:
        first_game(chosen[0], lessons_of(chosen[0])[0], flow.name)
