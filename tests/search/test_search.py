"""The shared search on toy games: it finds winning moves, plays for the win rather than
for points, is reproducible, stops when asked and accounts for every iteration."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from monstertrick.search import Budget, analyse, reference
from monstertrick.search.pimc import pimc, solve


@dataclass
class Pile:
    stones: int
    to_move: int = 0
    taken_last: int | None = None


@dataclass
class Nim:
    """Two players take 1 or 2 stones in turn; whoever takes the last stone wins."""

    stones: int
    player: int = 0

    def sample(self, rng: random.Random) -> Pile:
        return Pile(self.stones, self.player)

    def round_over(self, world: Pile) -> bool:
        return world.stones == 0

    def to_move(self, world: Pile) -> int:
        return world.to_move

    def actions(self, world: Pile) -> Sequence[int]:
        return [1, 2] if world.stones >= 2 else [1]

    def apply(self, world: Pile, action: int) -> None:
        world.stones -= action
        world.taken_last = world.to_move
        world.to_move = 1 - world.to_move

    def playout(self, world: Pile, rng: random.Random) -> None:
        while world.stones:
            self.apply(world, rng.choice(self.actions(world)))

    def rewards(self, world: Pile) -> Sequence[float]:
        return [1.0 if world.taken_last == p else 0.0 for p in (0, 1)]


@dataclass
class Bet:
    """One decision: ``safe`` scores 1 point and wins 70% of the time; ``greedy``
    scores 5 points and wins 30% of the time. Rewards are win shares (``win``) or
    points scaled to 0..1 (the objective the hard player had before)."""

    win: bool
    player: int = 0
    chances: dict[str, tuple[float, int]] = field(
        default_factory=lambda: {"safe": (0.7, 1), "greedy": (0.3, 5)}
    )

    def sample(self, rng: random.Random) -> list[object]:
        return [rng.random()]  # the hidden luck of this world

    def round_over(self, world: list[object]) -> bool:
        return len(world) == 2

    def to_move(self, world: list[object]) -> int:
        return 0

    def actions(self, world: list[object]) -> Sequence[str]:
        return ["greedy", "safe"]

    def apply(self, world: list[object], action: str) -> None:
        world.append(action)

    def playout(self, world: list[object], rng: random.Random) -> None:
        pass

    def rewards(self, world: list[object]) -> Sequence[float]:
        luck, action = world
        chance, points = self.chances[str(action)]
        won = float(luck) < chance  # type: ignore[arg-type]
        if self.win:
            return [float(won), 1.0 - won]
        return [points / 5, 0.0]


def tree(*args):  # type: ignore[no-untyped-def]
    return analyse(*args, depth=None)


def halving(*args):  # type: ignore[no-untyped-def]
    return analyse(*args, halving=copy.deepcopy)


def paired(*args):  # type: ignore[no-untyped-def]
    return analyse(*args, paired=True)


@pytest.mark.parametrize("search", [analyse, tree, paired, halving, reference])
def test_finds_the_winning_move(search) -> None:
    # From 4 stones only taking 1 wins (it leaves 3); from 5 only taking 2.
    for stones, winning in ((4, 1), (5, 2)):
        options = search(Nim(stones), random.Random(3), Budget(iterations=600))
        assert options[0].action == winning
        assert options[0].value > options[1].value


@pytest.mark.parametrize("search", [analyse, paired, halving])
def test_the_outcome_reward_prefers_winning_over_points(search) -> None:
    budget = Budget(iterations=400)
    assert search(Bet(win=True), random.Random(1), budget)[0].action == "safe"
    assert search(Bet(win=False), random.Random(1), budget)[0].action == "greedy"


def test_paired_search_plays_every_action_on_the_same_worlds() -> None:
    for seed in range(20):
        options = analyse(Bet(win=True), random.Random(seed), Budget(iterations=8), paired=True)
        assert [o.visits for o in options] == [4, 4]
        value = {o.action: o.value for o in options}
        # The same luck in every world: whenever greedy wins, safe wins too.
        assert value["safe"] >= value["greedy"]


@pytest.mark.parametrize("search", [analyse, tree, paired, halving, reference])
def test_the_same_seed_and_iterations_give_the_same_statistics(search) -> None:
    one = search(Nim(9), random.Random(5), Budget(iterations=300))
    two = search(Nim(9), random.Random(5), Budget(iterations=300))
    assert one == two


@pytest.mark.parametrize("search", [analyse, tree, paired, halving, reference])
def test_statistics_sum_to_the_iterations(search) -> None:
    options = search(Nim(12), random.Random(0), Budget(iterations=257))
    assert sum(o.visits for o in options) == 257
    assert all(0.0 <= o.value <= 1.0 for o in options)
    assert [o.visits for o in options] == sorted((o.visits for o in options), reverse=True)


@dataclass
class Pick:
    """One decision among ``count`` actions: action ``a`` wins when the world's luck is
    below ``(a + 1) / 10``."""

    count: int = 8
    player: int = 0

    def sample(self, rng: random.Random) -> list[float]:
        return [rng.random()]

    def round_over(self, world: list[float]) -> bool:
        return len(world) == 2

    def to_move(self, world: list[float]) -> int:
        return 0

    def actions(self, world: list[float]) -> Sequence[int]:
        return list(range(self.count))

    def apply(self, world: list[float], action: int) -> None:
        world.append(action)

    def playout(self, world: list[float], rng: random.Random) -> None:
        pass

    def rewards(self, world: list[float]) -> Sequence[float]:
        luck, action = world
        won = float(luck < (action + 1) / 10)
        return [won, 1.0 - won]


def test_halving_splits_the_budget_over_rounds_and_keeps_the_better_half() -> None:
    # Eight actions: three rounds of 80 iterations, over 8, then 4, then 2 actions.
    options = analyse(Pick(), random.Random(2), Budget(iterations=240), halving=copy.deepcopy)
    assert [o.visits for o in options] == [70, 70, 30, 30, 10, 10, 10, 10]
    assert [o.action for o in options[:2]] == [7, 6]


def test_halving_compares_the_actions_on_the_same_worlds() -> None:
    for seed in range(20):
        options = analyse(
            Pick(2), random.Random(seed), Budget(iterations=10), halving=copy.deepcopy
        )
        assert [o.visits for o in options] == [5, 5]
        value = {o.action: o.value for o in options}
        # The same luck for both: whenever the worse action wins, the better one wins too.
        assert value[1] >= value[0]


def test_halving_with_a_time_budget_plays_every_round_and_stops_when_asked() -> None:
    options = analyse(Pick(), random.Random(0), Budget(seconds=0.001), halving=copy.deepcopy)
    # Even with no time at all, one world per round: 8 + 4 + 2 iterations.
    assert sum(o.visits for o in options) >= 14
    assert options[0].visits > options[-1].visits
    assert (
        analyse(Pick(), random.Random(0), Budget(seconds=60), lambda: True, halving=copy.deepcopy)
        == []
    )


def test_stop_cuts_the_search_short() -> None:
    asked = [0]

    def stop() -> bool:
        asked[0] += 1
        return asked[0] >= 3

    options = analyse(Nim(12), random.Random(0), Budget(seconds=60), stop)
    # Asked before every 16 iterations: two batches ran before the third check.
    assert sum(o.visits for o in options) == 32
    assert analyse(Nim(12), random.Random(0), Budget(iterations=100), lambda: True) == []


def test_the_game_order_decides_the_first_try_only_in_the_hard_search() -> None:
    options = analyse(Nim(12), random.Random(0), Budget(iterations=1))
    assert [o.action for o in options] == [1]


def test_a_budget_is_iterations_or_time() -> None:
    for bad in ({}, {"iterations": 3, "seconds": 1.0}, {"iterations": 0}, {"seconds": 0.0}):
        with pytest.raises(ValueError):
            Budget(**bad)  # type: ignore[arg-type]


def test_paranoid_rewards_score_every_opponent_node_against_the_player() -> None:
    options = analyse(Nim(4), random.Random(3), Budget(iterations=600), depth=None, paranoid=True)
    assert options[0].action == 1


def test_the_search_imports_no_game() -> None:
    import ast
    import subprocess
    import sys
    from pathlib import Path

    import monstertrick.search

    for path in Path(monstertrick.search.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                # Within the package, or the level grammar every game shares.
                assert node.level <= 1 or (node.level, node.module) == (2, "levels"), path
                assert "games" not in (node.module or ""), path
            elif isinstance(node, ast.Import):
                assert all("monstertrick" not in a.name for a in node.names), path
    # Nor does anything it imports, in a fresh process.
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, monstertrick.search.player; print(*sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert "monstertrick.levels" in loaded
    assert not [m for m in loaded if m.startswith("monstertrick.games")]


def test_a_policy_picks_the_first_child_of_each_new_node_below_the_root() -> None:
    game = Nim(12)
    asked: list[int] = []

    def take_two(world: Pile, rng: random.Random) -> int:
        asked.append(world.stones)
        take = min(2, world.stones)
        game.apply(world, take)
        return take

    analyse(game, random.Random(0), Budget(iterations=2), expand=take_two)
    assert asked == []  # the first two iterations try the root's two actions
    analyse(game, random.Random(0), Budget(iterations=3), expand=take_two)
    # The third goes down one of them and grows the policy's move there.
    assert len(asked) == 1 and asked[0] in (10, 11)
    options = analyse(game, random.Random(0), Budget(iterations=300), expand=take_two)
    assert sum(o.visits for o in options) == 300


def test_a_policy_that_declines_leaves_the_choice_to_chance() -> None:
    def decline(world: Pile, rng: random.Random) -> None:
        return None

    plain = analyse(Nim(12), random.Random(4), Budget(iterations=200))
    assert analyse(Nim(12), random.Random(4), Budget(iterations=200), expand=decline) == plain


def _pimc(*args):  # type: ignore[no-untyped-def]
    return pimc(*args, None, copy.deepcopy)


def _solved(*args):  # type: ignore[no-untyped-def]
    return pimc(*args, None, copy.deepcopy, lambda world: True)


@pytest.mark.parametrize("search", [_pimc, _solved])
def test_pimc_finds_the_winning_move_and_is_reproducible(search) -> None:
    for stones, winning in ((4, 1), (5, 2), (7, 1)):
        options = search(Nim(stones), random.Random(3), Budget(iterations=400))
        assert options[0].action == winning and options[0].value > options[1].value
        assert options == search(Nim(stones), random.Random(3), Budget(iterations=400))
        assert sum(o.visits for o in options) == 400


def test_pimc_solves_a_small_round_exactly_and_tries_every_action_on_each_world() -> None:
    options = _solved(Nim(7), random.Random(0), Budget(iterations=10))
    # Solved: taking 1 from 7 leaves 6, lost for whoever moves; taking 2 leaves 5, won.
    assert {o.action: (o.visits, o.value) for o in options} == {1: (5, 1.0), 2: (5, 0.0)}
    assert solve(Nim(9), Pile(9), copy.deepcopy) == [0.0, 1.0]  # 9 = 3 * 3: lost
    assert solve(Nim(40), Pile(40), copy.deepcopy, limit=50) is None  # too big


def test_pimc_compares_the_actions_on_the_same_worlds_and_stops_when_asked() -> None:
    for seed in range(10):
        options = _pimc(Pick(2), random.Random(seed), Budget(iterations=10))
        value = {o.action: o.value for o in options}
        assert [o.visits for o in options] == [5, 5] and value[1] >= value[0]
    asked = [0]

    def stop() -> bool:
        asked[0] += 1
        return asked[0] >= 3

    options = pimc(Pick(), random.Random(0), Budget(seconds=60), stop, copy.deepcopy)
    assert sum(o.visits for o in options) == 32
    assert pimc(Pick(), random.Random(0), Budget(iterations=100), lambda: True, copy.deepcopy) == []
