"""The contract every game of the table keeps: one set of verbs for every game.

Like OpenSpiel's ``State`` (``current_player``, ``legal_actions``, ``apply_action``,
``undo_action``, ``History()``, information states, simultaneous decisions as one kind
of node) and python-chess's ``Board`` (``push`` the fast path, a checked move raising
``IllegalMoveError``, ``pop`` returning the move), every
game's state speaks the same dialect, so the shell (the session, the saves, the arena, the
CLI, the search, the app) is written once and typed against these protocols, never
against one game.

- An **action** is a frozen value that prints (``str(action)``, as the record writes it
  where it can) and compares; the game's door reads it back
  (:meth:`~monstertrick.games.door.Door.parse_action`).
- A **state** holds the whole game, hidden cards included. Only the session and the
  records hold one; everything a player, a computer player or a screen sees comes from
  :meth:`State.view` (one seat) or :meth:`State.public_view` (everyone).
- A **view** is what one seat may know (or, with ``viewer`` None, everyone): it says
  who may decide now and, for that seat when it is one of them, its legal actions.
- The **deciders** are the seats that may decide now. Mostly one seat in turn; where
  the rules have several decide at the same time without seeing each other's choice
  (Monster Trick's VP rows), all of them, each deciding for itself (``apply`` with its
  seat), in any order. ``current_player`` is the first of them: the one a single
  keyboard asks first, so that one keyboard asks them in turn.
- The **history** is the chapter's decisions so far, each with the seat that made it,
  in the order they were made: what ``pop`` takes back, last first, and what a replay
  pushes again, each at its seat (the round's log, the viewer's steps, a review).
- A **chapter** is the part of a game the table pauses after: a round (Monster Trick), a
  hand (Magic Trick), a game of the match (Monster Taking). Its end is shown to everyone,
  then :meth:`State.next_chapter` deals the next one. Undo never goes back past it.
- An **outcome** is the final result: scores, winners, and the tie-break in words.

This module imports nothing of any game, nor Textual.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "Action",
    "Bot",
    "Outcome",
    "State",
    "StopCheck",
    "View",
]

StopCheck = Callable[[], bool]
"""Asked now and then during a long decision: True when the caller wants it now."""


@runtime_checkable
class Action(Hashable, Protocol):
    """A decision: a frozen value that prints for people and records, and compares."""

    def __str__(self) -> str: ...


ActionT = TypeVar("ActionT", bound=Action)
ActionT_co = TypeVar("ActionT_co", bound=Action, covariant=True)
EventT = TypeVar("EventT")
ViewT_co = TypeVar("ViewT_co", covariant=True)
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)


@runtime_checkable
class Outcome(Protocol):
    """A finished game: its own score per seat (VP, points, games won), the winners
    after the game's tie-breaks (several: a shared victory), and why, in words."""

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    def explain(self, names: Sequence[str]) -> str:
        """The result in a sentence, the tie-break said when one decided it."""
        ...


@runtime_checkable
class View(Protocol[ActionT_co]):
    """What one seat (``viewer``) or, with ``viewer`` None, everyone may know now."""

    @property
    def viewer(self) -> int | None: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def chapter(self) -> int:
        """The round, hand or game of the match in play, 1-based."""
        ...

    @property
    def current_player(self) -> int | None:
        """Whose decision it is (None: nobody's, the chapter or the game is over): the
        first of :attr:`deciders`."""
        ...

    @property
    def deciders(self) -> tuple[int, ...]:
        """The seats that may decide now (as :attr:`State.deciders`: public)."""
        ...

    @property
    def legal_actions(self) -> Sequence[ActionT_co]:
        """The viewer's actions now (empty when the viewer is not one of
        :attr:`deciders`)."""
        ...

    def decision_key(self) -> tuple[int, int | None]:
        """Where this decision stands in the game, as the chapter and a count within
        it: with the seed and the seat, what a computer player's randomness derives
        from (:func:`monstertrick.decisions.bot_rng`), so that a resumed game plays on
        as an uninterrupted one."""
        ...


