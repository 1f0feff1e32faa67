"""Search for computer players, written once for every game.

A game takes part by implementing :class:`SearchGame` for one seat's view: it samples
worlds consistent with that view (determinization), lists the actions of the player to
move, applies one, finishes the round with its playout policy and says what the round's
end is worth to every seat (:meth:`SearchGame.rewards`: the game's outcome, a share of a
win, in the last round; an estimate of the chance to win earlier). This package imports
no game.

Two searches use it:

* :func:`analyse` — the ``hard`` players' search: UCB1 over the root actions on sampled
  worlds, each finished by the game's playout, rewarded with the chance to win the game
  (flat by default: at equal time it measured stronger than a tree; ``depth`` grows an
  information-set tree with max^n or paranoid rewards);
* :func:`reference` — the textbook SO-ISMCTS of Cowling, Powley & Whitehouse (2012), the
  arena's fixed yardstick (``ismcts`` players).

Both return per-root-action statistics, best first (:class:`Option`).
"""

from __future__ import annotations

from .core import Budget, Option, SearchGame, analyse, best, reference

__all__ = ["Budget", "Option", "SearchGame", "analyse", "best", "reference"]
