"""The hard computer player: ``hard`` / ``hard:N`` / ``hard:Ss`` (written as in every
game, :mod:`monstertrick.levels`).

Perfect-information Monte Carlo (:func:`monstertrick.search.pimc.pimc`) over the game as
:class:`~.search.MonsterTakingSearch` sees it from the seat's view, with medium's
judgement on top: ``N`` (default 1000) playouts per decision (or as many as ``S``
seconds allow). Worlds are sampled one after the other
(:class:`~..engine.determinize.Determinizer`); every candidate action is tried in each,
on its own copy with the same random numbers (common worlds: the luck of a deal falls
on all alike), and the world played on to the end of the game by
:func:`~..engine.playout.perfect_playout` (a policy that sees both hands), or solved
exactly (:mod:`..engine.solve`, alpha-beta over the engine's own moves) once both hands
together hold :data:`~.search.SOLVE_CARDS` cards or fewer. The action with the best
share of won games (a draw counts half) is chosen, medium's own first choice starting a
tenth of a game ahead (:data:`MEDIUM_HEAD_START`), so that sampling noise alone never
overrules it. Candidates are medium's :data:`CANDIDATES` best actions (five): fewer
candidates, more worlds for each.

Chosen by measurement against the arena's yardsticks at equal time (benchmarks/README.md,
"Monster Taking's hard against the yardsticks (2026-11-26)"): the same flat search
finishing its worlds with the greedy playout lost to ``pimc`` by 20 to 28 points of
match win share; the perfect-information policy closed the gap, and searching only
medium's five best actions put ``hard`` ahead.
"""

from __future__ import annotations

import random

from ....levels import Level
from ....search.player import HintSearch, SearchingPlayer
from ..engine.state import Action, MatchState, PlayerView
from .base import Bot, StopCheck

__all__ = ["CANDIDATES", "DEFAULT_PLAYOUTS", "HINT_PLAYOUTS", "MEDIUM_HEAD_START", "HardBot"]

DEFAULT_PLAYOUTS = 1000
HINT_PLAYOUTS = 20 * DEFAULT_PLAYOUTS
"""A hint's search stops after this many playouts if its time is not up before."""
MEDIUM_HEAD_START = 0.1
"""Won games per world credited to medium's first choice before the search."""
CANDIDATES = 5
"""How many of medium's best actions the search tries (the others are not searched)."""


class HardBot(SearchingPlayer[PlayerView, Action], Bot):
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
        from ....search import Budget
        from ....search.pimc import pimc
        from .search import MonsterTakingSearch

        game = MonsterTakingSearch(view, rng, perfect=True)
        ranked = game.root_actions
        if len(ranked) == 1 and not forced_too:
            return [(ranked[0], 0.0)]
        game.root_actions = ranked[:CANDIDATES]
        budget = Budget(iterations=self.playouts, seconds=self.seconds)
        options = pimc(
            game,
            rng,
            budget,
            stop,
            MatchState.clone,
            game.small,
            head_start=MEDIUM_HEAD_START,
            solver=game.solved,
        )
        out = [(o.action, o.value) for o in options]
        searched = {o.action for o in options}
        out += [(a, 0.5) for a in ranked if a not in searched]
        return out

    def hint_search(
        self, view: PlayerView, rng: random.Random, include: Action | None
    ) -> HintSearch[Action]:
        """The search of :meth:`analyse`: the same candidates on paired worlds finished
        by the perfect-information policy, but without medium's head start (with a
        hint's many playouts the measurement decides, and the options are listed by
        their chances) and without exact endings (every playout is watched to the end:
        the cards each leaves the player ahead when the game ends measured); at most
        :data:`HINT_PLAYOUTS` playouts; candidates a stopped search did not reach follow
        in medium's order."""
        from ....search import analyse
        from ....search.assess import Common, Watched
        from .search import MonsterTakingSearch

        game = MonsterTakingSearch(view, rng, perfect=True)
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
