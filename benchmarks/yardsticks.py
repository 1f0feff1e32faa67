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
``hard``'s does: equal time, with each side's work still fixed whatever the load. Where
``hard`` stops early on easy decisions and the yardstick is given a time (Monster Trick's
default), the two sides' decision times are not spread alike and their medians part:
there the yardstick's time is chosen by the mean decision time (equal thinking time per
game), which every row also reports.

    python benchmarks/yardsticks.py --budget default --yardstick-budget 1150 \
        --only monster-taking --yardstick pimc --games 1600 --log taking-pimc.jsonl

A row longer than one sitting can be played in parts: ``--part 2/4`` plays only the
second quarter of the row's games (the same deals as in a whole run) and prints that
part's row with the sums that pooling needs, a fingerprint of how its seats play (the
scores of a few games at a small fixed count), a digest of the package's source and the
commit. Keep each part's JSON line in a file in the repository (``benchmarks/parts/``):
a machine's logs may not outlive it. ``--pool FILE`` then reports the whole row from its
parts, exactly as one run over all the games would, once every part is there and all
were played by the same players (the fingerprints agree: a change elsewhere in the
package does not part them); its median decision times are the medians of the parts',
its mean times the means over all their decisions (where every part carries them).

    python benchmarks/yardsticks.py --budget default --yardstick-budget 500 --games 1600 \
        --seed 9001 --jobs 2 --only magic-trick --yardstick pimc --part 1/4 \
        | tail -1 >> benchmarks/parts/magic-trick.txt
    python benchmarks/yardsticks.py --pool benchmarks/parts/magic-trick.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import statistics
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from paired import interval

