"""Monster Trick's hard and ismcts players on the shared search: they see only their
seat's view, fixed work is reproducible, a resumed game plays on identically, and the
reference player is a level of the arena only."""

from __future__ import annotations

import random

import pytest

from monstertrick.arena import check_seats, play_game
from monstertrick.games.monster_trick import GAME
from monstertrick.games.monster_trick.bots import LEVELS, HardBot, make_bot
from monstertrick.games.monster_trick.bots.search import (
    MonsterTrickSearch,
    game_outcome,
    win_chances,
)
from monstertrick.games.monster_trick.engine import Determinizer, GameState, Phase, PlayerView
from monstertrick.games.monster_trick.engine.playout import playout, steer
from monstertrick.games.monster_trick.engine.record import from_record, to_record
from monstertrick.yardsticks import Yardstick

from .test_bots import NAMES, play_bots


def test_the_search_players_only_ever_receive_a_view(monkeypatch) -> None:
    seen: list[type] = []
    real = MonsterTrickSearch.__init__

    def spy(self, view, **kwargs) -> None:  # type: ignore[no-untyped-def]
        seen.append(type(view))
        real(self, view, **kwargs)

    monkeypatch.setattr(MonsterTrickSearch, "__init__", spy)
    result = play_game(["hard:4", "ismcts:4", "medium"], seed=3, index=0)
    assert sum(result.win) == pytest.approx(1.0)
    assert len(seen) > 30 and set(seen) == {PlayerView}


@pytest.mark.parametrize("level", ["hard:40", "ismcts:40"])
def test_fixed_work_decisions_are_reproducible(level: str) -> None:
    game = GameState(NAMES[:4], seed=3)
    play_bots(game, [make_bot("medium")] * 4, 3, until=9)
    view = game.view(game.current_player)
    bot = make_bot(level)
    assert len({bot.choose(view, random.Random(1)) for _ in range(3)}) == 1
    arranging = GameState(NAMES[:4], seed=4)
    p = arranging.current_player
    assert p is not None
    rows = {bot.choose(arranging.view(p), random.Random(2)) for _ in range(3)}
    assert len(rows) == 1 and rows <= set(arranging.legal_actions())


@pytest.mark.parametrize("level", ["hard:8", "ismcts:8"])
def test_a_resumed_game_plays_on_like_an_uninterrupted_one(level: str) -> None:
    seed = 21
    bots = [make_bot(x) for x in (level, "medium", level)]
    whole = GameState(NAMES[:3], seed=seed)
    play_bots(whole, bots, seed)
    half = GameState(NAMES[:3], seed=seed)
    play_bots(half, bots, seed, until=60)
    resumed = from_record(to_record(half), seed=seed)
    play_bots(resumed, bots, seed)
    assert resumed.round_results() == whole.round_results()
    assert [log.moves for log in resumed.log] == [log.moves for log in whole.log]


def test_ismcts_is_for_the_arena_not_offered_at_the_table() -> None:
    assert "ismcts" not in LEVELS and "ismcts" not in GAME.levels
    assert check_seats(["hard:0.02s", "ismcts:0.02s", "medium"]) == [
        "hard:0.02s",
        "ismcts:0.02s",
        "medium",
    ]
    assert (
        isinstance(make_bot("ismcts:30"), Yardstick) and make_bot("ismcts:30").name == "ismcts:30"
    )
    assert make_bot("ismcts:0.4s").name == "ismcts:0.4s"
    assert make_bot("ismcts:0.5s").name == "ismcts"  # the default budget
    for bad in ["ismcts:0", "ismcts:x", "ismcts:11s"]:
        with pytest.raises(ValueError, match="ismcts"):
            make_bot(bad)


def test_the_last_round_is_worth_the_win_not_the_points() -> None:
    # All on 12 VP; seats 1 and 2 scored 9 in round 3, seat 1 more in round 2: it wins.
    assert game_outcome([(3, 1, 3), (6, 2, 0), (3, 9, 9)], 3) == [0.0, 1.0, 0.0]
    # Still tied after both tie-breaks: a shared win, split.
    assert game_outcome([(3, 3, 1), (4, 4, 2), (9, 9, 6)], 3) == [0.5, 0.5, 0.0]
    chances = win_chances([9, 5, 5], 1.6)
    assert chances[0] > 0.8 and chances[1] == chances[2] and sum(chances) == pytest.approx(1)


