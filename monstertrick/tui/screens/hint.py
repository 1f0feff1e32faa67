"""A hint for a person: what the hard computer player would do in their place.

The search runs in a worker thread on the person's own view (taken before it starts, so
it can read nothing else), shows "Thinking…" meanwhile, and stops when the person closes
the hint. The hint opens in a panel beside the table, on the person's own private
screen, so the table stays in view to check it against; it goes with that screen (a
handoff never shows it). A hint shown is counted with the game and noted in the public
log (:meth:`~monstertrick.session.Session.note_hint`): the table learns that a hint was
taken, never what it said.

When the search cannot tell the options' chances apart (their difference is within its
own measured noise, :mod:`monstertrick.search.assess`), the hint says so and shows what
does tell them apart: the game's points after each option on average (VP this round,
points this hand, cards ahead at the end of a game), and for a VP row what it aims for.
Under the suggestion, "Why:" gives its reason: what the search saw the suggestion lead
to over the deals it sampled, in the game's words
(:meth:`~monstertrick.session.Session.hint_reason`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Static
from textual.worker import Worker, get_current_worker

from ...seat_session import SeatSession
from ..widgets.panel import Panel

if TYPE_CHECKING:
    from ...games.contract import Action, View
    from ...search.assess import Advice

A = TypeVar("A")

SHOWN = 3
"""How many options a hint lists."""

THINKING = "Thinking… (Escape stops)"


def _no_aim(action: object) -> str | None:
    return None


@dataclass(frozen=True)
class HintTerms(Generic[A]):
    """How a game's screen puts its hint in words: ``words`` says an action ("play G7 on
    trick 2"); ``goal`` what the chances are of ("to win the game"); ``points`` a mean of
    the game's own measure of a result, in a few words ("2.1 VP"; None: not shown), and
    ``expected`` the same at length ("2.1 VP expected this round"); ``aim`` what an
    action aims for, when there is something to say ("aims for 2 or 5 tricks to score
    the 6")."""

    words: Callable[[A], str]
    goal: str = "to win the game"
    points: Callable[[float], str] | None = None
    expected: Callable[[float], str] | None = None
    aim: Callable[[A], str | None] = field(default=_no_aim)
    listed: Callable[[A], str] | None = None
    """An action in the list of options, if shorter there ("row 3 · 2 · 1")."""


def _percent(value: float, decimals: int) -> str:
    return f"{value * 100:.{decimals}f}%"


def hint_lines(
    options: Sequence[Advice[A]], terms: HintTerms[A], reason: str | None = None
) -> list[str]:
    """The hint in words: the suggestion with its chance (and points) and its
    ``reason``, the next options, and whether the search can tell their chances apart.
    ``options`` are :class:`~monstertrick.search.assess.Advice`, best first."""
    from ...search.assess import Z, equal_to_best

    if not options:
        return ["No suggestion: there is nothing to choose."]
    shown = list(options[:SHOWN])
    others = shown[1:]
    noises = [o.noise for o in others if o.noise is not None]
    # Whole percents, unless the search's noise is below a point: then a tenth.
    decimals = 1 if noises and Z * min(noises) < 0.01 else 0

    def said(o: Advice[A], words: Callable[[A], str] = terms.words) -> str:
        aim = terms.aim(o.action)
        return f"{words(o.action)}, {aim}" if aim else words(o.action)

    def figures(o: Advice[A]) -> str:
        text = _percent(o.chance, decimals)
        if o.noise is not None:  # the noise of its difference to the suggestion
            text += f" ±{Z * o.noise * 100:.{decimals}f}"
        if terms.points is not None and o.points is not None:
            text += f" · {terms.points(o.points)}"
        return text

    best = shown[0]
    chance = f"about {_percent(best.chance, decimals)} {terms.goal}"
    if best.points is not None and terms.expected is not None:
        chance += f" · {terms.expected(best.points)}"
    lines = [f"Suggestion: {said(best)}", f"  {chance}"]
    if reason:
        lines.append(f"Why: {reason}")
    marks = equal_to_best(shown)
    for o, same in zip(others, marks):
        mark = "≈" if same else " "
        lines.append(f"{mark} {figures(o)}  {said(o, terms.listed or terms.words)}")
    equal = [o for o, same in zip(others, marks) if same]
    # Each option's ± is the search's noise on its difference to the suggestion.
    if equal and len(equal) == len(others):
        lines.append("≈ These are about equal: each within its ± (the search's noise).")
    elif equal:
        lines.append("≈ About equal to the suggestion: within its ± (the search's noise).")
    elif others and len(noises) == len(others):
        lines.append("The suggestion is ahead of the others by more than their ± (the noise).")
    return lines


class HintPanel(Panel):
    """Asks ``session`` for ``seat``'s hint and shows it, in ``terms``."""

    kind = "hint"
    DEFAULT_CSS = """
    HintPanel { height: auto; max-height: 100%; }
    HintPanel #hint-text { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "close", "Close hint"),
        Binding("escape", "close", "Close hint", show=False),
    ]

    def __init__(self, session: SeatSession, seat: int, terms: HintTerms[Any]) -> None:
        super().__init__(id="hint-panel")
        self.session = session
        self.seat = seat
        self.terms = terms
        self.options: list[Advice[Any]] | None = None
        self.view: View[Action] | None = None
        self._worker: Worker[None] | None = None

    def compose(self) -> ComposeResult:
        yield Static(Content(THINKING), id="hint-text")

    def on_mount(self) -> None:
        self.border_title = f"Hint for {self.session.names[self.seat]}"
        self.border_subtitle = "t or Esc closes"
        view = self.session.view(self.seat)  # taken here: the worker reads nothing else
        self.view = view
        self._worker = self.think(view)

    @work(thread=True, exclusive=True, exit_on_error=False, group="hint")
    def think(self, view: View[Action]) -> None:
        worker = get_current_worker()
        options = self.session.hint(self.seat, view, stop=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.show_options, options)

    def show_options(self, options: list[Advice[Any]]) -> None:
        ready = getattr(self.screen, "hint_ready", None) if self.is_attached else None
        if ready is None or not ready() or self.options is not None:
            return  # closed, or the decision was made meanwhile: nothing is shown
        self.options = options
        self.session.note_hint(self.seat)
        assert self.view is not None
        reason = self.session.hint_reason(self.view, options)
        text = "\n".join(hint_lines(options, self.terms, reason))
        self.query_one("#hint-text", Static).update(Content(text))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self._worker and event.worker.error is not None:
            self.query_one("#hint-text", Static).update(
                Content("No hint this time: the search failed. Escape closes.")
            )

    def stop(self) -> None:
        """Stop the search (the panel is closing)."""
        if self._worker is not None:
            self._worker.cancel()
