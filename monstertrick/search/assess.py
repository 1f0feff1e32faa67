"""A hint's reading of the search: each option's chance with the search's own noise, and
what else separates options whose chances it cannot tell apart.

:class:`Watched` wraps a game's :class:`~.core.SearchGame` and records, for every
iteration of a search, the root action it began with, the searching player's reward and
a game's own measure of the round's result (its points: VP, a hand's score, cards ahead
at the end of a game) and, with a game's ``tally``, how the round ended for that player
in a few whole numbers (Monster Trick's tricks, Magic Trick's bid and tricks...), counted
per root action as :class:`Stats`: what a hint's or a review's reason says
(:meth:`~monstertrick.games.door.Door.reason`). The search runs unchanged on the
wrapper: it draws the same random numbers and makes the same calls (the computer
players never use it). :func:`advise` then turns the search's options and those records
into :class:`Advice`.

The noise is measured, not assumed: the standard error of the difference between the
best option's chance and each other's. Where the search tries its root actions on common
worlds (sequential halving, the paired flat search), the difference is taken world by
world on the worlds both were tried on, so that the luck of a deal, shared by both,
cancels out; otherwise (a search that samples a world per iteration) from each option's
own spread. Two options are *about equal* when their difference is within
:data:`Z` standard errors of it.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from .core import Budget, Option, SearchGame

W = TypeVar("W")
A = TypeVar("A")

HINT_SECONDS = 2.0
"""How long a hint's search may think: longer than a computer player's decision, since
a person asked and waits, and a longer search tells options apart better."""

Z = 2.0
"""Options whose chances differ by less than this many standard errors of the difference
(about 95% of what the noise alone would produce) are about equal."""


def hint_budget(candidates: int, seconds: float, playouts: int | None, enough: int) -> Budget:
    """A hint's search budget: exactly ``playouts`` per candidate when given (a review's,
    so that the same seed gives the same numbers), else up to ``seconds``, stopping
    earlier after ``enough`` iterations."""
    if playouts is not None:
        return Budget(iterations=playouts * candidates)
    return Budget(seconds=seconds, enough=enough)


class Common(Enum):
    """How a search lets its root actions share the luck of the worlds."""

    NONE = "none"
    """A world per iteration, one action in it (UCB1 over a tree): nothing is paired."""
    WORLDS = "worlds"
    """Each world sampled is played with every action still in the running, one after
    the other (sequential halving): records are paired by the world."""
    TURNS = "turns"
    """Every action is played in turn on the same world, round after round (the paired
    flat search): the n-th try of each action shares its world."""


Tally = tuple[int, ...]
"""How a round searched ended for the searching player, in a few whole numbers that a
game names (:attr:`~monstertrick.games.door.Door.tally_fields`): only what that player
will know at the round's end (their own tricks, their bid...), never another seat's
hidden card."""


@dataclass(frozen=True, slots=True)
class Stats:
    """Per option, how often each :data:`Tally` came up over the worlds the search
    played it in (``counts``: each tally with its count, in the tallies' order): the
    figures behind a reason. Nothing in it is estimated: a count is a count."""

    counts: tuple[tuple[Tally, int], ...]

    @staticmethod
    def of(tallies: Mapping[Tally, int] | Iterable[Tally]) -> Stats:
        """The stats of these tallies (a mapping: each with its count)."""
        found: Counter[Tally] = Counter(tallies)
        return Stats(tuple(sorted((t, n) for t, n in found.items() if n > 0)))

    @property
    def worlds(self) -> int:
        """The worlds counted."""
        return sum(n for _, n in self.counts)

    def share(self, test: Callable[[Tally], bool]) -> float:
        """The share of the worlds whose tally passes ``test`` (0 with no world)."""
        total = self.worlds
        return sum(n for t, n in self.counts if test(t)) / total if total else 0.0

    def most(self, key: Callable[[Tally], int]) -> tuple[int, float]:
        """The most frequent value of ``key`` over the worlds (ties: the smallest) and
        its share; raises ``ValueError`` with no world."""
        by: Counter[int] = Counter()
        for t, n in self.counts:
            by[key(t)] += n
        if not by:
            raise ValueError("no world was counted")
        value = min(by, key=lambda v: (-by[v], v))
        return value, by[value] / self.worlds

    def mean(
        self, key: Callable[[Tally], float], given: Callable[[Tally], bool] | None = None
    ) -> float | None:
        """The mean of ``key`` over the worlds (those passing ``given``); None for none."""
        picked = [(key(t), n) for t, n in self.counts if given is None or given(t)]
        total = sum(n for _, n in picked)
        return sum(v * n for v, n in picked) / total if total else None

    def to_json(self, fields: Sequence[str]) -> list[dict[str, int]]:
        """Each tally with its count, its numbers under the game's ``fields``' names and
        the count under ``"worlds"``."""
        return [{**dict(zip(fields, t)), "worlds": n} for t, n in self.counts]


@dataclass(frozen=True, slots=True)
class Advice(Generic[A]):
    """One option of a hint: ``chance`` to win (the search's estimate), ``visits`` the
    search gave it, ``points`` the mean of the game's own measure of the round's result
    after it (None: not measured); ``gap`` the best option's chance minus this one's and
    ``noise`` the standard error of that difference, both from the search's own
    statistics (None for the best option, or when too little was measured); ``stats``
    how the round ended after it, counted over the worlds (None: not counted)."""

    action: A
    chance: float
    visits: int = 0
    points: float | None = None
    gap: float | None = None
    noise: float | None = None
    stats: Stats | None = None

    @property
    def about_equal(self) -> bool:
        """Whether the search cannot tell this option's chance from the best one's: their
        difference is within :data:`Z` standard errors of it."""
        if self.gap is None or self.noise is None:
            return False
        return abs(self.gap) <= Z * self.noise


class Watched(Generic[W, A]):
    """``game`` as the search sees it, every finished iteration recorded: per root
    action, a list of (key, reward, points), the key pairing tries on a common world
    (see :class:`Common`). ``points`` measures a finished round for the searching player
    (None: nothing measured); ``tally`` says how it ended for them (:data:`Tally`),
    counted per root action in :attr:`tallies` (None: nothing counted).

    The hot methods are ``game``'s own, bound once (no cost per call); only ``sample``,
    ``copy``, ``apply`` and ``rewards`` pass through the wrapper, which notes the first
    action applied to a fresh world: the root action of that iteration.
    """

    def __init__(
        self,
        game: SearchGame[W, A],
        points: Callable[[W], float] | None,
        common: Common,
        copy: Callable[[W], W] | None = None,
        tally: Callable[[W], Tally] | None = None,
    ) -> None:
        self._game = game
        self._points = points
        self._tally = tally
        self._common = common
        self._copy = copy
        self._me = game.player
        self.round_over: Callable[[W], bool] = game.round_over
        self.to_move: Callable[[W], int] = game.to_move
        self.actions: Callable[[W], Sequence[A]] = game.actions
        self.playout: Callable[[W, random.Random], None] = game.playout
        self._world = 0
        self._root: A | None = None
        self._fresh = False
        self.records: dict[A, list[tuple[int, float, float]]] = {}
        self.tallies: dict[A, Counter[Tally]] = {}

    @property
    def player(self) -> int:
        return self._me

    @property
    def root(self) -> A | None:
        """The root action of the iteration in play (None before the first)."""
        return self._root

    def sample(self, rng: random.Random) -> W:
        self._world += 1
        self._fresh = True
        return self._game.sample(rng)

    def copy(self, world: W) -> W:
        """A copy of ``world`` (the halving root's common worlds), fresh for its root action."""
        assert self._copy is not None, "no copy for this game"
        self._fresh = True
        return self._copy(world)

    def apply(self, world: W, action: A) -> None:
        if self._fresh:
            self._fresh = False
            self._root = action
        self._game.apply(world, action)

    def rewards(self, world: W) -> Sequence[float]:
        rewards = self._game.rewards(world)
        root = self._root
        if root is not None:
            found = self.records.setdefault(root, [])
            key = len(found) if self._common is Common.TURNS else self._world
            points = self._points(world) if self._points is not None else 0.0
            found.append((key, rewards[self._me], points))
            if self._tally is not None:
                counts = self.tallies.get(root)
                if counts is None:
                    counts = self.tallies[root] = Counter()
                counts[self._tally(world)] += 1
        return rewards


def equal_to_best(options: Sequence[Advice[A]]) -> list[bool]:
    """Per option after the best (best first), whether a hint calls it about equal to
    the best: the search cannot tell them apart (:attr:`Advice.about_equal`), and it
    looks no worse than an option the search can tell apart from the best (one that
    was measured on fewer worlds is not "about equal" where a better-looking one is
    already behind)."""
    out: list[bool] = []
    behind = -math.inf  # the best chance among the options told apart from the best
    for o in options[1:]:
        equal = o.about_equal and o.chance > behind
        if not o.about_equal and o.noise is not None:
            behind = max(behind, o.chance)
        out.append(equal)
    return out


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _variance(xs: Sequence[float]) -> float:
    m = _mean(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def _difference(
    best: list[tuple[int, float, float]], other: list[tuple[int, float, float]], paired: bool
) -> tuple[float, float] | None:
    """The mean of the best option's reward minus the other's, and its standard error
    (None when there are too few tries to measure a spread)."""
    if paired:
        theirs = {key: reward for key, reward, _ in other}
        diffs = [reward - theirs[key] for key, reward, _ in best if key in theirs]
        if len(diffs) < 2:
            return None
        return _mean(diffs), math.sqrt(_variance(diffs) / len(diffs))
    a = [reward for _, reward, _ in best]
    b = [reward for _, reward, _ in other]
    if len(a) < 2 or len(b) < 2:
        return None
    return _mean(a) - _mean(b), math.sqrt(_variance(a) / len(a) + _variance(b) / len(b))


def advise(options: Sequence[Option[A]], watched: Watched[W, A]) -> list[Advice[A]]:
    """The search's ``options`` (best first) with what ``watched`` recorded of them: the
    mean points after each, how its rounds ended (:class:`Stats`, when the game tallies
    them), and each one's difference to the best with its noise."""
    if not options:
        return []
    records = watched.records
    paired = watched._common is not Common.NONE
    has_points = watched._points is not None
    tallied = watched._tally is not None
    best = records.get(options[0].action, [])
    out: list[Advice[A]] = []
    for i, o in enumerate(options):
        mine = records.get(o.action, [])
        points = _mean([p for _, _, p in mine]) if has_points and mine else None
        measured = _difference(best, mine, paired) if i > 0 else None
        gap, noise = measured if measured is not None else (None, None)
        stats = Stats.of(watched.tallies.get(o.action, {})) if tallied else None
        out.append(Advice(o.action, o.value, o.visits, points, gap, noise, stats))
    return out
