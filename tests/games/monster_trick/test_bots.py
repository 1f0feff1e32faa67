"""Computer players: legal choices only, decisions from the view alone, reproducible."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.games import contract
from monstertrick.games.monster_trick.bots import LEVELS, Bot, HardBot, bot_rng, make_bot
from monstertrick.games.monster_trick.bots.tactics import distinct_moves
from monstertrick.games.monster_trick.engine import Arrange, GameState, Move, Phase, determinize
from monstertrick.games.monster_trick.engine.record import from_record, to_record

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
QUICK = ["easy", "medium", "hard:6"]


def play_bots(game: GameState, bots: list[Bot], seed: int, *, until: int | None = None) -> None:
    """Let the bots play ``game`` on to its end (or until ``until`` decisions were made),
    checking every choice against the engine's legal ones."""
    made = 0
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.ROUND_OVER:
            game.next_chapter()
        while game.phase is Phase.ARRANGING:
            if until is not None and made >= until:
                return
            p = game.current_player
            order = bots[p].choose(game.view(p), bot_rng(seed, game.round, None, p))
            assert order in game.legal_actions()
            game.apply(order)
            made += 1
        while game.phase is Phase.PLAYING:
            if until is not None and made >= until:
                return
            p = game.current_player
            view = game.view(p)
            move = bots[p].choose(view, bot_rng(seed, game.round, game.turn, p))
            assert move in view.legal_moves
            game.apply(move)
            made += 1


@settings(max_examples=25, deadline=None)
@given(
    st.integers(2, 5),
    st.integers(0, 2**32),
    st.lists(st.sampled_from(QUICK), min_size=5, max_size=5),
)
def test_bots_only_choose_legal_arrangements_and_moves(n: int, seed: int, levels) -> None:
    game = GameState(NAMES[:n], seed=seed, first_player=seed % n)
    play_bots(game, [make_bot(level) for level in levels[:n]], seed)
    assert game.outcome() is not None


@pytest.mark.parametrize("level", [*LEVELS, "hard:6", "ismcts:6"])
def test_every_computer_player_chooses_through_the_contracts_one_verb(level: str) -> None:
    bot = make_bot(level)
    assert isinstance(bot, contract.Bot) and isinstance(bot, Bot)
    game = GameState(NAMES[:3], seed=4, first_player=2)
    if level == "hard":
        bot = HardBot(iterations=6)  # (the table's level, at a test's budget)
    kinds = []
    while game.phase in (Phase.ARRANGING, Phase.PLAYING) and len(kinds) < 6:
        view = game.view(game.current_player)
        action = bot.choose(view, random.Random(len(kinds)))
        assert action in view.legal_actions
        kinds.append(type(action))
        game.apply(action)
    assert kinds == [Arrange] * 3 + [Move] * 3


@pytest.mark.parametrize("level", ["easy", "medium", "hard:20"])
def test_a_decision_depends_only_on_the_view(level: str) -> None:
    """Two worlds with different hidden cards but one view give the same decision."""
    rng = random.Random(5)
    bot = make_bot(level)
    checked = 0
    for seed in range(6):
        game = GameState(NAMES[:4], seed=seed)
        play_bots(game, [make_bot("medium")] * 4, seed, until=4 + 7 * seed)
        p = game.current_player
        view = game.view(p)
        one, two = determinize(view, rng), determinize(view, rng)
        assert [one.hand(q) for q in range(4)] != [two.hand(q) for q in range(4)]
        a = bot.choose(one.view(p), random.Random(seed))
        b = bot.choose(two.view(p), random.Random(seed))
        assert a == b
        checked += 1
    assert checked == 6


def test_a_resumed_game_plays_on_like_an_uninterrupted_one() -> None:
    seed = 12
    bots = [make_bot(level) for level in ("hard:10", "medium", "easy")]
    whole = GameState(NAMES[:3], seed=seed)
    play_bots(whole, bots, seed)
    half = GameState(NAMES[:3], seed=seed)
    play_bots(half, bots, seed, until=50)
    resumed = from_record(to_record(half))  # saved and loaded: a new GameState
    assert resumed.round == half.round and resumed.turn == half.turn
    # Finish the round from the record's state with the same bots and seed.
    while resumed.phase is Phase.PLAYING:
        p = resumed.current_player
        rng = bot_rng(seed, resumed.round, resumed.turn, p)
        resumed.apply(bots[p].choose(resumed.view(p), rng))
    assert resumed.round_results()[-1] == whole.round_results()[resumed.round - 1]
    assert resumed.log[-1].moves == whole.log[resumed.round - 1].moves


