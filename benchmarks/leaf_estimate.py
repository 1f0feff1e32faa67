"""A learned estimate of how a Monster Trick round ends, as a cheaper leaf for the search:
is it worth more than the one steering playout that ends each of hard's iterations?

A diagnostic, not a player. Three steps, all in one run:

1. **Data**: ``--games`` rounds of steering playouts (the engine's :func:`playout`, as
   hard plays its leaves) from fresh deals, every VP row at random; every third turn,
   per player, the features below and how many more tricks they went on to win.
2. **Model**: per player, the chance that they win 0 more tricks, or 1, 2 or 3 more
   modulo 3 (what decides which VP card they score), by a multinomial logistic model
   over the features, one per "tricks until their highest VP card" (0 to 3), fitted by
   stochastic gradient descent on ``--fit`` rows each; the held-out log loss is reported
   against the classes' frequencies alone.
3. **Ranking moves**: at ``--positions`` positions of fresh steering playouts (the player
   to move having three or more distinct moves), every distinct move is judged by the
   "truth" (the mean reward of ``--truth`` playouts after it), by one playout, by the
   mean of four, and by the model (after ``--after`` more steering moves, the model's
   estimate of the round's end); reported per judge: the mean regret of the move it
   rates best (the truth's best less the truth of its pick, in points of the reward) and
   how often its pick is the truth's best. The reward is the search's proxy after round 1
   (:func:`win_chances` of the round's VP), the model's expectation taken player by
   player (the ratio of the expected weights).

    python benchmarks/leaf_estimate.py --players 5 --games 5000 --seed 3 --positions 200 --after 0 10

Features of a player (all hands of the world seen, as at a leaf of the search): cards in
hand; their cards no other hand can beat in its colour, those only one other card beats,
and the sum over their cards of 1 / (1 + the other cards that beat it); tricks they hold
of three cards that nobody else can take over, or that someone can, of two cards, of one;
tricks of three held by another that they could take; the share of the round's turns
left; the share of the other players who want tricks; their place after the player to
move.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from monstertrick.games.monster_trick.bots.search import TEMPERATURE, win_chances
from monstertrick.games.monster_trick.engine import GameState, Phase
from monstertrick.games.monster_trick.engine.actions import VP_ORDERS
from monstertrick.games.monster_trick.engine.cards import HAND_SIZE
from monstertrick.games.monster_trick.engine.playout import playout
from monstertrick.games.monster_trick.engine.state import _TAKERS, vp_scored

CLASSES = 4
DISTANCES = 4


def tricks_class(more: int) -> int:
    """0 for no more tricks, else 1, 2 or 3 by ``more`` modulo 3 (3 for 3, 6...)."""
    return 0 if more == 0 else 1 + (more - 1) % 3


def tricks_held(game: GameState, p: int) -> tuple[int, int, int, int, int]:
    """The open tricks ``p`` holds: of three cards that nobody else can take over, of
    three that someone can, of two, of one; and the tricks of three ``p`` can take."""
    n = game._n
    hands = game._hands
    hand = hands[p]
    safe3 = unsafe3 = held2 = held1 = take3 = 0
    for s in range(4):
        lead = game._lead[s]
        if lead < 0:
            continue
        size = len(game._cards[s])
        takers = _TAKERS[lead][game._high[s]]
        if game._holder[s] == p:
            if size == 3:
                if any(c in takers for q in range(n) if q != p for c in hands[q]):
                    unsafe3 += 1
                else:
                    safe3 += 1
            elif size == 2:
                held2 += 1
            else:
                held1 += 1
        elif size == 3 and any(c in takers for c in hand):
            take3 += 1
    return safe3, unsafe3, held2, held1, take3


def features(game: GameState) -> list[tuple[int, list[float]]]:
    """Per player: (tricks until they score their highest VP card, their features)."""
    n = game._n
    hands = game._hands
    above = [[0] * 17 for _ in range(4)]
    for colour in range(4):
        count = [0] * 17
        for hand in hands:
            for c in hand:
                if c >> 4 == colour:
                    count[c & 15] += 1
        acc = 0
        for v in range(16, -1, -1):
            above[colour][v] = acc
            acc += count[v]
    distance: list[int] = []
    for p in range(n):
        row = game._arr[p]
        assert row is not None
        d = 0
        while vp_scored(game._tricks[p] + d, row) != max(row):
            d += 1
        distance.append(d)
    wanting = sum(1 for d in distance if d)
    left = 1 - game._turn / (n * HAND_SIZE)
    out: list[tuple[int, list[float]]] = []
    for p in range(n):
        hand = hands[p]
        top = one = 0
        strength = 0.0
        for c in hand:
            mine_higher = sum(1 for o in hand if o >> 4 == c >> 4 and o & 15 > c & 15)
            beaten = above[c >> 4][c & 15] - mine_higher
            top += beaten == 0
            one += beaten == 1
            strength += 1 / (1 + beaten)
        safe3, unsafe3, held2, held1, take3 = tricks_held(game, p)
        others_want = (wanting - (1 if distance[p] else 0)) / (n - 1)
        place = (p - game._to_move) % n / n
        x = [1.0, len(hand) / HAND_SIZE, top, one, strength, safe3, unsafe3, held2, held1]
        out.append((distance[p], [*map(float, x), take3, left, others_want, place]))
    return out


def deal(players: int, seed: str, rng: random.Random) -> GameState:
    """A fresh round in play, every VP row at random."""
    game = GameState([f"P{i}" for i in range(players)], seed=seed)
    for p in range(players):
        game.arrange(p, rng.choice(VP_ORDERS[0]))
    return game


def data(players: int, games: int, seed: int) -> list[tuple[int, int, list[float]]]:
    """(distance, class, features) rows from steering playouts."""
    rng = random.Random(seed)
    rows: list[tuple[int, int, list[float]]] = []
    for g in range(games):
        game = deal(players, f"{seed}-{g}", rng)
        start = rng.randrange(3)
        snaps: list[tuple[list[int], list[tuple[int, list[float]]]]] = []
        while game._phase is Phase.PLAYING:
            if (game._turn - start) % 3 == 0:
                snaps.append((list(game._tricks), features(game)))
            playout(game, rng, 0.1, 1)
        final = game._results[-1][0]
        for tricks, per_player in snaps:
            for p, (d, x) in enumerate(per_player):
                rows.append((d, tricks_class(final[p] - tricks[p]), x))
    return rows


def probabilities(w: list[list[float]], x: list[float]) -> list[float]:
    """The model's chances of the classes: the softmax of its logits."""
    return win_chances([sum(a * b for a, b in zip(wc, x, strict=True)) for wc in w], 1.0)


