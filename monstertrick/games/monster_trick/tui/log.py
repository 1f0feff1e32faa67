"""The game log: the public events of the round, over the current screen."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from ....tui.widgets import KeyBar
from ..engine import Arranged, Event
from .widgets import EventList


class LogScreen(ModalScreen[None]):
    """Public events only: every one of them was seen by the whole table."""

    BINDINGS = [
        Binding("l,escape", "close", "Close log"),
    ]

    def __init__(self, names: Sequence[str], events: Sequence[Event], round: int) -> None:
        super().__init__()
        self.names = tuple(names)
        self.events = [e for e in events if not isinstance(e, Arranged)]
        self.round = round

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="log-box") as box:
            box.border_title = f"Game log · round {self.round}"
            yield EventList(self.names, self.events, empty="No card played yet this round.")
        yield KeyBar()

    def on_mount(self) -> None:
        box = self.query_one("#log-box", VerticalScroll)
        box.scroll_end(animate=False)
        box.focus()

    def action_close(self) -> None:
        self.dismiss(None)
