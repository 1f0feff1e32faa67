"""determinize(view, rng): a full state consistent with one player's view (OpenSpiel's
ResampleFromInfostate): the sampled world gives the same view back."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.games.monster_trick.engine import (
    Determinizer,
    GameState,
    Phase,
    PlayerView,
    determinize,
    unseen_cards,
)
from monstertrick.games.monster_trick.engine.playout import playout

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def position(
    n: int, seed: int, first: int, rounds_done: int, arranged: int, turn: int
) -> GameState:
    """A random game of ``n`` players stopped in round ``rounds_done + 1``: after
    ``arranged`` arrangements (all of them when ``arranged >= n``), then ``turn`` cards."""
    rng = random.Random(seed)
    game = GameState(NAMES[:n], seed=seed, first_player=first % n)
    for _ in range(rounds_done):
        while game.phase is Phase.ARRANGING:
            game.arrange(game.current_player, rng.choice(game.legal_arrangements()))
        while game.phase is Phase.PLAYING:
            game.push(rng.choice(game.legal_moves()))
        game.next_chapter()
    for p in rng.sample(range(n), n)[: min(arranged, n)]:
        game.arrange(p, rng.choice(game.legal_arrangements()))
    if game.phase is Phase.PLAYING:
        for _ in range(min(turn, 12 * n)):
            game.push(rng.choice(game.legal_moves()))
    return game


positions = st.builds(
    position,
    st.integers(2, 5),
    st.integers(0, 2**32),
    st.integers(0, 4),
    st.integers(0, 2),
    st.integers(0, 6),
    st.integers(0, 60),
)


def check_world(view: PlayerView, world: GameState) -> None:
    assert world.view(view.player) == view
    me = view.player
    others = [c for p in range(view.num_players) if p != me for c in world.hand(p)]
    assert Counter(others) == Counter(unseen_cards(view))
    assert len(others) == len(set(others))
    for p in range(view.num_players):
        row = world.arrangement(p)
        if view.arranged[p]:
            assert row is not None and sorted(row) == sorted(view.vp_set)
            if view.face_up[p] is not None:
                pos, value = view.face_up[p]
                assert row[pos] == value
        else:
            assert row is None


@settings(max_examples=150, deadline=None)
@given(positions, st.integers(0, 2**32))
def test_the_sampled_world_gives_the_same_view_back(game: GameState, seed: int) -> None:
    rng = random.Random(seed)
    for p in range(game.num_players):
        view = game.view(p)
        check_world(view, determinize(view, rng))


@settings(max_examples=40, deadline=None)
@given(positions, st.integers(0, 2**32))
def test_a_determinizer_samples_many_independent_worlds(game: GameState, seed: int) -> None:
    rng = random.Random(seed)
    view = game.view(rng.randrange(game.num_players))
    det = Determinizer(view)
    worlds = [det.sample(rng) for _ in range(5)]
    for world in worlds:
        check_world(view, world)
        if world.phase is Phase.PLAYING:
            playout(world, rng)  # a sampled world plays on to the end of the round
            assert world.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    assert det.sample(rng).view(view.player) == view  # playing on did not touch the base


def test_the_hidden_cards_are_dealt_at_random() -> None:
    game = position(4, 7, 0, 1, 4, 10)
    view = game.view(0)
    rng = random.Random(1)
    hands = {tuple(determinize(view, rng).hand(1)) for _ in range(20)}
    assert len(hands) > 1


def test_a_face_up_card_fixes_its_place_in_the_row() -> None:
    # Round 2 (VP 2, 4, 6), play until someone other than player 0 has a face-up card.
    rng = random.Random(3)
    game = position(3, 11, 0, 1, 3, 0)
    while all(game.face_up(p) is None for p in (1, 2)):
        game.push(rng.choice(game.legal_moves()))
    view = game.view(0)
    assert view.vp_set == (2, 4, 6)
    for _ in range(30):
        check_world(view, determinize(view, rng))


def test_finished_rounds_and_games_determinize_too() -> None:
    for rounds_done in (0, 2):
        game = position(5, 21, 2, rounds_done, 5, 60)
        assert game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        view = game.view(3)
        check_world(view, determinize(view, random.Random(0)))


def test_earlier_round_scores_carry_over() -> None:
    game = position(4, 5, 1, 2, 4, 17)
    view = game.view(2)
    world = determinize(view, random.Random(0))
    assert world.round == 3 and world.vp_set == (3, 6, 9)
    assert world.round_scores() == view.round_scores
    assert world.starting_player == view.starting_player


def test_an_inconsistent_view_is_refused() -> None:
    view = position(4, 5, 1, 0, 4, 9).view(0)
    broken = PlayerView(
        **{**{f: getattr(view, f) for f in view.__dataclass_fields__}, "hand": view.hand[1:]}
    )
    with pytest.raises(ValueError):
        determinize(broken, random.Random(0))
