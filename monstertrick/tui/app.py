"""The Monster Trick app: the flow of a hot-seat game from screen to screen.

The app owns the flow: which screen comes next, and the handoff before every private
screen. Screens call the engine (through :class:`~monstertrick.tui.match.Match`) and
post :mod:`~monstertrick.tui.messages` up when they are done.
"""

from __future__ import annotations

import random
import sys
import traceback
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import Worker, WorkerState, get_current_worker

from ..engine import GameState, Phase, PlayerView
from ..saves import SavedGame, SaveStore
from ..setup import DEFAULT_PACE, Seating
from .match import Match
from .messages import Advance, BotDecided, HandoffAccepted, NewGame, OpenSaved, StartGame
from .screens.arrange import ArrangeScreen
from .screens.game_over import GameOverScreen
from .screens.handoff import HandoffScreen
from .screens.quit import QuitScreen
from .screens.round_end import RoundEndScreen
from .screens.rules import RulesScreen
from .screens.saved import ContinueScreen, HistoryScreen
from .screens.setup import SetupScreen
from .screens.start import StartScreen
from .screens.table import TableScreen
from .screens.too_small import TooSmallScreen
from .screens.viewer import ViewerScreen
from .screens.watch import WatchScreen
from .theme import THEME_VARIABLES

MIN_WIDTH = 80
MIN_HEIGHT = 24


def new_seed() -> int:
    """A fresh seed for a game started without one (the engine has no global randomness)."""
    return random.SystemRandom().randrange(2**31)


