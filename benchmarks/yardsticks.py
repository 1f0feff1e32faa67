"""``hard`` against the arena's yardsticks, every game and table size in one run: for each
table (Monster Trick at 2, 4 and 5 players, Magic Trick, Monster Taking) and each
yardstick (``ismcts``, ``pimc``), ``hard`` and the yardstick at the same budget per
decision, the other chairs medium, over the same deals with seats rotated (the arena's
pairing); the difference of their win shares (match win shares in Monster Taking) with a
95% interval, and both sides' median decision times. Prints a Markdown table, then one
JSON line per row.

    python benchmarks/yardsticks.py --budget 0.02s --games 1600 --seed 1 --jobs 2
    python benchmarks/yardsticks.py --budget default --games 400 --only monster-taking

A long run (the default budget: hours a row) can be given ``--log FILE``: every game is
appended to it as it ends, and the same command run again plays only the games the file
does not hold yet, then reports the row over all of them (resume only with the same code:
the log does not know which version played its games).

At the default budget ``hard`` plays a fixed number of playouts and each yardstick its own
default count, which need not take the same time. ``--yardstick-budget N`` gives the
yardstick another count (or time), chosen so that its median decision takes what
``hard``'s does: equal time, with each side's work still fixed whatever the load.

    python benchmarks/yardsticks.py --budget default --yardstick-budget 1150 \
        --only monster-taking --yardstick pimc --games 1600 --log taking-pimc.jsonl
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


def logged(path: Path | None, key: dict) -> dict[int, dict]:
    """The games of this row already in the log at ``path``, by index (a line that is
    not a whole record, as a run killed while writing leaves, is skipped)."""
    if path is None or not path.exists():
        return {}
    done: dict[int, dict] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            entry = json.loads(line)
            if all(entry[k] == v for k, v in key.items()):
                float(entry["win"][1]), list(entry["ms"][1])  # the fields the row reads
                done[int(entry["index"])] = entry
        except (ValueError, KeyError, TypeError, IndexError):
            print(f"{path}:{number}: not a whole game record, skipped", file=sys.stderr)
    return done


def torn(path: str) -> bool:
    """The file ends in the middle of a line (a run killed while writing)."""
    with open(path, "rb") as f:
        if f.seek(0, 2) == 0:
            return False
        f.seek(-1, 2)
        return f.read(1) != b"\n"


def measure(
    table: str,
    yardstick: str,
    budget: str,
    games: int,
    seed: int,
    jobs: int,
    log: Path | None = None,
    yardstick_budget: str | None = None,
) -> dict:
    """One row; with ``log``, every game is appended to it as it ends and the games of
    the row already there are not played again (a long run can be stopped and resumed)."""
    game, chairs = TABLES[table]
    theirs = budget if yardstick_budget is None else yardstick_budget
    seats = [level("hard", budget), level(yardstick, theirs)] + ["medium"] * (chairs - 2)
    key = {"table": table, "yardstick": yardstick, "budget": budget, "seed": seed}
    if theirs != budget:
        key["yardstick_budget"] = theirs
    done = {g: e for g, e in logged(log, key).items() if g < games}
    missing = [g for g in range(games) if g not in done]
    if missing:
        print(f"{table} against {yardstick}: {len(missing)} games to play", file=sys.stderr)
    out = log.open("a", encoding="utf-8") if log is not None else None
    if out is not None and torn(out.name):
        out.write("\n")  # after the torn line of a killed run
    try:
        for g, r in zip(missing, results(seats, games, seed, jobs, game, skip=done)):
            entry = {**key, "index": g, "win": r.win[:2], "ms": r.decision_ms[:2]}
            done[g] = entry
            if out is not None:
                out.write(json.dumps(entry) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    wins = [[done[g]["win"][s] for g in range(games)] for s in (0, 1)]
    ms = [[t for g in range(games) for t in done[g]["ms"][s]] for s in (0, 1)]
    diff = interval([a - b for a, b in zip(wins[0], wins[1])])
    return {
        **key,
        "games": games,
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
    parser.add_argument(
        "--yardstick-budget",
        help="the yardstick's budget when it is not --budget (equal time at the default)",
    )
    parser.add_argument(
        "--log",
        type=Path,
        help="append every game to this file, and resume from it: its games are not replayed",
    )
    args = parser.parse_args()
    rows = [
        measure(
            table,
            yardstick,
            args.budget,
            args.games,
            args.seed,
            args.jobs,
            args.log,
            args.yardstick_budget,
        )
        for table in (args.only or TABLES)
        for yardstick in (args.yardstick or YARDSTICKS)
    ]
    print("| table | yardstick | games | hard | yardstick | hard − yardstick | median ms |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        d = r["difference"]
        print(
            f"| {r['table']} | {r['yardstick']}:{r.get('yardstick_budget', r['budget'])} | "
            f"{r['games']} | "
            f"{r['hard_win']:.1%} | {r['yardstick_win']:.1%} | "
            f"{d[0]:+.1%} [{d[1]:+.1%}, {d[2]:+.1%}] | "
            f"{r['hard_ms_median']:.1f} / {r['yardstick_ms_median']:.1f} |"
        )
    for r in rows:
        print(json.dumps(r))


if __name__ == "__main__":
    main()
