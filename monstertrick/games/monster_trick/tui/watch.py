"""A computer player's turn, shown to the whole table.

Public information only: the tricks, everyone's panel (cards left, tricks, face-up VP
cards, scores) and the round's log. In a game with a single person, who is then the
only one at the keyboard, their own hand and VP row stay in view (``viewer``).

The app's worker thinks; this screen says "Cy is thinking…", then shows what the move
did for the pace the app is set to (Space goes on at once) and tells the app it is
done. Consecutive computer turns reuse the screen (:meth:`next_turn`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from ....tui import theme
from ....tui.screens.base import COMPUTER_TURN_KEYS, ComputerTurnScreen
from ....tui.widgets import KeyBar
from .. import PLAY_EVENTS
from ..engine import (
    HAND_SIZE,
    NUM_ROUNDS,
    NUM_SLOTS,
    Arranged,
    Event,
    Phase,
    PlayerView,
    PublicView,
)
from .log import LogPanel
from .public import show_public
from .session import GameSession
from .table import SinceBox
from .widgets import EventList, Hand, PlayerPanel, PlayersHeader, TrickSlot, VPRow


def public_result(events: Sequence[object], names: Sequence[str]) -> str:
    """What a move did, in words anyone may read (an arrangement's order stays secret)."""
    return " ".join(e.describe(names) for e in events if isinstance(e, (Arranged, *PLAY_EVENTS)))


class WatchScreen(ComputerTurnScreen[GameSession]):
    """``seat`` (a computer player) decides; everyone may look."""

    CSS_PATH = "game.tcss"  # (read when the first of the game's screens is shown)
    AUTO_FOCUS = None
    PANEL_AFTER = "#since"
    BINDINGS: ClassVar[list[BindingType]] = [
        *COMPUTER_TURN_KEYS,
        Binding("pageup", "scroll_since(-1)", "Earlier moves", show=False),
        Binding("pagedown", "scroll_since(1)", "Later moves", show=False),
    ]

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        v = self._view()
        yield Static(id="topbar", classes="topbar")
        with Horizontal(id="middle"):
            with Vertical(id="players"):
                yield PlayersHeader(v.players, classes="players-header")
                for p in range(v.num_players):
                    yield PlayerPanel(p, v, id=f"player-{p}", classes="player-panel")
            with SinceBox(id="since"):
                yield EventList(v.players, (), empty="No card played yet.", compact=True)
        with Horizontal(id="tricks"):
            for s in range(NUM_SLOTS):
                yield TrickSlot(s, v.players, id=f"slot-{s}")
        if self.viewer is not None:
            yield Hand(self.viewer, id="hand")
            yield VPRow(self.viewer, id="vp-row")
        else:
            yield Static(Content(self._note()), id="watch-note")
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.gone:
            return
        self.query_one("#since").border_title = "This round"
        self.query_one("#players").border_title = "Players"
        self.show_turn()

    def _note(self) -> str:
        """What a screen with no one's hand says about what it shows (a person's turn, at
        a hosted table, is no computer player's move)."""
        if self.session.is_bot(self.seat):
            return "Computer players are moving: only what everyone may see is shown."
        return "Only what everyone may see is shown."

    def _view(self) -> PublicView:
        """The public view, or the only person's own view when they are at the keyboard."""
        if self.viewer is None:
            public: PublicView = self.session.public_view()
            return public
        mine: PlayerView = self.session.view(self.viewer)
        return mine

    def shown_events(self, events: list[object]) -> list[object]:
        return [e for e in events if isinstance(e, Event)]

    def log_panel(self) -> LogPanel:
        return LogPanel(self.session)

    # ------------------------------------------------------------------ display

    def show_turn(self) -> None:
        v = self._view()
        name = v.players[self.seat]
        arranged = self.result is not None and any(isinstance(e, Arranged) for e in self.result)
        if arranged:
            doing = "arranged their VP cards"
        elif self.result is not None:
            doing = f"played card {HAND_SIZE - v.hand_sizes[self.seat]} of {HAND_SIZE}"
        elif v.phase is Phase.ARRANGING:
            doing = "arranges their VP cards"
        else:
            doing = f"to play · card {HAND_SIZE + 1 - v.hand_sizes[self.seat]} of {HAND_SIZE}"
        self.query_one("#topbar", Static).update(
            self.marked(
                Content.assemble(
                    f"Round {v.round} of {NUM_ROUNDS} · ",
                    theme.player(self.seat, name, bold=True),
                    f" {doing}{self.computer_player()}",
                )
            )
        )
        show_public(self, v)
        events = self.query_one(EventList)
        events.events = tuple(e for e in self.session.round_log() if isinstance(e, PLAY_EVENTS))
        events.refresh(layout=True)
        self.query_one("#since", SinceBox).scroll_end(animate=False)
        if self.viewer is not None:
            hand = self.query_one(Hand)
            assert isinstance(v, PlayerView)
            hand.cards = v.hand
            hand.cursor = -1
            row = self.query_one(VPRow)
            row.values = v.arrangement or ()
            row.tricks = v.tricks_won[self.viewer] if v.arrangement is not None else None
            row.refresh()
        else:
            self.query_one("#watch-note", Static).update(Content(self._note()))
        self._status(v)

    def _status(self, v: PublicView) -> None:
        if self.result is None:
            text = self.thinking()
        else:
            what = public_result(self.result, v.players)
            text = Content(what)
            if self.session.pace > 0:
                text = Content.assemble(text, Content.from_markup("  [dim](Space: go on)[/]"))
        self.say(text)
