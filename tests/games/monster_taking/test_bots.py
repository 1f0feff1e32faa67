"""Monster Taking computer players: always legal, reproducible, deciding from a view."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.games.monster_taking import MatchState, Phase
from monstertrick.games.monster_taking.bots import bot_level_problem, make_bot

from .helpers import NAMES


def _match(levels: tuple[str, str], seed: int) -> MatchState:
    bots = [make_bot(levels[0]), make_bot(levels[1])]
    rng = random.Random(seed)
    state = MatchState(NAMES, seed=seed, first_lead=seed % 2)
    while not state.is_over():
        if state.phase is Phase.GAME_OVER:
            state.next_chapter()
            continue
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].choose(view, rng)
        assert action in view.legal_actions
        state.apply(action)
    return state


@settings(max_examples=25, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from(["easy", "medium", "hard:4"]),
    st.sampled_from(["easy", "medium", "hard:3"]),
)
def test_bots_are_always_legal(seed: int, a: str, b: str) -> None:
    assert _match((a, b), seed).is_over()


def test_hard_is_reproducible_given_the_rng() -> None:
    state = MatchState(NAMES, seed=3)
    rng = random.Random(0)
    while (
        state.phase is not Phase.PLAY or state.current_player != 1 or len(state.log[-1].tricks) < 3
    ):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(1)
    bot = make_bot("hard:60")
    assert bot.choose(view, random.Random(8)) == bot.choose(view, random.Random(8))


def test_medium_beats_easy() -> None:
    wins = 0
    for seed in range(40):
        levels = ("medium", "easy") if seed % 2 == 0 else ("easy", "medium")
        outcome = _match(levels, seed).outcome()
        assert outcome is not None
        wins += levels[outcome.winners[0]] == "medium"
    assert wins >= 30


def test_bot_levels() -> None:
    for spec in ("easy", "medium", "hard", "hard:1", "hard:500"):
        assert bot_level_problem(spec) is None
        assert make_bot(spec).name == spec
    for spec in ("hard:0", "hard:x", "expert", ""):
        assert bot_level_problem(spec) is not None
        with pytest.raises(ValueError):
            make_bot(spec)


def test_a_bot_refuses_a_view_that_is_not_its_turn() -> None:
    state = MatchState(NAMES, seed=1)
    with pytest.raises(ValueError):
        make_bot("easy").choose(state.view(1), random.Random(0))
