"""Two seats of one arena compared game by game: the difference of their win shares
over the same deals (the arena rotates seats and starting player, so both seats play
every deal from every chair), with a 95% interval.

    python benchmarks/paired.py --seats hard:0.02s,ismcts:0.02s,medium,medium \
        --games 400 --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import statistics

from monstertrick.arena import results


def interval(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="monster-trick")
    parser.add_argument("--seats", required=True)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--a", type=int, default=0, help="the first seat compared (0-based)")
    parser.add_argument(
        "--b",
        default="1",
        help="the second seat compared (0-based), or several: 1,2 compares --a with each",
    )
    args = parser.parse_args()
    specs = [s.strip() for s in args.seats.split(",")]
    wins: list[list[float]] = [[] for _ in specs]
    scores: list[list[float]] = [[] for _ in specs]
    ms: list[list[float]] = [[] for _ in specs]
    for r in results(specs, args.games, args.seed, args.jobs, args.game):
        for s in range(len(specs)):
            wins[s].append(r.win[s])
            scores[s].append(r.score[s])
            ms[s].extend(r.decision_ms[s])
    report = {"games": args.games, "seed": args.seed, "seats": []}
    print(f"{args.games} games, seed {args.seed}")
    for s, spec in enumerate(specs):
        w = interval(wins[s])
        v = interval(scores[s])
        med = statistics.median(ms[s])
        report["seats"].append({"bot": spec, "win": w, "score": v, "median_ms": med})  # type: ignore[attr-defined]
        print(
            f"{s + 1}  {spec:<14} win {w[0]:6.1%} [{w[1]:6.1%}, {w[2]:6.1%}]  "
            f"score {v[0]:5.2f} [{v[1]:5.2f}, {v[2]:5.2f}]  median {med:6.1f} ms"
        )
    others = [int(b) for b in args.b.split(",")]
    differences = []
    for b in others:
        diff = interval([x - y for x, y in zip(wins[args.a], wins[b])])
        differences.append(diff)
        print(
            f"win share {specs[args.a]} - {specs[b]}: {diff[0]:+.1%} "
            f"[{diff[1]:+.1%}, {diff[2]:+.1%}] (paired over the same deals)"
        )
    report["difference"] = differences[0]
    if len(others) > 1:
        report["differences"] = differences
    print(json.dumps(report))


if __name__ == "__main__":
    main()
