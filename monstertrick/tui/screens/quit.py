"""'Quit the game in progress?', saying truthfully whether the game is saved."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

if TYPE_CHECKING:
    from ...seat_session import SeatSession


def quit_question(match: SeatSession | None) -> str:
    """What quitting now does to the game, as things really are."""
    from ...lessons import LessonSession
    from ...session import Session

    if isinstance(match, LessonSession):
        match = match.session  # (a lesson's table: a session that is never saved)
    if match is not None and not isinstance(match, Session):  # (a seat joined elsewhere)
        return (
            "Quit now? The game goes on at the host: join again with your code to take "
            "your seat back (meanwhile the others see you away)."
        )
    if match is None or match.store is None or match.save_path is None:
        return "Quit now? This game is not being saved: quitting ends it for good."
    if match.save_error is not None:
        saved_before = match.save_path.is_file()
        lost = "the moves since it was last saved are lost" if saved_before else "this game is lost"
        return f"Quit now? {match.save_error}\nIf you quit now, {lost}."
    if not match.save_path.is_file():
        return "Quit now? Nothing has been decided yet, so there is nothing to save."
    return (
        "Quit now? The game is saved: continue it later from the start screen "
        "or with monstertrick resume."
    )


class QuitScreen(ModalScreen[bool]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Quit"),
        Binding("n,escape", "answer(False)", "Keep playing"),
    ]

    def __init__(self, match: SeatSession | None = None) -> None:
        super().__init__()
        self.match = match

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-box"):
            # not markup: the message may hold a file name
            yield Static(Content(quit_question(self.match)), id="quit-question")
            with Horizontal(id="quit-buttons"):
                yield Button("Quit (y)", variant="error", id="quit-yes")
                yield Button("Keep playing (n)", variant="primary", id="quit-no")

    def on_mount(self) -> None:
        self.query_one("#quit-no").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "quit-yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
