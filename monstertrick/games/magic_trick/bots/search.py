"""Magic Trick as the shared search (:mod:`monstertrick.search`) sees it from a view.

Worlds come from the game's :class:`~.determinize.Determinizer`, actions are applied with
:meth:`~..engine.state.MagicTrickState.push`, hands are finished by its random
playout (:func:`~.playout.fast_playout`: :func:`~.playout.playout`'s choices without the
bookkeeping of ``push``). A hand's end is worth, per seat: after the last hand, its
share of the win (:func:`~..engine.state.decide_winners`, the prestige tie-break applied, a
shared win split); after an earlier hand, ``softmax(totals / T)``, an estimate of the
chance to win, ``T`` fitted per hand by ``benchmarks/win_proxy_magic.py``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ....search import SeatSearch
from ..engine.actions import Action
from ..engine.cards import NUM_HANDS, NUM_PLAYERS
from ..engine.determinize import Determinizer
from ..engine.playout import fast_playout
from ..engine.state import MagicTrickState, decide_winners
from ..engine.views import Phase, View

#: The proxy's temperature after hands 1, 2 and 3 (``win_proxy_magic.py --games 400``).
TEMPERATURE = (4.2, 3.4, 2.0)

_PLAY = Phase.PLAY
_SLEEVE = Phase.SLEEVE


class MagicTrickSearch(SeatSearch[MagicTrickState, Action]):
    """:class:`~monstertrick.search.SearchGame` for the seat to act in ``view``;
    ``first``: the action tried first."""

    def __init__(self, view: View, *, first: Action | None = None) -> None:
        if view.current_player is None or not view.legal_actions:
            raise ValueError("nobody is to move in this view")
        super().__init__(view.current_player, Determinizer(view))
        self._first = first
        self._root = (view.phase, len(view.turns))

    def round_over(self, world: MagicTrickState) -> bool:
        return world._phase is not _PLAY and world._phase is not _SLEEVE

    def to_move(self, world: MagicTrickState) -> int:
        return world._to_move

    def actions(self, world: MagicTrickState) -> Sequence[Action]:
        out = world.legal_actions()
        first = self._first
        if first is not None and first in out and world._plays == self._root[1]:
            if world._phase is self._root[0]:
                out.remove(first)
                out.insert(0, first)
        return out

    def playout(self, world: MagicTrickState, rng: random.Random) -> None:
        fast_playout(world, rng)

    @staticmethod
    def copy(world: MagicTrickState) -> MagicTrickState:
        """An independent copy of ``world`` (the halving root's common worlds)."""
        return world.clone()

    def points(self, world: MagicTrickState) -> float:
        """The points the searching player scored in the hand just finished in ``world``."""
        return float(world._results[-1].scores[self._player])

    def tally(self, world: MagicTrickState) -> tuple[int, int]:
        """How the hand just finished in ``world`` ended for the searching player: their
        bid and the tricks they took (a hint's reason: the door's ``tally_fields``)."""
        result = world._results[-1]
        return result.bids[self._player], result.tricks[self._player]

    def rewards(self, world: MagicTrickState) -> Sequence[float]:
        results = world._results
        if len(results) == NUM_HANDS:
            winners = decide_winners(results).winners
            out = [0.0] * NUM_PLAYERS
            for w in winners:
                out[w] = 1.0 / len(winners)
            return out
        totals = [sum(r.scores[p] for r in results) for p in range(NUM_PLAYERS)]
        t = TEMPERATURE[len(results) - 1]
        top = max(totals)
        weights = [math.exp((x - top) / t) for x in totals]
        z = sum(weights)
        return [w / z for w in weights]
