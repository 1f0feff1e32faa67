"""Judge Monster Trick players decision by decision: the regret of each choice against an
oracle's estimate of every move's chance to win, on positions of medium players' games.

A screen that needs no whole games: ``oracle`` plays ``--games`` games of medium players
(the deals of ``--seed``), keeps a ``--share`` of their decisions in play that have more
than one distinct move, and estimates each distinct move's chance to win there with the
hard player's search below that move alone (``--iterations`` per move, rewards as
``hard``'s: the outcome after round 3, the fitted proxy before). ``screen`` lets each
player choose ``--reps`` times at every position and reports its mean regret (the best
move's estimate less the chosen move's, in points of win chance) with its 95% interval
over the positions, and, given two or more players, each one's paired difference to the
first. The oracle's file holds its settings and estimates (JSON); the positions are
played again from the settings.

    python benchmarks/regret.py oracle regret-5p.json --players 5 --games 16 --seed 500
    python benchmarks/regret.py screen regret-5p.json hard:0.02s ismcts:0.02s medium --reps 4
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Iterator

from monstertrick.games.monster_trick.bots import bot_rng, make_bot
from monstertrick.games.monster_trick.bots.search import MonsterTrickSearch
from monstertrick.games.monster_trick.bots.tactics import distinct_moves
from monstertrick.games.monster_trick.engine import GameState, Phase, PlayerView
from monstertrick.search import Budget, analyse


def positions(players: int, games: int, seed: int, share: float) -> Iterator[PlayerView]:
    """Decisions in play with more than one distinct move from medium players' games,
    each kept with chance ``share``."""
    pick = random.Random(seed)
    medium = make_bot("medium")
    for g in range(games):
        game_seed = seed * 1000 + g
        game = GameState([f"P{i}" for i in range(players)], seed=game_seed)
        while not game.is_over():
            if game.chapter_over():
                game.next_chapter()
                continue
            p = game.current_player
            assert p is not None
            view = game.view(p)
            if (
                view.phase is Phase.PLAYING
                and len(distinct_moves(view)) > 1
                and pick.random() < share
            ):
                yield view
            game.apply(medium.choose(view, bot_rng(game_seed, *view.decision_key(), p)))


def oracle(view: PlayerView, iterations: int, seed: int) -> dict[str, float]:
    """Every distinct move's chance to win by the search below it alone."""
    values = {}
    for move in distinct_moves(view):
        game = MonsterTrickSearch(view, candidates=[move])
        options = analyse(
            game, random.Random(seed), Budget(iterations=iterations), expand=game.steer
        )
        values[str(move)] = options[0].value
    return values


def _interval(xs: list[float]) -> str:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5
    return f"{100 * mean:+.3f} [{100 * (mean - half):+.3f}, {100 * (mean + half):+.3f}]"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("oracle", help="estimate every move at sampled positions")
    make.add_argument("file")
    make.add_argument("--players", type=int, default=5)
    make.add_argument("--games", type=int, default=16)
    make.add_argument("--seed", type=int, default=500)
    make.add_argument("--share", type=float, default=0.15)
    make.add_argument("--iterations", type=int, default=3000)
    judge = sub.add_parser("screen", help="the players' mean regret at the oracle's positions")
    judge.add_argument("file")
    judge.add_argument("players", nargs="+", help="levels: hard:0.02s, ismcts:0.02s, medium...")
    judge.add_argument("--reps", type=int, default=4)
    args = parser.parse_args(argv)

    if args.command == "oracle":
        settings = {
            "players": args.players,
            "games": args.games,
            "seed": args.seed,
            "share": args.share,
            "iterations": args.iterations,
        }
        found = []
        for k, view in enumerate(positions(args.players, args.games, args.seed, args.share)):
            found.append(oracle(view, args.iterations, k))
            print(f"{k + 1} positions", end="\r", file=sys.stderr, flush=True)
        with open(args.file, "w") as f:
            json.dump({"settings": settings, "values": found}, f)
        print(f"{len(found)} positions estimated", file=sys.stderr)
        return

    try:
        with open(args.file) as f:
            data = json.load(f)
        s = data["settings"]
        views = list(positions(s["players"], s["games"], s["seed"], s["share"]))
        values: list[dict[str, float]] = data["values"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit(f"{args.file}: not an oracle's file of this script ({e})")
    if len(views) != len(values):
        sys.exit(f"{args.file}: {len(values)} estimates for {len(views)} positions")
    first: list[float] | None = None
    print(f"{len(views)} positions, {args.reps} choices each; regret in points of win chance")
    for name in args.players:
        bot = make_bot(name)
        regrets = []
        for k, (view, est) in enumerate(zip(views, values)):
            top = max(est.values())
            picks = [bot.choose(view, random.Random(1000 * k + r)) for r in range(args.reps)]
            regrets.append(statistics.fmean(top - est[str(m)] for m in picks))
        line = f"{name:16} regret {_interval(regrets)}"
        if first is None:
            first = regrets
        else:
            line += (
                f"   minus {args.players[0]}: {_interval([a - b for a, b in zip(regrets, first)])}"
            )
        print(line, flush=True)


if __name__ == "__main__":
    main()
