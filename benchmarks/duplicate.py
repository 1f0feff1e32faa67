"""Duplicate against plain: how much narrower the duplicate arena's interval is than the
plain arena's win share, over the same number of games, hard against medium, every game.

    python benchmarks/duplicate.py --games 120 --seeds 1,2,3 --hard hard:200 --jobs 2

For each game (Monster Trick and Magic Trick: hard and three medium; Monster Taking:
hard and medium) and each seed, it runs the plain arena (``monstertrick arena``: every
game a new deal, seats rotated over the games) and the duplicate arena (``monstertrick
arena --duplicate``: every deal once per seat rotation) with the same number of games,
and compares, for the hard seat, the 95% interval of the plain win share (Wilson) with
those of the duplicate arena, both over its deals: its matchpoints, and its win share
(each deal's mean over the rotations). Each is also measured against what an even seat
gets (the fair win share 1/N; 50% matchpoints), as the distance from even in
half-widths of its interval (z): how clearly the run tells hard from medium (a plain
arena needs (z_dup / z_plain)^2 times the games for the same z). Medians over the
seeds, with the lowest and highest seed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from monstertrick import arena

TABLES = {
    "monster-trick": 3,
    "magic-trick": 3,
    "monster-taking": 1,
}
"""Per game, the medium seats beside the hard one."""


def one(game: str, specs: list[str], games: int, seed: int, jobs: int) -> dict[str, Any]:
    n = len(specs)
    t0 = time.perf_counter()
    plain = arena.run(specs, games, seed=seed, jobs=jobs, game=game)["seats"][0]
    t1 = time.perf_counter()
    dup = arena.run(specs, games, seed=seed, jobs=jobs, game=game, duplicate=True)["seats"][0]
    t2 = time.perf_counter()
    wlo, whi = plain["win_ci95"]
    mlo, mhi = dup["matchpoints_ci95"]
    dlo, dhi = dup["win_ci95"]
    plain_half = (whi - wlo) / 2
    dup_half = (mhi - mlo) / 2
    dup_win_half = (dhi - dlo) / 2
    z_plain = (plain["win_share"] - 1 / n) / plain_half
    z_dup = (dup["matchpoints"] - 0.5) / dup_half
    z_dup_win = (dup["win_share"] - 1 / n) / dup_win_half
    return {
        "seed": seed,
        "win_share": plain["win_share"],
        "win_ci95": plain["win_ci95"],
        "matchpoints": dup["matchpoints"],
        "matchpoints_ci95": dup["matchpoints_ci95"],
        "duplicate_win_share": dup["win_share"],
        "duplicate_win_ci95": dup["win_ci95"],
        "plain_half_width": plain_half,
        "matchpoints_half_width": dup_half,
        "duplicate_win_half_width": dup_win_half,
        "matchpoints_width_ratio": dup_half / plain_half,
        "duplicate_win_width_ratio": dup_win_half / plain_half,
        "z_plain": z_plain,
        "z_matchpoints": z_dup,
        "z_duplicate_win": z_dup_win,
        "seconds": [round(t1 - t0, 1), round(t2 - t1, 1)],
    }


def spread(values: list[float]) -> str:
    """The median [lowest – highest]."""
    return f"{statistics.median(values):.3g} [{min(values):.3g} – {max(values):.3g}]"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=120, help="games per run (both arenas)")
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--hard", default="hard:200", help="the hard seat's level")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    report: dict[str, Any] = {"games": args.games, "hard": args.hard, "seeds": seeds, "rows": {}}
    for game, mediums in TABLES.items():
        if args.game and game not in args.game:
            continue
        specs = [args.hard] + ["medium"] * mediums
        runs = [one(game, specs, args.games, seed, args.jobs) for seed in seeds]
        report["rows"][game] = runs
        if not args.json:
            print(f"{game}: {','.join(specs)}, {args.games} games per arena, seeds {args.seeds}")
            for r in runs:
                print(
                    f"  seed {r['seed']}: plain win share {r['win_share']:.1%} "
                    f"[{r['win_ci95'][0]:.1%}, {r['win_ci95'][1]:.1%}] (fair {1 / len(specs):.0%}); "
                    f"duplicate matchpoints {r['matchpoints']:.1%} "
                    f"[{r['matchpoints_ci95'][0]:.1%}, {r['matchpoints_ci95'][1]:.1%}], "
                    f"win share {r['duplicate_win_share']:.1%} "
                    f"[{r['duplicate_win_ci95'][0]:.1%}, {r['duplicate_win_ci95'][1]:.1%}]; "
                    f"{r['seconds'][0]} s + {r['seconds'][1]} s"
                )

            def row(key: str, runs: list[dict[str, Any]] = runs) -> str:
                return spread([r[key] for r in runs])

            print(
                f"  half-width: plain win share {row('plain_half_width')}, duplicate "
                f"matchpoints {row('matchpoints_half_width')} (ratio "
                f"{row('matchpoints_width_ratio')}), duplicate win share "
                f"{row('duplicate_win_half_width')} (ratio {row('duplicate_win_width_ratio')})"
            )
            print(
                f"  z (distance from even in half-widths): plain win share {row('z_plain')}, "
                f"matchpoints {row('z_matchpoints')}, duplicate win share "
                f"{row('z_duplicate_win')}"
            )
    if args.json:
        print(json.dumps(report))


if __name__ == "__main__":
    main()
