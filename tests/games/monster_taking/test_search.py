"""Monster Taking as the shared search sees it: worlds from the view only, the engine's
legal actions, a game's outcome as the reward, and the hard player built on it."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from monstertrick.games.monster_taking import MatchState, Pay, Phase
from monstertrick.games.monster_taking.bots import HardBot, MediumBot
from monstertrick.games.monster_taking.bots.hard import CANDIDATES
from monstertrick.games.monster_taking.bots.search import (
    PAYMENT_CANDIDATES,
    TREE_PAYMENTS,
    MonsterTakingSearch,
)
from monstertrick.games.monster_taking.engine.determinize import determinize
from monstertrick.games.monster_taking.engine.views import PlayerView

from .helpers import NAMES


def _position(seed: int, wanted: Callable[[MatchState], bool]) -> MatchState:
    """The first position of a random match (from ``seed``) where ``wanted`` holds."""
    rng = random.Random(seed)
    state = MatchState(NAMES, seed=seed, first_lead=seed % 2)
    while not wanted(state):
        if state.phase is Phase.GAME_OVER:
            state.next_chapter()
        elif state.is_over():
            raise AssertionError("no such position in this match")
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def _mid_play(seed: int, *, face_down: bool = False) -> MatchState:
    """A play after a few tricks of a game (with a face-down discard among them)."""
    return _position(
        seed,
        lambda s: (
            s.phase is Phase.PLAY
            and len(s.log[-1].tricks) >= 3
            and len(s.legal_actions()) > 2
            and (not face_down or any(t.pay and not t.same_suit for t in s.log[-1].tricks))
        ),
    )


def _a_payment(seed: int) -> MatchState:
    """A payment with more legal ways to pay than medium's candidates."""
    return _position(
        seed,
        lambda s: s.phase is Phase.PAY and len(s.legal_actions()) > PAYMENT_CANDIDATES,
    )


def _seat_view(state: MatchState) -> PlayerView:
    seat = state.current_player
    assert seat is not None
    return state.view(seat)


def _public(state: MatchState) -> tuple[object, ...]:
    log = state.log[-1]
    return (tuple(log.strength), tuple((t.leader, t.lead, t.follow) for t in log.tricks))


def _hidden(state: MatchState, opp: int) -> list[int]:
    return sorted(state.hand(opp) + state.discards(opp) + state.deck)


def test_worlds_keep_the_players_hand_and_the_public_cards_and_vary_the_hidden() -> None:
    state = _mid_play(1, face_down=True)
    view = _seat_view(state)
    me = view.viewer
    assert me is not None
    # The opponent has discarded face down: those cards are hidden too.
    assert any(t.face_down and t.paid and t.winner == me for t in view.tricks)
    game = MonsterTakingSearch(view, random.Random(0))
    assert game.player == me
    other_hands = set()
    for seed in range(12):
        world = game.sample(random.Random(seed))
        assert world.hand(me) == view.hand
        assert world.discards(me) == view.discards
        assert _public(world) == _public(state)
        assert world.view(me) == view
        assert game.to_move(world) == me and not game.round_over(world)
        assert _hidden(world, 1 - me) == _hidden(state, 1 - me)
        other_hands.add(world.hand(1 - me))
    assert len(other_hands) > 1


def test_rewards_are_the_games_outcome() -> None:
    for seed in range(20):
        state = _mid_play(seed)
        view = _seat_view(state)
        game = MonsterTakingSearch(view, random.Random(seed))
        world = game.sample(random.Random(seed))
        game.playout(world, random.Random(seed))
        assert game.round_over(world)
        rewards = game.rewards(world)
        assert all(0.0 <= r <= 1.0 for r in rewards)
        assert sum(rewards) == pytest.approx(1.0)
        result = world.game_result()
        assert result is not None
        if result.winner is None:
            assert list(rewards) == [0.5, 0.5]
        else:
            assert rewards[result.winner] == 1.0


def test_root_actions_are_mediums_ranking_of_the_legal_actions() -> None:
    state = _mid_play(3)
    view = _seat_view(state)
    game = MonsterTakingSearch(view, random.Random(1))
    world = game.sample(random.Random(2))
    assert list(game.actions(world)) == MediumBot().ranked(view, random.Random(1))
    assert set(game.actions(world)) == set(view.legal_actions)


def test_payments_are_cut_to_the_cheapest_at_the_root_and_below() -> None:
    state = _a_payment(1)
    view = _seat_view(state)
    game = MonsterTakingSearch(view, random.Random(4))
    world = game.sample(random.Random(5))
    root = list(game.actions(world))
    assert root == MediumBot().ranked(view, random.Random(4))[:PAYMENT_CANDIDATES]
    assert set(root) <= set(view.legal_actions) and len(root) == PAYMENT_CANDIDATES
    # Below the root: legal actions of the seat to move, payments cut to a few.
    rng = random.Random(6)
    pays = 0
    for k in range(30):
        world = game.sample(random.Random(k))
        game.apply(world, root[k % len(root)])
        while not game.round_over(world):
            actions = list(game.actions(world))
            legal = world.legal_actions()
            assert actions and set(actions) <= set(legal)
            if world.phase is Phase.PAY:
                assert len(actions) == min(TREE_PAYMENTS, len(legal))
                fewest = min(len(a.cards) for a in legal if isinstance(a, Pay))
                assert len(actions[0].cards) == fewest  # type: ignore[union-attr]
                pays += 1
            else:
                assert actions == legal
            game.apply(world, rng.choice(actions))
    assert pays > 0


