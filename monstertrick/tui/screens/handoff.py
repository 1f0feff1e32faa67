"""'Pass the keyboard to Ann': shown before every private screen.

A plain, opaque :class:`Screen` (not a modal): nothing of the previous player's screen
stays rendered under it, and it shows nothing private of anyone.

It is passed only by a deliberate key press made after it appeared: for a short moment
(:attr:`HandoffScreen.ACCEPT_DELAY`) it ignores Enter, and a key pressed before it
accepts never counts, even when it is handled later (a quick double tap of Enter on the
screen before must not skip it). The prompt appears when it accepts.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from ...seat_session import SeatSession
from .. import theme
from ..clock import now
from ..messages import HandoffAccepted
from ..widgets import KeyBar
from .base import GameScreen


class HandoffScreen(GameScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "accept", "Continue", tooltip="Only the named player")
    ]

    ACCEPT_DELAY: ClassVar[float] = 0.6
    """Seconds after the screen appears before it accepts Enter."""

    def __init__(
        self, session: SeatSession, player: int, task: str, what: str, detail: str
    ) -> None:
        """``what`` the person is handed the keyboard for ("play your turn") and a
        public ``detail`` line, in the game's words."""
        super().__init__(session)
        self.player = player
        self.job = task
        self.what = what
        self.detail = detail
        self.accepts_from: float | None = None
        """The time from which a key press counts (None: not yet)."""

    def compose(self) -> ComposeResult:
        name = self.names[self.player]
        with Vertical(id="handoff"):
            yield Static(
                Content.assemble(
                    "Pass the keyboard to ", theme.player(self.player, name, bold=True)
                ),
                id="handoff-title",
            )
            yield Static(self._prompt(), id="handoff-task")
            yield Static(Content(self.detail), id="handoff-detail")
            mark = self.session.replay_mark
            if mark is not None:  # (a game played on from another one's decision)
                yield Static(Content(f"This game is a {mark}."), id="handoff-replay")
            yield Static(
                Content("Everyone else: please look away from the screen."),
                id="handoff-note",
            )
        yield KeyBar()

    def _prompt(self) -> Content:
        if self.accepts_from is None:
            return Content.from_markup("[dim]One moment…[/]")
        name = self.names[self.player]
        return Content.from_markup("$name, press [b]Enter[/] to $what.", name=name, what=self.what)

    def on_screen_resume(self) -> None:
        """On screen (again): accept keys only after the delay, from then on."""
        super().on_screen_resume()
        self.accepts_from = None
        if self.ACCEPT_DELAY > 0:
            self.set_timer(self.ACCEPT_DELAY, self._accept_keys, name="handoff-delay")
        else:
            self._accept_keys()

    def _accept_keys(self) -> None:
        if self.app.screen is not self:
            return  # covered meanwhile (rules, quit): it waits again when it is back
        self.accepts_from = now()
        self.query_one("#handoff-task", Static).update(self._prompt())
        self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        """Drop a key pressed before the screen accepted keys (it never counts)."""
        if self.accepts_from is None or event.time < self.accepts_from:
            event.stop()
            event.prevent_default()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "accept":
            return True if self.accepts_from is not None else None
        return True

    def action_accept(self) -> None:
        if self.accepts_from is None:
            return
        self.accepts_from = None  # once: a second press goes nowhere
        self.post_message(HandoffAccepted(self.player, self.job))
