"""The hard computer player: determinized Monte Carlo search with UCB at the root.

For each decision it repeatedly samples a world consistent with its view (the unseen
cards dealt at random to the other players in their hand sizes, their VP rows at random
around their face-up card: :class:`~monstertrick.games.monster_trick.engine.Determinizer`), plays one
candidate — a move, or a VP arrangement at the start of a round — and finishes the
round with the engine's fast steering playout (:func:`~monstertrick.games.monster_trick.engine.playout.
playout`). The reward is the VP the bot scores in the round. Candidates are chosen by
UCB1, so the budget goes to the promising ones, and the candidate with the best mean
VP is played.

The budget is a time limit (``seconds``, default 0.75 s so that a decision takes under
1 s on a slow machine; it stops earlier once every candidate has had 500 playouts on
average) or a fixed number of playouts (``iterations``, for reproducible play):
``make_bot("hard")``, ``make_bot("hard:0.3s")`` or ``make_bot("hard:400")``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..engine import Determinizer, GameState, Move, PlayerView, vp_orders
from ..engine.playout import playout
from .base import StopCheck
from .medium import MediumBot
from .tactics import distinct_moves

DEFAULT_SECONDS = 0.75
#: With a time budget, the search also stops after this many playouts per candidate on
#: average: late in a round playouts are cheap and more of them change nothing.
ENOUGH_PER_CANDIDATE = 500
EXPLORATION = 0.5

T = TypeVar("T")


class HardBot:
    def __init__(
        self,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        noise: float = 0.1,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("the number of iterations must be at least 1")
        if iterations is None and seconds is None:
            seconds = DEFAULT_SECONDS
        self.iterations = iterations
        self.seconds = seconds
        self.noise = noise
        if iterations is not None:
            self.name = f"hard:{iterations}"
        elif seconds == DEFAULT_SECONDS:
            self.name = "hard"
        else:
            self.name = f"hard:{seconds:g}s"

    # ------------------------------------------------------------------ decisions

    def choose_arrangement(
        self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None
    ) -> tuple[int, int, int]:
        orders = list(vp_orders(view.vp_set))
        top = max(view.vp_set)
        det = Determinizer(view)
        me = view.player
        noise = self.noise

        def simulate(order: tuple[int, int, int], world_rng: random.Random) -> float:
            game = det.sample(world_rng)
            for p in range(view.num_players):
                if p == me:
                    game.arrange(p, order)
                elif game.arrangement(p) is None:
                    game.arrange(p, orders[int(world_rng.random() * 6)])
            playout(game, world_rng, noise)
            return _reward(game, me, top)

        # Start from the medium player's row: it is played when there is no time at all.
        first = MediumBot().choose_arrangement(view, rng)
        orders.remove(first)
        orders.insert(0, first)
        return self._search(orders, simulate, rng, stop)

    def choose_move(
        self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None
    ) -> Move:
        moves = distinct_moves(view)
        if len(moves) == 1:
            return moves[0]
        det = Determinizer(view)
        me = view.player
        noise = self.noise
        top = max(view.vp_set)

        def simulate(move: Move, world_rng: random.Random) -> float:
            game = det.sample(world_rng)
            game.push(move)
            playout(game, world_rng, noise)
            return _reward(game, me, top)

        first = MediumBot().choose_move(view, rng)
        moves.remove(first)
        moves.insert(0, first)
        return self._search(moves, simulate, rng, stop)

    # ------------------------------------------------------------------ search

    def _search(
        self,
        candidates: Sequence[T],
        simulate: Callable[[T, random.Random], float],
        rng: random.Random,
        stop: StopCheck | None,
    ) -> T:
        k = len(candidates)
        visits = [0] * k
        totals = [0.0] * k
        limit = self.iterations
        enough = ENOUGH_PER_CANDIDATE * k
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        clock = time.perf_counter
        log = math.log
        sqrt = math.sqrt
        i = 0
        while True:
            if limit is not None:
                if i >= limit:
                    break
            elif i >= k and (i >= enough or clock() >= deadline):  # type: ignore[operator]
                break
            if stop is not None and i % 16 == 0 and stop():
                break
            if i < k:
                c = i
            else:
                logn = log(i)
                best = -1.0
                c = 0
                for j in range(k):
                    u = totals[j] / visits[j] + EXPLORATION * sqrt(logn / visits[j])
                    if u > best:
                        best, c = u, j
            totals[c] += simulate(candidates[c], rng)
            visits[c] += 1
            i += 1
        best_index = max(
            range(k),
            key=lambda j: (totals[j] / visits[j] if visits[j] else -1.0, visits[j], -j),
        )
        return candidates[best_index]


def _reward(game: GameState, player: int, top: int) -> float:
    """The VP ``player`` scored in the round just finished, as a share of the best card."""
    return game.round_results()[-1][1][player] / top
