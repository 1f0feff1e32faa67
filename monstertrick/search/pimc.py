"""Perfect-information Monte Carlo (PIMC): the arena's second yardstick (``pimc``
players), written once for every game.

For a decision it samples worlds consistent with the player's view (the game's
determinizer), plays every root action in each of them, and keeps the action with the
best mean reward. In a world everything is known, so what follows the action is played
by the game's *perfect-information policy* (given to :func:`pimc`: a policy that may
look at every hand of that world), or, when few enough actions remain (the
game says when, :data:`Small`), solved exactly: every seat choosing the action best for
itself (max^n; between two players, whose rewards add up to 1, that is minimax). The
actions are compared on common worlds: each world is copied once per root action and
played on with the same random numbers, so the luck of a deal falls on all alike
(Ginsberg's GIB, 2001; Long, Sturtevant, Buro & Furtak 2010 on why PIMC does well in
trick-taking games).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from .core import Budget, Copy, Option, SearchGame, _going_on

W = TypeVar("W")
A = TypeVar("A")

Small = Callable[[W], bool]
"""Whether what is left of the round in a world is small enough to solve exactly."""

#: An exact solution gives up (and the policy plays on instead) after this many
#: positions: the game's :data:`Small` should make that rare.
SOLVE_LIMIT = 4000


class _TooBig(Exception):
    """The exact solution would visit more than :data:`SOLVE_LIMIT` positions."""


def solve(
    game: SearchGame[W, A], world: W, copy: Copy[W], limit: int = SOLVE_LIMIT
) -> Sequence[float] | None:
    """The rewards of the round in ``world`` (which is left as it was) played out
    exactly, every seat choosing the action best for itself (ties: the first, in the
    game's order), or None if that takes more than ``limit`` positions."""
    left = [limit]

    def value(w: W) -> Sequence[float]:
        if game.round_over(w):
            return game.rewards(w)
        left[0] -= 1
        if left[0] < 0:
            raise _TooBig
        mover = game.to_move(w)
        best: Sequence[float] | None = None
        for a in game.actions(w):
            child = copy(w)
            game.apply(child, a)
            v = value(child)
            if best is None or v[mover] > best[mover]:
                best = v
        assert best is not None, "a player to act has an action"
        return best

    try:
        return value(world)
    except _TooBig:
        return None


def pimc(
    game: SearchGame[W, A],
    rng: random.Random,
    budget: Budget,
    stop: Callable[[], bool] | None,
    copy: Copy[W],
    small: Small[W] | None = None,
    policy: Callable[[W, random.Random], None] | None = None,
) -> list[Option[A]]:
    """Every root action with its mean reward over the worlds it was tried in, best
    first (an action a cut-short search never tried is not listed).

    An iteration is one action in one world: the worlds are sampled one after the other
    and each is played with every root action in turn (on its own copy, the same random
    numbers for all), so ``Budget(iterations=N)`` is N playouts in all and a time
    budget ends at the first check after its time (``stop`` is asked every 16). After
    the action, the round is solved exactly when ``small`` says it is small enough
    (:func:`solve`), else (or should the solution give up) finished by ``policy`` (a
    perfect-information policy: it may look at every hand of the world; None: the
    game's own playout).
    """
    me = game.player
    finish = policy or game.playout
    more = _going_on(budget, stop)
    actions: list[A] = []
    totals: list[float] = []
    visits: list[int] = []
    world = None
    seed = 0
    i = 0
    while more(i):
        k = i % len(actions) if actions else 0
        if k == 0:
            world = game.sample(rng)
            seed = rng.getrandbits(64)
            if not actions:
                actions = list(game.actions(world))
                totals = [0.0] * len(actions)
                visits = [0] * len(actions)
        i += 1
        assert world is not None
        w = copy(world)
        game.apply(w, actions[k])
        rewards = None
        if small is not None and not game.round_over(w) and small(w):
            rewards = solve(game, w, copy)
        if rewards is None:
            finish(w, random.Random(seed))
            rewards = game.rewards(w)
        totals[k] += rewards[me]
        visits[k] += 1
    options = [
        Option(a, visits[j], totals[j] / visits[j]) for j, a in enumerate(actions) if visits[j]
    ]
    options.sort(key=lambda o: o.value, reverse=True)
    return options
