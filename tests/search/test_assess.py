"""A hint's reading of the search: watching a search changes nothing it decides; the
noise between two options is measured from the search's own tries (on common worlds
where the search pairs them), and so is the mean of a game's points after each."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pytest

from monstertrick.search import Budget, Option, analyse
from monstertrick.search.assess import Advice, Common, Watched, advise, hint_budget


@dataclass
class Draw:
    luck: float
    taken: str | None = None


@dataclass(frozen=True)
class Luck:
    """One decision, ``a`` or ``b``, then the world's luck decides: a reward of
    ``0.9 * luck``, plus ``edge`` for ``a``; the points are the reward times ten."""

    edge: float
    player: int = 0

    def sample(self, rng: random.Random) -> Draw:
        return Draw(rng.random())

    def copy(self, world: Draw) -> Draw:
        return replace(world)

    def round_over(self, world: Draw) -> bool:
        return world.taken is not None

    def to_move(self, world: Draw) -> int:
        return 0

    def actions(self, world: Draw) -> Sequence[str]:
        return ("a", "b")

    def apply(self, world: Draw, action: str) -> None:
        world.taken = action

    def playout(self, world: Draw, rng: random.Random) -> None:
        pass

    def rewards(self, world: Draw) -> Sequence[float]:
        return [0.9 * world.luck + (self.edge if world.taken == "a" else 0.0)]

    def points(self, world: Draw) -> float:
        return 10 * self.rewards(world)[0]


def _advice(game: Luck, common: Common, iterations: int = 400) -> list[Advice[str]]:
    watched = Watched(game, game.points, common, copy=game.copy)
    rng = random.Random(1)
    budget = Budget(iterations=iterations)
    if common is Common.WORLDS:
        options = analyse(watched, rng, budget, halving=watched.copy)
    elif common is Common.TURNS:
        options = analyse(watched, rng, budget, paired=True)
    else:
        options = analyse(watched, rng, budget, depth=1)
    return advise(options, watched)


@pytest.mark.parametrize("common", [Common.WORLDS, Common.TURNS])
def test_on_common_worlds_a_small_edge_is_told_apart(common: Common) -> None:
    # Both options meet the same luck: their difference is the edge on every world, so
    # the noise of the difference is nil and the better one is not "about equal".
    best, other = _advice(Luck(edge=0.01), common)
    assert best.action == "a" and other.action == "b"
    assert other.gap == pytest.approx(0.01)
    assert other.noise == pytest.approx(0.0, abs=1e-9)
    assert not other.about_equal


def test_on_separate_worlds_the_luck_is_noise() -> None:
    # A world per try: the spread of the luck is in each option's mean, and an edge of a
    # hundredth is well within it.
    best, other = sorted(_advice(Luck(edge=0.01), Common.NONE), key=lambda o: o.action)
    noise = other.noise if best.noise is None else best.noise
    assert noise is not None and noise > 0.01
    # The standard error of the difference of two means of 0.9 * uniform luck.
    n_a, n_b = best.visits, other.visits
    expected = 0.9 * (1 / 12) ** 0.5 * (1 / n_a + 1 / n_b) ** 0.5
    assert noise == pytest.approx(expected, rel=0.25)
    listed = _advice(Luck(edge=0.01), Common.NONE)
    assert listed[1].about_equal


def test_the_points_are_the_mean_of_the_games_measure_after_each_option() -> None:
    for o in _advice(Luck(edge=0.05), Common.WORLDS):
        assert o.points == pytest.approx(10 * o.chance)


def test_nothing_measured_is_never_about_equal() -> None:
    assert not Advice("a", 0.5).about_equal
    assert Advice("a", 0.5, gap=0.01, noise=0.005).about_equal
    assert not Advice("a", 0.5, gap=0.011, noise=0.005).about_equal
    assert Advice("a", 0.5, gap=-0.01, noise=0.005).about_equal


def _same(a: Sequence[Option[object]], b: Sequence[Option[object]]) -> bool:
    return [(o.action, o.visits, o.value) for o in a] == [(o.action, o.visits, o.value) for o in b]


def test_watching_a_search_changes_nothing_it_finds() -> None:
    """The search on the watched game draws the same random numbers and finds the same
    options as on the game itself: a hint's statistics never change a decision."""
    from monstertrick.games.monster_trick.bots import HardBot, make_bot
    from monstertrick.games.monster_trick.bots.search import MonsterTrickSearch
    from monstertrick.games.monster_trick.engine import GameState

    game = GameState(["A", "B", "C"], seed=4)
    bots = [make_bot("medium")] * 3
    for _ in range(3):
        p = game.current_player
        assert p is not None
        game.apply(bots[p].choose(game.view(p), random.Random(p)))
    for i in range(5):
        p = game.current_player
        assert p is not None
        game.apply(bots[p].choose(game.view(p), random.Random(i)))
    view = game.view(game.current_player or 0)
    first = view.legal_moves[0]
    budget = Budget(iterations=300)
    plain = HardBot(iterations=300)._analyse(view, first, random.Random(7), budget, None)
    search = MonsterTrickSearch(view, first=first, candidates=HardBot._candidates(view, first))
    watched = Watched(search, search.points, Common.WORLDS, copy=search.copy)
    seen = HardBot._run(watched, watched.copy, search, random.Random(7), budget, None)
    assert _same(plain, seen)
    assert sum(len(r) for r in watched.records.values()) == 300


@pytest.mark.parametrize("common", [Common.WORLDS, Common.TURNS, Common.NONE])
def test_each_search_finds_the_same_options_watched_or_not(common: Common) -> None:
    game = Luck(edge=0.02)
    budget = Budget(iterations=120)
    searches = {
        Common.WORLDS: lambda g, copy: analyse(g, random.Random(3), budget, halving=copy),
        Common.TURNS: lambda g, copy: analyse(g, random.Random(3), budget, paired=True),
        Common.NONE: lambda g, copy: analyse(g, random.Random(3), budget, depth=1),
    }
    watched = Watched(game, game.points, common, copy=game.copy)
    assert _same(searches[common](game, game.copy), searches[common](watched, watched.copy))


def test_an_option_no_better_than_one_told_apart_is_not_about_equal() -> None:
    from monstertrick.search.assess import equal_to_best

    best = Advice("a", 0.354)
    told_apart = Advice("b", 0.348, gap=0.006, noise=0.002)  # measured on many worlds
    fewer_worlds = Advice("c", 0.348, gap=0.006, noise=0.004)  # within its own noise
    better = Advice("d", 0.351, gap=0.003, noise=0.004)
    assert fewer_worlds.about_equal
    assert equal_to_best([best, told_apart, fewer_worlds]) == [False, False]
    assert equal_to_best([best, better, told_apart, fewer_worlds]) == [True, False, False]
    assert equal_to_best([best, fewer_worlds, told_apart]) == [True, False]
    assert equal_to_best([best, Advice("e", 0.3)]) == [False]  # nothing measured


def test_a_hints_budget_is_a_time_and_a_reviews_so_many_playouts_per_candidate() -> None:
    assert hint_budget(3, 2.0, None, 500) == Budget(seconds=2.0, enough=500)
    assert hint_budget(3, 2.0, 40, 500) == Budget(iterations=120)
    with pytest.raises(ValueError):
        hint_budget(3, 2.0, 0, 500)