def fit(
    rows: list[tuple[int, list[float]]], rng: random.Random, epochs: int = 4
) -> list[list[float]]:
    """A multinomial logistic model by stochastic gradient descent (the features are
    counts and shares of similar size: no scaling)."""
    nf = len(rows[0][1])
    w = [[0.0] * nf for _ in range(CLASSES)]
    order = list(range(len(rows)))
    step = 0
    for _ in range(epochs):
        rng.shuffle(order)
        for i in order:
            y, x = rows[i]
            step += 1
            rate = 0.05 / math.sqrt(1 + step / 2000)
            p = probabilities(w, x)
            for k in range(CLASSES):
                g = p[k] - (k == y)
                wk = w[k]
                for j in range(nf):
                    wk[j] -= rate * (g * x[j] + 1e-5 * wk[j])
    return w


def log_loss(w: list[list[float]], rows: list[tuple[int, list[float]]]) -> float:
    return -statistics.fmean(math.log(probabilities(w, x)[y] + 1e-12) for y, x in rows)


class Model:
    def __init__(self, weights: list[list[list[float]]], temperature: float) -> None:
        self.weights = weights
        self.temperature = temperature

    def rewards(self, game: GameState) -> list[float]:
        """Per seat, the expected proxy reward of the round's end, player by player."""
        t = self.temperature
        weights: list[float] = []
        for p, (d, x) in enumerate(features(game)):
            row = game._arr[p]
            assert row is not None
            tricks = game._tricks[p]
            probs = probabilities(self.weights[d], x)
            weights.append(
                sum(q * math.exp(vp_scored(tricks + k, row) / t) for k, q in enumerate(probs))
            )
        z = sum(weights)
        return [v / z for v in weights]


