"""The line mode played by ear's stand-in: a script that reads only the lines and
answers numbered choices plays whole seeded games of each title against computer
players (in process, at one keyboard, nothing saved); per title, how many finished, how
many answers a game took and how long, as medians with 95% bootstrap intervals.

    .venv/bin/python benchmarks/lines.py --games 100
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import time

from monstertrick.lines.play import LineMode
from monstertrick.seating import parse_seats
from monstertrick.session import Session

TABLES = {
    "monster-trick": ["Ann", "Bob:easy", "Cid:easy"],
    "monster-taking": ["Ann", "Bob:easy"],
    "magic-trick": ["Ann", "Bob:easy", "Cid:easy", "Dee:easy"],
}
_CHOICE = re.compile(r"^(\d+)\. ")
_BOX = re.compile("[\u2500-\u257f]")


def play(game: str, seed: int) -> tuple[bool, int, float, bool]:
    """One game: whether it ended, the answers typed, the seconds, and whether its
    lines were clean (no box drawing, no escape byte)."""
    session = Session.start(parse_seats(TABLES[game], game=game), seed, None, game=game)
    rng = random.Random(seed)
    lines: list[str] = []
    answers = 0
    turn = 0

    def write(line: str) -> None:
        nonlocal turn
        if line.startswith("Turn: "):
            turn = len(lines)
        lines.append(line)

    def read() -> str:
        nonlocal answers
        answers += 1
        if not lines[-1].startswith("Prompt: type a number"):
            return ""
        count = sum(1 for line in lines[turn:] if _CHOICE.match(line))
        return str(rng.randint(1, count))

    start = time.perf_counter()
    done = LineMode(session, write, read, decide=session.decide).run()
    took = time.perf_counter() - start
    text = "\n".join(lines)
    return done, answers, took, not _BOX.search(text) and "\x1b" not in text


def interval(values: list[float], rng: random.Random, draws: int = 2000) -> tuple[float, float]:
    """A 95% bootstrap interval of the median."""
    medians = sorted(statistics.median(rng.choices(values, k=len(values))) for _ in range(draws))
    return medians[int(0.025 * draws)], medians[int(0.975 * draws) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per title (default 100)")
    args = parser.parse_args()
    rng = random.Random(0)
    for game in TABLES:
        results = [play(game, seed) for seed in range(1, args.games + 1)]
        ended = sum(r[0] for r in results)
        clean = sum(r[3] for r in results)
        answers = [float(r[1]) for r in results]
        seconds = [r[2] for r in results]
        a_lo, a_hi = interval(answers, rng)
        s_lo, s_hi = interval(seconds, rng)
        print(
            f"{game} ({len(TABLES[game])} players, 1 person): {ended}/{len(results)} ended, "
            f"{clean} with clean lines; answers per game {statistics.median(answers):.0f} "
            f"[{a_lo:.0f}, {a_hi:.0f}]; seconds per game {statistics.median(seconds):.3f} "
            f"[{s_lo:.3f}, {s_hi:.3f}] (medians, 95% bootstrap intervals)"
        )


if __name__ == "__main__":
    main()
