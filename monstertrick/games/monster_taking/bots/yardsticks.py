"""Monster Taking's part in the arena's yardsticks (:mod:`monstertrick.yardsticks`):
``ismcts`` searches the game as the hard player's adapter sees it with every legal
action, payments too (:class:`.search.MonsterTakingSearch` with ``every``: no two
actions of the game do the same, every card and every set of cards being different;
the bots' greedy playout; the current game of the match won, lost or drawn as reward).
``pimc`` plays each sampled world on with the engine's
:func:`~..engine.playout.perfect_playout`, solving the game exactly once both hands
together hold :data:`SOLVE_CARDS` cards or fewer."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ....yardsticks import Kit
from ..engine.actions import Action
from ..engine.playout import perfect_playout
from ..engine.state import MatchState
from ..engine.views import PlayerView
from .search import MonsterTakingSearch

DEFAULT_PLAYOUTS = 1000
"""The bare words' playouts per decision (the hard player's default)."""
SOLVE_CARDS = 4
"""``pimc`` solves a game exactly when both hands together hold this many cards or
fewer."""


def _search(view: PlayerView, rng: random.Random) -> MonsterTakingSearch:
    return MonsterTakingSearch(view, rng, every=True)


def _actions(view: PlayerView) -> Sequence[Action]:
    return view.legal_actions


def _small(world: MatchState) -> bool:
    return len(world._hands[0]) + len(world._hands[1]) <= SOLVE_CARDS


KIT: Kit[PlayerView, MatchState, Action] = Kit(
    _search, _actions, perfect_playout, MatchState.clone, _small, (DEFAULT_PLAYOUTS, None)
)
