"""What game states may share that is no rule: equality by value, and the table they
are played at."""

from __future__ import annotations

from typing import Any, Generic, TypeVar


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
