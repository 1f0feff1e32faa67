"""What game states may share that is no rule: equality by value, and the table they
are played at."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from ...errors import IllegalMoveError


def not_their_turn(players: Sequence[str], seat: object) -> IllegalMoveError:
    """The refusal of a decision given for ``seat`` when it is not one of those who may
    decide now (the state's ``deciders``): "it is not Ann's turn", or "seat 9" for a
    seat the table does not have."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        name = players[seat]
    else:
        name = f"seat {seat!s:.20}"
    return IllegalMoveError(f"it is not {name}'s turn")


class ValueEquality:
    """A state compared by value: two states of a game are equal when their :meth:`key`
    is. A state changes as the game goes on, so it has no hash."""

    __slots__ = ()

    def key(self) -> tuple[Any, ...]:
        """Everything the state holds, as a comparable value."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]


PhaseT = TypeVar("PhaseT")


class Table(Generic[PhaseT]):
    """What every game's state holds from its first deal to its end, whatever its rules:
    the players' names, the seed its chapters are dealt from (None when dealt by hand),
    the seat that begins the game, and the phase it is in (the game's own enum)."""

    __slots__ = ("_names", "_seed", "_first", "_phase")

    _names: tuple[str, ...]
    _seed: int | str | None
    _first: int
    _phase: PhaseT

    @property
    def players(self) -> tuple[str, ...]:
        return self._names

    @property
    def seed(self) -> int | str | None:
        return self._seed

    @property
    def first_player(self) -> int:
        """The seat that begins the game's first chapter."""
        return self._first

    @property
    def phase(self) -> PhaseT:
        return self._phase

    def _open(
        self,
        players: Sequence[str],
        seats: range,
        seed: int | str | None,
        first: int,
        dealt: object,
        *,
        game: str,
        first_is: str = "the first player",
    ) -> tuple[str, ...]:
        """Keep what every game begins with, checked: the players' names (as many as
        ``seats`` allows; ``game`` names the game in the message), the ``seed`` and the
        seat that begins (``first``, a seat of the table; ``first_is`` names it). A
        game needs a seed or its first chapter ``dealt`` by hand. Returns the names;
        raises ``ValueError`` saying what is wrong."""
        names = tuple(players)
        if len(names) not in seats:
            many = f"{seats[0]}" if len(seats) == 1 else f"{seats[0]} to {seats[-1]}"
            raise ValueError(f"{game} is for {many} players, not {len(names)}")
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(names):
            raise ValueError(f"{first_is} must be a seat from 0 to {len(names) - 1}")
        if seed is None and dealt is None:
            raise ValueError("give a seed or the cards to deal")
        self._names = names
        self._seed = seed
        self._first = first
        return names
