"""The searches and the protocol a game implements for them."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

W = TypeVar("W")
"""A world: one full state of the game (hidden cards dealt)."""
A = TypeVar("A", bound=Hashable)
"""An action: hashable, equal for equal actions in every world."""

Expand = Callable[[W, random.Random], A | None]
"""A policy's step: carry out its action for the seat to act in the world and return
it (one of :meth:`SearchGame.actions`), or None having done nothing."""
Copy = Callable[[W], W]
"""An independent copy of a world."""


class SearchGame(Protocol[W, A]):
    """One game as the search sees it from one seat (:attr:`player`), built from that
    seat's view only. The search mutates the worlds it samples and nothing else."""

    @property
    def player(self) -> int:
        """The seat the search decides for (it is their turn in every sampled world)."""
        ...

    def sample(self, rng: random.Random) -> W:
        """A world consistent with the view, the hidden parts drawn with ``rng``."""
        ...

    def round_over(self, world: W) -> bool:
        """The round (hand, game of a match) is over: nothing more to search."""
        ...

    def to_move(self, world: W) -> int:
        """The seat to act in ``world`` (the round is not over)."""
        ...

    def actions(self, world: W) -> Sequence[A]:
        """The actions worth considering for the seat to act, in the game's order of
        preference (its first is what the search plays when it has no time at all)."""
        ...

    def apply(self, world: W, action: A) -> None:
        """Carry out ``action`` in ``world`` (in place, unchecked)."""
        ...

    def playout(self, world: W, rng: random.Random) -> None:
        """Finish the round in ``world`` with the game's playout policy."""
        ...

    def rewards(self, world: W) -> Sequence[float]:
        """Per seat, what the finished round is worth, from 0 to 1: a share of the win
        after the last round; earlier, an estimate of the chance to win the game."""
        ...


@dataclass(frozen=True, slots=True)
class Budget:
    """The work per decision: a number of iterations (reproducible), or a time limit
    (``enough``: stop earlier after that many iterations)."""

    iterations: int | None = None
    seconds: float | None = None
    enough: int | None = None

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.seconds is None):
            raise ValueError("a budget is a number of iterations or a time, not both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a budget needs at least one iteration")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError("a time budget must be positive")


@dataclass(frozen=True, slots=True)
class Option(Generic[A]):
    """One action at the root: how often the search tried it and its mean reward (for a
    reward that is a share of the win: the estimated chance to win)."""

    action: A
    visits: int
    value: float


class _Node(Generic[A]):
    __slots__ = ("mover", "children", "visits", "total", "avail")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[A, _Node[A]] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


def _going_on(budget: Budget, stop: Callable[[], bool] | None) -> Callable[[int], bool]:
    """The check before iteration ``i`` (from 0) of a search that starts now: whether
    the budget leaves room for it (a time budget always allows one) and nobody asked
    the search to stop (asked every 16 iterations)."""
    limit = budget.iterations
    enough = budget.enough
    clock = time.perf_counter
    deadline = math.inf if budget.seconds is None else clock() + budget.seconds

    def more(i: int) -> bool:
        if limit is not None:
            if i >= limit:
                return False
        elif i > 0 and ((enough is not None and i >= enough) or clock() >= deadline):
            return False
        return stop is None or i % 16 != 0 or not stop()

    return more