@runtime_checkable
class State(Protocol[ActionT, EventT, ViewT_co]):
    """A whole game, hidden cards included, from the deal to the final standings."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def first_player(self) -> int:
        """The seat that begins the game's first chapter."""
        ...

    @property
    def current_player(self) -> int | None:
        """Who decides now (None: nobody, the chapter or the game is over): the first of
        :attr:`deciders`, whom one keyboard asks first."""
        ...

    @property
    def deciders(self) -> tuple[int, ...]:
        """The seats that may decide now without seeing each other's choice: the current
        player alone, or several at once (Monster Trick's VP rows: every seat still to
        lay its row, in turn order from the round's starter); ``()`` when nobody decides.
        Who may decide is public."""
        ...

    @property
    def task(self) -> str:
        """What the current player decides, in a word the screens know ("play",
        "arrange", "sleeve", "strength", "pay"); "" when nobody decides. Every seat of
        :attr:`deciders` decides the same."""
        ...

    @property
    def chapter(self) -> int:
        """The round, hand or game of the match in play, 1-based."""
        ...

    @property
    def decisions(self) -> int:
        """The decisions made in this chapter so far: what :meth:`pop` can take back
        (as many as :meth:`history` lists)."""
        ...

    def history(self) -> tuple[tuple[int, ActionT], ...]:
        """This chapter's decisions so far, each with the seat that made it, in the order
        they were made (what :meth:`pop` takes back, last first). Popping them all and
        pushing them again, each at its seat, gives the same game."""
        ...

    def chapter_over(self) -> bool:
        """The chapter's play is over (its end still to be shown, or the game over)."""
        ...

    def next_chapter(self) -> None:
        """Deal the next chapter (only once this one is over and the game is not)."""
        ...

    def is_over(self) -> bool: ...

    def outcome(self) -> Outcome | None:
        """The final result, once the game is over (None before)."""
        ...

    def legal_actions(self) -> Sequence[ActionT]:
        """The current player's actions now, in a fixed order (another decider's are
        in its view)."""
        ...

    def apply(self, action: ActionT, seat: int | None = None) -> list[EventT]:
        """Check and carry out ``seat``'s ``action`` (by default the current player's);
        what happened, as events. Raises :class:`~monstertrick.errors.IllegalMoveError`
        with the reason in a player's words (and changes nothing) when ``seat`` is not
        one of :attr:`deciders` ("it is not Ann's turn") or the rules do not allow it."""
        ...

    def push(
        self, action: ActionT, events: list[EventT] | None = None, seat: int | None = None
    ) -> None:
        """Carry out a legal ``action`` of ``seat`` (one of :attr:`deciders`, by default
        the current player) unchecked (the fast path for simulations); pass a list as
        ``events`` to collect what happened."""
        ...

    def pop(self) -> ActionT:
        """Undo the last action of this chapter (the last of :meth:`history`, whoever
        made it) and return it; raises
        :class:`~monstertrick.errors.IllegalMoveError` when there is none (undo never
        goes back past :meth:`next_chapter`)."""
        ...

    def clone(self) -> Self: ...

    def view(self, seat: int) -> ViewT_co:
        """What ``seat`` may know now, and nothing more."""
        ...

    def public_view(self) -> ViewT_co:
        """What everyone at the table may know now."""
        ...


@runtime_checkable
class Bot(Protocol[ViewT_contra, ActionT_co]):
    """A computer player: decides from a view only, with the randomness it is given."""

    name: str

    def choose(
        self, view: ViewT_contra, rng: random.Random, stop: StopCheck | None = None
    ) -> ActionT_co:
        """One of ``view.legal_actions`` (it is ``view.viewer``'s decision)."""
        ...


SomeView = View[Action]
"""Any game's view, as the shell knows it: through the contract alone."""
SomeState = State[Action, object, SomeView]
"""Any game's state, as the shell knows it."""
