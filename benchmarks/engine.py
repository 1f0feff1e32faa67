"""Engine throughput: random playouts and record replay. Not part of the test suite.

    python benchmarks/engine.py [--json] [--repeats N] [--seconds S]

For 2, 3, 4 and 5 players: random legal moves from the deal to the end of a round,
dealing (and a random VP arrangement per player) included, as moves/s and rounds/s; then
replay throughput (records/s) on complete 4-player game records, JSON parsing included.
Each figure is the median of ``--repeats`` timed runs of about ``--seconds`` each.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from monstertrick.games.monster_trick import GAME
from monstertrick.games.monster_trick.engine import GameState, Phase
from monstertrick.games.monster_trick.engine.record import replay
from monstertrick.records import parse_json

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def playout_round(n: int, seed: int, rng: random.Random) -> int:
    """Deal a round, arrange at random, play random legal moves to its end."""
    game = GameState(NAMES[:n], seed=seed)
    arrangements = game.legal_arrangements()
    for p in range(n):
        game.arrange(p, arrangements[int(rng.random() * 6)])
    legal_moves = game.legal_moves
    push = game.push
    draw = rng.random
    for _ in range(12 * n):
        moves = legal_moves()
        push(moves[int(draw() * len(moves))])
    assert game.phase is not Phase.PLAYING
    return 12 * n


def time_playouts(n: int, seconds: float, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    rounds = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(20):
            moves += playout_round(n, seed + rounds, rng)
            rounds += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return moves / elapsed, rounds / elapsed


def complete_game_text(n: int, seed: int) -> str:
    rng = random.Random(seed)
    game = GameState(NAMES[:n], seed=seed)
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.ROUND_OVER:
            game.next_chapter()
        elif game.phase is Phase.ARRANGING:
            game.arrange(game.current_player, rng.choice(game.legal_arrangements()))  # type: ignore[arg-type]
        else:
            game.push(rng.choice(game.legal_moves()))
    return GAME.record_text(game)


def time_replay(texts: list[str], seconds: float) -> float:
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for text in texts:
            replay(parse_json(text))
        done += len(texts)
        now = time.perf_counter()
        if now >= deadline:
            break
    return done / (now - start)


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--repeats", type=int, default=5, help="timed runs per figure (median)")
    ap.add_argument("--seconds", type=float, default=0.6, help="length of one timed run")
    args = ap.parse_args()

    for n in (2, 3, 4, 5):  # warm-up: fill the engine's lazy tables
        time_playouts(n, 0.2, 0)

    players: dict[str, dict[str, float]] = {}
    for n in (2, 3, 4, 5):
        runs = [time_playouts(n, args.seconds, 1000 * r) for r in range(args.repeats)]
        players[str(n)] = {
            "moves_per_s": round(statistics.median(m for m, _ in runs)),
            "rounds_per_s": round(statistics.median(r for _, r in runs), 1),
        }
    texts = [complete_game_text(4, s) for s in range(50)]
    replay_rate = statistics.median(time_replay(texts, args.seconds) for _ in range(args.repeats))
    result = {"players": players, "replay_records_per_s": round(replay_rate, 1)}
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"median of {args.repeats} runs of {args.seconds}s"
    )
    print(f"{'players':>8} {'moves/s':>10} {'rounds/s':>10}")
    for n, fig in players.items():
        print(f"{n:>8} {fig['moves_per_s']:>10,} {fig['rounds_per_s']:>10,}")
    print(f"replay: {result['replay_records_per_s']:,} complete 4-player records/s")


if __name__ == "__main__":
    main()