def ranking(
    model: Model, players: int, positions: int, truth: int, after: int, seed: int
) -> dict[str, tuple[float, float, int]]:
    """Per judge: mean regret, its 95% half-width, and how often it picked the truth's
    best, over ``positions`` positions."""
    rng = random.Random(seed)
    t = model.temperature

    def reward(game: GameState, p: int) -> float:
        return win_chances(game._results[-1][1], t)[p]

    def played_out(game: GameState, p: int, moves: int | None = None) -> float:
        world = game.clone()
        playout(world, rng, 0.1, moves)
        if world._phase is Phase.PLAYING:
            return model.rewards(world)[p]
        return reward(world, p)

    judges = ("model", "one playout", "four playouts", "at random")
    regret: dict[str, list[float]] = {j: [] for j in judges}
    agree = dict.fromkeys(judges, 0)
    g = 0
    while len(regret["model"]) < positions:
        g += 1
        game = deal(players, f"rank-{seed}-{g}", rng)
        playout(game, rng, 0.1, rng.randrange(50))
        moves = game.distinct_moves() if game._phase is Phase.PLAYING else []
        if len(moves) < 3:
            continue
        p = game._to_move
        true: list[float] = []
        estimates: dict[str, list[float]] = {j: [] for j in judges}
        for m in moves:
            after_move = game.clone()
            after_move.push(m)
            if after_move._phase is not Phase.PLAYING:
                outcomes = [reward(after_move, p)] * (truth + 5)
                estimates["model"].append(outcomes[0])
            else:
                outcomes = [played_out(after_move, p) for _ in range(truth + 5)]
                estimates["model"].append(played_out(after_move, p, after))
            true.append(statistics.fmean(outcomes[5:]))
            estimates["one playout"].append(outcomes[0])
            estimates["four playouts"].append(statistics.fmean(outcomes[1:5]))
            estimates["at random"].append(rng.random())
        best = max(true)
        for j in judges:
            pick = max(range(len(moves)), key=estimates[j].__getitem__)
            regret[j].append(100 * (best - true[pick]))
            agree[j] += true[pick] == best
    out: dict[str, tuple[float, float, int]] = {}
    for j in judges:
        values = regret[j]
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
        out[j] = (statistics.fmean(values), half, agree[j])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--fit", type=int, default=40000, help="rows fitted per model")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--truth", type=int, default=48, help="playouts for the truth")
    parser.add_argument("--after", type=int, nargs="+", default=[0, 10])
    args = parser.parse_args()

    rng = random.Random(args.seed)
    rows = data(args.players, args.games, args.seed)
    print(f"{len(rows)} rows from {args.games} playouts")
    print("| tricks until the best VP card | rows | held-out log loss: frequencies | model |")
    print("|---|---|---|---|")
    weights: list[list[list[float]]] = []
    for d in range(DISTANCES):
        mine = [(y, x) for dd, y, x in rows if dd == d]
        rng.shuffle(mine)
        cut = len(mine) // 5
        test, train = mine[:cut], mine[cut:][: args.fit]
        w = fit(train, rng)
        counts = [sum(1 for y, _ in train if y == k) for k in range(CLASSES)]
        base = [[math.log(c / len(train))] + [0.0] * (len(mine[0][1]) - 1) for c in counts]
        print(f"| {d} | {len(mine)} | {log_loss(base, test):.3f} | {log_loss(w, test):.3f} |")
        weights.append(w)
    model = Model(weights, TEMPERATURE[args.players][0])

    sample = [deal(args.players, f"time-{i}", rng) for i in range(200)]
    for game in sample:
        playout(game, rng, 0.1, rng.randrange(50))
    sample = [game for game in sample if game._phase is Phase.PLAYING]
    clock = time.perf_counter()
    for game in sample:
        model.rewards(game)
    model_us = (time.perf_counter() - clock) / len(sample) * 1e6
    clock = time.perf_counter()
    for game in sample:
        playout(game.clone(), rng, 0.1)
    playout_us = (time.perf_counter() - clock) / len(sample) * 1e6
    print(f"\none estimate {model_us:.0f} µs, one playout {playout_us:.0f} µs (same positions)")

    for after in args.after:
        print(f"\nthe model after {after} steering moves; truth: {args.truth} playouts")
        print("| judge | mean regret (points) | picks the truth's best |")
        print("|---|---|---|")
        result = ranking(model, args.players, args.positions, args.truth, after, args.seed + after)
        for judge, (mean, half, hits) in result.items():
            print(f"| {judge} | {mean:.2f} ± {half:.2f} | {hits} of {args.positions} |")


if __name__ == "__main__":
    main()
