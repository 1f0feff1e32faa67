"""Deduction of hidden values and determinization, checked against brute force."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations, product
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.games.magic_trick import MagicTrickState, Place, View
from monstertrick.games.magic_trick.engine.deduce import (
    Inconsistent,
    Layout,
    layout_of,
    value_ranges,
)
from monstertrick.games.magic_trick.engine.determinize import Determinizer, determinize

from .helpers import random_game

seeds = st.integers(min_value=0, max_value=2**32)


def _weight(values: list[list[int]]) -> int:
    """The layout weight of a whole deal: per value, 7! / prod(block sizes!)."""
    w = 1
    for v in range(8):
        sizes = [row.count(v) for row in values]
        w *= factorial(7) // (
            factorial(sizes[0]) * factorial(sizes[1]) * factorial(sizes[2]) * factorial(sizes[3])
        )
    return w


def _inputs(view: View) -> tuple[list[list[int]], list[list[int]]]:
    suits = [[int(s.suit) for s in seat.spots] for seat in view.seats]
    known = [[s.card & 7 if s.card is not None else -1 for s in seat.spots] for seat in view.seats]
    return suits, known


def _brute_force(
    suits: list[list[int]], known: list[list[int]]
) -> dict[tuple[tuple[int, ...], ...], int]:
    """Every deal with these suits and face-up values, by trying all assignments of the
    missing values of each suit to its hidden positions; with its weight."""
    seen = {suits[p][i] * 8 + known[p][i] for p in range(4) for i in range(14) if known[p][i] >= 0}
    hidden: dict[int, list[tuple[int, int]]] = {}
    for p in range(4):
        for i in range(14):
            if known[p][i] < 0:
                hidden.setdefault(suits[p][i], []).append((p, i))
    missing = {suit: [v for v in range(8) if suit * 8 + v not in seen] for suit in hidden}
    out = {}
    order = sorted(hidden)
    for choice in product(*(permutations(missing[s]) for s in order)):
        values = [row[:] for row in known]
        for s, vals in zip(order, choice):
            for (p, i), v in zip(hidden[s], vals):
                values[p][i] = v
        if all(row == sorted(row) for row in values):
            out[tuple(tuple(r) for r in values)] = _weight(values)
    return out


def _late_view(seed: int, plays: int) -> tuple[MagicTrickState, View]:
    rng = random.Random(seed)
    game = MagicTrickState(["A", "B", "C", "D"], seed=seed)
    while game.plays < plays or game.phase.value != "play":
        game.apply(rng.choice(game.legal_actions()))
    return game, game.view(0)


@pytest.mark.parametrize("seed", range(6))
def test_layout_counts_and_possible_values_match_brute_force(seed: int) -> None:
    game, view = _late_view(seed, 40)
    worlds = _brute_force(*_inputs(view))
    layout = layout_of(view)
    assert layout.count() == sum(worlds.values())
    possible = layout.possible_values()
    for p in range(4):
        for i in range(14):
            assert possible[p][i] == {w[p][i] for w in worlds}
    truth = tuple(tuple(c & 7 for c in game.dealt(p)) for p in range(4))
    assert truth in worlds


def test_the_sampler_draws_worlds_in_proportion_to_their_weight() -> None:
    # A fresh deal with every card face up except the 3s and 4s: many worlds.
    game = MagicTrickState(["A", "B", "C", "D"], seed=4)
    suits = [[c >> 3 for c in game.dealt(p)] for p in range(4)]
    known = [[-1 if c & 7 in (3, 4) else c & 7 for c in game.dealt(p)] for p in range(4)]
    worlds = _brute_force(suits, known)
    assert len(worlds) >= 4 and len(set(worlds.values())) > 1
    layout = Layout(suits, known)
    assert layout.count() == sum(worlds.values())
    rng = random.Random(1)
    n = 20000
    drawn = Counter(tuple(tuple(r) for r in layout.sample_values(rng)) for _ in range(n))
    assert set(drawn) <= set(worlds)
    total = sum(worlds.values())
    # Chi-square with a generous bound (fixed rng: the test is deterministic).
    chi2 = sum((drawn[w] - n * wt / total) ** 2 / (n * wt / total) for w, wt in worlds.items())
    assert chi2 < 3 * len(worlds) + 30


@settings(max_examples=20, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=220))
def test_value_ranges_hold_the_true_values_and_nothing_for_face_up_cards(
    seed: int, stop: int
) -> None:
    game = random_game(seed, stop_after=stop)
    view = game.public_view()
    ranges = value_ranges(view)
    for p in range(4):
        for i, c in enumerate(game.dealt(p)):
            r = ranges[p][i]
            if view.seats[p].spots[i].place is Place.HAND:
                assert r is not None and r[0] <= c.value <= r[1]
            else:
                assert r is None


def test_value_ranges_use_the_sorted_order() -> None:
    game = MagicTrickState(["A", "B", "C", "D"], seed=8)
    ranges = value_ranges(game.public_view())
    for p in range(4):
        lows = [r[0] for r in ranges[p] if r is not None]
        highs = [r[1] for r in ranges[p] if r is not None]
        assert lows == sorted(lows) and highs == sorted(highs)
        assert ranges[p][0] is not None and ranges[p][0][0] == 0
        assert ranges[p][13] is not None and ranges[p][13][1] == 7


@settings(max_examples=20, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=230))
def test_a_determinized_world_gives_the_same_view_back(seed: int, stop: int) -> None:
    game = random_game(seed, stop_after=stop)
    view = game.view(2)
    rng = random.Random(seed)
    sampler = Determinizer(view)
    for _ in range(5):
        world = sampler.sample(rng)
        assert world.view(2) == view
        assert world.legal_actions() == game.legal_actions()
        dealt = [world.dealt(p) for p in range(4)]
        assert sorted(c for h in dealt for c in h) == list(range(56))
        for h in dealt:
            assert [c.value for c in h] == sorted(c.value for c in h)
    assert determinize(view, rng).view(2) == view


def test_determinized_worlds_differ_in_hidden_values() -> None:
    view = MagicTrickState(["A", "B", "C", "D"], seed=3).public_view()
    rng = random.Random(0)
    deals = {tuple(determinize(view, rng).dealt(0)) for _ in range(10)}
    assert len(deals) > 1


def test_an_impossible_layout_is_refused() -> None:
    suits = [[0] * 14, [1] * 14, [2] * 14, [3] * 14]  # 14 Hearts in one hand cannot be
    with pytest.raises(Inconsistent):
        Layout(suits, [[-1] * 14] * 4)