def test_bot_rng_depends_on_the_position_only() -> None:
    a = bot_rng(7, 1, 3, 2).random()
    assert a == bot_rng(7, 1, 3, 2).random()
    others = {
        bot_rng(*key).random()
        for key in [(8, 1, 3, 2), (7, 2, 3, 2), (7, 1, 4, 2), (7, 1, 3, 1), (7, 1, None, 2)]
    }
    assert a not in others and len(others) == 5


def test_make_bot_levels() -> None:
    for level in LEVELS:
        bot = make_bot(level)
        assert bot.name == level and isinstance(bot, Bot)
    assert make_bot(" Hard:50 ").name == "hard:50"
    assert make_bot("hard:0.2s").name == "hard:0.2s"
    for bad in ["expert", "", "hard:0", "hard:x", "easy:3", "hard:-1s"]:
        with pytest.raises(ValueError):
            make_bot(bad)


def test_hard_with_fixed_iterations_is_reproducible() -> None:
    game = GameState(NAMES[:4], seed=3)
    play_bots(game, [make_bot("medium")] * 4, 3, until=9)
    view = game.view(game.current_player)
    bot = make_bot("hard:60")
    moves = {bot.choose(view, random.Random(1)) for _ in range(3)}
    assert len(moves) == 1


def _count_playouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the hard bot's playouts (one per simulated world)."""
    from monstertrick.games.monster_trick.bots import search

    count = [0]
    real = search.playout

    def counting(*args, **kwargs) -> None:
        count[0] += 1
        real(*args, **kwargs)

    monkeypatch.setattr(search, "playout", counting)
    return count


def test_hard_checks_its_stop_function_and_stops_when_asked(monkeypatch) -> None:
    game = GameState(NAMES[:4], seed=4)
    play_bots(game, [make_bot("medium")] * 4, 4, until=6)
    view = game.view(game.current_player)
    playouts = _count_playouts(monkeypatch)
    asked = [0]

    def stop_on_third_check() -> bool:
        asked[0] += 1
        return asked[0] >= 3

    move = HardBot(seconds=30).choose(view, random.Random(0), stop=stop_on_third_check)
    assert move in view.legal_moves
    # Asked every 16 playouts: two batches ran before the third check said stop.
    assert asked[0] == 3
    assert playouts[0] == 2 * 16
    playouts[0] = 0
    HardBot(seconds=30).choose(view, random.Random(0), stop=lambda: True)
    assert playouts[0] == 0


def test_hard_respects_its_time_budget(monkeypatch) -> None:
    from monstertrick.search import core

    game = GameState(NAMES[:5], seed=9)
    play_bots(game, [make_bot("medium")] * 5, 9, until=5)
    view = game.view(game.current_player)
    playouts = _count_playouts(monkeypatch)

    class Clock:
        """A clock that moves 1/64 s each time it is read."""

        now = 0.0

        @classmethod
        def perf_counter(cls) -> float:
            cls.now += 1 / 64
            return cls.now

    monkeypatch.setattr(core, "time", Clock)
    HardBot(seconds=16 / 64).choose(view, random.Random(0))
    # The search starts at the first reading (1/64) and stops at the first reading that
    # reaches the deadline, 16/64 later, having tried every candidate.
    assert Clock.now == 17 / 64
    assert playouts[0] >= len(distinct_moves(view))


def test_a_bot_asked_to_move_out_of_turn_says_so() -> None:
    game = GameState(NAMES[:3], seed=2)
    play_bots(game, [make_bot("easy")] * 3, 2, until=3)
    idle = (game.current_player + 1) % 3
    for level in LEVELS:
        with pytest.raises(ValueError, match="not their turn"):
            make_bot(level).choose(game.view(idle), random.Random(0))
