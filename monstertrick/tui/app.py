"""The app of every game at one keyboard (:class:`GamesApp`): the flow of a hot-seat game
from screen to screen, and the start screen, the lessons, Continue, History, the viewer
and the review around it.

The flow of the game belongs to the headless :class:`~monstertrick.session.Session`: the
app maps each of its steps to a screen. Screens show what they are given and post
:mod:`~monstertrick.tui.messages` up (a decision, a handoff accepted, a pause seen); the
app hands them to the session.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on, work
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import Worker, WorkerState, get_current_worker

from .. import flow
from ..errors import IllegalMoveError
from ..games import DEFAULT_GAME, GAMES
from ..lessons import LessonSession, NotThisLesson
from ..saves import SavedGame, SaveLocked, SaveStore, release_all_locks
from ..seat_session import SeatSession
from ..seating import DEFAULT_PACE, Seating
from ..session import (
    BotTurn,
    GameEnd,
    Handoff,
    RoundOver,
    Session,
    TakeBackRefused,
    Turn,
)
from .crash import crash_report_path, say_crashed
from .cursor import CursorFollowsFocus
from .messages import (
    Advance,
    BotDecided,
    Decided,
    HandoffAccepted,
    NewGame,
    OpenSaved,
    PlayOn,
    StartGame,
    TakeBack,
)
from .screens.base import DecisionScreen, GameScreen
from .screens.handoff import HandoffScreen
from .screens.learn import BackToStart, LearnScreen, LessonBar, LessonDoneScreen, StartLesson
from .screens.quit import QuitScreen
from .screens.rules import RulesScreen
from .screens.setup import SetupScreen
from .screens.start import StartScreen
from .screens.too_small import TooSmallScreen
from .theme import THEME_VARIABLES

if TYPE_CHECKING:
    from ..flow import Think
    from ..games.contract import SomeState
    from ..review import Settings
    from .game_screens import GameScreens

MIN_WIDTH = 80
MIN_HEIGHT = 24


def new_seed() -> int:
    """A fresh seed for a game started without one (the engine has no global randomness)."""
    return random.SystemRandom().randrange(2**31)


class GamesApp(CursorFollowsFocus[int]):
    """Every registered game hot-seat at one keyboard (Monster Trick, Magic Trick,
    Monster Taking), with the start screen, the lessons, Continue, History, the viewer
    and the review; the joined seat's app (:mod:`monstertrick.net.seat.app`) is one too."""

    TITLE = "Monster Trick"
    CSS_PATH = Path(__file__).with_name("styles") / "app.tcss"
    """(Found from here for an app of another package too: the join app's. A game's own
    styles come with its screens.)"""
    BINDINGS: ClassVar[list[BindingType]] = [
        # Escape leaves a lesson for the list of lessons (before a screen's own Escape,
        # which closes its panel: this one stands aside while a panel is open).
        Binding("escape", "leave_lesson", "Lessons", key_display="esc", priority=True),
        Binding("ctrl+q", "request_quit", "Quit", priority=True, id="quit"),
        # In a lesson the key bar has room for Escape only without Quit (the lessons'
        # list shows it): Ctrl+Q quits all the same.
        Binding("ctrl+q", "request_quit(True)", "Quit", show=False, priority=True),
        Binding("question_mark,f1", "rules", "Rules", key_display="?", id="rules"),
        Binding("ctrl+c", "help_quit", show=False, system=True),
        # Tab moves the focus as it arrives, not after the keys that follow it: over an
        # SSH link "Ann", Tab, "Bob" can come in one read, and Bob must not join Ann.
        Binding("tab", "focus_next", show=False, priority=True, system=True),
        Binding("shift+tab", "focus_previous", show=False, priority=True, system=True),
    ]
    SCREENSHOT_DELAY: ClassVar[float] = 0.1
    """Seconds between choosing Screenshot and taking it (the palette is gone by then)."""
    review_settings: Settings | None = None
    """The review's settings (None: the review's own, as ``monstertrick review``'s)."""
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012 (Textual declares a list)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012 (Textual declares a list)

    def __init__(
        self,
        seats: Seating | None = None,
        seed: int | None = None,
        *,
        session: Session | None = None,
        resume: SavedGame | None = None,
        view: SomeState | None = None,
        pace: float | None = None,
        game: str = DEFAULT_GAME,
        learn: tuple[str | None, str | None] | None = None,
        viewed: SavedGame | None = None,
        play_on: tuple[SavedGame, int] | None = None,
    ) -> None:
        """``view`` opens on a finished game's viewer (``viewed``: the save it was read
        from, whose steps may be played on from); ``play_on`` opens on a new game played
        on from a finished one after that many decisions (``resume FILE --from N``)."""
        super().__init__()
        if "debug" not in self.features:
            # Textual prints the traceback of an unhandled exception on this console when
            # it closes: players never see one (:meth:`run_async` saves it instead).
            self.error_console.quiet = True
        self.seats = seats
        self.game = game
        """The game that ``seats`` are to play, or that ``view`` shows; then the game
        last started (the setup form chooses its own)."""
        self.seed = seed
        self.session: SeatSession | None = session
        self.store = SaveStore()
        self._last_save_warning: str | None = None
        self._resume = resume
        self._view = view
        self._learn = learn
        """``learn``: the game and the lesson to open first (``monstertrick learn``)."""
        self._learner: str | None = None
        self._viewed = viewed
        self._play_on = play_on
        self.hosting: tuple[Seating, int, str, float] | None = None
        """A game the setup form started for everyone's own device: hosted once the app
        has closed (:func:`run`)."""
        self.pace = DEFAULT_PACE if pace is None else pace
        """Seconds a computer player's move stays on screen (0: none); each game's
        session takes it over."""
        if session is not None:
            session.pace = self.pace

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The players' colours, and every game's card colours (from the registry: no
        game is loaded for them)."""
        variables = dict(THEME_VARIABLES)
        for entry in GAMES.values():
            variables.update(entry.theme_variables)
        return variables

    # ------------------------------------------------------------------ flow

    def on_mount(self) -> None:
        self.open_first_screen()
        self._check_size()

    def open_first_screen(self) -> None:
        """The app's first screen: a viewer, a game, or the start screen."""
        if self._view is not None:
            self.push_screen(
                self.screens.viewer(self._view, exit_on_close=True, saved=self._viewed)
            )
        elif self._learn is not None:
            game, key = self._learn
            if key is not None and game is not None:
                self.start_lesson(game, key)
            else:
                self.push_screen(LearnScreen(game))
        elif self._play_on is not None:
            self.play_on(*self._play_on)
        elif self._resume is not None:
            self.resume_game(self._resume)
        elif self.session is not None:
            self.advance()
        elif self.seats is not None:
            self.start_game(self.seats, self.seed)
        else:
            self.push_screen(self.start_screen())

    def start_screen(self) -> StartScreen:
        """The start screen, counting saved games (damaged ones are moved aside here)."""
        finished, _ = self.store.finished()
        unfinished, damaged = self.store.unfinished()
        return StartScreen(len(unfinished), len(finished), len(damaged))

    def resume_game(self, saved: SavedGame) -> None:
        """Go on with a saved game; it always opens on a handoff (or a public) screen.
        A game open in another window is refused (never two writers)."""
        try:
            self.store.lock(saved.path)
        except SaveLocked as exc:
            self.notify(f"{exc}: close it there first.", severity="error", markup=False)
            if not isinstance(self.screen, StartScreen):
                self.push_screen(self.start_screen())
            return
        self.session = Session.resume(saved, self.store)
        self.session.pace = self.pace
        self.seats = self.session.seating
        self.seed = self.session.seed
        self.advance()

    def play_on(self, saved: SavedGame, made: int) -> None:
        """A new game from the finished game ``saved`` after ``made`` decisions, marked
        as a replay and saved as a new game (:meth:`Session.play_on`): the viewer it was
        chosen in (and the History list under it) closes, and the game opens on a
        handoff (or a public screen), as a resumed game does."""
        from ..playon import PlayOnError
        from .screens.saved import HistoryScreen
        from .screens.viewer import StepViewer

        try:
            session = Session.play_on(saved, made, self.store)
        except PlayOnError as exc:
            self.notify(
                f"This game cannot be played on from decision {made}: {exc}",
                severity="error",
                markup=False,
            )
            if len(self.screen_stack) < 2:  # (nothing on screen yet: the start screen)
                self.push_screen(self.start_screen())
            return
        while len(self.screen_stack) > 2 and isinstance(self.screen, (StepViewer, HistoryScreen)):
            self.pop_screen()
        self.session = session
        session.pace = self.pace
        self.seats = session.seating
        self.seed = session.seed
        self.game = session.game_key
        self.advance()

    @on(PlayOn)
    def _play_on_message(self, message: PlayOn) -> None:
        self.play_on(message.saved, message.made)

    @on(OpenSaved)
    def _open_saved(self, message: OpenSaved) -> None:
        from .screens.saved import ContinueScreen, HistoryScreen  # (their tables load here)

        if message.which == "history":
            self.push_screen(HistoryScreen(self.store))
            return
        if message.which == "profiles":
            from .screens.profiles import ProfilesScreen

            self.push_screen(ProfilesScreen(self.store))
            return

        def chosen(saved: SavedGame | None) -> None:
            if saved is not None:
                self.resume_game(saved)
            elif isinstance(self.screen, StartScreen):
                self.switch_screen(self.start_screen())

        self.push_screen(ContinueScreen(self.store), chosen)

    def show(self, screen: Screen[None]) -> None:
        """Replace the current phase screen (its private content goes with it)."""
        stack = self.screen_stack
        if len(stack) > 1 and not isinstance(stack[-1], StartScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        session = self.session
        if isinstance(session, LessonSession) and not isinstance(screen, LessonDoneScreen):
            # The lesson's goal over the game's own screen, from its first frame.
            screen.call_later(self._lesson_bar, screen, session)

    # ------------------------------------------------------------------ lessons

    def _lesson_bar(self, screen: Screen[None], session: LessonSession) -> None:
        if screen in self.screen_stack and not screen.query(LessonBar):
            screen.mount(LessonBar(session))

    @property
    def learner_name(self) -> str:
        """The name the learner sits at the lessons' tables with (and plays their first
        game with): the most recent person in the history, else a neutral one. Asked of
        the history once."""
        if self._learner is None:
            from ..lessons import learner_name

            self._learner = learner_name(self.store.root)
        return self._learner

    def start_lesson(self, game: str, key: str) -> None:
        """Open lesson ``key`` of ``game`` on the game's own screens."""
        from ..lessons import find_lesson

        session = LessonSession.begin(game, find_lesson(game, key), self.learner_name)
        session.pace = self.pace
        self.session = session
        self.game = game
        self.advance()

    def lesson_done(self, session: LessonSession) -> None:
        """The lesson's goal is met: its stars are kept, and what comes next shown."""
        from ..lessons import Progress

        progress = Progress.load()
        problem = progress.record(session.game_key, session.the_lesson, session.stars)
        self.show(LessonDoneScreen(session, problem or progress.problem))

    def action_leave_lesson(self) -> None:
        """Back to the list of lessons from a lesson not finished (nothing of it is kept;
        the lessons done keep their stars)."""
        session = self.session
        if not isinstance(session, LessonSession):
            return
        self.workers.cancel_group(self, "bots")
        self.post_message(StartLesson(session.game_key, at=session.the_lesson.key))

    @on(BackToStart)
    def _back_to_start(self) -> None:
        self.switch_screen(self.start_screen())

    @on(StartLesson)
    def _start_lesson(self, message: StartLesson) -> None:
        if message.first_game:
            from ..lessons import lessons_of

            lesson = lessons_of(message.game)[0]
            seats = lesson.seats(self.learner_name, "easy")
            self.start_game(Seating(seats, lesson.learner), None, message.game)
            self.notify(
                "Your first game against easy computer players: press t on your turn "
                "for a hint, ? for the rules.",
                title="Play your first game",
                timeout=10,
            )
        elif message.key:
            self.start_lesson(message.game, message.key)
        else:
            self.session = None
            self.show(LearnScreen(message.game, message.at))

    def start_game(self, seating: Seating, seed: int | None, game: str | None = None) -> None:
        self.seats = seating
        self.seed = new_seed() if seed is None else seed
        if game is not None:
            self.game = game
        self.session = Session.start(seating, self.seed, self.store, game=self.game)
        self.session.pace = self.pace
        self.advance()

    def advance(self) -> None:
        """Show the screen for the session's next step. The session decides the flow;
        this only maps each step to its screen."""
        session = self.session
        assert session is not None
        self._warn_if_not_saved(session)
        step = session.next_step()
        screens = self.screens
        if isinstance(session, LessonSession) and session.finished and step is not session.pending:
            self.lesson_done(session)
        elif isinstance(step, RoundOver):
            self.show(screens.round_over(session, step.number))
        elif isinstance(step, GameEnd):
            self.show(screens.game_over(session))
        elif isinstance(step, Handoff):
            what, detail = screens.handoff(session, step.seat, step.task)
            self.show(HandoffScreen(session, step.seat, step.task, what, detail))
        elif isinstance(step, Turn):
            self.show(screens.turn(session, step.seat, step.task))
        elif isinstance(step, BotTurn):
            self.bot_turn(session, step)
        else:
            # A decision's result: on the person's own screen, or the public watch screen.
            for screen in self.screen_stack:
                if isinstance(screen, DecisionScreen) and screen.seat == step.seat:
                    self._show_result(screen, list(step.events))
                    return
            if step.private:
                # Nobody's own screen is up (an app opened on a session in this pause):
                # the person saw it where they decided.
                session.done()
                self.advance()
                return
            watch = screens.watch(session, step.seat, None)
            self.show(watch)
            self._show_result(watch, list(step.events))

    @staticmethod
    def _show_result(screen: DecisionScreen, events: list[object]) -> None:
        """Show a decision's result on its screen, once that screen has its widgets: a
        computer player can answer before the screen just shown for it is mounted."""

        def show() -> None:
            if screen not in screen.app.screen_stack:
                return  # (replaced before it came up: a newer step is on screen)
            screen.show_result(events)
            screen.result_shown()

        if screen.is_mounted:
            show()
        else:
            # Queued behind the screen's own compose and mount messages.
            screen.call_after_refresh(show)

    @property
    def screens(self) -> GameScreens:
        """The screens of the game being played (or viewed; between games, of the game
        last started)."""
        session = getattr(self, "session", None)  # (asked for while the app is made)
        key = session.game_key if session is not None else getattr(self, "game", DEFAULT_GAME)
        from .game_screens import load_screens

        return load_screens(key)

    # ------------------------------------------------------------------ computer players

    def bot_turn(self, session: SeatSession, step: BotTurn) -> None:
        """A computer player's turn: the public table (or the only person's own screen
        without their cursor) while a worker thinks."""
        self.watch_turn(session, step)
        # (a seat of a table elsewhere watches instead: its app overrides this)
        assert isinstance(session, Session | LessonSession)
        self.think(session, flow.think(session, step))  # (its bot made here, not in the thread)

    def watch_turn(self, session: SeatSession, step: BotTurn) -> None:
        """Show another seat's turn: on the screen already up when it can show it (the
        viewer's own hand stays in view), else on a new watch screen."""
        top = self.screen
        reused = (
            isinstance(top, DecisionScreen)
            and top.is_mounted
            and top.session is session
            and top.next_turn(step.seat, step.viewer)
        )
        if not reused:
            self.show(self.screens.watch(session, step.seat, step.viewer))

    @work(thread=True, exclusive=True, exit_on_error=False, group="bots")
    def think(self, session: Session | LessonSession, need: Think) -> None:
        """Decide in a thread from the bot's view only; the app carries the move out."""
        worker = get_current_worker()
        decision = need.choose(stop=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.post_message(BotDecided(session, need, decision))

    @on(BotDecided)
    def _bot_decided(self, message: BotDecided) -> None:
        session = message.session
        if session is not self.session:
            return  # a stale answer (a new game)
        if not self.screen_stack or not self.is_running:
            return  # the app is closing (its screens may have lost their widgets)
        if flow.settle(session, message.need, message.decision):
            self.advance()  # (else stale: the position moved on)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A computer player that fails says so and plays its easiest move instead."""
        worker = event.worker
        if worker.group != "bots" or event.state is not WorkerState.ERROR:
            return
        session = self.session
        step = session.next_step() if session is not None else None
        if not isinstance(session, Session | LessonSession) or not isinstance(step, BotTurn):
            return
        crash_report_path(worker.error)
        self.notify(
            f"{session.names[step.seat]} could not decide (an internal error): "
            "it plays a simple move instead.",
            severity="error",
            markup=False,  # a name is data: "[/]" is a name, not markup
        )
        decision = session.simple_decision(step.seat)
        self.post_message(BotDecided(session, flow.think(session, step), decision))

    def _warn_if_not_saved(self, session: SeatSession) -> None:
        """Say clearly, once per failure, that autosaving failed and where."""
        error = session.save_error
        if error is not None and error != self._last_save_warning:
            self.notify(error, title="Not saved", severity="warning", timeout=12, markup=False)
        self._last_save_warning = error

    # ------------------------------------------------------------------ what screens say

    @on(Decided)
    def _decided(self, message: Decided) -> None:
        """A person's decision, from their own screen (a second press of a key that
        was already answered is dropped: the session has moved on). A decision chosen
        again from a review (:mod:`.screens.retry`) goes to its screen's own handler."""
        retry = getattr(self.screen, "retry_decided", None)
        if retry is not None:
            retry(message.seat, message.action)
            return
        session = self.session
        if session is None:
            return
        step = session.next_step()
        if not isinstance(step, Turn) or step.seat != message.seat:
            return
        bars = self.screen.query(LessonBar)
        try:
            session.apply(message.seat, message.action)
        except NotThisLesson as exc:
            for bar in bars:
                bar.refused(str(exc))
            screen = self.screen
            if isinstance(screen, DecisionScreen):
                screen.not_this_lesson()
            return
        except IllegalMoveError as exc:
            for bar in bars:
                bar.refused(None)
            screen = self.screen
            if isinstance(screen, DecisionScreen):
                screen.refuse(str(exc))
            return
        for bar in bars:
            bar.refused(None)
        self.advance()

    @on(TakeBack)
    def _take_back(self, message: TakeBack) -> None:
        session = self.session
        if session is None or not session.can_take_back(message.seat):
            return  # already taken back, or passed on
        try:
            session.take_back(message.seat)
        except TakeBackRefused as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        self.advance()

    @on(HandoffAccepted)
    def _handoff_accepted(self, message: HandoffAccepted) -> None:
        session = self.session
        if session is None:
            return
        step = session.next_step()
        if not isinstance(step, Handoff) or step.seat != message.player:
            return  # a second Enter on a handoff already passed
        session.pass_keyboard(message.player)
        self.advance()

    @on(Advance)
    def _advance(self, message: Advance) -> None:
        session = self.session
        if session is None:
            return
        if message.screen is not None and message.screen not in self.screen_stack:
            return  # from a screen that is gone: its pause is over already
        session.done()
        self.advance()

    @on(StartGame)
    def _start_game(self, message: StartGame) -> None:
        if message.pace is not None:
            self.pace = message.pace
        if message.hosted:
            # Each person on their own device: this terminal becomes the table's host.
            seed = new_seed() if message.seed is None else message.seed
            self.hosting = (message.seating, seed, message.game, self.pace)
            self.exit(0)
            return
        self.start_game(message.seating, message.seed, message.game)

    @on(NewGame)
    def _new_game(self) -> None:
        if self.session is not None:
            self.pace = self.session.pace
        names = self.session.names if self.session is not None else ("", "")
        levels = [s.bot for s in self.session.seating.seats] if self.session is not None else []
        game = self.session.game_key if self.session is not None else self.game
        if self.session is not None:
            self.show(
                SetupScreen(names, can_go_back=False, levels=levels, pace=self.pace, game=game)
            )
            self.session = None
        else:
            self.push_screen(SetupScreen(names, pace=self.pace, game=game))

    # ------------------------------------------------------------------ app-wide keys

    @property
    def game_running(self) -> bool:
        session = self.session
        # (a lesson loses nothing when it is left)
        return session is not None and session.running and not isinstance(session, LessonSession)

    @property
    def in_lesson(self) -> bool:
        """Whether a lesson's table is on screen (not its end, nor a screen over it)."""
        return isinstance(self.session, LessonSession) and isinstance(self.screen, GameScreen)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_lesson":
            screen = self.screen
            return self.in_lesson and isinstance(screen, GameScreen) and screen.panel is None
        if action == "request_quit":
            quietly = bool(parameters and parameters[0])
            return quietly == self.in_lesson
        if action == "rules":
            return not isinstance(self.screen, (RulesScreen, TooSmallScreen, QuitScreen))
        return True

    def action_rules(self) -> None:
        screen = self.screen
        if isinstance(screen, SetupScreen):
            # the rules of the game chosen in the form
            from .game_screens import load_screens

            self.push_screen(RulesScreen(load_screens(screen.game).rules()))
        elif not isinstance(screen, (RulesScreen, TooSmallScreen, QuitScreen)):
            self.push_screen(RulesScreen(self.screens.rules()))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette's commands, with Quit asking first during a game (as
        Ctrl+Q does) and screenshots saved in a folder that exists."""
        for command in super().get_system_commands(screen):
            if command.title == "Quit":
                yield SystemCommand(
                    "Quit", "Quit (asks first during a game)", self.action_request_quit
                )
            elif command.title == "Screenshot":
                yield SystemCommand(
                    "Screenshot",
                    "Save an SVG picture of the screen (the message says where)",
                    self._screen_picture_soon,
                )
            else:
                yield command

    def _screen_picture_soon(self) -> None:
        if self.SCREENSHOT_DELAY > 0:
            self.set_timer(self.SCREENSHOT_DELAY, self.save_screen_picture)
        else:
            self.call_after_refresh(self.save_screen_picture)

    def picture_title(self) -> str:
        """The game a screenshot shows, to name its file and title: the game of the
        topmost screen that belongs to one (a replay viewer's too), else the game being
        played, else the app's own name."""
        for screen in reversed(self.screen_stack):
            module = type(screen).__module__
            for entry in GAMES.values():
                if module.startswith(f"{entry.package}."):
                    return entry.title
        if self.session is not None:
            return GAMES[self.session.game_key].title
        return self.title

    def save_screen_picture(self) -> None:
        """An SVG screenshot named after the game on screen, in the Downloads folder, or
        the game's own folder when there is no Downloads folder; the toast names the
        file."""
        from platformdirs import user_downloads_path

        from ..saves import home

        folder = user_downloads_path()
        if not folder.is_dir():
            folder = home() / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.notify(
                f"No screenshot: cannot create {folder} ({exc.strerror or exc})",
                title="Screenshot",
                severity="error",
                markup=False,
            )
            return
        title = self.picture_title()
        stem = f"{title} {datetime.now().isoformat()}"
        for reserved in ' <>:"/\\|?*.':
            stem = stem.replace(reserved, "_")
        self.deliver_text(
            io.StringIO(self.export_screenshot(title=title)),
            save_directory=folder,
            save_filename=f"{stem}.svg",
            open_method="browser",
            mime_type="image/svg+xml",
            name="screenshot",  # (Textual's toast then says where it went)
        )

    def action_request_quit(self, quietly: bool = False) -> None:
        """Ctrl+Q: quit, asking first during a game (``quietly``: the binding the key
        bar does not show, in a lesson)."""
        if isinstance(self.screen, QuitScreen):
            return
        if not self.game_running:
            self.exit(0)
            return

        def answered(really: bool | None) -> None:
            if really:
                self.exit(0)

        self.push_screen(QuitScreen(self.session), answered)

    # ------------------------------------------------------------------ terminal size

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        top = self.screen_stack[-1] if self.screen_stack else None
        if small:
            if isinstance(top, TooSmallScreen):
                top.show_size(width, height)
            else:
                self.push_screen(TooSmallScreen(MIN_WIDTH, MIN_HEIGHT))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    # ------------------------------------------------------------------ errors

    async def run_async(self, **kwargs: Any) -> int | None:
        """Run the app (``run`` runs it here too). An unhandled exception that ended it
        is saved to a file and the player told where, never shown (with Textual's
        ``debug`` feature, Textual shows its traceback instead)."""
        result = await super().run_async(**kwargs)
        # Textual keeps the exception that ended the app only in _exception (its run_test
        # re-raises it from there): no public attribute, event or hook gives it.
        error = self._exception
        if error is not None and "debug" not in self.features:
            say_crashed(crash_report_path(error))
        return result


def run(
    seats: Seating | None = None,
    seed: int | None = None,
    *,
    resume: SavedGame | None = None,
    view: SomeState | None = None,
    pace: float | None = None,
    game: str = DEFAULT_GAME,
    learn: tuple[str | None, str | None] | None = None,
    viewed: SavedGame | None = None,
    play_on: tuple[SavedGame, int] | None = None,
) -> int:
    """Run the app (``monstertrick``, ``play``, ``resume``, ``view``, ``learn``); returns
    the exit code."""
    app = GamesApp(
        seats=seats,
        seed=seed,
        resume=resume,
        view=view,
        pace=pace,
        game=game,
        learn=learn,
        viewed=viewed,
        play_on=play_on,
    )
    code = run_app(app)
    if code != 0 or app.hosting is None:
        return code
    from ..net.host.command import DEFAULT_PORT, new_table, run_host

    seating, seed, game, pace = app.hosting
    table = new_table(seating, seed, game, app.store, pace)
    return run_host(table, host="127.0.0.1", port=DEFAULT_PORT, ssh_port=None)


def run_app(app: GamesApp) -> int:
    """Run ``app`` to its end; the exit code. An error is saved to a file and the
    player told where, never shown as a traceback."""
    try:
        result = app.run()
    except KeyboardInterrupt:
        return 130
    except Exception:  # no traceback ever reaches the player
        say_crashed(crash_report_path())
        return 1
    finally:
        release_all_locks()  # the game is closed
    if app.return_code not in (None, 0):
        return app.return_code
    return result or 0