def test_the_hint_lists_a_move_with_interchangeable_cards_once() -> None:
    from monstertrick.games.monster_trick.bots.tactics import distinct_moves

    game = GameState(NAMES[:4], seed=5)
    play_bots(game, [make_bot("medium")] * 4, 5, until=10)
    p = game.current_player
    assert p is not None
    view = game.view(p)
    same = view.interchangeable_cards()
    assert any(card != rep for card, rep in same.items()), "the position has some"
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] > 16  # 256 iterations: every candidate is tried

    hints = GAME.hint(view, p, 5, stop)
    groups = [(same[o.action.card], o.action.slot) for o in hints]
    assert len(groups) == len(set(groups))
    assert set(groups) == {(same[m.card], m.slot) for m in distinct_moves(view)}


def test_the_hint_ranks_the_candidates_with_a_chance_to_win() -> None:
    game = GameState(NAMES[:4], seed=5)
    play_bots(game, [make_bot("medium")] * 4, 5, until=10)
    p = game.current_player
    assert p is not None and game.phase is Phase.PLAYING
    view = game.view(p)
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] > 8  # 128 iterations

    hints = GAME.hint(view, p, 5, stop)
    assert hints and all(o.action in view.legal_moves for o in hints)
    assert all(0.0 <= o.chance <= 1.0 for o in hints)
    options = HardBot(iterations=128).analyse(view, random.Random(0))
    assert sum(o.visits for o in options) == 128


def test_steer_plays_the_playouts_next_move_and_names_it_as_a_distinct_move() -> None:
    game = GameState(NAMES[:4], seed=8)
    play_bots(game, [make_bot("medium")] * 4, 8, until=5)
    p = game.current_player
    assert p is not None
    det = Determinizer(game.view(p))
    opened = 0
    for seed in range(300):
        world = det.sample(random.Random(seed))
        other = world.clone()
        candidates = world.distinct_moves()
        empty = [s for s in range(4) if not world.table()[s]]
        before = world.clone()
        move = steer(world, random.Random(seed))
        playout(other, random.Random(seed), moves=1)
        assert world._moves == other._moves  # one move, the playout's
        assert move in candidates
        if move.slot in empty:
            opened += 1
            assert move.slot == min(s for s in empty if s in before.legal_slots(move.card))
    assert opened > 0


def test_at_five_players_hard_searches_medium_choice_and_its_next_best_moves() -> None:
    from monstertrick.games.monster_trick.bots import hard
    from monstertrick.games.monster_trick.bots.medium import MediumBot, ranked, scores
    from monstertrick.games.monster_trick.bots.tactics import distinct_moves

    most = hard.ROOT_CANDIDATES[5]
    game = GameState(NAMES[:5], seed=6)
    play_bots(game, [make_bot("medium")] * 5, 6, until=7)
    p = game.current_player
    assert p is not None and game.phase is Phase.PLAYING
    view = game.view(p)
    moves = distinct_moves(view)
    assert len(moves) > most, "the position has more moves than the root keeps"
    first = MediumBot().choose(view, random.Random(0))
    kept = HardBot._candidates(view, first)
    assert kept is not None and len(kept) == most and kept[0] == first
    # The others are the best of the rest by medium's score.
    worth = dict(zip(moves, scores(view, moves)))
    left_out = [m for m in moves if m not in kept]
    assert min(worth[m] for m in kept[1:]) >= max(worth[m] for m in left_out)
    assert ranked(view, moves)[0] in kept
    options = HardBot(iterations=120).analyse(view, random.Random(1))
    assert {o.action for o in options} == set(kept)
    assert sum(o.visits for o in options) == 120
    # The hint still weighs every move.
    assert len(HardBot(iterations=120).advise(view, random.Random(1), playouts=4)) == len(moves)


def test_below_five_players_hard_searches_every_distinct_move() -> None:
    from monstertrick.games.monster_trick.bots.tactics import distinct_moves

    game = GameState(NAMES[:4], seed=6)
    play_bots(game, [make_bot("medium")] * 4, 6, until=6)
    p = game.current_player
    assert p is not None and game.phase is Phase.PLAYING
    view = game.view(p)
    options = HardBot(iterations=400).analyse(view, random.Random(1))
    assert {o.action for o in options} == set(distinct_moves(view))
