"""Monster Trick as the shared search (:mod:`monstertrick.search`) sees it from one view.

The rules stay in the engine: worlds come from its :class:`Determinizer`, actions (VP
rows and moves) are carried out with :meth:`GameState.push`, rounds are finished by
its steering :func:`playout`, and the outcome is its :func:`decide_winners`. What this
module adds is what a round's end is worth:

* after round 3, the game's outcome: 1 for the winner after the tie-breaks, a shared win
  split, 0 otherwise;
* after an earlier round, ``softmax(totals / T)``, an estimate of the chance to win
  from the totals, ``T`` fitted per table size and round by ``benchmarks/win_proxy.py``.

The hard player and the arena's yardsticks (:mod:`.yardsticks`) search it alike, equivalent
moves (a card opening any empty slot) merged.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ....search import SeatSearch
from ..engine import (
    ARRANGEMENTS,
    Action,
    Determinizer,
    GameState,
    Phase,
    PlayerView,
    decide_winners,
)
from ..engine.playout import playout, steer

_ARRANGING = Phase.ARRANGING
_PLAYING = Phase.PLAYING

#: The proxy's temperature per table size, after round 1 and after round 2
#: (``benchmarks/win_proxy.py --games 4000``).
TEMPERATURE: dict[int, tuple[float, float]] = {
    2: (10.0, 9.3),
    3: (2.6, 1.8),
    4: (2.1, 1.6),
    5: (1.9, 1.4),
}


def game_outcome(round_scores: Sequence[Sequence[int]], n: int) -> list[float]:
    """Per seat, its share of the win were the game over after these rounds."""
    winners = decide_winners(round_scores).winners
    share = 1.0 / len(winners)
    out = [0.0] * n
    for w in winners:
        out[w] = share
    return out


def win_chances(totals: Sequence[int], temperature: float) -> list[float]:
    """``softmax(totals / temperature)``: the proxy for the chance to win."""
    top = max(totals)
    weights = [math.exp((t - top) / temperature) for t in totals]
    z = sum(weights)
    return [w / z for w in weights]


class MonsterTrickSearch(SeatSearch[GameState, Action]):
    """:class:`~monstertrick.search.SearchGame` for ``view.player``.

    ``first``: the action tried first at the root; ``candidates``: the only actions
    searched at the root (in this order), if not every distinct one.
    """

    def __init__(
        self,
        view: PlayerView,
        *,
        first: Action | None = None,
        noise: float = 0.1,
        candidates: Sequence[Action] | None = None,
    ) -> None:
        super().__init__(view.player, Determinizer(view))
        self._candidates = None if candidates is None else list(candidates)
        self.view = view
        self._n = view.num_players
        self._orders = ARRANGEMENTS[view.round - 1]
        self._noise = noise
        self._first = first
        self._root = (view.phase, len(view.played))
        r = view.round
        self._temperature = TEMPERATURE[self._n][r - 1] if r < 3 else None

    def sample(self, rng: random.Random) -> GameState:
        game = self._det.sample(rng)
        if game._phase is _ARRANGING:
            # Those who have not laid out their row yet do so at random.
            orders = self._orders
            for p in range(self._n):
                if p != self._player and game._arr[p] is None:
                    game.arrange(p, orders[int(rng.random() * len(orders))].row)
        return game

    def copy(self, world: GameState) -> GameState:
        """An independent copy of a sampled world (the halving root's common worlds)."""
        return world.clone()

    def round_over(self, world: GameState) -> bool:
        return world._phase is not _PLAYING and world._phase is not _ARRANGING

    def to_move(self, world: GameState) -> int:
        p = world.current_player
        assert p is not None
        return p

    def actions(self, world: GameState) -> Sequence[Action]:
        out: list[Action]
        at_root = (world._phase, world._turn) == self._root
        if at_root and self._candidates is not None:
            return list(self._candidates)
        if world._phase is _ARRANGING:
            out = list(self._orders)
        else:
            out = list(world.distinct_moves())
        first = self._first
        if first is not None and at_root and first in out:
            out.remove(first)
            out.insert(0, first)
        return out

    def playout(self, world: GameState, rng: random.Random) -> None:
        playout(world, rng, self._noise)

    def steer(self, world: GameState, rng: random.Random) -> Action | None:
        """The playout policy's next move, carried out in ``world`` (None while VP rows
        are laid out: nothing is done)."""
        if world._phase is not _PLAYING:
            return None
        return steer(world, rng, self._noise)

    def points(self, world: GameState) -> float:
        """The VP the searching player scored in the round just finished in ``world``."""
        return float(world._results[-1][1][self._player])

    def tally(self, world: GameState) -> tuple[int]:
        """How the round just finished in ``world`` ended for the searching player: the
        tricks they won (a hint's reason: the door's ``tally_fields``)."""
        return (world._results[-1][0][self._player],)

    def rewards(self, world: GameState) -> Sequence[float]:
        results = world._results
        if self._temperature is None or len(results) == 3:
            return game_outcome([s for _, s in results], self._n)
        n = self._n
        totals = [sum(s[p] for _, s in results) for p in range(n)]
        return win_chances(totals, self._temperature)
