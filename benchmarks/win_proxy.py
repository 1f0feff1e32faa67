"""Measure the hard Monster Trick player's proxy for the chance to win before the last
round: ``softmax(totals / T)`` with one temperature ``T`` per table size and round.

Games are played to the end by the engine's steering playout (the policy the search
assumes of everyone; ``--by medium``: by medium players, for comparison), VP rows laid
out by the medium player; ``T`` is the maximum-
likelihood fit of the final win shares (shared wins split) given the totals after
round 1 and after round 2.

    python benchmarks/win_proxy.py --games 3000
    python benchmarks/win_proxy.py --games 2000 --by medium --players 4
"""

from __future__ import annotations

import argparse
import math
import random

from monstertrick.games.monster_trick.bots import MediumBot
from monstertrick.games.monster_trick.engine import Arrange, GameState, Phase
from monstertrick.games.monster_trick.engine.playout import playout


def simulate(
    n: int, games: int, seed: int, by: str = "playout"
) -> list[tuple[list[int], list[int], list[float]]]:
    """Whole games of ``n`` players, VP rows laid out by medium, cards played by the
    steering playout (``by="playout"``) or by medium (``by="medium"``): per game, the
    totals after rounds 1 and 2 and each seat's share of the win."""
    rng = random.Random(seed)
    medium = MediumBot()
    out = []
    for g in range(games):
        game = GameState([f"P{i}" for i in range(n)], seed=f"{seed}/{g}", first_player=g % n)
        snaps: list[list[int]] = []
        while True:
            for p in range(n):
                row = medium.choose(game.view(p), rng)
                assert isinstance(row, Arrange)
                game.arrange(p, row.row)
            if by == "playout":
                playout(game, rng, 0.1)
            while game.phase is Phase.PLAYING:
                mover = game.current_player
                assert mover is not None
                game.apply(medium.choose(game.view(mover), rng))
            if game.phase is Phase.GAME_OVER:
                break
            snaps.append(list(game.totals()))
            game.next_chapter()
        outcome = game.outcome()
        assert outcome is not None
        share = [0.0] * n
        for w in outcome.winners:
            share[w] = 1.0 / len(outcome.winners)
        out.append((snaps[0], snaps[1], share))
    return out


def loglik(data: list[tuple[list[int], list[float]]], t: float) -> float:
    total = 0.0
    for totals, share in data:
        m = max(totals)
        ws = [math.exp((x - m) / t) for x in totals]
        z = sum(ws)
        total += sum(s * math.log(w / z) for s, w in zip(share, ws) if s)
    return total


def fit(data: list[tuple[list[int], list[float]]]) -> float:
    grid = [0.5 + 0.1 * i for i in range(96)]
    return max(grid, key=lambda t: loglik(data, t))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--by",
        choices=("playout", "medium"),
        default="playout",
        help="who plays the cards: the steering playout (the fit in use) or medium players",
    )
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    args = parser.parse_args()
    for n in args.players:
        sims = simulate(n, args.games, args.seed, args.by)
        t1 = fit([(a, s) for a, _, s in sims])
        t2 = fit([(b, s) for _, b, s in sims])
        print(f"{n} players: T after round 1 = {t1:.1f}, after round 2 = {t2:.1f}", flush=True)


if __name__ == "__main__":
    main()
