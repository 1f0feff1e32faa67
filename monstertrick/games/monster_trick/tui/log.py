"""The game log: the public events of the game, round by round, in a panel beside the
table (PgUp/PgDn page through it, on into the rounds before and after)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ....session import HintTaken
from ....tui.screens.log import LOG_KEYS
from ....tui.widgets.panel import Panel
from ..engine import Arranged, Event
from .session import GameSession
from .widgets import EventList


def rounds_of(session: GameSession) -> list[list[Event | HintTaken]]:
    """Per round so far, its public events: the rounds before from the game's own record,
    the current one from the session's log (which also says who took a hint). The VP
    rows laid out are not in it (the order stays secret until the round's end)."""
    rounds: list[Sequence[Event | HintTaken]] = [*session.earlier_logs(), session.round_log()]
    return [[e for e in events if not isinstance(e, Arranged)] for events in rounds]


class LogPanel(Panel):
    """Public events only: every one of them was seen by the whole table. It shows a round
    at a time and opens on the current one, scrolled to its end; PgUp and PgDn turn a
    page, and past a round's first (last) page go on to the round before (after)."""

    kind = "log"
    BINDINGS: ClassVar[list[BindingType]] = [
        *LOG_KEYS,
        Binding("pageup", "earlier", "Earlier", show=False),
        Binding("pagedown", "later", "Later", show=False),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="log-panel")
        self.session = session
        self.names = session.names
        self.rounds = rounds_of(session)
        self.round = len(self.rounds)
        """The round shown (1-based)."""

    def compose(self) -> ComposeResult:
        yield EventList(self.names, self.rounds[self.round - 1], empty=self._empty())

    def on_mount(self) -> None:
        self._show(at_end=True)

    def _empty(self) -> str:
        return (
            "No card played yet this round."
            if self.round == len(self.rounds)
            else "No card was played in this round."
        )

    def _show(self, *, at_end: bool) -> None:
        events = self.query_one(EventList)
        events.events = tuple(self.rounds[self.round - 1])
        events.empty = self._empty()
        events.refresh(layout=True)
        total = len(self.rounds)
        self.border_title = f"Game log · round {self.round} of {total}"
        self.border_subtitle = "PgUp/PgDn: earlier/later · l or Esc closes"
        if at_end:
            self.call_after_refresh(self.scroll_end, animate=False)
        else:
            self.scroll_home(animate=False)

    def action_earlier(self) -> None:
        if self.scroll_y > 0:
            self.scroll_page_up(animate=False)
        elif self.round > 1:
            self.round -= 1
            self._show(at_end=True)

    def action_later(self) -> None:
        if self.scroll_y < self.max_scroll_y:
            self.scroll_page_down(animate=False)
        elif self.round < len(self.rounds):
            self.round += 1
            self._show(at_end=False)

    def update_content(self) -> None:
        """A move was made while the log is open: the current round grows."""
        latest = self.round == len(self.rounds)
        self.rounds = rounds_of(self.session)
        if latest:
            self.round = len(self.rounds)
            self._show(at_end=True)
