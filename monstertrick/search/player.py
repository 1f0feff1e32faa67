"""What every game's ``hard`` player shares, whatever its search: a level with a budget
per decision (``hard``, ``hard:N``, ``hard:Xs``, :mod:`monstertrick.levels`) and a
hint's shape (:meth:`SearchingPlayer.advise`). A game's player says only how it searches
(:meth:`SearchingPlayer.hint_search`, and its own ``choose``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from ..levels import Level, budget_level, level_name
from .assess import HINT_SECONDS, Advice, Watched, advise, hint_budget
from .core import Budget, Option

V = TypeVar("V")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class HintSearch(Generic[A]):
    """How a game's hard player searches one decision for a hint: over ``watched`` (its
    search game, every iteration recorded), ``candidates`` options tried, by ``run``
    (given the randomness, the budget and the stop), stopping after ``most`` iterations
    if time is not up before. ``rest``: options a cut-short search may not reach, listed
    after the others at an even chance."""

    watched: Watched[Any, A]
    candidates: int
    most: int
    run: Callable[[random.Random, Budget, Callable[[], bool] | None], list[Option[A]]]
    rest: Sequence[A] = ()


class SearchingPlayer(Generic[V, A]):
    """A game's ``hard`` player: :attr:`playouts` per decision or :attr:`seconds`
    (``None`` for the other), named after its level (``hard``, ``hard:200``,
    ``hard:0.5s``); its :attr:`default` level when given neither."""

    default: ClassVar[Level]

    def __init__(self, playouts: int | None = None, *, seconds: float | None = None) -> None:
        level = budget_level(self.default, playouts, seconds)
        self.playouts = level.playouts
        self.seconds = level.seconds
        self.name = level_name(level, self.default)

    def hint_search(self, view: V, rng: random.Random, include: A | None) -> HintSearch[A]:
        """How this player searches ``view``'s decision for a hint (``include``: an
        action to try too if the player's own candidates leave it out)."""
        raise NotImplementedError

    def advise(
        self,
        view: V,
        rng: random.Random,
        stop: Callable[[], bool] | None = None,
        seconds: float = HINT_SECONDS,
        playouts: int | None = None,
        include: A | None = None,
    ) -> list[Advice[A]]:
        """A hint: the player's search of ``view``'s decision for up to ``seconds`` (or
        until :attr:`HintSearch.most` iterations), each option with its chance to win,
        the game's points after it on average, and the noise of its difference to the
        best (:mod:`monstertrick.search.assess`), best first. With ``playouts``, exactly
        that many per option instead of a time (reproducible: a review's budget);
        ``include``, an action the search tries even where it would not (a review's
        choice to judge)."""
        hint = self.hint_search(view, rng, include)
        budget = hint_budget(hint.candidates, seconds, playouts, hint.most)
        options = hint.run(rng, budget, stop)
        searched = {o.action for o in options}
        rest = [Advice(a, 0.5) for a in hint.rest if a not in searched]
        return advise(options, hint.watched) + rest
