"""What counting a reason's figures costs the hint's search, per game.

``python benchmarks/reasons.py --decisions 8 --repeats 5 --playouts 100`` takes
``--decisions`` unforced decisions of games of ``medium`` players per game (Monster
Trick at 3 players, Magic Trick at 4, Monster Taking at 2) and runs the hint's search of
each (the hard player's, :meth:`~monstertrick.search.player.SearchingPlayer.advise`'s,
with ``--playouts`` per option: the same iterations every time) with the tally counted
(``after``: the search as it is) and without (``before``: the same search, its
``Watched`` given no tally), in turns, ``--repeats`` times each, :func:`advise`'s reading
of the records included. Per decision the ratio of the medians (after / before); per
game the median of those ratios with a 95% bootstrap interval over the decisions, and
the median time of a search.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from monstertrick.games import GAMES
from monstertrick.search.assess import advise, hint_budget

TABLES = {"monster-trick": 3, "magic-trick": 4, "monster-taking": 2}


def decisions(key: str, players: int, count: int, seed: int) -> list[Any]:
    """``count`` views of unforced decisions, spread over games of ``medium`` players."""
    door = GAMES[key].load()
    rng = random.Random(seed)
    out: list[Any] = []
    game = 0
    while len(out) < count:
        state = door.new_state([f"P{i}" for i in range(players)], seed + game, 0)
        bot = door.make_bot("medium")
        while not door.is_over(state) and len(out) < count:
            if door.round_over(state):
                door.next_round(state)
                continue
            seat, _ = door.to_decide(state)
            view = door.view(state, seat)
            classes = {door.same_decision(view, a) for a in view.legal_actions}
            if len(classes) > 1 and rng.random() < 0.1:
                out.append(view)
            door.apply(state, seat, door.decide(bot, view, seat, seed))
        game += 1
    return out


def timed(key: str, view: Any, playouts: int, tally: bool) -> float:
    """The seconds of one hint's search of ``view`` (with or without the tally)."""
    hard = GAMES[key].load().hard_player()
    rng = random.Random(1)
    hint = hard.hint_search(view, rng, None)
    if not tally:
        hint.watched._tally = None  # the search as it was before the counts
    budget = hint_budget(hint.candidates, 60.0, playouts, hint.most)
    start = time.perf_counter()
    advise(hint.run(rng, budget, None), hint.watched)
    return time.perf_counter() - start


def bootstrap(values: list[float], rounds: int = 2000) -> tuple[float, float]:
    """A 95% interval of the median of ``values``, resampled."""
    rng = random.Random(0)
    medians = sorted(statistics.median(rng.choices(values, k=len(values))) for _ in range(rounds))
    return medians[int(0.025 * rounds)], medians[int(0.975 * rounds) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--game", choices=sorted(TABLES), action="append")
    args = parser.parse_args()
    for key in args.game or sorted(TABLES):
        ratios: list[float] = []
        before_all: list[float] = []
        after_all: list[float] = []
        for view in decisions(key, TABLES[key], args.decisions, 2026):
            before: list[float] = []
            after: list[float] = []
            for _ in range(args.repeats):  # in turns, so that the load falls on both alike
                before.append(timed(key, view, args.playouts, tally=False))
                after.append(timed(key, view, args.playouts, tally=True))
            ratios.append(statistics.median(after) / statistics.median(before))
            before_all.append(statistics.median(before))
            after_all.append(statistics.median(after))
        low, high = bootstrap(ratios)
        print(
            f"{key} ({TABLES[key]} players, {args.decisions} decisions, {args.repeats} runs "
            f"each, {args.playouts} playouts per option): search {statistics.median(before_all):.3f} s "
            f"before, {statistics.median(after_all):.3f} s after (medians); after/before "
            f"{statistics.median(ratios):.3f} [{low:.3f}, {high:.3f}]"
        )


if __name__ == "__main__":
    main()
