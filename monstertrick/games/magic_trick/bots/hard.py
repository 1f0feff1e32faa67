"""The hard computer player: the shared search of every game's hard player
(:func:`monstertrick.search.analyse`, adapter :mod:`.search`). For each decision it
samples worlds consistent with the view (:class:`~..engine.determinize.Determinizer`),
tries the legal actions by UCB1 (medium's choice first), finishes the hand with random
legal actions (:func:`~..engine.playout.playout`) and keeps the action with the best
chance to win the game: the win itself after the last hand, an estimate from the totals
before. ``hard:N`` uses N playouts per decision, reproducibly given the rng; ``hard:Ss``
as many as S seconds allow.

(Against three medium players, ``hard:200`` won 83.5% of 100 games, seed 1; the flat
search for the best final margin it replaced won 83.0%.)
"""

from __future__ import annotations

import random

from ....levels import Level, budget_level, level_name
from ....search import Option
from ....search.assess import HINT_SECONDS, Advice
from ..engine.cards import Action
from ..engine.views import View
from .base import StopCheck, mover
from .medium import MediumBot

DEFAULT_PLAYOUTS = 1000
HINT_PLAYOUTS = 20 * DEFAULT_PLAYOUTS
"""A hint's search stops after this many playouts if its time is not up before."""
_DEFAULT = Level("hard", DEFAULT_PLAYOUTS)


class HardBot:
    """The shared search (:func:`monstertrick.search.analyse`) playing to win the game:
    UCB1 over the legal actions on determinized worlds, random playouts to the end of
    the hand, the win (last hand) or an estimate of the chance to win (earlier) as the
    reward (:mod:`.search`); medium's choice tried first."""

    def __init__(self, playouts: int | None = None, *, seconds: float | None = None) -> None:
        level = budget_level(_DEFAULT, playouts, seconds)
        self.playouts = level.playouts
        self.seconds = level.seconds
        self.name = level_name(level, _DEFAULT)

    def analyse(
        self, view: View, rng: random.Random, stop: StopCheck | None = None
    ) -> list[Option[Action]]:
        """Every legal action with its visits and estimated chance to win, best first."""
        from ....search import Budget, analyse
        from .search import MagicTrickSearch

        first = MediumBot().choose(view, rng)
        game = MagicTrickSearch(view, first=first)
        # Flat (UCB1 over the legal actions): as measured against medium below.
        budget = Budget(iterations=self.playouts, seconds=self.seconds)
        return analyse(game, rng, budget, stop, depth=1)

    def advise(
        self,
        view: View,
        rng: random.Random,
        stop: StopCheck | None = None,
        seconds: float = HINT_SECONDS,
        playouts: int | None = None,
    ) -> list[Advice[Action]]:
        """A hint: the search of :meth:`analyse` (medium's choice tried first, the same
        flat UCB1) for up to ``seconds`` (and :data:`HINT_PLAYOUTS` playouts), each legal
        action with its chance, the points the player scores this hand after it on
        average, and the noise of its difference to the best
        (:mod:`monstertrick.search.assess`). With ``playouts``, exactly that many per
        legal action instead of a time (reproducible: a review's budget)."""
        from ....search import analyse
        from ....search.assess import Common, Watched, advise, hint_budget
        from .search import MagicTrickSearch

        first = MediumBot().choose(view, rng)
        game = MagicTrickSearch(view, first=first)
        watched = Watched(game, game.points, Common.NONE)
        budget = hint_budget(len(view.legal_actions), seconds, playouts, HINT_PLAYOUTS)
        return advise(analyse(watched, rng, budget, stop, depth=1), watched)

    def choose(self, view: View, rng: random.Random, stop: StopCheck | None = None) -> Action:
        mover(view)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        options = self.analyse(view, rng, stop)
        return options[0].action if options else legal[0]
