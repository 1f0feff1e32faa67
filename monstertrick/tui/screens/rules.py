"""The rules, rendered from the Markdown document shipped in the package."""

from __future__ import annotations

from importlib.resources import files

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from ..widgets import KeyBar


def rules_text() -> str:
    return (files("monstertrick.tui") / "rules.md").read_text(encoding="utf-8")



class RulesScreen(Screen[None]):
    """Opaque, over whatever screen was showing; Escape returns to it."""

    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("question_mark,f1", "close", "Back", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(rules_text(), id="rules")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
