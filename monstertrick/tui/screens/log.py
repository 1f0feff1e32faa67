"""A game log over the current screen: lines of public events, newest last.

Every game's log shows only what the whole table has seen; the game's screens choose the
lines (names are data: each line is a :class:`~textual.content.Content`, never markup).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets import KeyBar


class LinesLogScreen(ModalScreen[None]):
    """``lines`` in a scrolling box titled ``title`` (``empty`` when there are none);
    ``l`` or Escape closes it."""

    DEFAULT_CSS = """
    LinesLogScreen { align: center middle; }
    LinesLogScreen #lines-log-box {
        width: 90%; max-width: 110; height: 80%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [Binding("l,escape", "close", "Close log")]

    def __init__(self, title: str, lines: Sequence[Content], empty: str) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)
        self.empty = empty

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="lines-log-box") as box:
            box.border_title = self.title_text
            text = Content("\n").join(self.lines) if self.lines else Content(self.empty)
            yield Static(text, id="lines-log")
        yield KeyBar()

    def on_mount(self) -> None:
        box = self.query_one("#lines-log-box", VerticalScroll)
        box.scroll_end(animate=False)
        box.focus()

    def action_close(self) -> None:
        self.dismiss(None)
