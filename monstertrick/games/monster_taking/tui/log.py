"""The game log: the events of the current game of the match, over the current screen."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ....tui.widgets import KeyBar
from ..events import Event


class LogScreen(ModalScreen[None]):
    """Every event of this game, one a line, newest last. Monster Taking's events are all
    public (a face-down discard is counted, never named), so anyone may read them."""

    DEFAULT_CSS = """
    LogScreen { align: center middle; }
    LogScreen #mt-log-box {
        width: 90%; max-width: 110; height: 80%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [Binding("l,escape", "close", "Close log")]

    def __init__(self, names: Sequence[str], events: Sequence[object], game: int) -> None:
        super().__init__()
        self.names = tuple(names)
        self.events = [e for e in events if isinstance(e, Event)]
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="mt-log-box") as box:
            box.border_title = f"Game log · game {self.game}"
            if self.events:
                lines = [Content(e.describe(self.names)) for e in self.events]
                text = Content("\n").join(lines)
            else:
                text = Content("Nothing has happened yet this game.")
            yield Static(text, id="mt-log")
        yield KeyBar()

    def on_mount(self) -> None:
        box = self.query_one("#mt-log-box", VerticalScroll)
        box.scroll_end(animate=False)
        box.focus()

    def action_close(self) -> None:
        self.dismiss(None)
