"""Who decides and what was decided, over every game and the toy game: at every step of
random games, the seats that may decide now (``deciders``, several at once where the
rules have them decide without seeing each other's choice), a decision carried out for
any of them (``apply``/``push`` with its seat) and refused for anyone else, and the
chapter's ``history`` of who decided what, which popping and pushing again at its seats
gives back whole."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monstertrick.errors import IllegalMoveError

from .test_every_game import door_of, table_size

Door = Any
State = Any


def seen_by_all(door: Door, state: State) -> tuple[Any, ...]:
    """Everything the game is, as values: its record, every seat's view and the public
    view, and its history (a record keeps the VP rows by seat, not in the order they were
    laid)."""
    views = tuple(state.view(seat) for seat in range(len(state.players)))
    return (json.dumps(door.to_record(state)), views, state.public_view(), state.history())


def replayed_at_their_seats(state: State, check: bool) -> State:
    """A copy of ``state`` with every decision of its chapter taken back, then made again
    at the seat its history names (checked by ``apply``, or pushed)."""
    copy = state.clone()
    made = copy.history()
    while copy.decisions:
        copy.pop()
    assert copy.history() == ()
    for seat, action in made:
        if check:
            copy.apply(action, seat)
        else:
            copy.push(action, None, seat)
    return copy


def check_deciders(state: State) -> tuple[int, ...]:
    deciders = state.deciders
    n = len(state.players)
    assert isinstance(deciders, tuple) and len(set(deciders)) == len(deciders)
    assert all(type(seat) is int and 0 <= seat < n for seat in deciders)
    assert state.current_player == (deciders[0] if deciders else None)
    assert bool(state.task) == bool(deciders)
    assert state.public_view().deciders == deciders
    for seat in range(n):
        view = state.view(seat)
        assert view.deciders == deciders
        assert bool(view.legal_actions) == (seat in deciders)
    return deciders


def a_random_decision(state: State, rng: random.Random, door: Door) -> None:
    """Check the step, then carry out a random decision of a random decider."""
    deciders = check_deciders(state)
    history = state.history()
    assert len(history) == state.decisions
    before = seen_by_all(door, state)
    seat = rng.choice(deciders)
    action = rng.choice(list(state.view(seat).legal_actions))
    # Nobody else may decide now: refused in words, nothing changed.
    for other in sorted(set(range(len(state.players))) - set(deciders)):
        with pytest.raises(IllegalMoveError) as refused:
            state.apply(action, other)
        assert state.players[other] in str(refused.value)
    assert seen_by_all(door, state) == before
    # The fast path does what the checked one does, at the same seat.
    pushed = state.clone()
    collected: list[Any] = []
    pushed.push(action, collected, seat)
    events = state.apply(action, seat)
    assert collected == events
    assert seen_by_all(door, pushed) == seen_by_all(door, state)
    assert state.history() == (*history, (seat, action))
    # Undo takes back that decision, whoever made it.
    undone = state.clone()
    assert undone.pop() == action
    assert seen_by_all(door, undone) == before


def play_at_random(key: str, seed: int, rng: random.Random, every: int) -> None:
    """A random game of ``key``, each decision of a random decider, checked at every
    step; every ``every`` decisions and at each chapter's end, its decisions are popped
    and made again at their seats."""
    door = door_of(key)
    names = [f"P{i}" for i in range(table_size(key, seed))]
    state = door.new_state(names, seed, seed % len(names))
    steps = 0
    while not state.is_over():
        if state.chapter_over():
            assert check_deciders(state) == ()
            whole = seen_by_all(door, state)
            assert seen_by_all(door, replayed_at_their_seats(state, check=True)) == whole
            state.next_chapter()
            assert state.history() == ()
            continue
        a_random_decision(state, rng, door)
        steps += 1
        if steps % every == 0:
            whole = seen_by_all(door, state)
            assert seen_by_all(door, replayed_at_their_seats(state, check=False)) == whole
            # A record keeps what a seat may know: read back, the same views.
            again = door.from_record(json.loads(json.dumps(door.to_record(state))))
            for seat in range(len(names)):
                assert again.view(seat) == state.view(seat)
            assert seen_by_all(door, replayed_at_their_seats(again, check=True)) == (
                seen_by_all(door, again)
            )
    assert check_deciders(state) == () and state.outcome() is not None


@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**16), choices=st.integers(0, 2**16))
@pytest.mark.slow
def test_who_decides_and_what_was_decided_hold_at_every_step_of_random_games(
    game_key: str, seed: int, choices: int
) -> None:
    play_at_random(game_key, seed, random.Random(choices), every=7)


def test_several_seats_decide_at_once_in_any_order_and_one_keyboard_asks_in_turn() -> None:
    """Monster Trick's VP rows: every seat still to lay its row may lay it, in any order;
    the first of them is who one keyboard asks."""
    door = door_of("monster-trick")
    state = door.new_state(["Ann", "Bob", "Cy", "Di"], 3, 2)
    assert state.deciders == (2, 3, 0, 1) and door.to_decide(state) == (2, "arrange")
    rows = list(state.view(1).legal_actions)
    door.apply(state, 1, rows[0])
    door.apply(state, 3, rows[1])
    assert state.deciders == (2, 0) and door.to_decide(state) == (2, "arrange")
    # A game saved now and resumed asks only those who have not laid their rows.
    resumed = door.from_record(json.loads(json.dumps(door.to_record(state))), seed=3)
    assert resumed.deciders == (2, 0) and door.to_decide(resumed) == (2, "arrange")
    assert [bool(resumed.view(seat).legal_actions) for seat in range(4)] == [
        True,
        False,
        True,
        False,
    ]
    door.apply(state, 0, rows[2])
    door.apply(state, 2, rows[3])
    assert [seat for seat, _ in state.history()] == [1, 3, 0, 2]
    assert state.task == "play" and state.deciders == (2,)
    assert door.undo(state) == rows[3] and state.deciders == (2,)
    assert door.undo(state) == rows[2] and state.deciders == (2, 0)
