"""The rules, rendered from the Markdown document shipped in the package."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen

from ..widgets import KeyBar


class RulesScreen(Screen[None]):
    """Opaque, over whatever screen was showing; Escape returns to it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back"),
        Binding("question_mark,f1", "close", "Back", show=False),
    ]

    def __init__(self, text: str) -> None:
        """``text``: the rules of the game, as Markdown."""
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # slow to import: loaded when first shown

        with VerticalScroll(id="rules-scroll"):
            yield Markdown(self.text, id="rules")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