from monstertrick.arena import results

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
    part: tuple[int, int] | None = None,
) -> dict:
    """One row; with ``log``, every game is appended to it as it ends and the games of
    the row already there are not played again (a long run can be stopped and resumed).
    With ``part`` (i, n): only the i-th of n equal parts of the row's games."""
    game, chairs = TABLES[table]
    theirs = budget if yardstick_budget is None else yardstick_budget
    seats = [level("hard", budget), level(yardstick, theirs)] + ["medium"] * (chairs - 2)
    key = {"table": table, "yardstick": yardstick, "budget": budget, "seed": seed}
    if theirs != budget:
        key["yardstick_budget"] = theirs
    first, stop = (0, games) if part is None else bounds(games, *part)
    done = {g: e for g, e in logged(log, key).items() if first <= g < stop}
    skip = set(done) | set(range(first))
    missing = [g for g in range(first, stop) if g not in done]
    if missing:
        print(f"{table} against {yardstick}: {len(missing)} games to play", file=sys.stderr)
    out = log.open("a", encoding="utf-8") if log is not None else None
    if out is not None and torn(out.name):
        out.write("\n")  # after the torn line of a killed run
    try:
        for g, r in zip(missing, results(seats, stop, seed, jobs, game, skip=skip)):
            entry = {**key, "index": g, "win": r.win[:2], "ms": r.decision_ms[:2]}
            done[g] = entry
            if out is not None:
                out.write(json.dumps(entry) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    played = range(first, stop)
    wins = [[done[g]["win"][s] for g in played] for s in (0, 1)]
    ms = [[t for g in played for t in done[g]["ms"][s]] for s in (0, 1)]
    diffs = [a - b for a, b in zip(wins[0], wins[1])]
    row = {
        **key,
        "games": games,
        "hard_win": statistics.fmean(wins[0]),
        "yardstick_win": statistics.fmean(wins[1]),
        "difference": interval(diffs) if len(diffs) > 1 else (diffs[0],) * 3,
        "hard_ms_median": statistics.median(ms[0]),
        "yardstick_ms_median": statistics.median(ms[1]),
        "hard_ms_mean": statistics.fmean(ms[0]),
        "yardstick_ms_mean": statistics.fmean(ms[1]),
    }
    if part is not None:
        row |= {
            "part": f"{part[0]}/{part[1]}",
            "played": len(diffs),
            "sums": [sum(wins[0]), sum(wins[1]), sum(diffs), sum(d * d for d in diffs)],
            "time": [sum(ms[0]), len(ms[0]), sum(ms[1]), len(ms[1])],
            "behaviour": behaviour(game, seats),
            "package": package_digest(),
            "commit": commit(),
        }
    return row


def behaviour(game: str, seats: list[str]) -> str:
    """A fingerprint of how the row's seats play: the scores of a few games of theirs at
    a small fixed count of playouts (time budgets replaced by it), which any change to
    what they decide is all but sure to change. Parts whose fingerprints agree were
    played by the same players, whatever else changed in the package."""
    fixed = [s if s == "medium" else f"{s.split(':')[0]}:{FINGERPRINT_PLAYOUTS}" for s in seats]
    scores = [(r.score, r.win) for r in results(fixed, FINGERPRINT_GAMES, 424242, 1, game)]
    return hashlib.sha256(json.dumps(scores).encode()).hexdigest()[:16]


FINGERPRINT_PLAYOUTS = 40
FINGERPRINT_GAMES = 4


def bounds(games: int, i: int, n: int) -> tuple[int, int]:
    """The game indices ``first .. stop - 1`` of part ``i`` (1-based) of ``n``."""
    return (i - 1) * games // n, i * games // n


def parse_part(text: str) -> tuple[int, int]:
    """``"2/4"`` → (2, 4)."""
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a part like 2/4") from None
    if not 1 <= i <= n:
        raise argparse.ArgumentTypeError(f"part {text}: the first number is 1 to the second")
    return i, n


def package_digest() -> str:
    """A digest of the source of the ``monstertrick`` package that plays (the copy on
    the path, whether or not it is a git checkout): equal for equal code."""
    import monstertrick

    root = Path(monstertrick.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def commit() -> str | None:
    """The commit of the checkout this script runs in, if it is one (for the reader)."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=Path(__file__).parent,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip() or None


ROW_KEY = ("table", "yardstick", "budget", "seed", "yardstick_budget", "games")
"""What a part's row shares with the other parts of its row."""


def pool(paths: list[Path]) -> list[dict]:
    """The whole rows made of the parts' JSON lines in ``paths`` (other lines are
    ignored); every part of a row once, all played by the same players (fingerprints)."""
    rows: dict[tuple, dict[str, dict]] = {}
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise SystemExit(f"{path}: cannot read the parts ({e})") from None
        for number, line in enumerate(text.splitlines(), 1):
            try:
                r = json.loads(line)
            except ValueError:
                continue  # the Markdown table printed with the line, or prose
            if not isinstance(r, dict) or "part" not in r:
                continue
            if not whole_part(r):
                print(f"{path}:{number}: not a whole part's row, skipped", file=sys.stderr)
                continue
            parts = rows.setdefault(tuple(r.get(k) for k in ROW_KEY), {})
            if r["part"] in parts and parts[r["part"]] != r:
                raise SystemExit(f"part {r['part']} of {describe(r)} is there twice, differently")
            parts[r["part"]] = r
    pooled = []
    for parts in rows.values():
        any_part = next(iter(parts.values()))
        n = int(any_part["part"].split("/")[1])
        if len({p.split("/")[1] for p in parts}) > 1:
            raise SystemExit(
                f"{describe(any_part)}: parts of different splits ({', '.join(parts)})"
            )
        wanted = {f"{i}/{n}" for i in range(1, n + 1)}
        if set(parts) != wanted:
            lacking = sorted(wanted - set(parts), key=lambda p: int(p.split("/")[0]))
            print(
                f"{describe(any_part)}: parts {', '.join(lacking)} still to play", file=sys.stderr
            )
            continue
        players = {p["behaviour"] for p in parts.values()}
        if len(players) > 1:
            raise SystemExit(f"{describe(any_part)}: the parts were played by players that differ")
        count = sum(p["played"] for p in parts.values())
        hard, theirs, total, squares = (sum(p["sums"][k] for p in parts.values()) for k in range(4))
        mean = total / count
        spread = max(0.0, squares - count * mean * mean) / (count - 1) if count > 1 else 0.0
        half = 1.96 * math.sqrt(spread / count)
        pooled.append(
            {
                **{k: any_part[k] for k in ROW_KEY if k in any_part},
                "hard_win": hard / count,
                "yardstick_win": theirs / count,
                "difference": (mean, mean - half, mean + half),
                "hard_ms_median": statistics.median(p["hard_ms_median"] for p in parts.values()),
                "yardstick_ms_median": statistics.median(
                    p["yardstick_ms_median"] for p in parts.values()
                ),
                **mean_times(parts.values()),
                "parts": n,
                "behaviour": players.pop(),
                "commits": sorted({p["commit"] for p in parts.values() if p.get("commit")}),
            }
        )
    return pooled


def mean_times(parts: Iterable[dict]) -> dict[str, float]:
    """Both sides' mean decision times over all the parts' decisions (none if a part
    lacks its ``time`` sums: parts played before they carried them)."""
    try:
        sums = [[float(x) for x in p["time"]] for p in parts]
    except (KeyError, TypeError, ValueError):
        return {}
    if len(sums) == 0 or any(len(t) != 4 or t[1] <= 0 or t[3] <= 0 for t in sums):
        return {}
    hard, count, theirs, their_count = (sum(t[k] for t in sums) for k in range(4))
    return {"hard_ms_mean": hard / count, "yardstick_ms_mean": theirs / their_count}


def whole_part(r: dict) -> bool:
    """The line has every field of a part's row that pooling reads, of the right kind."""
    try:
        i, n = parse_part(r["part"])
        first, stop = bounds(r["games"], i, n)
        return (
            all(isinstance(r[k], str) for k in ("table", "yardstick", "budget", "behaviour"))
            and all(isinstance(r[k], int) for k in ("seed", "games", "played"))
            and r["played"] == stop - first > 0
            and len([float(x) for x in r["sums"]]) == 4
            and all(
                isinstance(r[k], (int, float)) for k in ("hard_ms_median", "yardstick_ms_median")
            )
        )
    except (KeyError, TypeError, ValueError, argparse.ArgumentTypeError):
        return False


def describe(row: dict) -> str:
    return f"{row['table']} against {row['yardstick']} ({row['budget']}, seed {row['seed']})"


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
    parser.add_argument(
        "--part",
        type=parse_part,
        metavar="I/N",
        help="play only the I-th of N equal parts of each row's games",
    )
    parser.add_argument(
        "--pool",
        type=Path,
        action="append",
        metavar="FILE",
        help="report the whole rows made of the parts' JSON lines in FILE (plays nothing)",
    )
    args = parser.parse_args()
    if args.pool:
        rows = pool(args.pool)
    else:
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
                args.part,
            )
            for table in (args.only or TABLES)
            for yardstick in (args.yardstick or YARDSTICKS)
        ]
    print(
        "| table | yardstick | games | hard | yardstick | hard − yardstick | median ms | mean ms |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        d = r["difference"]
        games = f"{r['played']} (part {r['part']} of {r['games']})" if "part" in r else r["games"]
        print(
            f"| {r['table']} | {r['yardstick']}:{r.get('yardstick_budget', r['budget'])} | "
            f"{games} | "
            f"{r['hard_win']:.1%} | {r['yardstick_win']:.1%} | "
            f"{d[0]:+.1%} [{d[1]:+.1%}, {d[2]:+.1%}] | "
            f"{r['hard_ms_median']:.1f} / {r['yardstick_ms_median']:.1f} | "
            + (
                f"{r['hard_ms_mean']:.1f} / {r['yardstick_ms_mean']:.1f} |"
                if "hard_ms_mean" in r
                else "|"
            )
        )
    for r in rows:
        print(json.dumps(r))


if __name__ == "__main__":
    main()
