"""'Pass the keyboard to Ann': shown before every private screen.

A plain, opaque :class:`Screen` (not a modal): nothing of the previous player's screen
stays rendered under it, and it shows nothing private of anyone.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from .. import theme
from ..match import Match
from ..messages import HandoffAccepted
from ..widgets import KeyBar
from .base import GameScreen

TASKS = {
    "arrange": "arrange your VP cards",
    "play": "play your turn",
}


class HandoffScreen(GameScreen):
    BINDINGS = [Binding("enter", "accept", "Continue", tooltip="Only the named player")]

    def __init__(self, match: Match, player: int, task: str) -> None:
        super().__init__(match)
        self.player = player
        self.job = task

    def compose(self) -> ComposeResult:
        name = self.names[self.player]
        game = self.match.game
        what = TASKS[self.job]
        if self.job == "play":
            left = self.match.view(self.player).hand_sizes[self.player]
            detail = f"Round {game.round} of 3 · card {13 - left} of 12"
        else:
            detail = f"Round {game.round} of 3 · VP cards {', '.join(map(str, game.vp_set))}"
        with Vertical(id="handoff"):
            yield Static(
                Content.assemble(
                    "Pass the keyboard to ", theme.player(self.player, name, bold=True)
                ),
                id="handoff-title",
            )
            yield Static(
                Content.from_markup("$name, press [b]Enter[/] to $what.", name=name, what=what),
                id="handoff-task",
            )
            yield Static(Content(detail), id="handoff-detail")
            yield Static(
                Content("Everyone else: please look away from the screen."),
                id="handoff-note",
            )
        yield KeyBar()

    def action_accept(self) -> None:
        self.post_message(HandoffAccepted(self.player, self.job))
