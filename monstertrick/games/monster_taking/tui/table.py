"""The table of a Monster Taking game: a person's turn (strength, play, pay) and a
computer player's turn watched by everyone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Offset
from textual.message import Message
from textual.widgets import Static

from ....tui import theme
from ....tui.cursor import cell
from ....tui.messages import Decided
from ....tui.screens.base import (
    CARD_KEYS,
    COMPUTER_TURN_KEYS,
    HAND_END_KEYS,
    HINT_KEY,
    PASS_ON_KEYS,
    TAKE_BACK_KEY,
    ComputerTurnScreen,
    DecisionScreen,
    PersonTurnScreen,
)
from ....tui.screens.hint import HintTerms
from ....tui.widgets import KeyBar
from ..engine.actions import Pay, Play, Strength
from ..engine.cards import Card
from ..engine.events import Event, Paid, TrickWon
from ..engine.views import Phase, PlayerView
from . import cards
from .log import LogPanel
from .session import GameSession

CELL = 5
"""Columns of one card in the hand (clicks are mapped back with it)."""

DOING = {"strength": "lay your strength card", "play": "play your card", "pay": "pay"}
DONE = {"strength": "laid their strength card", "play": "played", "pay": "paid"}


def dots(n: int) -> str:
    return f"{n} dot{'s' if n != 1 else ''}"


def describe(events: Sequence[object], names: Sequence[str]) -> str:
    return " ".join(e.describe(names) for e in events if isinstance(e, Event))


def _cards_ahead(cards: float) -> str:
    """The cards a player is ahead at the end of a game, on average, in words."""
    if cards < 0:
        return f"{-cards:.1f} cards behind at its end"
    return f"{cards:.1f} cards ahead at its end"


class HandRow(Static):
    """The viewer's hand: three lines (cards, their dots, marks). On the marks' line
    the cursor is ``^``, a chosen card ``*``, a card just received ``+``, and a card that
    may not be played now ``×`` (it is dim too, but never marked by its colour alone)."""

    class Chosen(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    cursor = -1
    """The card under the cursor (-1: none)."""
    cards = 0
    """How many cards the hand shows."""

    def cursor_spot(self) -> Offset | None:
        """The card under the cursor (None: no cursor)."""
        if not 0 <= self.cursor < self.cards:
            return None
        return cell(self, self.cursor * CELL, 0)

    def show(
        self,
        hand: Sequence[Card],
        *,
        allowed: frozenset[Card] | None = None,
        cursor: int = -1,
        chosen: frozenset[int] = frozenset(),
        received: frozenset[Card] = frozenset(),
    ) -> None:
        self.cursor = cursor
        self.cards = len(hand)
        top: list[Content] = []
        dots: list[str] = []
        marks: list[str] = []
        for i, card in enumerate(hand):
            dim = allowed is not None and card not in allowed
            label = cards.chip(card, dim=dim)
            pad = CELL - 1 - len(str(card))
            top.append(Content.assemble(label, " " * (pad + 1)))
            dots.append(f"{'•' * card.dots:<{CELL}}")
            mark = "^" if i == cursor else " "
            mark += "*" if i in chosen else ("+" if card in received else " ")
            mark += "×" if dim else ""
            marks.append(f"{mark:<{CELL}}")
        if not hand:
            self.update(Content("Your hand is empty."))
            return
        self.update(
            Content("\n").join(
                [Content.assemble(*top), Content("".join(dots)), Content("".join(marks))]
            )
        )

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None:
            self.post_message(self.Chosen(offset.x // CELL))


class MonsterTakingTable(DecisionScreen[GameSession]):
    """What both screens show: the suit order and strength cards, both players, the
    current trick, and (on a private screen) the viewer's hand."""

    AUTO_FOCUS = None
    DEFAULT_CSS = """
    MonsterTakingTable { layout: vertical; }
    MonsterTakingTable .mt-line { height: auto; padding: 0 1; }
    MonsterTakingTable #mt-topbar { background: $panel; }
    MonsterTakingTable #mt-players { height: 3; padding: 0 1; }
    MonsterTakingTable #mt-trick { height: auto; max-height: 4; padding: 0 1;
        border: round $panel-lighten-2; }
    MonsterTakingTable #mt-since { height: auto; max-height: 3; padding: 0 1;
        color: $text-muted; }
    MonsterTakingTable #mt-tricks { height: 1fr; padding: 0 1;
        border-bottom: solid $panel-lighten-2; }
    MonsterTakingTable HandRow { height: 3; padding: 0 1; }
    MonsterTakingTable #mt-status { height: auto; min-height: 2; padding: 0 1; }
    MonsterTakingTable #mt-status.-error { color: $error; }
    MonsterTakingTable.-with-log #mt-since, MonsterTakingTable.-with-log #mt-tricks,
    MonsterTakingTable.-short.-with-hint #mt-since,
    MonsterTakingTable.-short.-with-hint #mt-tricks { display: none; }
    MonsterTakingTable Panel { height: 1fr; }
    MonsterTakingTable.-tall HintPanel { height: auto; }
    """

    viewer: int | None = None
    PANEL_AFTER = "#mt-trick"
    STATUS = "#mt-status"

    def compose(self) -> ComposeResult:
        yield Static(id="mt-topbar", classes="mt-line")
        yield Static(id="mt-order", classes="mt-line")
        yield Static(id="mt-players")
        yield Static(id="mt-trick")
        yield Static(id="mt-since")
        yield Static(id="mt-tricks")
        if self.viewer is not None:
            yield HandRow(id="mt-hand")
        yield Static(id="mt-status")
        yield KeyBar()

    def show_table(self) -> None:
        """Draw the table as the screen comes up (each screen's ``on_mount`` calls it:
        Textual calls every class's ``on_mount``, so this one has another name)."""
        self.query_one("#mt-trick").border_title = "Trick"
        self.refresh_table()

    def the_view(self) -> PlayerView:
        if self.viewer is None:
            view: PlayerView = self.session.public_view()
        else:
            view = self.session.view(self.viewer)
        return view

    def refresh_table(self) -> None:
        v = self.the_view()
        names = v.players
        strength = Content.assemble(
            " · strength cards ", cards.chips(v.strength) if v.strength else Content("none yet")
        )
        self.query_one("#mt-order", Static).update(
            Content.assemble(cards.order_line(v.order), strength)
        )
        width = theme.name_column(names)
        rows = []
        for p in (0, 1):
            rows.append(
                Content.assemble(
                    theme.player(p, names[p], width=width, bold=p == v.current_player),
                    f"  hand {v.hand_sizes[p]:>2} · tricks this game {v.tricks_won[p]}"
                    f" · games won {v.wins[p]} · face down {v.discard_counts[p]}",
                )
            )
        rows.append(
            Content.assemble(
                f"Game {v.chapter} · ",
                theme.player(v.lead, names[v.lead]),
                " leads this game · the first to win 2 games wins the match",
            )
        )
        self.query_one("#mt-players", Static).update(Content("\n").join(rows))
        self.query_one("#mt-trick", Static).update(self.trick_text(v))
        self.query_one("#mt-tricks", Static).update(self.tricks_text())
        if self.viewer is not None and v.hand is not None:
            self.show_hand(v)
        self.query_one("#mt-topbar", Static).update(self.marked(self.topbar(v)))

    def trick_text(self, v: PlayerView) -> Content:
        names = v.players
        if not v.tricks:
            return Content("No trick played yet this game.")
        t = v.tricks[-1]
        parts = [
            Content.assemble(
                f"Trick {len(v.tricks)}: ",
                theme.player(t.leader, names[t.leader]),
                " led ",
                cards.chip(t.lead),
            )
        ]
        if t.follow is not None:
            follower = 1 - t.leader
            parts.append(
                Content.assemble(
                    ", ",
                    theme.player(follower, names[follower]),
                    " followed ",
                    cards.chip(t.follow),
                )
            )
        lines = [Content.assemble(*parts)]
        if t.winner is not None:
            loser = 1 - t.winner
            how = "discard face down" if t.face_down else "give"
            won = Content.assemble(
                theme.player(t.winner, names[t.winner]),
                " won it; ",
                theme.player(loser, names[loser]),
                f" owes d = {dots(t.owed or 0)} ({how})",
            )
            if t.paid is not None:
                if t.face_down or t.cards is None:
                    paid = Content(f": paid {t.paid} card{'s' if t.paid != 1 else ''} face down")
                else:
                    paid = Content.assemble(": gave ", cards.chips(t.cards))
                won = Content.assemble(won, paid)
            lines.append(won)
        return Content("\n").join(lines)

    def tricks_text(self) -> Content:
        """This game's tricks before the one in the box, latest first, as everyone saw
        them: both cards, the winner, ``d`` and the payment (given cards named; a
        face-down discard only counted, even on the payer's own screen)."""
        v = self.session.public_view()
        names = v.players
        earlier = list(enumerate(v.tricks, 1))[:-1]
        if not earlier:
            return Content("")
        width = theme.name_column(names)
        lines = [Content.styled("Earlier tricks this game, latest first:", "dim")]
        for n, t in reversed(earlier):
            assert t.follow is not None and t.winner is not None
            follower, loser = 1 - t.leader, 1 - t.winner
            line: list[Content | str] = [
                f"{n:>2}  ",
                theme.player(t.leader, names[t.leader], width=width),
                " ",
                cards.chip(t.lead),
                f"{'':<{4 - len(str(t.lead))}}",
                theme.player(follower, names[follower], width=width),
                " ",
                cards.chip(t.follow),
                f"{'':<{4 - len(str(t.follow))}}→ ",
                theme.player(t.winner, names[t.winner]),
                f" · d = {t.owed}",
            ]
            if t.paid is None:
                line.append(" · not paid yet")
            elif t.paid == 0:
                line.append(" · nothing paid")
            elif t.face_down or t.cards is None:
                line += [" · ", names[loser], f" paid {t.paid} face down"]
            else:
                line += [" · ", names[loser], " gave ", cards.chips(t.cards)]
            lines.append(Content.assemble(*line))
        return Content("\n").join(lines)

    def show_hand(self, v: PlayerView) -> None:
        assert v.hand is not None
        self.query_one(HandRow).show(v.hand)

    def topbar(self, v: PlayerView) -> Content:
        return Content(f"Monster Taking · game {v.chapter}")


