"""How long a review takes and how stable its marks are, per game.

``python benchmarks/review.py --games 3`` plays ``--games`` games of ``medium`` players
per game (Monster Trick at 3 players, Magic Trick at 4, Monster Taking at 2), then
reviews one player of each game (seat 0, as ``monstertrick review`` reviews the one
person of a game against computer players) twice, with seeds 1 and 2: the time of
each whole review (its decisions and the luck of each deal, ``--jobs`` processes), and
how many of the player's decisions got the same mark both times (every decision, and
the unforced ones only).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from monstertrick.games import GAMES
from monstertrick.review import Game, Settings, review

TABLES = {"monster-trick": 3, "magic-trick": 4, "monster-taking": 2}


def play(key: str, players: int, seed: int) -> dict[str, Any]:
    door = GAMES[key].load()
    state = door.new_state([f"P{i}" for i in range(players)], seed, 0)
    door.play_to_end(state, [door.make_bot("medium")] * players, seed)
    record: dict[str, Any] = door.to_record(state)
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--game", choices=sorted(TABLES), action="append")
    args = parser.parse_args()
    for key in args.game or sorted(TABLES):
        times: list[float] = []
        same = total = same_unforced = unforced = marked = 0
        for g in range(args.games):
            game = Game(play(key, TABLES[key], 1000 + g))
            reviews = []
            for seed in (1, 2):
                t0 = time.perf_counter()
                reviews.append(review(game, [0], Settings(seed=seed), jobs=args.jobs))
                times.append(time.perf_counter() - t0)
            for a, b in zip(reviews[0].decisions, reviews[1].decisions):
                total += 1
                same += a.mark == b.mark
                marked += bool(a.mark)
                if not a.forced:
                    unforced += 1
                    same_unforced += a.mark == b.mark
        print(
            f"{key} ({TABLES[key]} players, {args.games} games, --jobs {args.jobs}): "
            f"review of one player {statistics.median(times):.1f} s median "
            f"(max {max(times):.1f} s); same mark with seeds 1 and 2: "
            f"{same}/{total} = {same / total:.1%} of decisions, "
            f"{same_unforced}/{unforced} = {same_unforced / unforced:.1%} of unforced ones; "
            f"{marked} marked (seed 1)",
            flush=True,
        )


if __name__ == "__main__":
    main()
