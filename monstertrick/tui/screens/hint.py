"""A hint for a person: what the hard computer player would do in their place.

The search runs in a worker thread on the person's own view (taken before it starts, so
it can read nothing else), shows "Thinking…" meanwhile, and stops when the person closes
the hint. Only the person at the keyboard sees it: it opens over their own private
screen. A hint shown is counted with the game and noted in the public log
(:meth:`~monstertrick.session.Session.note_hint`): the table learns that a hint was
taken, never what it said.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.worker import Worker, get_current_worker

from ...session import Session
from ..widgets import KeyBar

SHOWN = 3
"""How many options a hint lists."""


def hint_lines(
    options: Sequence[tuple[Any, float]],
    words: Callable[[Any], str],
    goal: str = "to win the game",
) -> list[str]:
    """The hint in words: the suggestion, then the next options, each with its chance."""
    if not options:
        return ["No suggestion: there is nothing to choose."]
    best, chance = options[0]
    lines = [f"Suggestion: {words(best)}", f"  about {chance:.0%} {goal}", ""]
    if len(options) > 1:
        lines.append("Other options:")
        for action, value in options[1:SHOWN]:
            lines.append(f"  {words(action)}: about {value:.0%}")
    return lines


class HintScreen(ModalScreen[None]):
    """Asks ``session`` for ``seat``'s hint and shows it; ``words`` says an action and
    ``goal`` what the chances are of ("to win the game")."""

    DEFAULT_CSS = """
    HintScreen { align: center middle; }
    HintScreen #hint-box {
        width: 64; max-width: 95%; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [Binding("escape,t", "close", "Close hint")]

    def __init__(
        self,
        session: Session,
        seat: int,
        words: Callable[[Any], str],
        goal: str = "to win the game",
    ) -> None:
        super().__init__()
        self.goal = goal
        self.session = session
        self.seat = seat
        self.words = words
        self.options: list[tuple[Any, float]] | None = None
        self._worker: Worker[None] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-box") as box:
            box.border_title = f"Hint for {self.session.names[self.seat]}"
            yield Static(Content("Thinking… (Escape stops)"), id="hint-text")
        yield KeyBar()

    def on_mount(self) -> None:
        view = self.session.view(self.seat)  # taken here: the worker reads nothing else
        self._worker = self.think(view)

    @work(thread=True, exclusive=True, exit_on_error=False, group="hint")
    def think(self, view: Any) -> None:
        worker = get_current_worker()
        options = self.session.hint(self.seat, view, stop=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.show_options, options)

    def show_options(self, options: list[tuple[Any, float]]) -> None:
        if not self.is_attached:
            return
        self.options = options
        self.session.note_hint(self.seat)
        text = "\n".join(hint_lines(options, self.words, self.goal))
        self.query_one("#hint-text", Static).update(Content(text))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self._worker and event.worker.error is not None:
            self.query_one("#hint-text", Static).update(
                Content("No hint this time: the search failed. Escape closes.")
            )

    def action_close(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
        self.dismiss(None)
