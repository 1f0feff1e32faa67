"""The hard computer player: ``hard`` / ``hard:N`` / ``hard:Ss`` (written as in every
game, :mod:`monstertrick.levels`).

The shared search (:func:`monstertrick.search.analyse`) over the game as
:class:`~.search.MonsterTakingSearch` sees it from the seat's view: ``N`` (default 1000)
playouts per decision (or as many as ``S`` seconds allow). The candidates are medium's
:data:`CANDIDATES` best actions (five), medium's first tried first. They are narrowed
down by sequential halving: the budget is split into rounds, in each round every
candidate still in the running is tried in the same sampled worlds
(:class:`~..engine.determinize.Determinizer`; the luck of a deal falls on all alike),
and after each round the better half goes on. Below each candidate an information-set
tree over the rest of the game grows (both players' turns; a choice in it is the same
in every world, so neither player is played as if it saw the other's hand), and each
iteration plays the world on from the tree's last move to the end of the game with
:func:`~..engine.playout.perfect_playout` (a policy that sees both hands). The candidate
with the best share of won games (a draw counts half) is played.

Chosen by measurement against the arena's yardsticks at equal time (benchmarks/README.md,
"Monster Taking's hard against the yardsticks"): flat search finishing its worlds with
the greedy playout lost to ``pimc`` by 20 to 28 points of match win share; the
perfect-information policy closed the gap, searching only medium's five best actions
put ``hard`` ahead at 0.02 s a decision, and the tree below each candidate (in place of
flat perfect-information Monte Carlo, which plays each world as if both hands were
known from the next move on) kept it ahead at the default budget, where the textbook
``ismcts`` had caught up with the flat search.
"""

from __future__ import annotations

import random

from ....levels import Level
from ....search.player import HintSearch, SearchingPlayer
from ...contract import StopCheck
from ..engine.actions import Action
from ..engine.state import MatchState
from ..engine.views import PlayerView

__all__ = ["CANDIDATES", "DEFAULT_PLAYOUTS", "HINT_PLAYOUTS", "HardBot"]

DEFAULT_PLAYOUTS = 1000
HINT_PLAYOUTS = 20 * DEFAULT_PLAYOUTS
"""A hint's search stops after this many playouts if its time is not up before."""
CANDIDATES = 5
"""How many of medium's best actions the search tries (the others are not searched)."""


class HardBot(SearchingPlayer[PlayerView, Action]):
    default = Level("hard", DEFAULT_PLAYOUTS)

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

        game = MonsterTakingSearch(view, rng, perfect=True)
        ranked = game.root_actions
        if len(ranked) == 1 and not forced_too:
            return [(ranked[0], 0.0)]
        game.root_actions = ranked[:CANDIDATES]
        budget = Budget(iterations=self.playouts, seconds=self.seconds)
        options = analyse(game, rng, budget, stop, halving=MatchState.clone)
        out = [(o.action, o.value) for o in options]
        searched = {o.action for o in options}
        out += [(a, 0.5) for a in ranked if a not in searched]
        return out

    def hint_search(
        self, view: PlayerView, rng: random.Random, include: Action | None
    ) -> HintSearch[Action]:
        """Every action medium ranks (payments: its cheapest few), not only the
        :data:`CANDIDATES` that :meth:`analyse` searches, searched flat: each played out
        on the same worlds with the same random numbers by the perfect-information
        policy, with no tree and no halving (a hint lists every option's chance, each
        measured on as many worlds as the others, the cards each leaves the player
        ahead when the game ends, and how the game went on after it counted); at most :data:`HINT_PLAYOUTS` playouts; actions a
        stopped search did not reach follow in medium's order."""
        from ....search import analyse
        from ....search.assess import Common, Watched
        from .search import MonsterTakingSearch

        game = MonsterTakingSearch(view, rng, perfect=True)
        if include is not None and include not in game.root_actions:
            game.root_actions += (include,)
        watched = Watched(game, game.points, Common.TURNS, tally=game.tally)
        return HintSearch(
            watched,
            len(game.root_actions),
            HINT_PLAYOUTS,
            lambda rng, budget, stop: analyse(watched, rng, budget, stop, paired=True),
            game.root_actions,
        )
