"""The table: all four hands as rows of suit-coloured backs, the trick, bids, tricks,
captured suits and scores. Everything on it is public (nobody sees the value of a card
still in a hand, not even its holder), so one screen serves a person's play, their
sleeve step (:class:`PlayScreen`) and a computer player's turn watched by the table
(:class:`WatchScreen`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Offset
from textual.widgets import Static

from ....tui import theme
from ....tui.cursor import cell
from ....tui.messages import Decided
from ....tui.screens.base import (
    CARD_KEYS,
    HAND_END_KEYS,
    HINT_KEY,
    LOG_KEY,
    NOT_THIS_LESSON,
    PACE_KEYS,
    PASS_ON_KEYS,
    SKIP_KEY,
    ComputerTurnScreen,
    DecisionScreen,
    PersonTurnScreen,
)
from ....tui.screens.hint import HintTerms
from ....tui.screens.log import LinesLogPanel
from ....tui.widgets import KeyBar
from ...common.words import ordinal
from ..engine.actions import PASS, Action
from ..engine.cards import HAND_SIZE, NUM_HANDS, NUM_TRICKS
from ..engine.deduce import Inconsistent, value_ranges
from ..engine.events import (
    CardPlayed,
    CardSleeved,
    Event,
    HandScored,
    SleevePassed,
    TrickWon,
    plural,
)
from ..engine.views import Phase, Place, View
from . import cards
from .session import GameSession

NAME_WIDTH = 8
INDENT = " " * (NAME_WIDTH + 5)
"""Where the cards of a hand row begin (after "▶ ● " and the name)."""
SPOT_WIDTH = 4
"""Cells of each position of a hand row (a card's three, a space)."""
DEDUCE = "deduce"
"""The deduction aid's name among the session's aids (on until switched off)."""
DEDUCE_KEY = Binding("d", "deduce", "Deduce")


LOGGED = (CardPlayed, CardSleeved, SleevePassed, TrickWon, HandScored)
"""The events a person reads in a decision's result and in the log."""


def result_text(events: Sequence[object], names: Sequence[str]) -> str:
    """What a decision did, in words anyone may read."""
    return " ".join(e.describe(names) for e in events if isinstance(e, LOGGED))


class TableScreen(DecisionScreen[GameSession]):
    """The table as ``seat`` decides ``task`` (``"play"`` or ``"sleeve"``): a person
    with the keys (:class:`PlayScreen`), or a computer player watched by the table
    (:class:`WatchScreen`)."""

    AUTO_FOCUS = None
    DEFAULT_CSS = """
    TableScreen Static { text-wrap: nowrap; text-overflow: ellipsis; }
    TableScreen #mt-status, TableScreen #hint-text { text-wrap: wrap; }
    TableScreen #mt-top { height: 1; background: $primary-background; padding: 0 1; }
    TableScreen #mt-seats { height: auto; padding: 0 0 0 1; }
    TableScreen .mt-seat { height: auto; }
    TableScreen .mt-seat.-to-move { background: $boost; }
    TableScreen #mt-trick { height: auto; padding: 0 1; border-top: solid $panel-lighten-2; }
    TableScreen #mt-status { height: auto; min-height: 2; padding: 0 1; }
    TableScreen #mt-status.-error { color: $error; }
    TableScreen.-short.-with-panel #mt-status { display: none; }
    TableScreen Panel {
        height: 1fr; border: none; border-top: solid $accent; padding: 0 1;
    }
    TableScreen.-tall HintPanel { height: auto; }
    """
    PANEL_AFTER = "#mt-trick"
    STATUS = "#mt-status"

    NEW_PLAYER_DELAY: ClassVar[float] = 0.6
    """Seconds after another person's turn before this person's keys count: with no
    handoff screen, a double tap of Enter by the one before must not play for them."""

    bot: ClassVar[bool] = False
    """Whether a computer player decides (the table watches)."""
    waiting = False
    """A new person's turn whose keys do not count yet (see NEW_PLAYER_DELAY)."""

    def set_table(self, task: str) -> None:
        """What the table starts from: ``task``, the public view, the cursor."""
        self.step_task = task
        self.cursor = 0
        self._message: Content | None = None
        self._error = False
        self.view: View = self.session.public_view()
        self._first_cursor()

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="mt-top")
        with Vertical():
            with Vertical(id="mt-seats"):
                yield Static(id="mt-seats-head")
                for p in range(len(self.view.seats)):
                    yield Static(id=f"mt-seat-{p}", classes="mt-seat")
            yield Static(id="mt-trick")
            yield Static(id="mt-status")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.gone:
            return
        self._refresh_all()

    # ------------------------------------------------------------------ state

    @property
    def deduce(self) -> bool:
        """Whether the deduction aid is on (it stays on from step to step, for every
        seat, until ``d`` switches it off)."""
        return DEDUCE in self.session.aids

    @property
    def choosing(self) -> bool:
        return not self.bot and self.result is None

    def _positions(self) -> tuple[int, ...]:
        return self.view.seats[self.seat].in_hand

    def _legal(self) -> set[int]:
        v = self.view
        if self.step_task == "sleeve":
            return set(self._positions())
        return {o.position for o in v.plays if o.legal}

    def _first_cursor(self) -> None:
        positions = self._positions()
        legal = self._legal()
        first = [p for p in positions if p in legal]
        self.cursor = first[0] if first else (positions[0] if positions else 0)

    # ------------------------------------------------------------------ display

    def _variables(self) -> dict[str, str]:
        try:
            return dict(self.app.theme_variables)
        except Exception:  # pragma: no cover - before the app is running
            return {}

    def _refresh_all(self) -> None:
        self.view = v = self.session.public_view()
        names = v.players
        who = theme.player(self.seat, names[self.seat], bold=True)
        if self.result is not None:
            doing = " has decided"
        elif self.step_task == "sleeve":
            doing = " to sleeve a card or pass"
        else:
            doing = " to play"
        self.query_one("#mt-top", Static).update(
            self.marked(
                Content.assemble(
                    f"Hand {v.chapter} of {NUM_HANDS} · trick {v.trick_number} of {NUM_TRICKS} · ",
                    who,
                    doing,
                    self.kind(),
                )
            )
        )
        head, rows = self._seats(v)
        self.query_one("#mt-seats-head", Static).update(head)
        for p, row in enumerate(rows):
            seat = self.query_one(f"#mt-seat-{p}", Static)
            seat.update(row)
            seat.set_class(p == v.current_player, "-to-move")
        self.query_one("#mt-trick", Static).update(self._trick(v))
        self._show_status()

    def _seats(self, v: View) -> tuple[Content, list[Content]]:
        """The column numbers above the hands, and each seat's lines: its hand row
        (``▶`` before the player whose turn it is), its tricks, suits won and score,
        and with the deduction aid the ranges of its cards' values."""
        variables = self._variables()
        ranges: tuple[tuple[tuple[int, int] | None, ...], ...] | None = None
        if self.deduce:
            try:
                ranges = value_ranges(v)
            except Inconsistent:  # pragma: no cover - the engine's deals are consistent
                ranges = None
        legal = self._legal() if self.choosing else set()
        totals = v.totals
        prestige = v.prestige_counts
        head = Content.assemble(
            INDENT,
            "".join(f"{i + 1:^3} " for i in range(HAND_SIZE)),
            "Sleeve",
        ).stylize("dim")
        blocks: list[Content] = []
        for p, seat in enumerate(v.seats):
            lines: list[Content] = []
            to_move = p == v.current_player
            row: list[Content | str] = [
                Content.from_markup("[bold $accent]▶[/] " if to_move else "  "),
                theme.player(p, seat.name, width=NAME_WIDTH, bold=to_move),
                " ",
            ]
            mover = p == self.seat and self.choosing
            for spot in seat.spots:
                if spot.place is Place.HAND:
                    row.append(
                        cards.back(
                            spot.suit,
                            variables,
                            cursor=mover and spot.position == self.cursor,
                            dim=mover and spot.position not in legal,
                        )
                    )
                elif spot.place is Place.SLEEVE:
                    row.append(Content.styled(" ↑ ", "dim"))
                else:
                    row.append(Content.styled(" · ", "dim"))
                row.append(" ")
            sleeved = next((s.card for s in seat.spots if s.place is Place.SLEEVE), None)
            if sleeved is None:
                row.append(Content.styled("no bid yet", "italic"))
            else:
                row += [f"bid {seat.bid} ", cards.face(sleeved, variables)]
            lines.append(Content.assemble(*row))
            captured = " ".join(s.letter for s in seat.captured) or "none"
            bonus = f" · prestige {prestige[p]}" if prestige[p] else ""
            lines.append(
                Content.assemble(
                    INDENT,
                    f"{plural(seat.tricks, 'trick')} · suits won: {captured} · "
                    f"score {totals[p]}{bonus}",
                ).stylize("dim")
            )
            if ranges is not None:
                cells = []
                for r in ranges[p]:
                    if r is None:
                        cells.append("    ")
                    elif r[0] == r[1]:
                        cells.append(f"={r[0]}  ")
                    else:
                        cells.append(f"{r[0]}-{r[1]} ")
                lines.append(Content.assemble(INDENT, "".join(cells)).stylize("$accent"))
            blocks.append(Content("\n").join(lines))
        return head, blocks

    def _trick(self, v: View) -> Content:
        variables = self._variables()
        names = v.players
        led = f"{v.led.label} led:  " if v.led is not None else "nothing led yet"
        line: list[Content | str] = [f"Trick {v.trick_number} · Hearts are trump · {led}"]
        for tc in v.trick:
            line += [
                theme.player(tc.player, names[tc.player]),
                " ",
                cards.face(tc.card, variables),
                "  ",
            ]
        lines = [Content.assemble(*line)]
        if v.last_trick and v.last_winner is not None:
            last: list[Content | str] = [
                "Last trick won by ",
                theme.player(v.last_winner, names[v.last_winner]),
                ": ",
            ]
            for tc in v.last_trick:
                last += [cards.face(tc.card, variables), " "]
            lines.append(Content.assemble(*last))
        return Content("\n").join(lines)

    def kind(self) -> str:
        """The end of the top line (a computer player's, and its pace)."""
        return ""

    def _show_status(self) -> None:
        self.say(self.status_text(), error=self._error)

    def status_text(self) -> Content:
        """What the status line says now."""
        raise NotImplementedError

    def _hint(self) -> str:
        v = self.view
        pos = self.cursor
        if self.step_task == "sleeve":
            return (
                f"Your {ordinal(pos + 1)} card ({v.suit_at(self.seat, pos).singular}): "
                "Enter puts it up your sleeve (its value becomes your bid), p passes."
            )
        option = next((o for o in v.plays if o.position == pos), None)
        if option is None:
            return ""
        if option.legal:
            return f"Your {ordinal(pos + 1)} card, a {option.suit.singular}: Enter plays it."
        return f"Your {ordinal(pos + 1)} card cannot be played: {option.reason}."

    # ------------------------------------------------------------------ actions

    def log_panel(self) -> LinesLogPanel:
        """This hand's plays, sleeves and tricks so far (everyone saw them all)."""
        session = self.session
        names = session.names

        def lines() -> list[Content]:
            events = [e for e in session.round_log() if isinstance(e, LOGGED)]
            return [Content(e.describe(names)) for e in events]

        return LinesLogPanel(
            f"Game log · hand {self.view.chapter}", lines, "No card played yet this hand."
        )

    def action_deduce(self) -> None:
        self.session.aids ^= {DEDUCE}
        self._refresh_all()


