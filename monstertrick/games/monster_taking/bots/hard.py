"""The hard computer player: ``hard`` / ``hard:N`` / ``hard:Ss`` (written as in every
game, :mod:`monstertrick.levels`).

The project's shared search (:func:`monstertrick.search.analyse`) over the game as
:class:`~.search.MonsterTakingSearch` sees it from the seat's view: ``N`` (default
1000) playouts per decision (or as many as ``S`` seconds allow), flat with common
random numbers (``paired``). Each
determinized world (:class:`~..engine.determinize.Determinizer`) is played out once after
every candidate action, with the same random choices for all of them, to the end of
the game by :func:`~..engine.playout.greedy_playout` (followers win cheaply when they can);
the action with the best share of won games (a draw counts half) is chosen,
medium's own first choice starting a tenth of a game per world ahead
(:data:`MEDIUM_HEAD_START`), so that sampling noise alone never overrules it.
Candidates are medium's ranking, payments cut to medium's six cheapest.
Chosen by measurement against the shared tree search (ISMCTS, exploration 0.3, 0.5
and 0.7) at equal playouts: ``monstertrick arena --game monster-taking --seats
hard:200,medium`` won 63.7% of 600 matches (seeds 1 and 2, 200 each; 3 and 4, 100
each), the tree 63.0-63.5% (0.5, 0.7): a tie; with 100 matches, seed 1, 61%
(66% with 200). At the default 1000 playouts, 40 matches (seed 1): 75% against
the tree's 65%, median decision 103 ms against 116 ms.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ....levels import Level
from ....search.player import HintSearch, SearchingPlayer
from ..engine.state import Action, PlayerView
from .base import Bot, StopCheck

__all__ = ["DEFAULT_PLAYOUTS", "HINT_PLAYOUTS", "MEDIUM_HEAD_START", "HardBot"]

DEFAULT_PLAYOUTS = 1000
HINT_PLAYOUTS = 20 * DEFAULT_PLAYOUTS
"""A hint's search stops after this many playouts if its time is not up before."""
MEDIUM_HEAD_START = 0.1
"""Won games per world credited to medium's first choice before the search."""


class HardBot(SearchingPlayer[PlayerView, Action], Bot):
    default = Level("hard", DEFAULT_PLAYOUTS)
    search_options: ClassVar[dict[str, Any]] = {"paired": True, "head_start": MEDIUM_HEAD_START}
    """How :func:`monstertrick.search.analyse` searches (chosen by measurement)."""

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        return self.analyse(view, rng, stop, forced_too=False)[0][0]

    def analyse(
        self,
        view: PlayerView,
        rng: random.Random,
        stop: StopCheck | None = None,
        *,
        forced_too: bool = True,
    ) -> list[tuple[Action, float]]:
        """The candidate actions, best first, each with its estimated chance to win this
        game of the match (a draw counts half). A single candidate is searched only with
        ``forced_too``; candidates a stopped search did not reach follow in medium's
        order, at 0.5."""
        from ....search import Budget, analyse
        from .search import MonsterTakingSearch

        game = MonsterTakingSearch(view, rng)
        ranked = game.root_actions
        if len(ranked) == 1 and not forced_too:
            return [(ranked[0], 0.0)]
        budget = Budget(iterations=self.playouts, seconds=self.seconds)
        options = analyse(game, rng, budget, stop, **self.search_options)
        out = [(o.action, o.value) for o in options]
        searched = {o.action for o in options}
        out += [(a, 0.5) for a in ranked if a not in searched]
        return out

    def hint_search(
        self, view: PlayerView, rng: random.Random, include: Action | None
    ) -> HintSearch[Action]:
        """The search of :meth:`analyse`: the same candidates on paired worlds, but
        without medium's head start (with a hint's many playouts the measurement
        decides, and the options are listed by their chances); the cards each leaves
        the player ahead when the game ends measured; at most :data:`HINT_PLAYOUTS`
        playouts; candidates a stopped search did not reach follow in medium's order."""
        from ....search import analyse
        from ....search.assess import Common, Watched
        from .search import MonsterTakingSearch

        game = MonsterTakingSearch(view, rng)
        if include is not None and include not in game.root_actions:
            game.root_actions += (include,)
        watched = Watched(game, game.points, Common.TURNS)
        return HintSearch(
            watched,
            len(game.root_actions),
            HINT_PLAYOUTS,
            lambda rng, budget, stop: analyse(watched, rng, budget, stop, paired=True),
            game.root_actions,
        )
