"""'Quit the game in progress?'"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class QuitScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "answer(True)", "Quit"),
        Binding("n,escape", "answer(False)", "Keep playing"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-box"):
            yield Static(
                "Quit now? The game is saved: continue it later from the start screen "
                "or with monstertrick resume.",
                id="quit-question",
            )
            with Horizontal(id="quit-buttons"):
                yield Button("Quit (y)", variant="error", id="quit-yes")
                yield Button("Keep playing (n)", variant="primary", id="quit-no")

    def on_mount(self) -> None:
        self.query_one("#quit-no").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "quit-yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
