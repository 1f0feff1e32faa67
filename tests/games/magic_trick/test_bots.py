"""Magic Trick computer players: always legal, deciding from the public view only."""

from __future__ import annotations

import inspect
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.games import contract
from monstertrick.games.magic_trick import MagicTrickState, Phase, View
from monstertrick.games.magic_trick.bots import (
    LEVELS,
    Bot,
    EasyBot,
    HardBot,
    MediumBot,
    make_bot,
    margin,
)

from .helpers import NAMES


def _play(specs: list[str], seed: int, *, hands: int = 4) -> MagicTrickState:
    bots = [make_bot(s) for s in specs]
    rng = random.Random(seed)
    game = MagicTrickState(NAMES, seed=seed, first_player=seed % 4)
    while not game.is_over():
        if game.current_player is None:
            if len(game.results()) >= hands:
                break
            game.next_chapter()
            continue
        p = game.current_player
        view = game.view(p)
        action = bots[p].choose(view, rng)
        assert action in view.legal_actions
        game.apply(action)  # raises if illegal
    return game


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_easy_and_medium_always_choose_legal_actions(seed: int) -> None:
    game = _play(["easy", "medium", "easy", "medium"], seed)
    assert game.is_over()


@settings(max_examples=3, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_hard_always_chooses_legal_actions(seed: int) -> None:
    game = _play(["hard:6", "medium", "hard:3", "easy"], seed, hands=1)
    assert len(game.results()) == 1


def test_bots_decide_from_the_view_and_an_rng_only() -> None:
    for bot in (EasyBot(), MediumBot(), HardBot(5)):
        assert isinstance(bot, Bot) and isinstance(bot, contract.Bot)
        params = list(inspect.signature(bot.choose).parameters)
        assert params == ["view", "rng", "stop"]
        assert inspect.signature(bot.choose).parameters["view"].annotation in (View, "View")


def test_hard_n_is_reproducible_given_the_rng() -> None:
    game = MagicTrickState(NAMES, seed=12)
    rng = random.Random(12)
    for _ in range(9):
        game.apply(rng.choice(game.legal_actions()))
    p = game.current_player
    assert p is not None
    view = game.view(p)
    bot = make_bot("hard:40")
    picks = {bot.choose(view, random.Random(5)) for _ in range(3)}
    assert len(picks) == 1


def test_medium_sleeves_at_some_point_and_takes_a_sleeve_step_decision() -> None:
    game = _play(["medium"] * 4, 3, hands=1)
    result = game.results()[0]
    automatic = [t for t in game.turns() if t.automatic]
    assert len(automatic) < 4  # at least one medium bid by choice
    assert sum(result.tricks) == 13


def test_medium_scores_more_than_easy_over_a_few_games() -> None:
    medium = easy = 0
    for seed in range(8):
        specs = (
            ["medium", "easy", "medium", "easy"]
            if seed % 2
            else ["easy", "medium", "easy", "medium"]
        )
        game = _play(specs, seed)
        outcome = game.outcome()
        assert outcome is not None
        for p, spec in enumerate(specs):
            if spec == "medium":
                medium += outcome.scores[p]
            else:
                easy += outcome.scores[p]
    assert medium > easy


def test_margin_is_the_lead_over_the_best_other() -> None:
    assert margin([5, 3, 7, 1], 2) == 2
    assert margin([5, 3, 7, 1], 0) == -2


def test_levels_and_specs() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    assert make_bot("hard:25").name == "hard:25"
    assert make_bot(" Medium ").name == "medium"
    for bad in ("hard:0", "hard:x", "expert", "easy:3"):
        with pytest.raises(ValueError):
            make_bot(bad)


def test_a_bot_asked_when_nobody_is_to_move_refuses() -> None:
    rng = random.Random(0)
    game = MagicTrickState(NAMES, seed=1)
    while game.phase is not Phase.HAND_OVER:
        game.apply(rng.choice(game.legal_actions()))
    with pytest.raises(ValueError):
        MediumBot().choose(game.public_view(), rng)


def test_hard_ranks_every_action_by_its_chance_to_win() -> None:
    from monstertrick.games.magic_trick import GAME
    from monstertrick.games.magic_trick.bots.search import MagicTrickSearch

    game = MagicTrickState(NAMES, seed=8)
    rng = random.Random(8)
    for _ in range(6):
        game.apply(rng.choice(game.legal_actions()))
    p = game.current_player
    assert p is not None
    view = game.view(p)
    options = HardBot(64).analyse(view, random.Random(1))
    assert sum(o.visits for o in options) == 64
    assert {o.action for o in options} == set(view.legal_actions)
    assert all(0.0 <= o.value <= 1.0 for o in options)
    # Before the last hand the search's rewards are chances: they add up to 1.
    search = MagicTrickSearch(view)
    world = search.sample(random.Random(2))
    search.playout(world, random.Random(3))
    assert search.round_over(world) and sum(search.rewards(world)) == pytest.approx(1.0)
    hints = GAME.hint(view, p, 8, stop=lambda: True)
    assert hints == []


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=120))
def test_the_fast_playout_finishes_a_hand_as_the_random_playout_does(seed: int, turns: int) -> None:
    # The same random numbers give the same hand's end: the same bids, tricks, suits,
    # scores and cards left, from any point of a hand (a play or a sleeve step).
    from monstertrick.games.magic_trick.engine.playout import fast_playout, playout

    game = MagicTrickState(NAMES, seed=seed, first_player=seed % 4)
    rng = random.Random(seed)
    for _ in range(turns):
        if game.current_player is None:
            break
        game.apply(rng.choice(game.legal_actions()))
    slow, fast = game.clone(), game.clone()
    assert fast_playout(fast, random.Random(seed)) == playout(slow, random.Random(seed))
    assert fast.results() == slow.results()
    assert fast.phase is slow.phase
    assert fast._live == slow._live and fast._sleeve == slow._sleeve
    assert fast.tricks_won() == slow.tricks_won()


def test_hard_compares_its_options_on_common_worlds() -> None:
    # Sequential halving: every action still in the running is played in the same
    # sampled worlds, so the luck of a deal falls on all of them alike (the flat search
    # before sampled a world for each try). A hint's noise is then paired by world.
    from monstertrick.search import Budget

    game = MagicTrickState(NAMES, seed=4)
    rng = random.Random(4)
    for _ in range(5):
        game.apply(rng.choice(game.legal_actions()))
    p = game.current_player
    assert p is not None
    view = game.view(p)
    legal = view.legal_actions
    assert len(legal) > 2
    hint = HardBot().hint_search(view, random.Random(1), None)
    options = hint.run(random.Random(1), Budget(iterations=8 * len(legal)), None)
    assert {o.action for o in options} == set(legal)
    worlds = [{key for key, _, _ in hint.watched.records[a]} for a in legal]
    # The first round's worlds: every action was tried in each of them.
    assert len(set.intersection(*worlds)) >= 2
