"""Monster Trick's part in the arena's yardsticks (:mod:`monstertrick.yardsticks`):
``ismcts`` searches the game as the hard player's adapter sees it (:mod:`.search`: the
moves that the rules make identical, one card opening any empty slot, merged; the
engine's steering playout; the outcome after round 3, the estimated chance to win
before), ``pimc`` plays each sampled world on with the engine's
:func:`~..engine.playout.perfect_playout`, solving the last :data:`SOLVE_PLIES` moves
of a round exactly."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ....yardsticks import Kit
from ..engine import ARRANGEMENTS, Action, GameState, Phase, PlayerView
from ..engine.cards import HAND_SIZE
from ..engine.playout import perfect_playout
from .hard import DEFAULT_SECONDS
from .search import MonsterTrickSearch
from .tactics import distinct_moves

__all__ = ["DEFAULT_SECONDS", "KIT"]
SOLVE_PLIES = 4
"""``pimc`` solves a round exactly when this many moves or fewer are left in it."""


def _search(view: PlayerView, rng: random.Random) -> MonsterTrickSearch:
    return MonsterTrickSearch(view)


def _actions(view: PlayerView) -> Sequence[Action]:
    if view.phase is Phase.ARRANGING:
        return ARRANGEMENTS[view.round - 1]
    return distinct_moves(view)


def _small(world: GameState) -> bool:
    return world._n * HAND_SIZE - world._turn <= SOLVE_PLIES


KIT: Kit[PlayerView, GameState, Action] = Kit(
    _search, _actions, perfect_playout, GameState.clone, _small, (None, DEFAULT_SECONDS)
)
