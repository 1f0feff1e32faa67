"""A player, alone at the keyboard, orders their three VP cards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Offset
from textual.widgets import Static

from ....tui import theme
from ....tui.messages import Decided
from ....tui.screens.base import HINT_KEY, PASS_ON_KEYS, TAKE_BACK_KEY, PersonTurnScreen
from ....tui.widgets import KeyBar
from ..engine import NUM_ROUNDS, Arrange, PlayerView
from .hints import HintTerms, row_aim, row_of, vp_hint_terms
from .session import GameSession
from .widgets import Hand, VPRow


class ArrangeScreen(PersonTurnScreen[GameSession]):
    """``player`` lays out their VP row; once confirmed, it stays until Enter, and until
    then they may take it back."""

    CSS_PATH = "game.tcss"  # (read when the first of the game's screens is shown)
    PANEL_AFTER = "#arrange-help"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "select(-1)", "Choose", key_display="←/→"),
        Binding("right", "select(1)", "Choose", show=False),
        Binding("shift+left,comma", "move(-1)", "Move it", key_display="⇧←/→"),
        Binding("shift+right,full_stop", "move(1)", "Move it", show=False),
        Binding("enter", "confirm", "Confirm"),
        *PASS_ON_KEYS,
        TAKE_BACK_KEY,
        HINT_KEY,
    ]

    def __init__(self, session: GameSession, player: int) -> None:
        super().__init__(session, player)
        self.player = player
        self.view: PlayerView = session.view(player)
        laid = session.taken_back(player)  # a row taken back starts as it was laid
        self.order = list(row_of(laid) if isinstance(laid, Arrange) else self.view.vp_set)
        self.cursor = 0

    @property
    def confirmed(self) -> bool:
        """The row is laid out (the decision is made)."""
        return self.result is not None

    def _topbar(self) -> Content:
        doing = " laid out their VP cards" if self.confirmed else " arranges their VP cards"
        return self.marked(
            Content.assemble(
                f"Round {self.view.round} of {NUM_ROUNDS} · ",
                theme.player(self.player, self.names[self.player], bold=True),
                f"{doing} · private",
            )
        )

    def compose(self) -> ComposeResult:
        yield Static(self._topbar(), id="topbar", classes="topbar")
        with Vertical(id="arrange-body"):
            yield Static("Your hand", classes="label")
            hand = Hand(self.player, id="hand")
            hand.cards = self.view.hand
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
        if self.gone:
            return
        self._show()

    def cursor_spot(self) -> Offset | None:
        """The VP card being moved; the status line once the row is laid out."""
        if not self.confirmed:
            found = self.query_one(VPRow).cursor_spot()
            if found is not None:
                return found
        return super().cursor_spot()

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

    def hint_ready(self) -> bool:
        return not self.confirmed

    def hint_words(self, action: Any) -> str:
        left, middle, right = row_of(action)
        return f"VP row {left} · {middle} · {right}"

    def hint_terms(self) -> HintTerms[Any]:
        terms = vp_hint_terms(self.hint_words, aim=row_aim)
        return replace(terms, listed=lambda action: "row " + " · ".join(map(str, row_of(action))))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("select", "move", "confirm"):
            return not self.confirmed
        return super().check_action(action, parameters)

    def action_confirm(self) -> None:
        if not self.confirmed:
            self.post_message(Decided(self.player, Arrange.of(self.order)))

    def refuse(self, reason: str) -> None:
        self.say(reason)

    def show_result(self, events: list[object]) -> None:
        self.result = list(events)
        self.query_one("#topbar", Static).update(self._topbar())
        self.refresh_bindings()
        row = self.query_one(VPRow)
        row.cursor = -1
        row.refresh()
        self.say(f"Your VP row is laid out. {self.result_prompt()}")
