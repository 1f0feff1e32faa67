"""A player's turn: the table, everyone's public state, their own hand and VP row."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Offset
from textual.widgets import Static

from ....tui import theme
from ....tui.messages import Decided
from ....tui.screens.base import (
    CARD_KEYS,
    HAND_END_KEYS,
    HINT_KEY,
    LOG_KEY,
    PASS_ON_KEYS,
    TAKE_BACK_KEY,
    PersonTurnScreen,
)
from ....tui.widgets import KeyBar
from ..engine import (
    HAND_SIZE,
    NUM_ROUNDS,
    NUM_SLOTS,
    CardPlayed,
    Event,
    Move,
    PlayerView,
    RoundScored,
    TrickTakenOver,
    TrickWon,
    VPCardTurned,
)
from . import cards
from .hints import HintTerms, vp_hint_terms
from .log import LogPanel
from .public import show_public
from .session import GameSession
from .widgets import EventList, Hand, PlayerPanel, PlayersHeader, TrickSlot, VPRow


def result_text(events: Sequence[object], me: int, names: Sequence[str]) -> str:
    """What the player's move did, in the second person."""

    parts: list[str] = []
    for e in events:
        if isinstance(e, CardPlayed):
            if e.opened:
                parts.append(f"You opened trick {e.slot + 1} with {e.card}.")
            else:
                parts.append(f"You played {e.card} on trick {e.slot + 1}.")
        elif isinstance(e, TrickTakenOver):
            parts.append(f"You took trick {e.slot + 1} over from {names[e.previous]}.")
        elif isinstance(e, TrickWon):
            won = theme.plural(e.tricks, "trick")
            if e.player == me:
                parts.append(f"You completed trick {e.slot + 1} and won it: {won} this round.")
            else:
                parts.append(f"You completed trick {e.slot + 1}; {names[e.player]} won it ({won}).")
        elif isinstance(e, VPCardTurned):
            owner = "Your" if e.player == me else f"{names[e.player]}'s"
            parts.append(
                f"{owner} {cards.POSITIONS[e.position]} VP card ({e.value}) is now face up."
            )
        elif isinstance(e, RoundScored):
            parts.append("That was the last card of the round.")
    return " ".join(parts)


class SinceBox(VerticalScroll, can_focus=False):
    """Scrolls when the list is long; never takes the focus (the arrows are the game's)."""