def test_hard_answers_from_the_view_only() -> None:
    """Two deals that look the same from the hard player's seat get the same answer."""
    state = _mid_play(7)
    view = _seat_view(state)
    me = view.viewer
    assert me is not None
    other = determinize(view, random.Random(99))
    assert other.hand(1 - me) != state.hand(1 - me)
    assert other.view(me) == view
    bot = HardBot(120)
    first = bot.analyse(state.view(me), random.Random(3))
    assert first == bot.analyse(other.view(me), random.Random(3))
    assert {a for a, _ in first} == set(view.legal_actions)


def test_hard_is_reproducible_with_the_same_seed() -> None:
    state = _mid_play(11)
    view = _seat_view(state)
    bot = HardBot(150)
    first = bot.analyse(view, random.Random(8))
    assert first == bot.analyse(view, random.Random(8))
    assert bot.choose(view, random.Random(8)) == bot.choose(view, random.Random(8))
    assert all(0.0 <= chance <= 1.0 for _, chance in first)


def test_hard_spends_its_playouts_and_no_more() -> None:
    state = _mid_play(2)
    view = _seat_view(state)
    game = MonsterTakingSearch(view, random.Random(0))
    k = len(game.root_actions)
    calls = {"sample": 0, "playout": 0}
    sample = MonsterTakingSearch.sample
    playout = MonsterTakingSearch.playout

    def counting(self: MonsterTakingSearch, rng: random.Random) -> MatchState:
        calls["sample"] += 1
        return sample(self, rng)

    def finishing(self: MonsterTakingSearch, world: MatchState, rng: random.Random) -> None:
        calls["playout"] += 1
        playout(self, world, rng)

    mp = pytest.MonkeyPatch()
    mp.setattr(MonsterTakingSearch, "sample", counting)
    mp.setattr(MonsterTakingSearch, "playout", finishing)
    try:
        HardBot(90).analyse(view, random.Random(0))
    finally:
        mp.undo()
    assert k > 1
    # Each playout finishes one iteration; every world sampled is shared by the two or
    # more candidates still in the running (one more world gives the candidates).
    assert calls["playout"] == 90
    assert calls["sample"] <= 1 + 90 // 2


def test_hard_searches_mediums_best_candidates_and_lists_the_rest_after_them() -> None:
    import monstertrick.search as module

    state = _position(3, lambda s: s.current_player is not None and len(s.legal_actions()) > 6)
    view = _seat_view(state)
    searched: list[tuple[object, ...]] = []
    real = module.analyse

    def watching(game: MonsterTakingSearch, *args: object, **kwargs: object) -> object:
        searched.append(game.root_actions)
        return real(game, *args, **kwargs)  # type: ignore[arg-type]

    mp = pytest.MonkeyPatch()
    mp.setattr(module, "analyse", watching)
    try:
        options = HardBot(60).analyse(view, random.Random(1))
    finally:
        mp.undo()
    ranked = MediumBot().ranked(view, random.Random(1))
    assert searched == [tuple(ranked[:CANDIDATES])]
    assert {a for a, _ in options[:CANDIDATES]} == set(ranked[:CANDIDATES])
    assert options[CANDIDATES:] == [(a, 0.5) for a in ranked[CANDIDATES:]]


def test_a_stopped_search_answers_with_mediums_order() -> None:
    state = _mid_play(4)
    view = _seat_view(state)
    options = HardBot(500).analyse(view, random.Random(2), stop=lambda: True)
    assert [a for a, _ in options] == MediumBot().ranked(view, random.Random(2))
    checks = 0

    def soon() -> bool:
        nonlocal checks
        checks += 1
        return checks > 2

    cut = HardBot(100_000).analyse(view, random.Random(2), stop=soon)
    assert checks == 3
    assert {a for a, _ in cut} == set(view.legal_actions)


def test_a_forced_decision_is_not_searched_unless_asked() -> None:
    state = _position(9, lambda s: s.phase is not Phase.GAME_OVER and len(s.legal_actions()) == 1)
    view = _seat_view(state)
    bot = HardBot(50)
    assert bot.analyse(view, random.Random(0), forced_too=False) == [(view.legal_actions[0], 0.0)]
    ((action, chance),) = bot.analyse(view, random.Random(0))
    assert action == view.legal_actions[0] and 0.0 <= chance <= 1.0


def test_with_one_playout_hard_plays_mediums_choice() -> None:
    """Medium's first choice is searched first: with a single playout it is played."""
    for seed in range(6):
        view = _seat_view(_mid_play(seed))
        assert HardBot(1).choose(view, random.Random(seed)) == MediumBot().choose(
            view, random.Random(seed)
        )
