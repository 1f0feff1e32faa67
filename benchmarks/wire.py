"""The wire's cost per view: what a hosted table pays to send each seat its view, and a
joined seat to read it. Not part of the test suite.

    python benchmarks/wire.py [--games N] [--repeats N]

For each game, the views met at every decision of ``--games`` seeded games played with
random legal decisions (each decider's own view) are written with ``Wire.encode`` and
read back with ``Wire.view`` from their JSON value (the JSON text itself is left out:
the standard library's, the same for every game). Each figure is the median of
``--repeats`` timed passes over all the views, in milliseconds per view, with the
lowest and highest pass in brackets; every view read back is checked equal to the one
sent.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from monstertrick.games import GAMES
from monstertrick.net.wire import Wire

PLAYERS = {"monster-trick": 3, "magic-trick": 4, "monster-taking": 2}


def views_of(key: str, games: int) -> list[Any]:
    """The decider's view at every decision of ``games`` seeded random games."""
    door = GAMES[key].load()
    views = []
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        state = door.new_state([f"P{i}" for i in range(PLAYERS[key])], seed, 0)
        while not door.is_over(state):
            if door.round_over(state):
                state.next_chapter()
                continue
            seat, _ = door.to_decide(state)
            view = door.view(state, seat)
            views.append(view)
            door.apply(state, seat, rng.choice(list(view.legal_actions)))
    return views


def timed_pass(work: Any, items: list[Any]) -> float:
    start = time.perf_counter()
    for item in items:
        work(item)
    return (time.perf_counter() - start) / len(items) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--games", type=int, default=3, help="seeded random games per title")
    ap.add_argument("--repeats", type=int, default=7, help="timed passes per figure")
    args = ap.parse_args()
    for key in PLAYERS:
        wire: Wire[Any, Any, Any, Any, Any] = Wire(GAMES[key].load())
        views = views_of(key, args.games)
        sent = [json.loads(json.dumps(wire.encode(v))) for v in views]
        assert [wire.view(d) for d in sent] == views, "a view read back differs"
        enc = [timed_pass(wire.encode, views) for _ in range(args.repeats)]
        dec = [timed_pass(wire.view, sent) for _ in range(args.repeats)]

        def fig(xs: list[float]) -> str:
            return f"{statistics.median(xs):.3f} ms [{min(xs):.3f} – {max(xs):.3f}]"

        print(f"{key} ({len(views)} views): encode {fig(enc)}, read back {fig(dec)} per view")


if __name__ == "__main__":
    main()
