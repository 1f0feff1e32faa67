"""Measure the hard Magic Trick player's proxy for the chance to win before the last
hand: ``softmax(totals / T)`` with one temperature per hand, fitted (maximum
likelihood of the final win shares, shared wins split) on games of four medium players.

    python benchmarks/win_proxy_magic.py --games 400
"""

from __future__ import annotations

import argparse
import random

from win_proxy import fit  # this directory is on sys.path when run as a script

from monstertrick.games.magic_trick.bots import MediumBot
from monstertrick.games.magic_trick.engine.cards import NUM_PLAYERS
from monstertrick.games.magic_trick.engine.state import MagicTrickState
from monstertrick.games.magic_trick.engine.views import Phase


def simulate(games: int, seed: int) -> list[tuple[list[list[int]], list[float]]]:
    rng = random.Random(seed)
    bot = MediumBot()
    out = []
    for g in range(games):
        game = MagicTrickState([f"P{i}" for i in range(NUM_PLAYERS)], seed=f"{seed}/{g}")
        snaps: list[list[int]] = []
        while True:
            while game.current_player is not None:
                p = game.current_player
                game.push(bot.choose(game.view(p), rng))
            if game.phase is Phase.GAME_OVER:
                break
            snaps.append(list(game.totals()))
            game.next_chapter()
        outcome = game.outcome()
        assert outcome is not None
        share = [0.0] * NUM_PLAYERS
        for w in outcome.winners:
            share[w] = 1.0 / len(outcome.winners)
        out.append((snaps, share))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sims = simulate(args.games, args.seed)
    for h in range(3):
        t = fit([(snaps[h], share) for snaps, share in sims])
        print(f"T after hand {h + 1} = {t:.1f}", flush=True)


if __name__ == "__main__":
    main()
