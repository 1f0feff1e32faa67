"""What game states may share that is no rule: equality by value."""

from __future__ import annotations

from typing import Any


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
