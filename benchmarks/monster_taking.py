"""Monster Taking engine throughput: random playouts. Not part of the test suite.

    python benchmarks/monster_taking.py [--json] [--repeats N] [--seconds S]

Playout: a seeded deal of a new match, then ``playout()`` (random legal strength cards,
plays and payments through ``MatchState.push``) to the end of game 1; actions/s counts
every strength card, play and payment, the deal included in the time. Sampled playout:
``determinize()`` of a seat's view in the middle of a game, then ``playout()`` to the
end, as the hard computer player does. Each figure is the median of ``--repeats`` timed
runs of about ``--seconds`` each, with the lowest and highest run as an interval.
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

from monstertrick.games.monster_taking.engine.determinize import Determinizer
from monstertrick.games.monster_taking.engine.playout import playout
from monstertrick.games.monster_taking.engine.state import MatchState
from monstertrick.games.monster_taking.engine.views import Phase


def run_playouts(seconds: float, seed: int) -> tuple[float, float]:
    """Actions/s and games/s of playouts from fresh deals."""
    rng = random.Random(seed)
    actions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            state = MatchState(("Ann", "Bob"), seed=seed + games)
            actions += playout(state, rng)
            games += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return actions / elapsed, games / elapsed


def midgame(seed: int) -> MatchState:
    """A game 1 with 5 tricks played at random, waiting for a lead."""
    rng = random.Random(seed)
    state = MatchState(("Ann", "Bob"), seed=seed)
    while state.phase is not Phase.GAME_OVER and len(state.log[-1].tricks) < 5:
        state.push(rng.choice(state.legal_actions()))
    while state.phase is Phase.PAY:
        state.push(rng.choice(state.legal_actions()))
    return state


def run_sampled(seconds: float, seed: int) -> tuple[float, float]:
    """Actions/s (playout actions only) and samples/s of determinize + playout."""
    rng = random.Random(seed)
    states = [midgame(seed + k) for k in range(20)]
    samplers = [
        Determinizer(s.view(s.current_player if s.current_player is not None else 0))
        for s in states
    ]
    actions = samples = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for sampler in samplers:
            actions += playout(sampler.sample(rng), rng)
            samples += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return actions / elapsed, samples / elapsed


def measure(
    run: Callable[[float, int], tuple[float, float]], repeats: int, seconds: float
) -> dict[str, float]:
    firsts = []
    seconds_ = []
    for r in range(repeats):
        a, b = run(seconds, 1000 * r)
        firsts.append(a)
        seconds_.append(b)
    return {
        "median": statistics.median(firsts),
        "low": min(firsts),
        "high": max(firsts),
        "per_s_median": statistics.median(seconds_),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=1.0)
    args = ap.parse_args()
    play = measure(run_playouts, args.repeats, args.seconds)
    sampled = measure(run_sampled, args.repeats, args.seconds)
    env = f"Python {platform.python_version()} on {platform.machine()}"
    if args.json:
        print(json.dumps({"env": env, "playout": play, "sampled": sampled}))
        return
    print(f"{env}, median of {args.repeats} runs of {args.seconds}s (lowest-highest run)")
    print(
        f"playout:             {play['median']:>9,.0f} actions/s "
        f"({play['low']:,.0f}-{play['high']:,.0f}), {play['per_s_median']:,.0f} games/s"
    )
    print(
        f"determinize+playout: {sampled['median']:>9,.0f} actions/s "
        f"({sampled['low']:,.0f}-{sampled['high']:,.0f}), "
        f"{sampled['per_s_median']:,.0f} samples/s"
    )


if __name__ == "__main__":
    main()
