"""The arena's yardstick: textbook single-observer ISMCTS (Cowling, Powley & Whitehouse
2012, :func:`monstertrick.search.reference`) with the game's outcome as reward.

One tree over determinized worlds, UCB1 with availability counts, max^n rewards, every
legal move (no merging), untried moves expanded at random, the engine's steering playout
to the end of the round; a round's end is worth each seat's share of the win were the
game over after it. Not offered at the table: ``make_bot("ismcts:0.02s")`` for the arena
and tests only.
"""

from __future__ import annotations

import random

from ....levels import Level, budget_level, level_name
from ....search import Budget, reference
from ..engine import Action, Arrange, Phase, PlayerView
from .base import StopCheck
from .search import MonsterTrickSearch

DEFAULT_SECONDS = 0.75
_DEFAULT = Level("ismcts", seconds=DEFAULT_SECONDS)


class IsmctsBot:
    def __init__(self, *, iterations: int | None = None, seconds: float | None = None) -> None:
        level = budget_level(_DEFAULT, iterations, seconds)
        self.budget = Budget(
            iterations=level.playouts, seconds=None if level.playouts else level.seconds
        )
        self.name = level_name(level, _DEFAULT)

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        arranging = view.phase is Phase.ARRANGING
        if not arranging and len(view.legal_moves) == 1:
            return view.legal_moves[0]
        game = MonsterTrickSearch(view, distinct=False, proxy=False)
        options = reference(game, rng, self.budget, stop)
        if options:
            return options[0].action
        return Arrange.of(view.vp_set) if arranging else view.legal_moves[0]
