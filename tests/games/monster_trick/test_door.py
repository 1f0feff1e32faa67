"""The registry's door to Monster Trick (``GAME``) on the contract's verbs: what the
session asks of the game, each decision checked for its seat."""

from __future__ import annotations

import random

import pytest

from monstertrick.decisions import bot_rng
from monstertrick.games.monster_trick import GAME
from monstertrick.games.monster_trick.bots import make_bot
from monstertrick.games.monster_trick.engine import (
    ARRANGEMENTS,
    Arrange,
    Arranged,
    GameState,
    IllegalMoveError,
    Move,
)
from monstertrick.games.monster_trick.engine.record import to_record

from .helpers import NAMES


def test_the_vp_rows_are_laid_at_once_in_any_order_each_seat_once() -> None:
    game = GAME.new_state(NAMES[:3], 4, 1)  # one keyboard asks Bob first
    assert GAME.to_decide(game) == (1, "arrange")
    assert GAME.deciders(game) == (1, 2, 0)
    assert GAME.apply(game, 2, Arrange.of((3, 1, 2))) == [Arranged(2)]  # Cid before Bob
    assert GAME.deciders(game) == (1, 0) and GAME.to_decide(game) == (1, "arrange")
    before = to_record(game)
    with pytest.raises(IllegalMoveError, match="^Cid has already arranged their VP cards"):
        GAME.apply(game, 2, Arrange.of((2, 1, 3)))
    with pytest.raises(IllegalMoveError, match="^it is not seat 7's turn$"):
        GAME.apply(game, 7, Arrange.of((3, 1, 2)))
    with pytest.raises(IllegalMoveError, match="no card can be played until every player"):
        GAME.apply(game, 0, Move.of(game.hand(0)[0], 0))
    assert to_record(game) == before  # nothing changed
    assert GAME.apply(game, 0, Arrange.of((1, 2, 3))) == [Arranged(0)]
    assert game.history() == ((2, Arrange.of((3, 1, 2))), (0, Arrange.of((1, 2, 3))))
    assert GAME.undo(game) == Arrange.of((1, 2, 3))  # the row laid last, whoever laid it
    assert [game.arrangement(p) for p in range(3)] == [None, None, (3, 1, 2)]


def test_the_door_takes_a_vp_row_as_an_arrange_action() -> None:
    game = GAME.new_state(NAMES[:2], 4, 0)
    assert GAME.apply(game, 0, Arrange.of((3, 1, 2))) == [Arranged(0)]
    assert GAME.apply(game, 1, Arrange.of((2, 3, 1))) == [Arranged(1)]
    assert (game.arrangement(0), game.arrangement(1)) == ((3, 1, 2), (2, 3, 1))
    assert GAME.undo(game) == Arrange.of((2, 3, 1))
    with pytest.raises(IllegalMoveError, match="must lay out the VP cards 1, 2 and 3 once each"):
        GAME.apply(game, 1, Arrange.of((1, 1, 1)))
    assert GAME.to_decide(game) == (1, "arrange")


def test_a_computer_player_decides_through_one_verb_with_the_randomness_of_its_position() -> None:
    seed = 9
    game = GAME.new_state(NAMES[:3], seed, 2)
    bot = make_bot("medium")
    made = 0
    while not GAME.round_over(game):
        seat, task = GAME.to_decide(game)
        view = GAME.view(game, seat)
        action = GAME.decide(bot, view, seat, seed)
        count = None if task == "arrange" else game.turn
        assert action == bot.choose(view, bot_rng(seed, GAME.round_number(game), count, seat))
        assert action in view.legal_actions
        assert isinstance(action, Arrange if task == "arrange" else Move)
        GAME.apply(game, seat, action)
        made += 1
    assert made == 3 + 36


def test_a_computer_player_is_not_asked_for_a_move_out_of_turn() -> None:
    game = GAME.new_state(NAMES[:2], 3, 0)
    while game.task == "arrange":
        game.apply(game.legal_actions()[0])
    idle = 1 - (game.current_player or 0)
    with pytest.raises(IllegalMoveError, match=f"it is not {NAMES[idle]}'s turn"):
        GAME.decide(make_bot("easy"), GAME.view(game, idle), idle, 3)


def test_a_hint_on_the_vp_row_lists_every_row_as_its_arrange_action() -> None:
    game = GameState(NAMES[:2], seed=3)
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] > 4

    hints = GAME.hint(game.view(0), 0, 3, stop)
    assert sorted(o.action.row for o in hints) == sorted(a.row for a in ARRANGEMENTS[0])


def test_undo_and_the_next_round_through_the_door() -> None:
    game = GAME.new_state(NAMES[:2], 5, 0)
    rng = random.Random(5)
    while not GAME.round_over(game):
        seat, _ = GAME.to_decide(game)
        GAME.apply(game, seat, rng.choice(game.legal_actions()))
    assert not GAME.is_over(game) and GAME.round_number(game) == 1
    GAME.undo(game)
    assert not GAME.round_over(game) and game.turn == 23
    seat, _ = GAME.to_decide(game)
    GAME.apply(game, seat, game.legal_actions()[0])
    GAME.next_round(game)
    assert GAME.round_number(game) == 2 and GAME.to_decide(game)[1] == "arrange"
