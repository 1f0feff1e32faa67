"""What the screens share."""

from __future__ import annotations

from typing import Any

from textual import events
from textual._time import get_time
from textual.binding import Binding
from textual.screen import Screen

from ...seating import next_pace, pace_label
from ...session import Session
from ..messages import Advance, NewGame


class GameScreen(Screen[None]):
    """A screen of a running game.

    ``private_to`` is the seat whose private information the screen shows (their hand,
    their VP row), or None for a screen everyone may see.
    """

    private_to: int | None = None

    def action_scroll_since(self, pages: int) -> None:
        """PgUp/PgDn: scroll the list of this round's moves (``#since``) by a page."""
        for since in self.query("#since"):
            if pages < 0:
                since.scroll_page_up(animate=False)
            else:
                since.scroll_page_down(animate=False)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._advanced = False
        self._advance_pending = False
        self.shown_at = float("inf")
        """When the screen last came on top (keys pressed before never count)."""

    def advance_once(self) -> None:
        """Tell the app this screen is done: once only, and only while it is on top (a
        timer may fire under the rules or the quit dialog: the game then goes on as
        soon as that closes)."""
        if self._advanced:
            return
        if self.app.screen is not self:
            self._advance_pending = True
            return
        self._advanced = True
        self.post_message(Advance(self))

    def hold_keys(self, delay: float) -> None:
        """Let no key count for ``delay`` seconds from now (a double tap meant for the
        screen before, or a second player's early key, must not decide anything);
        :meth:`keys_accepted` is called when keys count again."""
        if delay <= 0:
            self.accept_keys()
            return
        self.shown_at = float("inf")
        self.set_timer(delay, self.accept_keys, name="hold-keys")

    def accept_keys(self) -> None:
        """Keys count from now on (the end of :meth:`hold_keys`)."""
        self.shown_at = get_time()
        self.keys_accepted()

    def keys_accepted(self) -> None:
        """Keys count again after :meth:`hold_keys`."""

    def keys_wait(self) -> float | None:
        """Seconds keys wait each time the screen comes on top (None: they count at once).
        (Textual calls every class's ``on_screen_resume``: a subclass says it here.)"""
        return None

    def on_screen_resume(self) -> None:
        self.shown_at = get_time()
        wait = self.keys_wait()
        if wait is not None:
            self.hold_keys(wait)
        if self._advance_pending:
            self._advance_pending = False
            self.advance_once()

    def on_key(self, event: events.Key) -> None:
        """A key pressed before this screen was on screen (a double tap meant for the
        screen before, still waiting in the queue) does nothing here."""
        if event.time < self.shown_at:
            event.stop()
            event.prevent_default()

    @property
    def names(self) -> tuple[str, ...]:
        return self.session.names


class DecisionScreen(GameScreen):
    """A screen on which ``seat`` decides: a person on their own screen, or a computer
    player watched by the table. The app shows the decision's result on it
    (:meth:`show_result`), or, for a person's decision the rules refuse, the reason
    (:meth:`refuse`)."""

    seat: int

    def show_result(self, events: list[object]) -> None:
        raise NotImplementedError

    def refuse(self, reason: str) -> None:
        """The decision was not allowed: say why; nothing changed."""

    def next_turn(self, seat: int, viewer: int | None) -> bool:
        """Show computer player ``seat``'s turn on this same screen (as seen by
        ``viewer``, see :class:`~monstertrick.session.BotTurn`); False when this screen
        cannot."""
        return False

    def step_pace(self, step: int) -> None:
        """``+``/``-`` on a computer player's turn: the next longer or shorter pause,
        said in a short notice (the screen shows it again as it redraws)."""
        session = self.session
        session.pace = next_pace(session.pace, step)
        self.notify(
            f"Pause after a computer move: {pace_label(session.pace)}", timeout=2, markup=False
        )

    # A person's turn screen binds ``t`` to ``hint`` (shown while :meth:`hint_ready`)
    # and says its actions in :meth:`hint_words`.

    hint_goal = "to win the game"
    """What a hint's chances are the chances of."""

    def hint_ready(self) -> bool:
        """Whether the person may ask for a hint now (their decision is still open)."""
        return False

    def hint_words(self, action: Any) -> str:
        """An action of this screen's decision in a player's words ("play G7 on trick 2")."""
        return str(action)

    def action_hint(self) -> None:
        if self.hint_ready():
            from .hint import HintScreen

            self.app.push_screen(
                HintScreen(self.session, self.seat, self.hint_words, self.hint_goal)
            )


class PauseScreen(GameScreen):
    """A public pause at the end of a round (or hand, or game of a match): Enter goes on.

    Without people at the table the game goes on by itself after ``PACES`` times the
    session's pace, so an all-computer game can be watched to the end.
    """

    BINDINGS = [Binding("enter", "continue", "Continue")]
    PACES = 3

    def on_mount(self) -> None:
        if not self.session.humans:
            pace = self.session.pace * self.PACES
            if pace <= 0:
                self.call_later(self.advance_once)
            else:
                self.set_timer(pace, self.advance_once)

    def action_continue(self) -> None:
        self.advance_once()


class FinalScreen(GameScreen):
    """The final standings of any game: ``n`` sets up a new game, ``q`` quits."""

    BINDINGS = [Binding("n", "new_game", "New game"), Binding("q", "quit", "Quit")]

    def action_new_game(self) -> None:
        self.post_message(NewGame())

    def action_quit(self) -> None:
        self.app.exit(0)
