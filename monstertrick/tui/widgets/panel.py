"""A panel that opens beside the table (a hint, a log) while the table stays in view.

A game's screen says where its panel goes (:attr:`~monstertrick.tui.screens.base.GameScreen.PANEL_AFTER`)
and, in its styles, what makes room for it; :meth:`GameScreen.open_panel` places it and
:meth:`GameScreen.close_panel` takes it away. A panel belongs to its screen: when the
screen goes (a handoff, the next player's turn), the panel and anything it was doing go
with it.

The panel takes the focus, so its own keys come first (they are in the key bar); every
other key still reaches the table.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll


class Panel(VerticalScroll, can_focus=True, inherit_bindings=False):
    """A scrolling box beside the table, with a title; ``kind`` names it ("hint",
    "log"): the key that opened it closes it again."""

    kind: ClassVar[str] = "panel"

    DEFAULT_CSS = """
    Panel {
        height: 1fr;
        border: round $accent;
        border-title-color: $text;
        border-subtitle-color: $text-muted;
        background: $surface;
        padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", show=False),
        Binding("pageup", "page_up", "Earlier", show=False),
        Binding("pagedown", "page_down", "Later", show=False),
    ]

    def action_close(self) -> None:
        close = getattr(self.screen, "close_panel", None)
        if close is not None:
            close()

    def update_content(self) -> None:
        """The game moved on while the panel is open: show what is new (if anything)."""
