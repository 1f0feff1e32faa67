"""What a screen may ask of its seat: :class:`SeatSession`, one typed protocol that every
screen is written against.

Two sessions keep it: the headless :class:`~monstertrick.session.Session`, which owns a
game at one keyboard (its state, its handoffs, its computer players), and the joined
seat of a table hosted elsewhere, :class:`~monstertrick.net.seat.session.RemoteSession`,
which holds one seat's view and nothing more (its game lives in the host). A screen asks
for names, views, the log, whose step is next, and hands its decisions back; it never
asks which of the two it has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from typing_extensions import TypeVar

from .games.contract import Action, Outcome, SomeView, StopCheck, View

if TYPE_CHECKING:
    from .search.assess import Advice
    from .seating import Seating
    from .session import HintTaken, Step

A = TypeVar("A", bound=Action, default=Action)
E = TypeVar("E", covariant=True, default=object)
V = TypeVar("V", bound=View[Any], default=SomeView)
P = TypeVar("P", bound=View[Any], covariant=True, default=SomeView)


class SeatSession(Protocol[A, E, V, P]):
    """A game as a screen knows it: ``A`` its actions, ``E`` its public events, ``V`` a
    seat's view and ``P`` the public view (the game contract's own by default)."""

    pace: float
    """Seconds the screens pause after each computer move (the person may change it)."""
    aids: set[str]
    """The aids the people have switched on at this table (a game's own names)."""

    # ------------------------------------------------------------------ the table

    @property
    def game_key(self) -> str:
        """The game's key in the registry."""
        ...

    @property
    def seating(self) -> Seating:
        """Who sits where (each seat's name and computer player, if any)."""
        ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people, in seat order."""
        ...

    def is_bot(self, seat: int) -> bool: ...

    @property
    def keyboard(self) -> int | None:
        """The person at the keyboard (None before the first handoff)."""
        ...

    @property
    def away_seats(self) -> tuple[int, ...]:
        """The people away from the table (with no screen joined; at one keyboard,
        nobody)."""
        ...

    @property
    def covered_seats(self) -> tuple[int, ...]:
        """The away people a computer player plays for meanwhile."""
        ...

    @property
    def replay_mark(self) -> str | None:
        """How the screens mark a game played on from another one; None for a game
        that is no replay."""
        ...

    @property
    def save_error(self) -> str | None:
        """Why the game could not be saved, if it could not (None: saved, or saved
        elsewhere)."""
        ...

    # ------------------------------------------------------------------ what it shows

    @property
    def running(self) -> bool: ...

    @property
    def position(self) -> tuple[int, int]:
        """The chapter and the decisions made in it."""
        ...

    def view(self, seat: int) -> V:
        """What ``seat`` may see now."""
        ...

    def public_view(self) -> P:
        """What everybody may see now."""
        ...

    def round_log(self) -> Sequence[E | HintTaken]:
        """This chapter's public events."""
        ...

    def earlier_logs(self) -> Sequence[Sequence[E]]:
        """The finished chapters' public events."""
        ...

    def since_last_turn(self, seat: int) -> Sequence[E]:
        """The play events since ``seat`` last decided."""
        ...

    def outcome(self) -> Outcome | None: ...

    def finished_record(self) -> dict[str, object]:
        """The game's record once it is over (public then)."""
        ...

    # ------------------------------------------------------------------ the flow

    def next_step(self) -> Step:
        """What happens next, for this seat's screen."""
        ...

    def done(self) -> None:
        """The step shown (a decision's result, a round's end) has been seen."""
        ...

    def pass_keyboard(self, seat: int) -> None:
        """The person a handoff named has the keyboard now."""
        ...

    def hands_over_next(self) -> bool:
        """Whether the keyboard goes to another person after this step."""
        ...

    def refusal(self, seat: int, action: A) -> str | None:
        """Why ``action`` may not be made by ``seat`` now, in a player's words (None:
        it may, or the host will say)."""
        ...

    def apply(self, seat: int, action: A) -> Sequence[E]:
        """``seat``'s decision."""
        ...

    def can_take_back(self, seat: int) -> bool: ...

    def take_back(self, seat: int) -> None: ...

    def taken_back(self, seat: int) -> A | None:
        """The decision ``seat`` took back last, to show it chosen again (None: none)."""
        ...

    def hint(
        self, seat: int, view: V | None = None, stop: StopCheck | None = None
    ) -> list[Advice[A]]:
        """What the hard search would choose for ``seat``, from their view only."""
        ...

    def hint_reason(self, view: V, options: Sequence[Advice[A]]) -> str | None:
        """Why a hint suggests what it does, in a line (None: the game says nothing),
        from ``view`` only."""
        ...

    def note_hint(self, seat: int) -> bool:
        """``seat`` took a hint for the decision before them: whether it was news."""
        ...

    def autosave(self) -> None: ...
