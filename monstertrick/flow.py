"""The flow of a game, written once: what the session's next step needs of whoever
drives it.

A session (:class:`~monstertrick.session.Session`, or a lesson's table) says what
happens next (:meth:`~monstertrick.session.Session.next_step`); :func:`next_need` says
what that step needs, as one of four values:

* :class:`Pause` — a decision's result or a round's end, shown to the table and then
  passed (:meth:`~monstertrick.session.Session.done`);
* :class:`Think` — a computer player's decision: its seat, the view it decides from,
  the position it decides at, and the computer player itself (a stand-in for a person
  away, at a hosted table); :meth:`Think.choose` decides from that alone, so it may run
  in a thread, and :func:`settle` carries it out unless the game moved on meanwhile;
* :class:`Person` — a person's decision, or the keyboard going to one (a handoff: the
  session's own business, the driver only passes it on);
* :class:`Over` — the final standings.

The runners only answer them: :func:`run` here (headless play, the lessons), the
hosted table's (:meth:`~monstertrick.net.host.table.TableHost.advance`: computer players
in an executor, its pace, take-back windows and round-end readiness as its policy), and
the terminal app's (each step to its screen, computer players in a worker).

This module never imports Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol

from typing_extensions import TypeVar

from .games.contract import Action, Bot, SomeView, StopCheck, View
from .session import BotTurn, GameEnd, Handoff, Played, RoundOver, Step, Turn

A = TypeVar("A", bound=Action, default=Action)
V = TypeVar("V", bound=View[Any], default=SomeView)


class Decides(Protocol[A, V]):
    """How a game's computer player decides (a game's door keeps it)."""

    def decide(
        self, bot: Bot[V, A], view: V, seat: int, seed: int, stop: StopCheck | None = None
    ) -> A: ...


class Driven(Protocol[A, V]):
    """What the driver asks of a session it drives (a session at one keyboard, a lesson's
    table, a hosted table's session)."""

    @property
    def seed(self) -> int: ...

    @property
    def position(self) -> tuple[int, int]: ...

    @property
    def rules(self) -> Decides[A, V]: ...

    def next_step(self) -> Step: ...

    def done(self) -> None: ...

    def view(self, seat: int) -> V: ...

    def bot(self, seat: int) -> Bot[V, A]: ...

    def apply(self, seat: int, action: A) -> Sequence[object]: ...


# ---------------------------------------------------------------------------- needs


@dataclass(frozen=True)
class Pause:
    """A public pause (a decision's result, a round's end): shown, then passed."""

    step: Played | RoundOver


@dataclass(frozen=True)
class Person:
    """A person decides (:class:`Turn`), or the keyboard goes to one (:class:`Handoff`)."""

    step: Turn | Handoff


@dataclass(frozen=True)
class Over:
    """The game is over: its final standings."""

    step: GameEnd


@dataclass(frozen=True)
class Think(Generic[A, V]):
    """A computer player decides ``step`` for ``seat``, from ``view`` only, at
    ``position`` (a decision for an older position is stale: :func:`settle`)."""

    step: BotTurn | Turn
    """A computer player's turn, or a person's that a stand-in plays for them."""
    view: V
    position: tuple[int, int]
    bot: Bot[V, A]
    seed: int
    rules: Decides[A, V]

    @property
    def seat(self) -> int:
        return self.step.seat

    def choose(self, stop: StopCheck | None = None) -> A:
        """The computer player's decision (changes nothing; reads nothing but the view:
        safe in a thread)."""
        return self.rules.decide(self.bot, self.view, self.seat, self.seed, stop)


Need = Pause | Think[A, V] | Person | Over

StandIn = Callable[[int], "Bot[V, A] | None"]
"""The computer player playing for the person at a seat meanwhile (None: nobody does)."""


def think(table: Driven[A, V], step: BotTurn | Turn, bot: Bot[V, A] | None = None) -> Think[A, V]:
    """The computer player's decision ``step`` asks for (``bot``: a stand-in's, else the
    seat's own), with its view and position taken now."""
    seat = step.seat
    return Think(
        step,
        table.view(seat),
        table.position,
        table.bot(seat) if bot is None else bot,
        table.seed,
        table.rules,
    )


def need_of(table: Driven[A, V], step: Step, stand_in: StandIn[V, A] | None = None) -> Need[A, V]:
    """What ``step`` (the table's next) needs."""
    if isinstance(step, Played | RoundOver):
        return Pause(step)
    if isinstance(step, GameEnd):
        return Over(step)
    if isinstance(step, BotTurn):
        return think(table, step)
    if isinstance(step, Turn) and stand_in is not None and (bot := stand_in(step.seat)) is not None:
        return think(table, step, bot)
    return Person(step)


def next_need(table: Driven[A, V], stand_in: StandIn[V, A] | None = None) -> Need[A, V]:
    """What the table's next step needs (:func:`need_of`)."""
    return need_of(table, table.next_step(), stand_in)


def settle(
    table: Driven[A, V],
    need: Think[A, V],
    decision: A,
    apply: Callable[[int, A], object] | None = None,
) -> bool:
    """Carry out a computer player's ``decision`` (with ``apply``: the table's own by
    default), unless the game has moved on since it began to think; whether it was."""
    if table.position != need.position or table.next_step() != need.step:
        return False
    (table.apply if apply is None else apply)(need.seat, decision)
    return True


def pass_pauses(table: Driven[A, V]) -> Step:
    """The table's next step once every pause before it has been passed."""
    while isinstance(step := table.next_step(), Played | RoundOver):
        table.done()
    return step


def run(table: Driven[A, V], until: Callable[[], bool] | None = None) -> Person | Over | None:
    """Play on with no screen: every pause passed, every computer player deciding at
    once, up to a person's step or the end (returned); or, with ``until``, up to when it
    holds (None)."""
    while until is None or not until():
        need = next_need(table)
        if isinstance(need, Pause):
            table.done()
        elif isinstance(need, Think):
            table.apply(need.seat, need.choose())
        else:
            return need
    return None
