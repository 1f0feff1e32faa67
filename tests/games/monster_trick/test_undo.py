"""GameState.pop() undoes the last action of a round, exactly (hypothesis, random games)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.games.monster_trick.engine import (
    Action,
    Arrange,
    GameState,
    IllegalMoveError,
    Move,
    Phase,
    RoundScored,
    TrickWon,
)
from monstertrick.games.monster_trick.engine.record import to_record

from .helpers import NAMES, random_position, random_step

positions = st.tuples(
    st.integers(min_value=2, max_value=5),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=4),
    st.integers(min_value=0, max_value=3 * (3 + 60) + 2),
)


def observe(game: GameState) -> Any:
    """Everything anyone can learn from the game through its public interface."""
    n = game.num_players
    return (
        [game.view(p) for p in range(n)],
        game.public_view(),
        game.legal_moves(),
        to_record(game),
        game.phase,
        game.current_player,
        game.round,
        game.turn,
        game.table(),
        game.tricks_won(),
        [game.hand(p) for p in range(n)],
        [game.arrangement(p) for p in range(n)],
        game.round_results(),
        game.totals(),
        game.outcome(),
    )


def act(game: GameState, rng: random.Random) -> tuple[Action, int, list[Any]]:
    """One random action, who made it and its events (any player still to arrange may
    arrange, in any order)."""
    if game.phase is Phase.ARRANGING:
        waiting = [p for p in range(game.num_players) if game.arrangement(p) is None]
        player = rng.choice(waiting)
        row = rng.choice(game.legal_arrangements())
        return Arrange.of(row), player, game.arrange(player, row)
    move = rng.choice(game.legal_moves())
    mover = game.current_player
    assert mover is not None
    return move, mover, game.play(move)


def finish(game: GameState, rng: random.Random) -> dict[str, Any]:
    while game.phase is not Phase.GAME_OVER:
        random_step(game, rng)
    return to_record(game)


@settings(max_examples=150, deadline=None)
@given(positions)
def test_pop_restores_every_observable_of_the_state_before(params) -> None:
    n, seed, first, steps = params
    game, rng = random_position(n, seed, first, steps)
    if game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        before = game.clone()
        undone = game.pop()  # the last card of the round: scoring is undone too
        assert isinstance(undone, Move)
        assert game.phase is Phase.PLAYING
        events = game.play(undone)
        assert any(isinstance(e, RoundScored) for e in events)
        assert observe(game) == observe(before)
        return
    before = game.clone()
    expected = observe(game)
    action, player, events = act(game, rng)
    after = observe(game)
    assert game.pop() is action
    assert observe(game) == expected
    assert observe(game) == observe(before)
    # Doing it again does the same, events included.
    if isinstance(action, Move):
        assert game.play(action) == events
    else:
        assert game.arrange(player, action.row) == events
    assert observe(game) == after
    # The undone game plays on exactly like the copy taken before.
    game.pop()
    assert finish(game, random.Random(seed + 1)) == finish(before, random.Random(seed + 1))


@settings(max_examples=60, deadline=None)
@given(positions)
def test_pop_to_the_start_of_the_round_and_no_further(params) -> None:
    n, seed, first, steps = params
    game, rng = random_position(n, seed, first, steps)
    start = game.clone()
    while start.turn or any(start.arrangement(p) is not None for p in range(n)):
        start.pop()
    assert start.phase is Phase.ARRANGING
    assert start.round == game.round
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        start.pop()
    # Undoing everything and redoing it from the record gives the same game.
    record = to_record(game)["rounds"][-1]
    for p, row in enumerate(record["arrangements"]):
        if row is not None:
            start.arrange(p, row)
    for m in record["moves"]:
        start.play(Move.of(m["card"], m["slot"]))
    assert observe(start) == observe(game)


def test_pop_undoes_a_won_trick_with_its_take_over_and_vp_card() -> None:
    game = GameState(NAMES[:2], seed=5)
    for p in range(2):
        game.arrange(p, (3, 1, 2))
    rng = random.Random(0)
    while True:
        before = game.clone()
        move = rng.choice(game.legal_moves())
        events = game.play(move)
        if any(isinstance(e, TrickWon) for e in events):
            break
    assert game.pop() == move
    assert observe(game) == observe(before)
    assert game.play(move) == events


def test_pop_returns_the_vp_row_it_undoes_and_the_start_of_play_with_it() -> None:
    game = GameState(NAMES[:3], seed=9)
    game.arrange(2, (1, 2, 3))
    game.arrange(0, (3, 2, 1))
    before = game.clone()
    game.arrange(1, (2, 1, 3))
    assert game.phase is Phase.PLAYING
    assert game.pop() is Arrange.of((2, 1, 3))
    assert game.phase is Phase.ARRANGING
    assert observe(game) == observe(before)
    assert game.pop() is Arrange.of((3, 2, 1))
    assert game.pop() is Arrange.of((1, 2, 3))
    with pytest.raises(IllegalMoveError, match="round 1"):
        game.pop()


def test_pop_never_crosses_into_the_previous_round() -> None:
    game = GameState(NAMES[:2], seed=3)
    rng = random.Random(3)
    while game.phase is not Phase.ROUND_OVER:
        random_step(game, rng)
    game.next_chapter()
    with pytest.raises(IllegalMoveError, match="earlier round"):
        game.pop()
    assert game.round == 2 and len(game.round_results()) == 1
