"""The arena's yardsticks: two textbook searches that every game's ``hard`` player is
measured against, written once (:mod:`monstertrick.search`) and seated with the level
grammar of every game (:mod:`monstertrick.levels`): ``ismcts``, ``ismcts:N``,
``ismcts:Ss``, ``pimc``, ``pimc:N``, ``pimc:Ss``. The arena and ``make_bot`` accept them;
the table does not offer them.

* ``ismcts`` — single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012,
  :func:`monstertrick.search.reference`): one tree over determinized worlds, UCB1 with
  availability counts (c = 0.7), every legal action except those the rules make
  identical (one of them stands for all), untried actions expanded at random, the game's
  cheap playout to the end of the round, the game's outcome as reward (a share of the
  win; before the last round, the game's estimate of the chance to win).
* ``pimc`` — perfect-information Monte Carlo (:func:`monstertrick.search.pimc.pimc`):
  every action tried on the same sampled worlds, each world played on by the game's
  perfect-information policy (it sees every hand of that world) or solved exactly when
  little is left, the best mean reward played.

A game takes part with a :class:`Kit`: its search adapter for a view, its legal actions
as the search counts them, its perfect-information policy and when to solve exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .games.contract import StopCheck
from .levels import Level, budget_level, level_name, level_problem, make_player
from .search import Budget, Option, SearchGame, best, reference
from .search.core import Copy
from .search.pimc import Small, pimc

V = TypeVar("V")
W = TypeVar("W")
A = TypeVar("A")

WORDS = ("ismcts", "pimc")
"""The yardsticks' levels: searching (they take a budget), not offered at the table."""
LEVELS = ("easy", "medium", "hard")
"""The levels every game offers at the table, weakest first."""
SEARCHING = ("hard", *WORDS)
"""The levels that take a budget: ``hard`` and the yardsticks."""
B = TypeVar("B")


@dataclass(frozen=True, slots=True)
class Kit(Generic[V, W, A]):
    """What a game gives its yardsticks."""

    search: Callable[[V, random.Random], SearchGame[W, A]]
    """The search adapter for the view's seat: every legal action, those the rules make
    identical merged; the game's cheap playout; its rewards."""
    actions: Callable[[V], Sequence[A]]
    """The view's actions as the search counts them (one alone: played at once)."""
    perfect: Callable[[W, random.Random], None]
    """The perfect-information policy: finish the round in a world, seeing every hand."""
    copy: Copy[W]
    small: Small[W] | None
    """When what is left of a round is small enough for ``pimc`` to solve it exactly."""
    default: tuple[int | None, float | None]
    """The budget of the bare word: playouts, or seconds (the game's ``hard`` default)."""


class Yardstick(Generic[V, W, A]):
    """An arena yardstick of one game: ``word`` is ``"ismcts"`` or ``"pimc"``."""

    def __init__(self, word: str, kit: Kit[V, W, A], level: Level | None = None) -> None:
        if word not in WORDS:
            raise ValueError(f"{word!r} is not a yardstick: choose {' or '.join(WORDS)}")
        default = Level(word, *kit.default)
        level = budget_level(default, level.playouts, level.seconds) if level else default
        self.word = word
        self.kit = kit
        self.budget = Budget(
            iterations=level.playouts, seconds=None if level.playouts else level.seconds
        )
        self.name = level_name(level, default)

    def analyse(
        self, view: V, rng: random.Random, stop: StopCheck | None = None
    ) -> list[Option[A]]:
        """The options of the decision in ``view``, best first."""
        kit = self.kit
        game = kit.search(view, rng)
        if self.word == "ismcts":
            return reference(game, rng, self.budget, stop)
        return pimc(game, rng, self.budget, stop, kit.copy, kit.small, kit.perfect)

    def choose(self, view: V, rng: random.Random, stop: StopCheck | None = None) -> A:
        actions = self.kit.actions(view)
        if len(actions) == 1:
            return actions[0]
        return best(self.analyse(view, rng, stop), actions[0])


def makers(kit: Kit[V, W, A]) -> dict[str, Callable[[Level], Yardstick[V, W, A]]]:
    """The yardsticks' entries for a game's table of level makers."""

    def maker(word: str) -> Callable[[Level], Yardstick[V, W, A]]:
        return lambda level: Yardstick(word, kit, level)

    return {word: maker(word) for word in WORDS}


class Players(Generic[B, V, W, A]):
    """A game's computer players by level: the table's ``easy``, ``medium`` and
    ``hard`` (made by ``easy()``, ``medium()`` and ``hard(level)``, the level carrying
    its budget) and the arena's yardsticks (made with the game's ``kit``), all read
    with the one grammar (:mod:`monstertrick.levels`)."""

    def __init__(
        self,
        easy: Callable[[], B],
        medium: Callable[[], B],
        hard: Callable[[Level], B],
        kit: Kit[V, W, A],
    ) -> None:
        self._makers: dict[str, Callable[[Level], B | Yardstick[V, W, A]]] = {
            "easy": lambda level: easy(),
            "medium": lambda level: medium(),
            "hard": hard,
            **makers(kit),
        }

    def make(self, spec: object) -> B | Yardstick[V, W, A]:
        """The computer player for a level as written: ``easy``, ``medium``, ``hard``,
        ``hard:N`` (N playouts per decision, reproducible) or ``hard:Ss`` (a time budget
        of S seconds); ``ismcts`` and ``pimc`` with the same options are the arena's
        yardsticks (not in :data:`LEVELS`). Raises
        :class:`~monstertrick.levels.LevelError` (a ``ValueError``) with the reason in
        words for anything else (a saved game's level is untrusted input: it may not
        even be text)."""
        return make_player(spec, self._makers, LEVELS, searching=SEARCHING, unlisted=WORDS)

    def problem(self, spec: object) -> str | None:
        """What is wrong with a level as written (``"hard:200"``), in words, or None."""
        return level_problem(spec, LEVELS, searching=SEARCHING, unlisted=WORDS)
