"""Learn to play: short lessons, each a scripted game that waits for the move it teaches.

A lesson is data (:class:`Lesson`): a fixed deal (a seed, and the moves that set up the
position from it), the computer players' level, one goal in a sentence, the move or moves
each step accepts, the sentence that answers any other legal move, and par. A game adds
only its lessons' data, in its package's ``lessons`` module (``LESSONS``); everything
else is written once, here, over the game contract and the session's flow:

- :class:`LessonSession` holds a :class:`~monstertrick.session.Session` and judges the
  learner's decisions before the rules carry them out: the taught move is made, any
  other legal move is refused with the lesson's sentence (:class:`NotThisLesson`), an
  illegal one with the rules' own reason (as in any game). The computer players play
  between the learner's moves, as in any game.
- :meth:`LessonSession.try_move` and :meth:`LessonSession.play_to_learner` drive a lesson
  with no screen at all (the tests, a line mode), through the flow driver
  (:mod:`monstertrick.flow`); the terminal app shows the same session with the game's
  own table screens.
- :class:`Progress` keeps the lessons done and their stars in the data folder.

This module never imports Textual.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import flow
from .errors import IllegalMoveError
from .games import GAMES
from .games.contract import Action, Bot, Outcome, SomeState, SomeView, StopCheck
from .records import name_problem
from .saves import SaveStore, atomic_write, home
from .seating import Seat, Seating
from .session import BotTurn, Played, Session, TakeBackRefused, Turn
from .session import Step as SessionStep

if TYPE_CHECKING:
    from .games import SomeDoor
    from .search.assess import Advice

__all__ = [
    "Answer",
    "Lesson",
    "LessonSession",
    "NotThisLesson",
    "Progress",
    "Step",
    "find_lesson",
    "learner_name",
    "lessons_of",
    "stars_for",
]

LEARNER = "Learner"
"""The learner's name at the lesson's table when the history names nobody (see
:func:`learner_name`): the games speak of every seat in the third person ("Learner laid
out their VP cards"), so the learner needs a name, not "You"."""


@dataclass(frozen=True)
class Step:
    """One move the learner makes: any of ``accept`` (written as the game prints its
    actions, as a record writes them); ``other`` answers any other legal move in one
    sentence; ``say``, if given, what to do now (else the lesson's goal)."""

    accept: tuple[str, ...]
    other: str
    say: str = ""


@dataclass(frozen=True)
class Lesson:
    """One lesson of a game: a fixed deal, fixed computer players, one goal."""

    key: str
    """Its name on the command line (``monstertrick learn open-a-trick``)."""
    title: str
    goal: str
    """What the learner is to do, in one sentence (with where the game stands: the
    lesson opens with nothing "since your last turn")."""
    steps: tuple[Step, ...]
    seed: int
    players: tuple[str, ...]
    """The names at the table; the learner's seat is :attr:`learner`, named at the table
    as :meth:`LessonSession.begin` is told (its name here is a placeholder)."""
    keys: str = ""
    """How the move is made on the screen, in a few words ("Keys: ←/→ choose, Enter
    plays."): the lesson's bar says it after the goal, so that nobody is refused a move
    for not knowing the keys."""
    learner: int = 0
    first: int = 0
    """The seat that begins the deal."""
    level: str = "easy"
    """The computer players' level (their randomness comes from the seed)."""
    setup: tuple[str, ...] = ()
    """Moves made before the lesson starts, each by the seat that decides then: the
    position the lesson teaches on, reached through the game's rules."""
    par: int = 0
    """The moves a learner needs at best (0: one a step)."""
    learned: str = ""
    """What the learner has just seen, said once the goal is met."""
    check: Callable[[Any], bool] | None = field(default=None, compare=False)
    """Whether the goal is met, asked of the learner's view once every step is made
    (None: the steps are the goal)."""

    @property
    def par_moves(self) -> int:
        return self.par or len(self.steps)

    def seats(self, name: str, level: str | None = None) -> tuple[Seat, ...]:
        """The lesson's table with the learner seated as ``name`` (:data:`LEARNER` when
        a computer player has that name, or it is no name) and the computer players at
        ``level`` (the lesson's own by default)."""
        others = [n for seat, n in enumerate(self.players) if seat != self.learner]
        if name in others or name_problem(name) is not None:
            name = LEARNER
        return tuple(
            Seat(name) if seat == self.learner else Seat(player, level or self.level)
            for seat, player in enumerate(self.players)
        )


def stars_for(tries: int, par: int) -> int:
    """3 stars at par or better, 2 for up to two moves more, 1 otherwise."""
    if tries <= par:
        return 3
    if tries <= par + 2:
        return 2
    return 1


def lessons_of(game: str) -> tuple[Lesson, ...]:
    """The lessons of the registered game ``game``: its package's ``lessons`` module's
    ``LESSONS`` (none when it has no such module)."""
    package = GAMES[game].package
    try:
        module = importlib.import_module(f"{package}.lessons")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.lessons":
            raise
        return ()
    lessons: tuple[Lesson, ...] = tuple(module.LESSONS)
    return lessons


def find_lesson(game: str, name: str) -> Lesson:
    """The lesson of ``game`` called ``name`` (its key, or its number from 1); raises
    ``KeyError`` in words naming the lessons there are."""
    lessons = lessons_of(game)
    if name.isdigit() and 1 <= int(name) <= len(lessons):
        return lessons[int(name) - 1]
    for lesson in lessons:
        if lesson.key == name:
            return lesson
    known = ", ".join(lesson.key for lesson in lessons) or "none"
    raise KeyError(f"{GAMES[game].title} has no lesson {name!r}: its lessons are {known}")


def learner_name(root: Path | None = None) -> str:
    """The name the learner sits at a lesson's table with: the person who played the
    most recent game in the history (its first seat not played by a computer, renames
    applied), else :data:`LEARNER`."""
    from .profiles import load_aliases

    store = SaveStore(root)
    try:
        games, _ = store.finished()
    except OSError:
        return LEARNER
    aliases = load_aliases(store.root)
    for saved in games:  # (the most recent first)
        seats = saved.meta.seats
        for seat, name in enumerate(saved.players):
            if seat < len(seats) and isinstance(seats[seat].get("bot"), str):
                continue
            person = aliases.resolve(name)
            if name_problem(person) is None:
                return person
    return LEARNER


# ---------------------------------------------------------------------------- a lesson


class NotThisLesson(IllegalMoveError):
    """A legal move that is not the one the lesson teaches: the lesson's sentence says
    why (nothing changes)."""


@dataclass(frozen=True)
class Answer:
    """What a learner's move got: ``"taught"`` (made), ``"other"`` (a legal move, not
    this lesson's: refused with the lesson's sentence) or ``"illegal"`` (refused with
    the rule)."""

    kind: str
    text: str


@dataclass
class LessonSession:
    """A game at the lesson's table: a :class:`~monstertrick.session.Session` held, and
    the learner's moves judged by the lesson before it carries them out. It is a seat as
    the screens know it (:class:`~monstertrick.seat_session.SeatSession`) and a table the
    flow drives (:class:`~monstertrick.flow.Driven`): what it does not judge, its
    session answers."""

    session: Session
    lesson: Lesson
    step: int = 0
    """The steps made so far."""
    tries: int = 0
    """Every move the learner tried, made or refused (:meth:`tried`)."""
    judging: bool = False
    """Whether the learner's moves are judged (not while the setup is made)."""

    @classmethod
    def begin(cls, game: str, lesson: Lesson, name: str = LEARNER) -> LessonSession:
        """The lesson's table, the learner seated as ``name`` (:data:`LEARNER` if a
        computer player has that name): its setup made, and the computer players' moves
        before the learner's first decision made at once (none of them is waited for).
        The learner's first decision comes next, with nothing "since their last turn":
        they had none, and the goal says where the game stands."""
        # One person at the table: the session knows the learner is at the keyboard.
        session = Session.start(Seating(lesson.seats(name), lesson.first), lesson.seed, game=game)
        for text in lesson.setup:
            _set_up(session, session.rules.parse_action(text))
        flow.run(session)  # (the computer players' moves up to the learner's first)
        session.seen[lesson.learner] = len(session.log)
        return cls(session, lesson, judging=True)

    # ------------------------------------------------------------------ facts

    @property
    def the_lesson(self) -> Lesson:
        return self.lesson

    @property
    def learner(self) -> int:
        return self.lesson.learner

    @property
    def finished(self) -> bool:
        """Every step is made: the lesson is over."""
        return self.step >= len(self.lesson.steps)

    def goal_met(self) -> bool:
        """Every step made, and the lesson's check (if any) holds in the learner's view."""
        check = self.lesson.check
        return self.finished and (check is None or check(self.view(self.learner)))

    @property
    def stars(self) -> int:
        return stars_for(self.tries, self.lesson.par_moves)

    def saying(self) -> str:
        """What to do now: the step's words, or the goal."""
        if self.finished:
            return self.lesson.learned or self.lesson.goal
        return self.lesson.steps[self.step].say or self.lesson.goal

    # ------------------------------------------------------------------ judging

    def judge(self, seat: int, action: Action) -> NotThisLesson | None:
        """Why the lesson refuses the learner's legal ``action`` now (None: it is the move
        it teaches, or the seat is not the learner's). The rules are asked first: an
        illegal move gets their reason, as in any game."""
        if not self.judging or seat != self.learner or self.finished:
            return None
        step = self.lesson.steps[self.step]
        if str(action) in step.accept:
            return None
        return NotThisLesson(step.other)

    def tried(self, seat: int, action: Action) -> IllegalMoveError | None:
        """The learner's ``action`` tried: counted, and why it is refused (None: it is
        the move taught, or not the learner's). One rule for the stars, whichever front
        end the move comes from: every move the learner tries counts, made, refused by
        the lesson (:class:`NotThisLesson`) or by the rules (their reason); text that
        names no move is no move tried. Changes nothing else."""
        if not self.judging or seat != self.learner:
            return None
        self.tries += 1
        reason = self.session.refusal(seat, action)
        return IllegalMoveError(reason) if reason is not None else self.judge(seat, action)

    def apply(self, seat: int, action: Action) -> list[object]:
        """``seat``'s decision, the learner's judged first (:meth:`tried`; an illegal
        one refused with the rules' reason), then carried out by the session."""
        learner = self.judging and seat == self.learner
        refused = self.tried(seat, action)
        if refused is not None:
            raise refused
        events = self.session.apply(seat, action)
        if learner:
            self.step += 1
        return events

    def hint(
        self, seat: int, view: SomeView | None = None, stop: StopCheck | None = None
    ) -> list[Advice[Action]]:
        """The hint agrees with the lesson: of the search's options, only the moves this
        step accepts (best first; their gaps to a best left out are not shown)."""
        options = self.session.hint(seat, view, stop)
        if not self.judging or seat != self.learner or self.finished:
            return options
        accept = self.lesson.steps[self.step].accept
        taught = [replace(o, gap=None, noise=None) for o in options if str(o.action) in accept]
        return taught or options

    def can_take_back(self, seat: int) -> bool:
        """A lesson's move stands (the next step follows from it)."""
        return False

    def take_back(self, seat: int) -> None:
        raise TakeBackRefused("a lesson's move stands: the next step follows from it")

    def autosave(self) -> None:
        """A lesson is never saved as a game."""

    # ------------------------------------------------------------------ with no screen

    def play_to_learner(self) -> Step | None:
        """Let the computer players play and every pause pass, up to the learner's next
        decision (returned) or the lesson's end (None)."""
        need = flow.run(self, until=lambda: self.finished)
        if need is None:
            while isinstance(self.next_step(), Played):
                self.done()
            return None
        if isinstance(need, flow.Over):
            raise ValueError("the game ended before the lesson did")
        if not isinstance(need.step, Turn) or need.step.seat != self.learner:
            raise ValueError("a lesson's table has one person: the learner")
        return self.lesson.steps[self.step]

    def try_move(self, text: str) -> Answer:
        """The learner's move written as the game prints it: made if it is the lesson's
        (and the computer players play on), else refused with why."""
        self.play_to_learner()
        try:
            action = self.rules.parse_action(text)
        except (IllegalMoveError, ValueError) as exc:
            return Answer("illegal", str(exc))
        try:
            self.apply(self.learner, action)
        except NotThisLesson as exc:
            return Answer("other", str(exc))
        except IllegalMoveError as exc:
            return Answer("illegal", str(exc))
        self.play_to_learner()
        return Answer("taught", self.saying())

    # ------------------------------------------------------------------ the session's

    @property
    def rules(self) -> SomeDoor:
        return self.session.rules

    @property
    def state(self) -> SomeState:
        return self.session.state

    @property
    def seed(self) -> int:
        return self.session.seed

    @property
    def log(self) -> list[object]:
        return self.session.log

    @property
    def pending(self) -> Played | None:
        return self.session.pending

    @property
    def pace(self) -> float:
        return self.session.pace

    @pace.setter
    def pace(self, seconds: float) -> None:
        self.session.pace = seconds

    @property
    def aids(self) -> set[str]:
        return self.session.aids

    @aids.setter
    def aids(self, aids: set[str]) -> None:
        self.session.aids = aids

    @property
    def game_key(self) -> str:
        return self.session.game_key

    @property
    def seating(self) -> Seating:
        return self.session.seating

    @property
    def names(self) -> tuple[str, ...]:
        return self.session.names

    @property
    def humans(self) -> tuple[int, ...]:
        return self.session.humans

    def is_bot(self, seat: int) -> bool:
        return self.session.is_bot(seat)

    @property
    def keyboard(self) -> int | None:
        return self.session.keyboard

    @property
    def away_seats(self) -> tuple[int, ...]:
        return self.session.away_seats

    @property
    def covered_seats(self) -> tuple[int, ...]:
        return self.session.covered_seats

    @property
    def replay_mark(self) -> str | None:
        return self.session.replay_mark

    @property
    def save_error(self) -> str | None:
        return self.session.save_error

    @property
    def running(self) -> bool:
        return self.session.running

    @property
    def position(self) -> tuple[int, int]:
        return self.session.position

    def view(self, seat: int) -> SomeView:
        return self.session.view(seat)

    def public_view(self) -> SomeView:
        return self.session.public_view()

    def round_log(self) -> list[object]:
        return self.session.round_log()

    def earlier_logs(self) -> list[list[object]]:
        return self.session.earlier_logs()

    def since_last_turn(self, seat: int) -> list[object]:
        return self.session.since_last_turn(seat)

    def outcome(self) -> Outcome | None:
        return self.session.outcome()

    def finished_record(self) -> dict[str, object]:
        return self.session.finished_record()

    def next_step(self) -> SessionStep:
        return self.session.next_step()

    def done(self) -> None:
        self.session.done()

    def pass_keyboard(self, seat: int) -> None:
        self.session.pass_keyboard(seat)

    def hands_over_next(self) -> bool:
        return self.session.hands_over_next()

    def refusal(self, seat: int, action: Action) -> str | None:
        return self.session.refusal(seat, action)

    def taken_back(self, seat: int) -> Action | None:
        return self.session.taken_back(seat)

    def hint_reason(self, view: SomeView, options: Sequence[Advice[Action]]) -> str | None:
        return self.session.hint_reason(view, options)

    def note_hint(self, seat: int) -> bool:
        return self.session.note_hint(seat)

    def bot(self, seat: int) -> Bot[SomeView, Action]:
        return self.session.bot(seat)

    def simple_decision(self, seat: int) -> Action:
        return self.session.simple_decision(seat)


def _set_up(session: Session, action: Action) -> None:
    """Make one move of a lesson's setup, by the seat that decides then."""
    step = flow.pass_pauses(session)
    if not isinstance(step, Turn | BotTurn):
        raise ValueError("the lesson's setup goes on past the end of the game")
    session.apply(step.seat, action)
    session.done()


if TYPE_CHECKING:
    from .flow import Driven
    from .seat_session import SeatSession

    def _keeps_the_protocol(lesson: LessonSession) -> SeatSession:
        return lesson  # (checked by mypy: a lesson's table is a seat as screens know it)

    def _is_driven(lesson: LessonSession) -> Driven:
        return lesson  # (checked by mypy: the flow drives a lesson's table)


# ---------------------------------------------------------------------------- progress

PROGRESS_FILE = "lessons.json"


@dataclass
class Progress:
    """The lessons done and the best stars of each, kept in the data folder
    (``lessons.json``). A damaged file is moved aside (``lessons.damaged.json``) and
    :attr:`problem` says so; progress then starts afresh."""

    folder: Path = field(default_factory=home)
    stars: dict[str, int] = field(default_factory=dict)
    """Per ``game/lesson``, the best stars (1-3) it was finished with."""
    problem: str | None = None

    @property
    def path(self) -> Path:
        return self.folder / PROGRESS_FILE

    @classmethod
    def load(cls, folder: Path | None = None) -> Progress:
        progress = cls(home() if folder is None else folder)
        try:
            data = progress.path.read_bytes()
        except FileNotFoundError:
            return progress
        except OSError as exc:
            progress.problem = f"The lessons' progress could not be read ({exc.strerror or exc})."
            return progress
        try:
            doc = json.loads(data.decode("utf-8"))
            stars = doc["stars"]
            if not isinstance(stars, dict) or not all(
                isinstance(k, str) and type(v) is int and 1 <= v <= 3 for k, v in stars.items()
            ):
                raise ValueError("not a table of stars")
            progress.stars = dict(stars)
        except (ValueError, KeyError, TypeError, UnicodeDecodeError) as exc:
            progress.problem = progress._set_aside(exc)
        return progress

    def _set_aside(self, exc: Exception) -> str:
        why = "not JSON" if isinstance(exc, json.JSONDecodeError) else "not a lessons file"
        target = self.folder / "lessons.damaged.json"
        k = 1
        while os.path.lexists(target):
            target = self.folder / f"lessons.damaged.{k}.json"
            k += 1
        try:
            os.replace(self.path, target)
        except OSError as err:
            return (
                f"The lessons' progress file {self.path} is damaged ({why}) and could not be "
                f"moved aside ({err.strerror or err}): progress starts afresh."
            )
        return (
            f"The lessons' progress file was damaged ({why}): it was moved to {target}, "
            "and progress starts afresh."
        )

    def of(self, game: str, lesson: Lesson) -> int:
        """The best stars of ``lesson`` (0: not done yet)."""
        return self.stars.get(f"{game}/{lesson.key}", 0)

    def record(self, game: str, lesson: Lesson, stars: int) -> str | None:
        """Keep ``stars`` for ``lesson`` if they are its best, and save; why saving
        failed, in words (None when it worked)."""
        key = f"{game}/{lesson.key}"
        if stars <= self.stars.get(key, 0):
            return None
        self.stars[key] = stars
        text = json.dumps({"format": "monstertrick-lessons/1", "stars": self.stars}, indent=1)
        try:
            atomic_write(self.path, text + "\n")
        except OSError as exc:
            return f"The lessons' progress was not saved ({exc.strerror or exc})."
        return None

    def all_done(self, game: str) -> bool:
        return all(self.of(game, lesson) for lesson in lessons_of(game))


def star_text(stars: int) -> str:
    """Stars in words a screen reader says as well as a screen shows: ``★★☆ 2/3``;
    ``not done`` for none."""
    if not stars:
        return "not done"
    return f"{'★' * stars}{'☆' * (3 - stars)} {stars}/3"


def list_text(progress: Progress, games: Sequence[str]) -> str:
    """``learn --list``: each game's title, then its lessons one a line, with whether
    each is done and its stars."""
    lines: list[str] = []
    for game in games:
        lessons = lessons_of(game)
        if not lessons:
            continue
        if lines:
            lines.append("")
        lines.append(GAMES[game].title)
        width = max(len(lesson.key) for lesson in lessons)
        for number, lesson in enumerate(lessons, 1):
            stars = star_text(progress.of(game, lesson))
            lines.append(f"  {number}. {lesson.key:<{width}}  {stars:<9}  {lesson.title}")
    return "\n".join(lines)
