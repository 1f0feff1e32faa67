"""The start screen: New game, Rules, Quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from ..messages import NewGame
from ..widgets import KeyBar

TITLE = r"""
 __  __                 _              _____      _      _
|  \/  | ___  _ __  ___| |_ ___ _ __  |_   _| __ (_) ___| | __
| |\/| |/ _ \| '_ \/ __| __/ _ \ '__|   | || '__|| |/ __| |/ /
| |  | | (_) | | | \__ \ ||  __/ |      | || |   | | (__|   <
|_|  |_|\___/|_| |_|___/\__\___|_|      |_||_|   |_|\___|_|\_\
""".strip("\n")



class StartScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("r", "app.rules", "Rules"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(Content(TITLE), id="logo")
            with Center():
                yield Static(
                    Content("The trick-prediction card game for 2 to 5 players at one keyboard"),
                    id="tagline",
                )
            with Center():
                with Vertical(id="start-menu"):
                    yield Button("New game", id="new-game", variant="primary")
                    yield Button("Rules", id="rules")
                    yield Button("Quit", id="quit")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#new-game").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new-game":
            self.action_new_game()
        elif event.button.id == "rules":
            self.app.action_rules()  # type: ignore[attr-defined]
        else:
            self.app.exit(0)

    def action_new_game(self) -> None:
        self.post_message(NewGame())