class _Tree(Generic[W, A]):
    """The walk of one iteration below a node: selection by UCB1 with availability
    counts, one expansion, the game's playout, and the rewards backed up the path.
    ``root``: the search's root node, if the walks start there (it tries its actions in
    the game's order and grows no guided child); None where they start below it."""

    __slots__ = ("game", "exploration", "paranoid", "depth", "expand", "root")

    def __init__(
        self,
        game: SearchGame[W, A],
        root: _Node[A] | None,
        *,
        exploration: float,
        paranoid: bool,
        depth: int | None,
        expand: Expand[W, A] | None,
    ) -> None:
        self.game = game
        self.exploration = exploration
        self.paranoid = paranoid
        self.depth = depth
        self.expand = expand
        self.root = root

    def iterate(
        self, world: W, node: _Node[A], path: list[_Node[A]], rng: random.Random, in_order: bool
    ) -> None:
        """One iteration in ``world`` from ``node`` (``path``: the nodes above it that
        share the rewards); ``in_order``: the root tries its actions in the game's order."""
        game = self.game
        root = self.root
        depth = self.depth
        expand = self.expand
        exploration = self.exploration
        rand = rng.random
        log = math.log
        sqrt = math.sqrt
        round_over = game.round_over
        actions_of = game.actions
        apply = game.apply
        while not round_over(world) and (depth is None or len(path) < depth):
            children = node.children
            actions = actions_of(world)
            untried = [a for a in actions if a not in children]
            if untried:
                for a in actions:
                    if a in children:
                        children[a].avail += 1
                mover = game.to_move(world)
                if expand is not None and not children and node is not root:
                    guided = expand(world, rng)
                    if guided is not None:
                        child = children[guided] = _Node(mover)
                        path.append(child)
                        break
                a = untried[0] if in_order and node is root else untried[int(rand() * len(untried))]
                child = children[a] = _Node(mover)
                apply(world, a)
                path.append(child)
                break
            best_u = -math.inf
            chosen = actions[0]
            for a in actions:
                c = children[a]
                u = c.total / c.visits + exploration * sqrt(log(c.avail) / c.visits)
                c.avail += 1
                if u > best_u:
                    best_u, chosen = u, a
            node = children[chosen]
            apply(world, chosen)
            path.append(node)
        game.playout(world, rng)
        rewards = game.rewards(world)
        if self.paranoid:
            me = game.player
            mine = rewards[me]
            for n in path:
                n.visits += 1
                n.total += mine if n.mover == me else 1.0 - mine
        else:
            for n in path:
                n.visits += 1
                n.total += rewards[n.mover]


def _search(
    game: SearchGame[W, A],
    rng: random.Random,
    budget: Budget,
    stop: Callable[[], bool] | None,
    *,
    exploration: float,
    in_order: bool,
    paranoid: bool,
    depth: int | None,
    expand: Expand[W, A] | None = None,
) -> list[Option[A]]:
    root: _Node[A] = _Node(game.player)
    tree = _Tree(game, root, exploration=exploration, paranoid=paranoid, depth=depth, expand=expand)
    more = _going_on(budget, stop)
    sample = game.sample
    iterate = tree.iterate
    i = 0
    while more(i):
        i += 1
        iterate(sample(rng), root, [], rng, in_order)
    options = [
        Option(a, c.visits, c.total / c.visits if c.visits else 0.0)
        for a, c in root.children.items()
    ]
    options.sort(key=lambda o: (o.visits, o.value), reverse=True)
    return options


def _halving(
    game: SearchGame[W, A],
    rng: random.Random,
    budget: Budget,
    stop: Callable[[], bool] | None,
    copy: Copy[W],
    *,
    exploration: float,
    paranoid: bool,
    expand: Expand[W, A] | None,
) -> list[Option[A]]:
    """Sequential halving at the root over a tree below each root action (H-MCTS, Pepels,
    Winands & Lanctot 2014), the root actions compared on common worlds. The root's
    actions are the searching player's own choice, the same in every world.

    The budget is split evenly over ``ceil(log2(k))`` rounds for ``k`` root actions (a
    time budget: at least one world per round; a number of iterations: exactly that many
    in all; ``stop`` is asked before every 16th iteration). In a round, every action
    still in the running is tried once per world, each on its own copy of the same
    sampled world, and its tree below grows as in :func:`_search`; at the round's end
    the better half (by mean reward) goes on. The last ones standing come first, then
    the others in the order they dropped out, each group best first.
    """
    me = game.player
    actions = list(game.actions(game.sample(rng)))
    k = len(actions)
    arms: list[_Node[A]] = [_Node(me) for _ in actions]
    tree = _Tree(game, None, exploration=exploration, paranoid=paranoid, depth=None, expand=expand)
    iterate = tree.iterate
    apply = game.apply
    sample = game.sample
    rounds = max(1, (k - 1).bit_length())  # ceil(log2(k))
    clock = time.perf_counter
    start = clock()
    cap = budget.iterations if budget.iterations is not None else budget.enough
    alive = list(range(k))
    dropped: list[list[int]] = []
    done = 0
    stopped = False
    for r in range(rounds):
        deadline = math.inf if budget.seconds is None else start + budget.seconds * (r + 1) / rounds
        limit = math.inf if cap is None else cap * (r + 1) // rounds
        cycles = 0
        while not stopped and done < limit and (cycles == 0 or clock() < deadline):
            world = sample(rng)
            for j in alive:
                if done >= limit:
                    break
                if stop is not None and done % 16 == 0 and stop():
                    stopped = True
                    break
                w = copy(world)
                apply(w, actions[j])
                iterate(w, arms[j], [arms[j]], rng, False)
                done += 1
            cycles += 1
        if stopped:
            break
        if len(alive) > 1:
            alive.sort(key=lambda j: _mean(arms[j]), reverse=True)
            keep = (len(alive) + 1) // 2
            dropped.append(alive[keep:])
            alive = alive[:keep]
    if done == 0:
        return []
    order = sorted(alive, key=lambda j: _mean(arms[j]), reverse=True)
    for group in reversed(dropped):
        order.extend(sorted(group, key=lambda j: _mean(arms[j]), reverse=True))
    return [Option(actions[j], arms[j].visits, _mean(arms[j])) for j in order if arms[j].visits]


