"""The hard computer player: the shared search of every game's hard player
(:func:`monstertrick.search.analyse`, adapter :mod:`.search`). For each decision it
samples worlds consistent with the view (:class:`~..engine.determinize.Determinizer`)
and narrows the legal actions down by sequential halving: the budget is split into
rounds, in each round every action still in the running is played in the same sampled
worlds (so that the luck of a deal falls on all of them alike), and after each round the
better half goes on. Below each action an information-set tree over the rest of the hand
grows (everyone's turns, max^n), and each iteration finishes the hand with random legal
actions (:func:`~..engine.playout.fast_playout`). It keeps the action with the best
chance to win the game: the win itself after the last hand, an estimate from the totals
before. Medium's choice is tried first. ``hard:N`` uses N iterations per decision,
reproducibly given the rng; ``hard:Ss`` as many as S seconds allow.

Nobody in Magic Trick sees a value anyone else cannot: every player decides from public
information only, so the others' plays and bids say nothing about the hidden values that
the view does not already (the determinizer draws them from their exact posterior).

(Measured at equal time against the arena's yardsticks, and the variants that did not
pay: benchmarks/README.md, "Magic Trick's hard against the yardsticks". Against three
medium players, ``hard:200`` with flat UCB1 over the actions won 83.5% of 100 games.)
"""

from __future__ import annotations

import random

from ....levels import Level
from ....search import Option
from ....search.player import HintSearch, SearchingPlayer
from ...contract import StopCheck
from ..engine.actions import Action
from ..engine.views import View
from .base import mover
from .medium import MediumBot

DEFAULT_PLAYOUTS = 1000
"""Iterations per decision of the bare ``hard``."""
HINT_PLAYOUTS = 20 * DEFAULT_PLAYOUTS
"""A hint's search stops after this many playouts if its time is not up before."""


class HardBot(SearchingPlayer[View, Action]):
    """The shared search (:func:`monstertrick.search.analyse`) playing to win the game:
    sequential halving over the legal actions on common determinized worlds, a tree
    below each, random playouts to the end of the hand, the win (last hand) or an
    estimate of the chance to win (earlier) as the reward (:mod:`.search`); medium's
    choice tried first."""

    default = Level("hard", DEFAULT_PLAYOUTS)

    def analyse(
        self, view: View, rng: random.Random, stop: StopCheck | None = None
    ) -> list[Option[Action]]:
        """Every legal action with its visits and estimated chance to win, best first."""
        from ....search import Budget, analyse
        from .search import MagicTrickSearch

        first = MediumBot().choose(view, rng)
        game = MagicTrickSearch(view, first=first)
        budget = Budget(iterations=self.playouts, seconds=self.seconds)
        return analyse(game, rng, budget, stop, halving=game.copy)

    def hint_search(
        self, view: View, rng: random.Random, include: Action | None
    ) -> HintSearch[Action]:
        """The search of :meth:`analyse` (medium's choice tried first, the same halving
        with a tree below each action) over every legal action, the points the player
        scores this hand after each measured and its bid and tricks counted, paired by
        world; at most
        :data:`HINT_PLAYOUTS` iterations."""
        from ....search import analyse
        from ....search.assess import Common, Watched
        from .search import MagicTrickSearch

        first = MediumBot().choose(view, rng)
        game = MagicTrickSearch(view, first=first)
        watched = Watched(game, game.points, Common.WORLDS, copy=game.copy, tally=game.tally)
        return HintSearch(
            watched,
            len(view.legal_actions),
            HINT_PLAYOUTS,
            lambda rng, budget, stop: analyse(watched, rng, budget, stop, halving=watched.copy),
        )

    def choose(self, view: View, rng: random.Random, stop: StopCheck | None = None) -> Action:
        mover(view)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        options = self.analyse(view, rng, stop)
        return options[0].action if options else legal[0]
