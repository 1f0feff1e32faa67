"""The rules the engine exports for everyone else (bots, screens, records) to use."""

from __future__ import annotations

from itertools import permutations

import pytest

from monstertrick.games.monster_trick.engine import (
    VP_ORDERS,
    VP_SETS,
    Card,
    GameState,
    TieBreak,
    decide_winners,
    is_vp_row,
    row_scoring,
    standings,
    takes_over,
    tricks_scoring,
    vp_orders,
    vp_position,
    vp_scored,
)


def test_vp_position_follows_the_rulebook() -> None:
    assert [vp_position(t) for t in range(8)] == [None, 0, 1, 2, 0, 1, 2, 0]
    assert [vp_scored(t, (5, 7, 9)) for t in range(5)] == [0, 5, 7, 9, 5]
    assert tricks_scoring(0, 7) == (1, 4, 7)
    assert tricks_scoring(2, 7) == (3, 6)


@pytest.mark.parametrize("target", range(1, 9))
def test_row_scoring_puts_the_best_card_where_the_target_scores(target: int) -> None:
    row = row_scoring(target, (2, 4, 6))
    assert sorted(row) == [2, 4, 6]
    assert vp_scored(target, row) == 6
    assert vp_scored(target + 1, row) == 4
    assert vp_scored(target + 2, row) == 2


def test_the_six_vp_orders() -> None:
    for r, vps in enumerate(VP_SETS):
        assert VP_ORDERS[r] == vp_orders(vps) == tuple(permutations(vps))
        assert all(is_vp_row(row, vps) for row in VP_ORDERS[r])
    assert GameState(["A", "B"], seed=1).legal_arrangements() == list(VP_ORDERS[0])


@pytest.mark.parametrize(
    "row", [(1, 2), (1, 2, 2), (1, 2, 4), (1, 2, True), (1.0, 2, 3), ("1", 2, 3), (1, 2, 3, 1)]
)
def test_is_vp_row_refuses_what_is_not_an_order(row) -> None:
    assert not is_vp_row(row, (1, 2, 3))


def test_only_a_higher_card_of_the_opening_colour_takes_over() -> None:
    g = Card.parse
    assert takes_over(g("G9"), int(g("G1").colour), 8)
    assert not takes_over(g("G8"), int(g("G1").colour), 8)
    assert not takes_over(g("B12"), int(g("G1").colour), 8)


def test_standings_follow_total_then_round_3_then_round_2() -> None:
    rounds = [(3, 1, 2, 1), (2, 6, 2, 4), (9, 3, 6, 3)]  # totals 14, 10, 10, 8
    assert standings(rounds) == (0, 2, 1, 3)
    assert decide_winners(rounds).winners == (0,)
    tied = [(1, 3, 3), (6, 4, 4), (3, 3, 3)]  # totals 10, 10, 10; round 3 tied
    assert standings(tied) == (0, 1, 2)
    outcome = decide_winners(tied)
    assert outcome.winners == (0,) and outcome.tie_break is TieBreak.ROUND2
    shared = [(1, 1), (2, 2), (3, 3)]
    assert standings(shared) == (0, 1)
    assert decide_winners(shared).tie_break is TieBreak.SHARED
