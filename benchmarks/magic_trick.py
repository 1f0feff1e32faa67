"""Magic Trick engine throughput: random playouts, determinized playouts, the deduction,
record replay. Not part of the test suite.

    python benchmarks/magic_trick.py [--json] [--repeats N] [--seconds S]

* playout: deal a hand from a seed and finish it with ``playout()`` (uniformly random
  legal actions: plays, sleeves and passes, through the engine's ``push()``), as
  actions/s and hands/s, dealing included;
* determinized: what the hard bot does per playout: sample a world consistent with a
  view after 12 turns (``Determinizer.sample``) and finish the hand with ``playout()``,
  as playouts/s;
* deduction: ``value_ranges`` (what the medium computer player and the deduction aid
  ask at every decision: each hidden card's lowest and highest possible value) of the
  views met at every decision of seeded random hands, as views/s;
* replay: complete 4-hand game records, JSON parsing included, as records/s.

Each figure is the median of ``--repeats`` timed runs of about ``--seconds`` each, with
the lowest and highest run as an interval.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from monstertrick.games.magic_trick import (
    GAME,
    MagicTrickState,
)
from monstertrick.games.magic_trick.engine.deduce import value_ranges
from monstertrick.games.magic_trick.engine.determinize import Determinizer
from monstertrick.games.magic_trick.engine.playout import playout
from monstertrick.games.magic_trick.engine.record import replay
from monstertrick.records import parse_json

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def timed(step: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Run ``step`` (returning a count) in batches for about ``seconds``: (count/s, steps/s)."""
    count = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(20):
            count += step()
            steps += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return count / elapsed, steps / elapsed


def playout_runner(seed: int) -> Callable[[], int]:
    rng = random.Random(seed)
    hands = [seed * 1000]

    def step() -> int:
        hands[0] += 1
        return playout(MagicTrickState(NAMES, seed=hands[0]), rng)

    return step


def determinized_runner(seed: int) -> Callable[[], int]:
    rng = random.Random(seed)
    game = MagicTrickState(NAMES, seed=seed)
    while len(game.turns()) < 12:
        game.push(rng.choice(game.legal_actions()))
    sampler = Determinizer(game.public_view())

    def step() -> int:
        world = sampler.sample(rng)
        return playout(world, rng)

    return step


def deduction_runner(seed: int) -> Callable[[], int]:
    """``value_ranges`` of every view met in a random hand of ``seed`` (and the next
    seeds, as each batch asks for more)."""
    rng = random.Random(seed)
    views = []
    for hand in range(seed * 100, seed * 100 + 4):
        game = MagicTrickState(NAMES, seed=hand)
        while game.current_player is not None:
            views.append(game.view(game.current_player))
            game.push(rng.choice(game.legal_actions()))
    i = [0]

    def step() -> int:
        value_ranges(views[i[0] % len(views)])
        i[0] += 1
        return 1

    return step


def complete_game_text(seed: int) -> str:
    rng = random.Random(seed)
    game = MagicTrickState(NAMES, seed=seed)
    while not game.is_over():
        if game.current_player is None:
            game.next_chapter()
        else:
            game.push(rng.choice(game.legal_actions()))
    return GAME.record_text(game)


def replay_runner(texts: list[str]) -> Callable[[], int]:
    i = [0]

    def step() -> int:
        replay(parse_json(texts[i[0] % len(texts)]))
        i[0] += 1
        return 1

    return step


def summary(values: list[float], digits: int = 0) -> dict[str, float]:
    def r(x: float) -> float:
        return round(x, digits) if digits else round(x)

    return {"median": r(statistics.median(values)), "low": r(min(values)), "high": r(max(values))}


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--repeats", type=int, default=5, help="timed runs per figure (median)")
    ap.add_argument("--seconds", type=float, default=0.6, help="length of one timed run")
    args = ap.parse_args()

    timed(playout_runner(0), 0.2)  # warm-up
    runs = [timed(playout_runner(r + 1), args.seconds) for r in range(args.repeats)]
    actions = summary([a for a, _ in runs])
    hands = summary([h for _, h in runs], 1)
    det = summary(
        [timed(determinized_runner(r + 1), args.seconds)[1] for r in range(args.repeats)], 1
    )
    deduce = summary(
        [timed(deduction_runner(r + 1), args.seconds)[0] for r in range(args.repeats)], 1
    )
    texts = [complete_game_text(s) for s in range(50)]
    rep = summary([timed(replay_runner(texts), args.seconds)[0] for _ in range(args.repeats)], 1)
    result = {
        "playout_actions_per_s": actions,
        "playout_hands_per_s": hands,
        "determinized_playouts_per_s": det,
        "deduction_views_per_s": deduce,
        "replay_records_per_s": rep,
    }
    if args.json:
        print(json.dumps(result))
        return

    def line(label: str, fig: dict[str, float], unit: str) -> str:
        return f"{label:<28} {fig['median']:>12,} {unit}  [{fig['low']:,} – {fig['high']:,}]"

    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"median of {args.repeats} runs of {args.seconds}s [lowest – highest run]"
    )
    print(line("random playout", actions, "actions/s"))
    print(line("random playout", hands, "hands/s"))
    print(line("sample world + playout", det, "playouts/s"))
    print(line("deduction (value_ranges)", deduce, "views/s"))
    print(line("replay", rep, "complete records/s"))


if __name__ == "__main__":
    main()
