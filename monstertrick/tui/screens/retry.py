"""Learn from your mistakes, on screen: from a review (``x``), each marked decision of a
player set up again on the game's own turn screen, from that player's view only; the
player chooses again and is answered with the review's figures (:mod:`monstertrick.mistakes`).

For each marked decision: first a notice (the player's name and the decision; only they
should look, as at a handoff: Enter shows their hand), then the game's turn screen for
that seat at that position (a session of its own, made from the finished game: nothing
is saved, nothing is played on; no hint is offered there, it would give the answer
away), then the answer ("Better: 41% instead of 26%"), where
``b`` shows the review's best with its reason and Enter goes on to the next. Escape goes
back to the review (on the turn screen too, once no panel is open there). Names are
data, never markup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ...mistakes import Answer, Retry, answer, best_words, session_at
from ...review import Game
from ..widgets import KeyBar


def where(retry: Retry, chapter_name: str) -> str:
    d = retry.decision
    return f"{chapter_name} {d.chapter}, decision {d.step + 1}"


class RetryNotice(Screen[bool]):
    """Before a marked decision is set up again: whose it is; Enter shows it (True),
    Escape goes back to the review (False)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go", "Show it"),
        Binding("escape", "back", "Back to the review", key_display="Esc"),
    ]
    DEFAULT_CSS = """
    RetryNotice { align: center middle; }
    RetryNotice #retry-notice { width: 70; height: auto; padding: 1 2; border: round $accent; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(Content(self.text), id="retry-notice")
        yield KeyBar()

    def action_go(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)


class RetryAnswer(Screen[bool]):
    """The answer to a decision chosen again; ``b`` adds the review's best and its reason.
    Enter goes on (True), Escape back to the review (False)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "best", "The review's best"),
        Binding("enter", "go", "Next"),
        Binding("escape", "back", "Back to the review", key_display="Esc"),
    ]
    DEFAULT_CSS = """
    RetryAnswer { align: center middle; }
    RetryAnswer #retry-answer { width: 74; height: auto; padding: 1 2; border: round $accent; }
    """

    def __init__(self, head: str, answer: Answer, best: str, last: bool) -> None:
        super().__init__()
        self.head = head
        self.answer = answer
        self.best = best
        self.last = last
        self.best_shown = False

    def compose(self) -> ComposeResult:
        yield Static(Content(self._text()), id="retry-answer")
        yield KeyBar()

    def _text(self) -> str:
        more = "Enter: back to the review." if self.last else "Enter: the next one."
        lines = [self.head, "", self.answer.text]
        lines += ["", self.best] if self.best_shown else ["", "b shows the review's best."]
        return "\n".join([*lines, "", more])

    def action_best(self) -> None:
        self.best_shown = True
        self.query_one("#retry-answer", Static).update(Content(self._text()))

    def action_go(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)


class Retries:
    """The run through ``retries`` of ``game`` on ``app``: notice, turn screen, answer,
    for each in turn; ``done`` is called when it ends."""

    def __init__(
        self, app: Any, game: Game, retries: list[Retry], done: Callable[[], None]
    ) -> None:
        self.app = app
        self.game = game
        self.retries = retries
        self.done = done
        self.at = 0
        self.chapter_name = game.door.chapter_name

    def start(self) -> None:
        self._notice()

    def _head(self) -> str:
        retry = self.retries[self.at]
        name = self.game.players[retry.seat]
        mark = retry.reviewed.mark
        return (
            f"Learn from your mistakes · {name} · {where(retry, self.chapter_name)} "
            f"({self.at + 1} of {len(self.retries)}; marked {mark})"
        )

    def _notice(self) -> None:
        retry = self.retries[self.at]
        name = self.game.players[retry.seat]
        text = (
            f"{self._head()}\n\nYou chose {retry.reviewed.chosen} here. The table is set "
            f"again as {name} saw it then: only {name} should look. Choose again, and "
            "the review's figures answer.\n\nEnter shows it; Esc goes back to the review "
            "(there too)."
        )
        self.app.push_screen(RetryNotice(text), self._noticed)

    def _noticed(self, go: bool | None) -> None:
        if not go:
            self.done()
            return
        retry = self.retries[self.at]
        session = session_at(self.game, retry)
        from ..game_screens import load_screens

        screen = load_screens(self.game.key).turn(session, retry.seat, retry.decision.task)
        screen.offers_hint = False  # (a hint would give the answer away)
        screen.retry_decided = self._decided  # type: ignore[attr-defined]
        screen.retry_leave = self._leave  # type: ignore[attr-defined]
        self.session = session
        self.screen = screen
        self.app.push_screen(screen)

    def _decided(self, seat: int, action: Any) -> None:
        """The player chose again on the turn screen (the app hands it here)."""
        retry = self.retries[self.at]
        if seat != retry.seat:
            return
        refused = self.session.refusal(seat, action)
        if refused is not None:
            self.screen.refuse(refused)
            return
        self.app.pop_screen()
        last = self.at == len(self.retries) - 1
        reply = answer(self.game, retry, action)
        self.app.push_screen(
            RetryAnswer(self._head(), reply, best_words(retry), last), self._answered
        )

    def _leave(self) -> None:
        """Escape on the turn screen: back to the review, nothing chosen."""
        self.app.pop_screen()
        self.done()

    def _answered(self, go: bool | None) -> None:
        self.at += 1
        if not go or self.at >= len(self.retries):
            self.done()
            return
        self._notice()