class MonsterTrickApp(App[int]):
    """Hot-seat Monster Trick for 2-5 people at one keyboard."""

    TITLE = "Monster Trick"
    CSS_PATH = ["styles/app.tcss", "styles/game.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True, id="quit"),
        Binding("question_mark,f1", "rules", "Rules", key_display="?", id="rules"),
        Binding("ctrl+c", "help_quit", show=False, system=True),
    ]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]

    def __init__(
        self,
        seats: Seating | None = None,
        seed: int | None = None,
        *,
        match: Match | None = None,
        resume: SavedGame | None = None,
        view: GameState | None = None,
        pace: float | None = None,
    ) -> None:
        super().__init__()
        self.seats = seats
        self.seed = seed
        self.match: Match | None = match
        self.store = SaveStore()
        self._last_save_warning: str | None = None
        self._resume = resume
        self._view = view
        self.pace = DEFAULT_PACE if pace is None else pace
        """Seconds a computer player's move stays on screen (0: none)."""
        self.last_private: int | None = None
        """The person whose private screen was shown last (None: nobody since the last
        public pause): with two or more people, anyone else gets a handoff first."""
        self.keyboard_known = True
        """False after a resume until a handoff names who is at the keyboard: until
        then no private screen is shown, even in a game with one person."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_VARIABLES)

    # ------------------------------------------------------------------ flow

    def on_mount(self) -> None:
        if self._view is not None:
            self.push_screen(ViewerScreen(self._view, exit_on_close=True))
        elif self._resume is not None:
            self.resume_game(self._resume)
        elif self.match is not None:
            self.advance()
        elif self.seats is not None:
            self.start_game(self.seats, self.seed)
        else:
            self.push_screen(self.start_screen())
        self._check_size()

    def start_screen(self) -> StartScreen:
        """The start screen, counting saved games (damaged ones are moved aside here)."""
        finished, _ = self.store.finished()
        unfinished, damaged = self.store.unfinished()
        return StartScreen(len(unfinished), len(finished), len(damaged))

    def resume_game(self, saved: SavedGame) -> None:
        """Go on with a saved game; it always opens on a handoff (or a public) screen."""
        self.match = Match.resume(saved, self.store)
        self.seats = self.match.seating
        self.seed = self.match.seed
        self.last_private = None
        self.keyboard_known = False
        self.advance()

    @on(OpenSaved)
    def _open_saved(self, message: OpenSaved) -> None:
        if message.which == "history":
            self.push_screen(HistoryScreen(self.store))
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

    def start_game(self, seating: Seating, seed: int | None) -> None:
        self.keyboard_known = True
        self.seats = seating
        self.seed = new_seed() if seed is None else seed
        self.match = Match.start(seating, self.seed, self.store)
        self.advance()

    def advance(self) -> None:
        """Show what the game needs next."""
        match = self.match
        assert match is not None
        self._warn_if_not_saved(match)
        game = match.game
        phase = game.phase
        if phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and match.round_end_shown < game.round:
            match.round_end_shown = game.round
            self.last_private = None  # anyone may press Enter on a public screen
            self.show(RoundEndScreen(match, game.round))
        elif phase is Phase.GAME_OVER:
            self.last_private = None
            self.show(GameOverScreen(match))
        elif phase is Phase.ROUND_OVER:
            match.next_round()
            self.advance()
        else:
            player = game.current_player
            assert player is not None
            task = "arrange" if phase is Phase.ARRANGING else "play"
            if match.is_bot(player):
                self.bot_turn(match, player)
            elif not self.keyboard_known or (
                len(match.humans) > 1 and self.last_private != player
            ):
                self.show(HandoffScreen(match, player, task))
            else:
                self.show_private(player, task)

    def show_private(self, player: int, task: str) -> None:
        """A person's own screen: only once they are known to be at the keyboard (a
        handoff, or they are the only person playing)."""
        assert self.match is not None
        self.last_private = player
        if task == "arrange":
            self.show(ArrangeScreen(self.match, player))
        else:
            self.show(TableScreen(self.match, player))

    # ------------------------------------------------------------------ computer players

    def bot_turn(self, match: Match, player: int) -> None:
        """A computer player's turn: the public table (or the only person's own screen
        without their cursor) while a worker thinks."""
        humans = match.humans
        viewer = humans[0] if len(humans) == 1 and self.keyboard_known else None
        top = self.screen
        if isinstance(top, WatchScreen) and top.match is match and top.viewer == viewer:
            top.next_turn(player)
        else:
            self.show(WatchScreen(match, player, viewer))
        match.bot(player)  # made here, not in the thread
        self.think(match, player, match.view(player), match.position)

    @work(thread=True, exclusive=True, exit_on_error=False, group="bots")
    def think(
        self, match: Match, player: int, view: PlayerView, position: tuple[int, str, int]
    ) -> None:
        """Decide in a thread from the bot's view only; the app carries the move out."""
        worker = get_current_worker()
        decision = match.decide(player, view, stop=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.post_message(BotDecided(match, player, position, decision))

    @on(BotDecided)
    def _bot_decided(self, message: BotDecided) -> None:
        match = message.match
        if match is not self.match or match.position != message.position:
            return  # a stale answer (a new game, or the position moved on)
        if not self.screen_stack:
            return  # the app is closing
        events = match.apply(message.player, message.decision)
        self._warn_if_not_saved(match)
        for screen in self.screen_stack:
            if isinstance(screen, WatchScreen) and screen.actor == message.player:
                screen.show_result(events)
                return
        self.advance()  # pragma: no cover - the watch screen is always there

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A computer player that fails says so and plays its easiest move instead."""
        worker = event.worker
        if worker.group != "bots" or event.state is not WorkerState.ERROR:
            return
        match = self.match
        player = match.game.current_player if match is not None else None
        if match is None or player is None or not match.is_bot(player):
            return
        crash_report_path(worker.error)
        self.notify(
            f"{match.names[player]} could not decide (an internal error): "
            "it plays a simple move instead.",
            severity="error",
            markup=False,
        )
        from ..bots import bot_rng, make_bot

        view = match.view(player)
        easy = make_bot("easy")
        rng = bot_rng(match.seed, view.round, None, player)
        decision = (
            easy.choose_arrangement(view, rng)
            if view.phase is Phase.ARRANGING
            else easy.choose_move(view, rng)
        )
        self.post_message(BotDecided(match, player, match.position, decision))

    def _warn_if_not_saved(self, match: Match) -> None:
        """Say clearly, once per failure, that autosaving failed and where."""
        error = match.save_error
        if error is not None and error != self._last_save_warning:
            self.notify(error, title="Not saved", severity="warning", timeout=12, markup=False)
        self._last_save_warning = error

    @on(HandoffAccepted)
    def _handoff_accepted(self, message: HandoffAccepted) -> None:
        self.keyboard_known = True
        self.show_private(message.player, message.task)

    @on(Advance)
    def _advance(self) -> None:
        self.advance()

    @on(StartGame)
    def _start_game(self, message: StartGame) -> None:
        if message.pace is not None:
            self.pace = message.pace
        self.start_game(message.seating, message.seed)

    @on(NewGame)
    def _new_game(self) -> None:
        names = self.match.names if self.match is not None else ("", "")
        levels = [s.bot for s in self.match.seating.seats] if self.match is not None else []
        if self.match is not None:
            self.show(SetupScreen(names, can_go_back=False, levels=levels, pace=self.pace))
            self.match = None
        else:
            self.push_screen(SetupScreen(names, pace=self.pace))

    # ------------------------------------------------------------------ app-wide keys

    @property
    def game_running(self) -> bool:
        return self.match is not None and self.match.running

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rules":
            return not isinstance(self.screen, (RulesScreen, TooSmallScreen, QuitScreen))
        return True

    def action_rules(self) -> None:
        if not isinstance(self.screen, (RulesScreen, TooSmallScreen, QuitScreen)):
            self.push_screen(RulesScreen())

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
                    lambda: self.set_timer(0.1, self.save_screen_picture),
                )
            else:
                yield command

    def save_screen_picture(self) -> None:
        """An SVG screenshot in the Downloads folder, or the game's own folder when there
        is no Downloads folder; the toast names the file."""
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
        self.deliver_screenshot(path=str(folder))

    def action_request_quit(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return
        if not self.game_running:
            self.exit(0)
            return

        def answered(really: bool | None) -> None:
            if really:
                self.exit(0)

        self.push_screen(QuitScreen(), answered)

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

    def _print_error_renderables(self) -> None:
        """Never show a traceback to players: save it to a file and say where."""
        if not self._exit_renderables or "debug" in self.features:
            super()._print_error_renderables()
            return
        self._exit_renderables.clear()
        path = crash_report_path(self._exception)
        message = "Monster Trick stopped because of an internal error (sorry)."
        if path is not None:
            message += f" The details are in {path}."
        print(message, file=sys.stderr)


def crash_report_path(error: BaseException | None = None) -> Path | None:
    """Write the last error's details to a file; None if that fails too."""
    try:
        import platformdirs

        folder = Path(platformdirs.user_log_dir("monstertrick"))
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{datetime.now():%Y%m%d-%H%M%S}.txt"
        text = (
            "".join(traceback.format_exception(error))
            if error is not None
            else traceback.format_exc()
        )
        path.write_text(text, encoding="utf-8")
        return path
    except Exception:  # noqa: BLE001 - last resort, never raise from here
        return None


def run(
    seats: Seating | None = None,
    seed: int | None = None,
    *,
    resume: SavedGame | None = None,
    view: GameState | None = None,
    pace: float | None = None,
) -> int:
    """Run the app (``monstertrick``, ``play``, ``resume``, ``view``); returns the exit code."""
    app = MonsterTrickApp(seats=seats, seed=seed, resume=resume, view=view, pace=pace)
    try:
        result = app.run()
    except KeyboardInterrupt:
        return 130
    except Exception:  # noqa: BLE001 - no traceback ever reaches the player
        path = crash_report_path()
        print(
            "Monster Trick stopped because of an internal error (sorry)."
            + (f" The details are in {path}." if path else ""),
            file=sys.stderr,
        )
        return 1
    if app.return_code not in (None, 0):
        return app.return_code
    return result or 0
