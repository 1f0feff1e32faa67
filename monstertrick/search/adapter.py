"""What every game's :class:`~.core.SearchGame` adapter shares: the seat it searches for,
worlds drawn by the game's determinizer, and actions carried out by the state's own fast
path (``push``). A game's adapter adds the rest: when a round is over, who acts, which
actions are worth trying, its playout and what a round's end is worth."""

from __future__ import annotations

import random
from typing import Any, Generic, Protocol, TypeVar

W_co = TypeVar("W_co", covariant=True)


class Worlds(Protocol[W_co]):
    """A game's determinizer: worlds consistent with one view."""

    def sample(self, rng: random.Random) -> W_co: ...


class Pushes(Protocol):
    """A world: a game's state, with the contract's unchecked ``push``."""

    def push(self, action: Any) -> None: ...


W = TypeVar("W", bound=Pushes)
A = TypeVar("A")


class SeatSearch(Generic[W, A]):
    """The shared part of a :class:`~.core.SearchGame` for ``player``, its worlds drawn
    from ``worlds``."""

    def __init__(self, player: int, worlds: Worlds[W]) -> None:
        self._player = player
        self._det = worlds

    @property
    def player(self) -> int:
        return self._player

    def sample(self, rng: random.Random) -> W:
        return self._det.sample(rng)

    def apply(self, world: W, action: A) -> None:
        world.push(action)
