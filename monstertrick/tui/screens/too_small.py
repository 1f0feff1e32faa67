"""Shown while the terminal is smaller than the game needs; the game waits under it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen[None]):
    def __init__(self, min_width: int, min_height: int) -> None:
        super().__init__()
        self.min_width = min_width
        self.min_height = min_height

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        # Before the screen is up (two sizes came at once), there is nothing to update yet:
        # on_mount shows the size then.
        for text in self.query("#too-small-text").results(Static):
            text.update(
                Content(
                    f"Enlarge the terminal to at least {self.min_width}×{self.min_height}\n"
                    f"(it is {width}×{height} now).\n\n"
                    "The game carries on as soon as it fits."
                )
            )