class TableScreen(PersonTurnScreen[GameSession]):
    """``player``'s turn. They choose a card and a slot; the result stays until Enter,
    and until then they may take the move back."""

    CSS_PATH = "game.tcss"  # (read when the first of the game's screens is shown)
    AUTO_FOCUS = None
    PANEL_AFTER = "#since"
    BINDINGS: ClassVar[list[BindingType]] = [
        *CARD_KEYS,
        *HAND_END_KEYS,
        Binding("1", "slot(0)", "Play on", key_display="1-4"),
        Binding("2", "slot(1)", "Play on 2", show=False),
        Binding("3", "slot(2)", "Play on 3", show=False),
        Binding("4", "slot(3)", "Play on 4", show=False),
        Binding("up", "slot_cursor(-1)", "Slot", key_display="↑/↓"),
        Binding("down", "slot_cursor(1)", "Slot", show=False),
        Binding("enter", "play_here", "Play"),
        *PASS_ON_KEYS,
        TAKE_BACK_KEY,
        LOG_KEY,
        HINT_KEY,
        Binding("pageup", "scroll_since(-1)", "Earlier moves", show=False),
        Binding("pagedown", "scroll_since(1)", "Later moves", show=False),
    ]

    def __init__(self, session: GameSession, player: int) -> None:
        super().__init__(session, player)
        self.player = player
        self.view: PlayerView = session.view(player)
        self.cursor = 0
        self.slot_cursor = 0
        self.pointing = "card"
        """What the arrows moved last, where the terminal cursor is: "card" or "slot"."""
        taken = session.taken_back(player)
        if isinstance(taken, Move) and taken.card in self.view.hand:
            # A card taken back is under the cursor again, its slot too.
            self.cursor = self.view.hand.index(taken.card)
            self.slot_cursor = taken.slot
        self.since = session.since_last_turn(player)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        v = self.view
        yield Static(id="topbar", classes="topbar")
        with Horizontal(id="middle"):
            with Vertical(id="players"):
                yield PlayersHeader(v.players, classes="players-header")
                for p in range(v.num_players):
                    yield PlayerPanel(p, v, id=f"player-{p}", classes="player-panel")
            with SinceBox(id="since"):
                # (Nothing since one's last turn with cards played: a lesson's opening.)
                empty = "Nothing new." if v.played else "Nothing yet: you play first."
                yield EventList(v.players, self.since, empty=empty, compact=True)
        with Horizontal(id="tricks"):
            for s in range(NUM_SLOTS):
                yield TrickSlot(s, v.players, id=f"slot-{s}")
        yield Hand(self.player, id="hand")
        yield VPRow(self.player, id="vp-row")
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.gone:
            return
        since = self.query_one("#since")
        since.border_title = "Since your last turn"
        self.query_one("#players").border_title = "Players"
        self._refresh_all()
        self._status()
        # The newest moves are the ones just before this turn: show them.
        self.call_after_refresh(since.scroll_end, animate=False)

    # ------------------------------------------------------------------ display

    def _refresh_all(self) -> None:
        v = self.view = self.session.view(self.player)
        name = v.players[self.player]
        left = len(v.hand)
        if self.result is None:
            doing = f" to play · card {HAND_SIZE + 1 - left} of {HAND_SIZE}"
        else:
            doing = f" played card {HAND_SIZE - left} of {HAND_SIZE}"
        self.query_one("#topbar", Static).update(
            self.marked(
                Content.assemble(
                    f"Round {v.round} of {NUM_ROUNDS} · ",
                    theme.player(self.player, name, bold=True),
                    f"{doing} · private screen",
                )
            )
        )
        show_public(self, v)
        hand = self.query_one(Hand)
        hand.cards = v.hand
        self.cursor = max(0, min(self.cursor, len(v.hand) - 1))
        hand.cursor = self.cursor if self.result is None and v.hand else -1
        row = self.query_one(VPRow)
        assert v.arrangement is not None
        row.values = v.arrangement
        row.tricks = v.tricks_won[self.player]
        row.refresh()
        self._update_marks()

    def _update_marks(self) -> None:
        choosing = self.result is None and bool(self.view.hand)
        legal = self.view.legal_slots(self.view.hand[self.cursor]) if choosing else ()
        for slot in self.query(TrickSlot):
            slot.mark = ("legal" if slot.slot in legal else "illegal") if choosing else ""
            slot.cursor = choosing and slot.slot == self.slot_cursor

    def cursor_spot(self) -> Offset | None:
        """The card under the cursor, or the slot if the arrows moved that last; the
        status line once the card is played."""
        if self.result is None and self.view.hand:
            if self.pointing == "slot":
                return self.query_one(f"#slot-{self.slot_cursor}", TrickSlot).cursor_spot()
            return self.query_one(Hand).cursor_spot()
        return super().cursor_spot()

    def _status(self) -> None:
        """Where the card under the cursor can go."""
        card = self.view.hand[self.cursor] if self.view.hand else None
        if card is None:
            self.say("")
        else:
            slots = ", ".join(str(s + 1) for s in self.view.legal_slots(card))
            self.say(f"{card} can go on: {slots}. Press 1-4, or ↑/↓ and Enter, to play it.")

    # ------------------------------------------------------------------ actions

    def hint_ready(self) -> bool:
        return self.result is None and bool(self.view.hand)

    def hint_words(self, action: Any) -> str:
        slot = action.slot
        card = str(action.card)
        same = self.view.interchangeable_cards()
        group = same[action.card]
        others = [str(c) for c, rep in same.items() if rep == group and c != action.card]
        if others:
            card += f" (or {' or '.join(others)}: the same)"
        if self.view.table[slot] is None:
            return f"open trick {slot + 1} with {card}"
        return f"play {card} on trick {slot + 1}"

    def hint_terms(self) -> HintTerms[Any]:
        return vp_hint_terms(self.hint_words)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("cursor", "card_at", "slot", "slot_cursor", "play_here"):
            return self.result is None
        return super().check_action(action, parameters)

    def action_cursor(self, step: int) -> None:
        if self.view.hand:
            self.pointing = "card"
            self.cursor = (self.cursor + step) % len(self.view.hand)
            self.query_one(Hand).cursor = self.cursor
            self._update_marks()
            self._status()

    def action_card_at(self, index: int) -> None:
        if self.view.hand:
            self.action_cursor(index % len(self.view.hand) - self.cursor)

    def action_slot_cursor(self, step: int) -> None:
        self.pointing = "slot"
        self.slot_cursor = (self.slot_cursor + step) % 4
        self._update_marks()

    def action_slot(self, slot: int) -> None:
        self._try(slot)

    def action_play_here(self) -> None:
        self._try(self.slot_cursor)

    def _try(self, slot: int) -> None:
        if self.result is not None or not self.view.hand:
            return
        self.post_message(Decided(self.player, Move.of(self.view.hand[self.cursor], slot)))

    def show_result(self, events: list[object]) -> None:
        """The move is made: its result stays until Enter (or a take-back)."""
        self.result = [e for e in events if isinstance(e, Event)]
        self._refresh_all()
        self.refresh_bindings()
        text = result_text(self.result, self.player, self.view.players)
        self.say(f"{text} {self.result_prompt()}")

    def log_panel(self) -> LogPanel:
        return LogPanel(self.session)

    @on(Hand.CardChosen)
    def _card_clicked(self, message: Hand.CardChosen) -> None:
        if self.result is None:
            self.pointing = "card"
            self.cursor = message.index
            self.query_one(Hand).cursor = self.cursor
            self._update_marks()
            self._status()

    @on(TrickSlot.Chosen)
    def _slot_clicked(self, message: TrickSlot.Chosen) -> None:
        self.pointing = "slot"
        self.slot_cursor = message.slot
        self._try(message.slot)
