"""A player, alone at the keyboard, orders their three VP cards."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from ...engine import NUM_ROUNDS, IllegalMoveError
from .. import theme
from ..match import Match
from ..messages import Advance
from ..widgets import Hand, KeyBar, VPRow
from .base import GameScreen


class ArrangeScreen(GameScreen):
    BINDINGS = [
        Binding("left", "select(-1)", "Choose", key_display="←/→"),
        Binding("right", "select(1)", "Choose", show=False),
        Binding("shift+left,comma", "move(-1)", "Move it", key_display="⇧←/→"),
        Binding("shift+right,full_stop", "move(1)", "Move it", show=False),
        Binding("enter", "confirm", "Confirm"),
    ]

    def __init__(self, match: Match, player: int) -> None:
        super().__init__(match)
        self.player = player
        self.private_to = player
        self.order = list(match.game.vp_set)
        self.cursor = 0

    def compose(self) -> ComposeResult:
        game = self.match.game
        name = self.names[self.player]
        yield Static(
            Content.assemble(
                f"Round {game.round} of {NUM_ROUNDS} · ",
                theme.player(self.player, name, bold=True),
                " arranges their VP cards · private",
            ),
            classes="topbar",
        )
        with Vertical(id="arrange-body"):
            yield Static("Your hand", classes="label")
            hand = Hand(self.player, id="hand")
            hand.cards = self.match.view(self.player).hand
            yield hand
            yield Static(
                "Your VP row, left to right: lay it out for the tricks you expect to win",
                classes="label",
            )
            yield VPRow(self.player, id="vp-arrange")
            yield Static(
                Content(
                    "Each trick you win turns up the next card; at the end you score "
                    "the face-up one (no tricks score 0)."
                ),
                id="arrange-help",
            )
        yield Static("", id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        row = self.query_one(VPRow)
        row.values = tuple(self.order)
        row.cursor = self.cursor
        row.refresh()

    def action_select(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.order)
        self._show()

    def action_move(self, step: int) -> None:
        other = self.cursor + step
        if 0 <= other < 3:
            self.order[self.cursor], self.order[other] = self.order[other], self.order[self.cursor]
            self.cursor = other
            self._show()

    @on(VPRow.Clicked)
    def _vp_clicked(self, message: VPRow.Clicked) -> None:
        self.cursor = message.position
        self._show()

    def action_confirm(self) -> None:
        try:
            self.match.arrange(self.player, (self.order[0], self.order[1], self.order[2]))
        except IllegalMoveError as exc:
            self.query_one("#status", Static).update(Content(str(exc)))
            return
        self.post_message(Advance())