class PlayScreen(TableScreen, PersonTurnScreen[GameSession]):
    """A person plays a card, or puts one up their sleeve (or passes), in front of
    everyone: nothing on the table is private, so no handoff comes before it and its
    result cannot be taken back."""

    PRIVATE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        *CARD_KEYS,
        *HAND_END_KEYS,
        Binding("enter", "play_card", "Play"),
        Binding("enter", "sleeve_card", "Sleeve"),
        Binding("p", "pass_sleeve", "Pass"),
        *PASS_ON_KEYS,
        DEDUCE_KEY,
        LOG_KEY,
        HINT_KEY,
    ]

    def __init__(self, session: GameSession, seat: int, task: str) -> None:
        super().__init__(session, seat)
        # No handoff (nothing is private): a banner names the player, and their keys
        # count after a moment when the person before was someone else.
        self.waiting = session.keyboard != seat
        self.set_table(task)

    def keys_wait(self) -> float | None:
        return self.NEW_PLAYER_DELAY if self.waiting else None

    def keys_accepted(self) -> None:
        self.waiting = False
        self._show_status()

    def status_text(self) -> Content:
        names = self.view.players
        if self._message is not None:
            return self._message
        if self.waiting:
            return Content.assemble(
                theme.player(self.seat, names[self.seat], bold=True), " to play…"
            )
        if self.result is not None:
            # (nothing is private: no handoff, no take-back)
            return Content(f"{result_text(self.result, names)} {self.result_prompt()}")
        return Content(self._hint())

    def refuse(self, reason: str) -> None:
        self._message = Content(f"Not allowed: {reason}.")
        self._error = True
        self._show_status()

    def not_this_lesson(self) -> None:
        self._message = Content(NOT_THIS_LESSON)  # (kept until the cursor moves, as a refusal)
        self._error = True
        self._show_status()

    def show_result(self, events: list[object]) -> None:
        self.result = [e for e in events if isinstance(e, Event)]
        self._message = None
        self._error = False
        self._refresh_all()
        self.refresh_bindings()

    def hint_ready(self) -> bool:
        return self.choosing and not self.waiting

    def hint_terms(self) -> HintTerms[Any]:
        return HintTerms(
            self.hint_words,
            self.hint_goal,
            points=lambda points: f"{points:+.1f} points",
            expected=lambda points: f"{points:+.1f} points expected this hand",
        )

    def hint_words(self, action: Any) -> str:
        pos = action.position
        if pos is None:
            return "pass (keep your sleeve empty)"
        card = f"your {ordinal(pos + 1)} card ({self.view.suit_at(self.seat, pos).singular})"
        if self.step_task == "sleeve":
            return f"put {card} up your sleeve"
        return f"play {card}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("cursor", "card_at"):
            return self.choosing
        if action == "play_card":
            return self.choosing and self.step_task == "play"
        if action in ("sleeve_card", "pass_sleeve"):
            return self.choosing and self.step_task == "sleeve"
        return super().check_action(action, parameters)

    def cursor_spot(self) -> Offset | None:
        """The card under the cursor, in the person's hand row, while they choose; the
        status line after."""
        if self.choosing and self.cursor in self._positions():
            row = self.query_one(f"#mt-seat-{self.seat}", Static)
            return cell(row, len(INDENT) + SPOT_WIDTH * self.cursor, 0)
        return super().cursor_spot()

    def action_cursor(self, step: int) -> None:
        positions = self._positions()
        if not positions:
            return
        i = positions.index(self.cursor) if self.cursor in positions else 0
        self.cursor = positions[(i + step) % len(positions)]
        self._message = None
        self._error = False
        self._refresh_all()

    def action_card_at(self, index: int) -> None:
        """Home/End: the first or the last card in the hand (``index`` 0 or -1)."""
        positions = self._positions()
        if positions:
            self.cursor = positions[index]
            self._message = None
            self._error = False
            self._refresh_all()

    def action_play_card(self) -> None:
        self.action_choose()

    def action_sleeve_card(self) -> None:
        self.action_choose()

    def action_choose(self) -> None:
        if not self.choosing:
            return
        if self.step_task == "sleeve":
            action = Action.sleeve(self.cursor)
        else:
            action = Action.play(self.cursor)
        self.post_message(Decided(self.seat, action))

    def action_pass_sleeve(self) -> None:
        if self.choosing and self.step_task == "sleeve":
            self.post_message(Decided(self.seat, PASS))


class WatchScreen(TableScreen, ComputerTurnScreen[GameSession]):
    """A computer player plays or sleeves; the table watches."""

    bot = True
    BINDINGS: ClassVar[list[BindingType]] = [SKIP_KEY, DEDUCE_KEY, LOG_KEY, *PACE_KEYS]

    def __init__(self, session: GameSession, seat: int, viewer: int | None = None) -> None:
        super().__init__(session, seat, viewer)
        self.private_to = None  # (nothing on the table is private)
        self.set_table(phase_task(session.public_view().phase))

    def kind(self) -> str:
        return self.computer_player()

    def status_text(self) -> Content:
        if self.result is None:
            return self.thinking()
        after = "  (Space: go on)" if self.session.pace > 0 else ""
        return Content(result_text(self.result, self.view.players) + after)

    def show_turn(self) -> None:
        if self.result is None:  # (what it decides: the public view says)
            self.step_task = phase_task(self.session.public_view().phase)
        self._refresh_all()

    def shown_events(self, events: list[object]) -> list[object]:
        return [e for e in events if isinstance(e, Event)]


def phase_task(phase: Phase) -> str:
    return "sleeve" if phase is Phase.SLEEVE else "play"
