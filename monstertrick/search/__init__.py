"""Search for computer players, written once for every game.

A game takes part by implementing :class:`SearchGame` for one seat's view: it samples
worlds consistent with that view (determinization), lists the actions of the player to
move, applies one, finishes the round with its playout policy and says what the round's
end is worth to every seat (:meth:`SearchGame.rewards`: the game's outcome, a share of a
win, in the last round; an estimate of the chance to win earlier). This package imports
no game.

Three searches use it:

* :func:`analyse` — the ``hard`` players' search: single-observer information-set MCTS
  (one tree over the round, UCB1 with availability counts) rewarded with each seat's
  chance to win the game, opponents modelled as playing to win (max^n) or against the
  searching player (paranoid), the game's preferred action tried first; or, at the
  root, sequential halving over the actions on common worlds with that tree below each
  (``halving``, Monster Trick's choice by measurement); flat variants (``depth=1``,
  ``paired``) for comparison;
* :func:`reference` — the textbook SO-ISMCTS of Cowling, Powley & Whitehouse (2012), an
  arena yardstick (``ismcts`` players, :mod:`monstertrick.yardsticks`);
* :func:`~.pimc.pimc` — perfect-information Monte Carlo, the other yardstick (``pimc``
  players): every root action on common worlds, each played on by the game's
  perfect-information policy or solved exactly when little is left.

Both return per-root-action statistics, best first (:class:`Option`). A game's adapter
starts from :class:`SeatSearch` (the seat, its worlds, actions carried out by ``push``).
"""

from __future__ import annotations

from .adapter import SeatSearch
from .core import Budget, Option, SearchGame, analyse, best, reference

__all__ = ["Budget", "Option", "SearchGame", "SeatSearch", "analyse", "best", "reference"]
