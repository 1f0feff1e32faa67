"""The exact solution of a game's ending (engine/solve.py) against a plain minimax over
every legal action (the shared search's generic solver), and the hard player's use of it."""

from __future__ import annotations

import random

from monstertrick.games.monster_taking.bots import MediumBot
from monstertrick.games.monster_taking.bots.search import SOLVE_CARDS, MonsterTakingSearch
from monstertrick.games.monster_taking.engine.solve import solve
from monstertrick.games.monster_taking.engine.state import MatchState, Phase
from monstertrick.search.pimc import solve as minimax


def _ending(seed: int, cards: int) -> MatchState:
    """A game played by medium until both hands together hold ``cards`` or fewer."""
    rng = random.Random(seed)
    state = MatchState(("a", "b"), seed=seed)
    medium = MediumBot()
    while state.game_result() is None and (
        state._phase is Phase.STRENGTH or len(state._hands[0]) + len(state._hands[1]) > cards
    ):
        seat = state.current_player
        assert seat is not None
        state.push(medium.choose(state.view(seat), rng))
    return state


def test_the_solution_is_the_minimax_value_and_leaves_the_state_as_it_was() -> None:
    checked = 0
    for seed in range(60):
        state = _ending(seed, 4 + seed % 5)
        if state.game_result() is not None:
            continue
        seat = state.current_player
        assert seat is not None
        before = state.key()
        value = solve(state, seat, 10**6)
        assert state.key() == before
        game = MonsterTakingSearch(state.view(seat), random.Random(0), every=True)
        exact = minimax(game, state, MatchState.clone, 10**6)
        assert exact is not None
        assert value == exact[seat]
        assert solve(state, 1 - seat, 10**6) == exact[1 - seat]
        checked += 1
    assert checked > 30


def test_the_solution_gives_up_past_its_limit() -> None:
    state = _ending(3, 20)
    before = state.key()
    assert solve(state, 0, 5) is None
    assert state.key() == before


def test_the_search_solves_small_endings_for_both_seats() -> None:
    state = _ending(5, SOLVE_CARDS)
    assert state.game_result() is None
    seat = state.current_player
    assert seat is not None
    game = MonsterTakingSearch(state.view(seat), random.Random(0), perfect=True)
    assert game.small(state)
    assert not game.small(_ending(5, 20))
    solved = game.solved(state)
    assert solved is not None
    assert solved == (solve(state, 0), solve(state, 1))
