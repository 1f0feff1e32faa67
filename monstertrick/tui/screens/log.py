"""A game log in a panel beside the table: lines of public events, newest last.

Every game's log shows only what the whole table has seen; the game's screens choose the
lines (names are data: each line is a :class:`~textual.content.Content`, never markup).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Static

from ..widgets.panel import Panel

Lines = Callable[[], Sequence[Content]]

LOG_KEYS: list[BindingType] = [
    Binding("l", "close", "Close log"),
    Binding("escape", "close", "Close log", show=False),
    Binding("up", "scroll_up", "Scroll", show=False),
    Binding("down", "scroll_down", "Scroll", show=False),
]
"""The keys of every log panel (the panel has the focus): ``l`` or Escape closes it,
the arrows scroll it (PgUp/PgDn too, by a page)."""


class LinesLogPanel(Panel):
    """The lines ``lines()`` gives (``empty`` when there are none), titled ``title``,
    scrolled to the newest; ↑/↓ and PgUp/PgDn scroll, ``l`` or Escape closes it."""

    kind = "log"
    BINDINGS: ClassVar[list[BindingType]] = LOG_KEYS

    def __init__(self, title: str, lines: Lines, empty: str) -> None:
        super().__init__(id="log-panel")
        self.title_text = title
        self.lines = lines
        self.empty = empty

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="lines-log")

    def _text(self) -> Content:
        lines = list(self.lines())
        return Content("\n").join(lines) if lines else Content(self.empty)

    def on_mount(self) -> None:
        self.border_title = self.title_text
        self.border_subtitle = "l or Esc closes"
        self.call_after_refresh(self.scroll_end, animate=False)

    def update_content(self) -> None:
        self.query_one("#lines-log", Static).update(self._text())
        self.call_after_refresh(self.scroll_end, animate=False)