def _mean(node: _Node[A]) -> float:
    return node.total / node.visits if node.visits else 0.0


def _paired(
    game: SearchGame[W, A],
    rng: random.Random,
    budget: Budget,
    stop: Callable[[], bool] | None,
) -> list[Option[A]]:
    """Flat search with common random numbers: every root action is played out on the
    same worlds with the same random choices, round-robin, so that the luck of a world
    falls on all of them alike."""
    me = game.player
    probe = game.sample(random.Random(0))
    actions = list(game.actions(probe))
    k = len(actions)
    totals = [0.0] * k
    visits = [0] * k
    more = _going_on(budget, stop)
    world_seed = 0
    playout_seed = 0
    i = 0
    while more(i):
        c = i % k
        if c == 0:
            world_seed = rng.getrandbits(64)
            playout_seed = rng.getrandbits(64)
        i += 1
        world = game.sample(random.Random(world_seed))
        game.apply(world, actions[c])
        game.playout(world, random.Random(playout_seed))
        totals[c] += game.rewards(world)[me]
        visits[c] += 1
    options = [
        Option(a, visits[j], totals[j] / visits[j] if visits[j] else 0.0)
        for j, a in enumerate(actions)
        if visits[j]
    ]
    options.sort(key=lambda o: o.value, reverse=True)
    return options


#: The hard players' exploration constant (rewards from 0 to 1), chosen by measurement.
EXPLORATION = 0.5
#: The textbook constant of Cowling, Powley & Whitehouse (2012) for rewards in [0, 1].
REFERENCE_EXPLORATION = 0.7


def analyse(
    game: SearchGame[W, A],
    rng: random.Random,
    budget: Budget,
    stop: Callable[[], bool] | None = None,
    *,
    exploration: float = EXPLORATION,
    paranoid: bool = False,
    depth: int | None = None,
    paired: bool = False,
    expand: Expand[W, A] | None = None,
    halving: Copy[W] | None = None,
) -> list[Option[A]]:
    """The hard players' search: every root action with its visits and estimated chance
    to win, best first (most visited; an untried action, which only a cut-short search
    leaves, is not listed).

    An information-set tree over the round (``depth`` levels; None: as deep as the
    iterations reach) with max^n rewards (or ``paranoid``: every opponent plays against
    the searching player), the game's playout policy below; the game's own order of the
    root actions decides which is tried first, untried actions below the root are
    expanded at random, except that with ``expand`` (a policy's step) a new node's first
    child is the policy's action. With ``halving`` (a copy of a world) the root is
    sequential halving over its actions, compared on common worlds, with such a tree
    below each (:func:`_halving`; Monster Trick's choice by measurement). ``depth=1`` is
    flat search (UCB1 over the root actions) and ``paired`` flat search with common
    random numbers (:func:`_paired`): both measured weaker than the tree at equal time
    (benchmarks/README.md, "Playing to win").
    """
    if paired:
        return _paired(game, rng, budget, stop)
    if halving is not None:
        return _halving(
            game,
            rng,
            budget,
            stop,
            halving,
            exploration=exploration,
            paranoid=paranoid,
            expand=expand,
        )
    return _search(
        game,
        rng,
        budget,
        stop,
        exploration=exploration,
        in_order=True,
        paranoid=paranoid,
        depth=depth,
        expand=expand,
    )


def reference(
    game: SearchGame[W, A],
    rng: random.Random,
    budget: Budget,
    stop: Callable[[], bool] | None = None,
) -> list[Option[A]]:
    """Textbook single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): one tree over
    determinized worlds, UCB1 with availability counts (c = 0.7), untried actions
    expanded at random, max^n rewards, the most visited root action first."""
    return _search(
        game,
        rng,
        budget,
        stop,
        exploration=REFERENCE_EXPLORATION,
        in_order=False,
        paranoid=False,
        depth=None,
    )


def best(options: Sequence[Option[A]], fallback: A) -> A:
    """The action to play: the first option, or ``fallback`` if nothing was searched."""
    return options[0].action if options else fallback
