"""``hard`` against the arena's yardsticks, every game and table size in one run: for each
table (Monster Trick at 2, 4 and 5 players, Magic Trick, Monster Taking) and each
yardstick (``ismcts``, ``pimc``), ``hard`` and the yardstick at the same budget per
decision, the other chairs medium, over the same deals with seats rotated (the arena's
pairing); the difference of their win shares (match win shares in Monster Taking) with a
95% interval, and both sides' median decision times. Prints a Markdown table, then one
JSON line per row.

    python benchmarks/yardsticks.py --budget 0.02s --games 1600 --seed 1 --jobs 2
    python benchmarks/yardsticks.py --budget default --games 400 --only monster-taking
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from paired import interval  # noqa: E402

from monstertrick.arena import results  # noqa: E402

TABLES: dict[str, tuple[str, int]] = {
    "monster-trick:2": ("monster-trick", 2),
    "monster-trick:4": ("monster-trick", 4),
    "monster-trick:5": ("monster-trick", 5),
    "magic-trick": ("magic-trick", 4),
    "monster-taking": ("monster-taking", 2),
}
"""Each table measured: its game and how many chairs."""
YARDSTICKS = ("ismcts", "pimc")


def level(word: str, budget: str) -> str:
    """A level at the run's budget: ``hard:0.02s``, or the bare word for the default."""
    return word if budget == "default" else f"{word}:{budget}"


def measure(table: str, yardstick: str, budget: str, games: int, seed: int, jobs: int) -> dict:
    game, chairs = TABLES[table]
    seats = [level("hard", budget), level(yardstick, budget)] + ["medium"] * (chairs - 2)
    wins: list[list[float]] = [[], []]
    ms: list[list[float]] = [[], []]
    for r in results(seats, games, seed, jobs, game):
        for s in (0, 1):
            wins[s].append(r.win[s])
            ms[s].extend(r.decision_ms[s])
    diff = interval([a - b for a, b in zip(wins[0], wins[1])])
    return {
        "table": table,
        "yardstick": yardstick,
        "budget": budget,
        "games": games,
        "seed": seed,
        "hard_win": statistics.fmean(wins[0]),
        "yardstick_win": statistics.fmean(wins[1]),
        "difference": diff,
        "hard_ms_median": statistics.median(ms[0]),
        "yardstick_ms_median": statistics.median(ms[1]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", default="0.02s", help="per decision: 0.02s, 200, or default")
    parser.add_argument("--games", type=int, default=400, help="games (matches) per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", action="append", choices=sorted(TABLES), help="these tables")
    parser.add_argument("--yardstick", action="append", choices=YARDSTICKS)
    args = parser.parse_args()
    rows = [
        measure(table, yardstick, args.budget, args.games, args.seed, args.jobs)
        for table in (args.only or TABLES)
        for yardstick in (args.yardstick or YARDSTICKS)
    ]
    print("| table | yardstick | games | hard | yardstick | hard − yardstick | median ms |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        d = r["difference"]
        print(
            f"| {r['table']} | {r['yardstick']}:{r['budget']} | {r['games']} | "
            f"{r['hard_win']:.1%} | {r['yardstick_win']:.1%} | "
            f"{d[0]:+.1%} [{d[1]:+.1%}, {d[2]:+.1%}] | "
            f"{r['hard_ms_median']:.1f} / {r['yardstick_ms_median']:.1f} |"
        )
    for r in rows:
        print(json.dumps(r))


if __name__ == "__main__":
    main()