class TurnScreen(MonsterTakingTable, PersonTurnScreen[GameSession]):
    """A person's private screen: lay a strength card, play a card, or pay."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *CARD_KEYS,
        *HAND_END_KEYS,
        Binding("space", "choose", "Choose", key_display="Space"),
        Binding("enter", "decide", "Confirm"),
        *PASS_ON_KEYS,
        TAKE_BACK_KEY,
        HINT_KEY,
    ]

    def __init__(self, session: GameSession, seat: int, task: str) -> None:
        super().__init__(session, seat)
        self.viewer = seat
        self.what = task
        self.cursor = 0
        self.chosen: set[int] = set()
        self.since = [e for e in session.since_last_turn(seat) if isinstance(e, Event)]

    def on_mount(self) -> None:
        if self.gone:
            return
        v = self.the_view()
        if v.hand:
            allowed = self.allowed(v)
            first = next((i for i, c in enumerate(v.hand) if c in allowed), 0)
            self.cursor = first
            # A decision taken back starts as it was: its card under the cursor, or its
            # payment chosen.
            taken = self.session.taken_back(self.seat)
            cards: tuple[Card, ...] = ()
            if isinstance(taken, Pay):
                cards = taken.cards
            elif isinstance(taken, (Play, Strength)):
                cards = (taken.card,)
            at = [v.hand.index(c) for c in cards if c in v.hand]
            if at:
                self.cursor = at[0]
                if isinstance(taken, Pay):
                    self.chosen = set(at)
        self.show_table()
        self.query_one("#mt-since", Static).update(
            Content(
                "Since your last turn: " + describe(self.since, v.players)
                if self.since
                else "Nothing new since your last turn."
            )
        )
        self.say(self.hint(v))

    def allowed(self, v: PlayerView) -> frozenset[Card]:
        found: set[Card] = set()
        for a in v.legal_actions:
            if isinstance(a, (Play, Strength)):
                found.add(a.card)
            elif isinstance(a, Pay):
                found.update(a.cards)
        return frozenset(found)

    def topbar(self, v: PlayerView) -> Content:
        name = v.players[self.seat]
        doing = f": {DOING[self.what]}" if self.result is None else f" {DONE[self.what]}"
        return Content.assemble(
            f"Game {v.chapter} · ",
            theme.player(self.seat, name, bold=True),
            f"{doing} · private screen",
        )

    def show_hand(self, v: PlayerView) -> None:
        assert v.hand is not None
        choosing = self.result is None
        self.query_one(HandRow).show(
            v.hand,
            allowed=self.allowed(v) if choosing and self.what != "pay" else None,
            cursor=self.cursor if choosing else -1,
            chosen=frozenset(self.chosen) if choosing else frozenset(),
            received=frozenset(v.received or ()),
        )

    def cursor_spot(self) -> Offset | None:
        """The card under the cursor while the person decides; the status line after."""
        for hand in self.query(HandRow):
            found = hand.cursor_spot()
            if found is not None:
                return found
        return super().cursor_spot()

    def received_text(self, v: PlayerView) -> Content | None:
        """The cards the other player gave this viewer since their last decision."""
        other = 1 - self.seat
        given = [
            c
            for e in self.since
            if isinstance(e, Paid) and e.player == other
            for c in e.cards or ()
        ]
        if not given:
            return None
        return Content.assemble(
            "You received ",
            cards.chips(given),
            " from ",
            theme.player(other, v.players[other]),
            ". ",
        )

    def hint(self, v: PlayerView) -> Content:
        received = self.received_text(v) or Content("")
        if not v.hand:
            return received
        card = v.hand[self.cursor]
        if self.what == "pay" and v.payment is not None:
            due = v.payment
            picked = [v.hand[i] for i in sorted(self.chosen)]
            total = sum(c.dots for c in picked)
            t = v.tricks[-1]
            where = "discarded face down" if t.face_down else "given to the winner"
            pay = (
                f"Pay {dots(due.total)}"
                if due.reason is None
                else f"{due.reason[0].upper()}{due.reason[1:]}"
            )
            return Content.assemble(
                received,
                f"You lost the trick: d = {due.owed} (the difference of the two cards' dots)."
                f" {pay}; your cards are {where}. "
                "Chosen: ",
                cards.chips(picked),
                f" = {dots(total)}. Space chooses, Enter pays.",
            )
        allowed = self.allowed(v)
        if self.what == "strength":
            if v.strength:
                what = Content.assemble(
                    "Lay a card of a different suit from ",
                    cards.chip(v.strength[0]),
                    ": ",
                    cards.chips(sorted(allowed)),
                    ". ",
                )
            else:
                what = Content("You lead this game: lay any card for the suit strength. ")
            return Content.assemble(received, what, "←/→ and Enter lay it.")
        if card in allowed:
            what = Content.assemble(cards.chip(card), " may be played: Enter plays it.")
        else:
            reason = self.session.refusal(self.seat, Play(card))
            what = Content(f"{card} may not be played: {reason}.")
        return Content.assemble(received, what)

    # ------------------------------------------------------------------ actions

    hint_goal = "to win this game of the match"

    def hint_terms(self) -> HintTerms[Any]:
        return HintTerms(
            self.hint_words,
            self.hint_goal,
            points=lambda cards: f"{cards:+.1f} cards",
            expected=_cards_ahead,
        )

    def hint_ready(self) -> bool:
        return self.result is None and bool(self.the_view().hand)

    def hint_words(self, action: Any) -> str:
        if isinstance(action, Strength):
            return f"lay {action.card} for the suit strength"
        if isinstance(action, Play):
            return f"play {action.card}"
        if isinstance(action, Pay):
            if not action.cards:
                return "pay nothing"
            return "pay with " + " ".join(str(c) for c in action.cards)
        return str(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("cursor", "decide", "card_at"):
            return self.result is None
        if action == "choose":
            return self.result is None and self.what == "pay"
        return super().check_action(action, parameters)

    def _moved(self) -> None:
        v = self.the_view()
        self.show_hand(v)
        self.say(self.hint(v))

    def action_cursor(self, step: int) -> None:
        v = self.the_view()
        if v.hand:
            self.cursor = (self.cursor + step) % len(v.hand)
            self._moved()

    def action_card_at(self, index: int) -> None:
        """Home/End: the first or last card of the hand."""
        v = self.the_view()
        if v.hand:
            self.cursor = index % len(v.hand)
            self._moved()

    def action_choose(self) -> None:
        if self.result is None and self.what == "pay" and self.the_view().hand:
            self.chosen ^= {self.cursor}
            self._moved()

    def action_decide(self) -> None:
        v = self.the_view()
        if self.result is not None:
            return
        if self.what == "pay":
            hand = v.hand or ()
            self.post_message(Decided(self.seat, Pay(tuple(hand[i] for i in sorted(self.chosen)))))
            return
        if not v.hand:
            return
        card = v.hand[self.cursor]
        action = Strength(card) if self.what == "strength" else Play(card)
        self.post_message(Decided(self.seat, action))

    def on_hand_row_chosen(self, message: HandRow.Chosen) -> None:
        v = self.the_view()
        if self.result is None and v.hand and 0 <= message.index < len(v.hand):
            self.cursor = message.index
            if self.what == "pay":
                self.chosen ^= {self.cursor}
            self._moved()

    def show_result(self, events: list[object]) -> None:
        self.result = list(events)
        self.chosen = set()
        self.refresh_table()
        self.refresh_bindings()
        v = self.the_view()
        text = describe(events, v.players)
        if any(isinstance(e, TrickWon) for e in events) and v.phase is Phase.PAY:
            text += " The loser pays next."
        self.say(f"{text} {self.result_prompt()}")


class WatchScreen(MonsterTakingTable, ComputerTurnScreen[GameSession]):
    """A computer player's turn: public, or the only person's view (their hand shown,
    without a cursor)."""

    BINDINGS = COMPUTER_TURN_KEYS

    def on_mount(self) -> None:
        if self.gone:
            return
        self.show_table()
        self._say()

    def topbar(self, v: PlayerView) -> Content:
        name = v.players[self.seat]
        return Content.assemble(
            f"Game {v.chapter} · ",
            theme.player(self.seat, name, bold=True),
            self.computer_player(),
        )

    def show_turn(self) -> None:
        self.refresh_table()
        self._say()

    def _say(self) -> None:
        v = self.the_view()
        log = describe(self.session.round_log()[-3:], v.players)
        if self.viewer is None:
            log = f"Only what everyone may see is shown. {log}"
        self.query_one("#mt-since", Static).update(Content(log))
        if self.result is None:
            self.say(self.thinking())
        else:
            self.say(Content(describe(self.result, v.players) + "  (Space: go on)"))

    def log_panel(self) -> LogPanel:
        """The events of this game so far (all public)."""
        return LogPanel(self.session)
