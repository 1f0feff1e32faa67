"""What every computer player is: a :class:`Bot` that decides from a :class:`PlayerView`
(the common contract's :class:`~monstertrick.games.contract.Bot`).

A bot never sees a :class:`~monstertrick.games.monster_trick.engine.GameState`, only what its seat may see,
so it cannot cheat by construction. Its randomness comes from the ``rng`` it is given:
:func:`bot_rng` derives one from the game's seed and the position, so a resumed game
plays on exactly like an uninterrupted one while the seed itself (which would reveal
the deal) stays with the host.

Bots keep no state between decisions and share nothing, so the app may call them from
a worker thread; ``stop`` lets the caller cut a long think short (the bot then answers
at once with its best move so far).
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ....decisions import StopCheck, bot_rng
from ..engine import Action, PlayerView


@runtime_checkable
class Bot(Protocol):
    """A computer player."""

    name: str
    """Its level as written on the command line: ``"easy"``, ``"hard:200"``…"""

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        """``view.player``'s decision: their VP row (an :class:`Arrange`) while the round's
        rows are laid out, else one of ``view.legal_moves`` (it is their turn to play)."""
        ...


__all__ = ["Bot", "StopCheck", "bot_rng"]
