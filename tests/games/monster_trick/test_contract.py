"""Monster Trick speaks the common game contract (:mod:`monstertrick.games.contract`):
interned actions of both kinds that print and parse, one set of verbs for arranging and
playing, views that say whose decision it is and where a computer player's randomness
comes from."""

from __future__ import annotations

import random

import pytest

from monstertrick.decisions import bot_rng
from monstertrick.games import contract
from monstertrick.games.monster_trick.engine import (
    ARRANGEMENTS,
    VP_ORDERS,
    Arrange,
    Arranged,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Phase,
    parse_action,
)
from monstertrick.games.monster_trick.engine.actions import MOVES

from .helpers import NAMES, random_step


def arranged(n: int = 3, seed: int = 4, first: int = 1) -> GameState:
    """A game whose players have all laid out their VP row (the first of the six)."""
    game = GameState(NAMES[:n], seed=seed, first_player=first)
    while game.task == "arrange":
        game.apply(game.legal_actions()[0])
    return game


def finished(n: int, seed: int) -> GameState:
    game = GameState(NAMES[:n], seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        random_step(game, rng)
    return game


# ---------------------------------------------------------------------- the protocols


def test_the_state_its_views_its_actions_and_its_outcome_keep_the_contract() -> None:
    game = GameState(NAMES[:3], seed=1)
    assert isinstance(game, contract.State)
    for view in (game.view(0), game.public_view()):
        assert isinstance(view, contract.View)
    for action in (*game.legal_actions(), *arranged().legal_actions()):
        assert isinstance(action, contract.Action)
    outcome = finished(3, 1).outcome()
    assert isinstance(outcome, contract.Outcome)
    assert outcome.scores == outcome.totals
    assert outcome.winners and outcome.explain(NAMES[:3]).endswith(".")


# ---------------------------------------------------------------------- actions


def test_an_arrangement_is_interned_one_value_per_row() -> None:
    assert Arrange.of((3, 1, 2)) is Arrange.of([3, 1, 2]) is ARRANGEMENTS[0][4]
    assert Arrange.of((3, 1, 2)) == Arrange((3, 1, 2))
    assert len({*ARRANGEMENTS[0], *ARRANGEMENTS[0]}) == 6
    assert [a.row for a in ARRANGEMENTS[2]] == list(VP_ORDERS[2])
    # A row of VP cards that is no round's is still a row (the rules refuse it)...
    assert Arrange.of((9, 9, 9)).row == (9, 9, 9)
    # ...but anything else is not a VP row at all.
    for bad in [(3, 1), (3, 1, 2, 4), (5, 1, 2), (True, 2, 3), ("3", "1", "2"), None, 312]:
        with pytest.raises(InvalidMoveError, match="is not a VP row"):
            Arrange.of(bad)  # type: ignore[arg-type]


def test_an_arrangement_prints_as_its_row_left_to_right_and_parses_back() -> None:
    assert str(Arrange.of((3, 1, 2))) == "3-1-2"
    assert str(Arrange.of((9, 3, 6))) == "9-3-6"
    for rows in ARRANGEMENTS:
        for action in rows:
            assert parse_action(str(action)) is action
            assert Arrange.parse(str(action)) is action


def test_a_move_prints_as_its_card_and_trick_and_parses_back() -> None:
    for moves in MOVES[1:16] + MOVES[49:64]:
        for move in moves:
            assert parse_action(str(move)) is move
    assert str(Move.of("G7", 1)) == "G7→2"
    assert parse_action("G7->2") is Move.of("G7", 1)  # for keyboards without an arrow


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("3 1 2", "is not a VP row: write three VP cards (1, 2, 3, 4, 6, 9) left to right"),
        ("3-1", "is not a VP row"),
        ("03-1-2", "is not a VP row"),
        ("5-1-2", "is not a VP row"),
        ("G7>2", "is not a move: write a card, an arrow and a trick from 1 to 4"),
        ("G7→5", "is not a move"),
        ("G7→0", "is not a move"),
        ("X7→2", "is not a card"),
        ("g7→2", "is not a card"),
        ("", "is not an action: write a move"),
        ("play G7", "is not an action"),
        ("\x1b[2J" * 20, "is not an action"),
    ],
)
def test_parse_action_refuses_what_is_not_an_action_in_words(text: str, words: str) -> None:
    with pytest.raises(InvalidMoveError, match=r"^'.*") as caught:
        parse_action(text)
    assert words in str(caught.value)
    assert "\x1b" not in str(caught.value)  # shown escaped, and cut short
    assert len(str(caught.value)) < 200


def test_parse_action_refuses_what_is_not_text() -> None:
    for value in (None, 3, ("G7", 1), b"G7->2"):
        with pytest.raises(InvalidMoveError, match="is not an action"):
            parse_action(value)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- the verbs


def test_legal_actions_hold_the_arrangements_while_arranging_then_the_moves() -> None:
    game = GameState(NAMES[:3], seed=2, first_player=1)
    assert game.task == "arrange"
    assert list(game.legal_actions()) == list(ARRANGEMENTS[0])
    assert game.legal_moves() == []
    while game.task == "arrange":
        game.apply(game.legal_actions()[-1])
    assert game.task == "play"
    assert list(game.legal_actions()) == game.legal_moves()
    assert all(isinstance(a, Move) for a in game.legal_actions())


def test_apply_lays_out_the_row_of_the_player_to_arrange_clockwise_from_the_starter() -> None:
    game = GameState(NAMES[:3], seed=2, first_player=1)
    order = []
    rows = [Arrange.of((1, 2, 3)), Arrange.of((3, 2, 1)), Arrange.of((2, 3, 1))]
    for row in rows:
        player = game.current_player
        assert player is not None
        order.append(player)
        assert game.apply(row) == [Arranged(player)]
        assert game.arrangement(player) == row.row
    assert order == [1, 2, 0]  # round 1 starts with the first player, then clockwise
    assert game.phase is Phase.PLAYING


def test_apply_refuses_an_arrangement_the_rules_do_not_allow_in_words() -> None:
    game = GameState(NAMES[:2], seed=2)
    with pytest.raises(IllegalMoveError, match="lay out the VP cards 1, 2 and 3 once each"):
        game.apply(Arrange.of((9, 9, 9)))
    with pytest.raises(IllegalMoveError, match="once each, not 2, 4, 6"):
        game.apply(Arrange.of((2, 4, 6)))
    assert game.arrangement(0) is None and game.arrangement(1) is None  # nothing changed
    playing = arranged(2)
    with pytest.raises(IllegalMoveError, match="before the first card of a round"):
        playing.apply(Arrange.of((1, 2, 3)))
    over = GameState(NAMES[:2], seed=2)
    rng = random.Random(0)
    while not over.chapter_over():
        random_step(over, rng)
    with pytest.raises(IllegalMoveError, match="the round is over"):
        over.apply(Arrange.of((2, 4, 6)))
    with pytest.raises(IllegalMoveError, match="the round is over"):
        over.apply(Move.of("B1", 0))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        finished(2, 5).apply(Arrange.of((3, 6, 9)))


def test_apply_refuses_a_move_while_arranging_and_what_is_not_an_action() -> None:
    game = GameState(NAMES[:2], seed=2)
    with pytest.raises(IllegalMoveError, match="until every player has arranged"):
        game.apply(Move.of(game.hand(0)[0], 0))
    for junk in [(1, 2, 3), "1-2-3", None]:
        with pytest.raises(InvalidMoveError, match="is not an action"):
            game.apply(junk)  # type: ignore[arg-type]
    assert game.current_player == 0 and game.arrangement(0) is None


def test_push_carries_out_both_kinds_of_action_unchecked_with_their_events() -> None:
    game = GameState(NAMES[:2], seed=3)
    events: list[object] = []
    game.push(Arrange.of((3, 1, 2)), events)
    game.push(Arrange.of((1, 2, 3)))
    assert events == [Arranged(0)]
    assert (game.arrangement(0), game.arrangement(1)) == ((3, 1, 2), (1, 2, 3))
    move = game.legal_moves()[0]
    game.push(move, events)
    assert game.turn == 1 and len(events) == 2


def test_the_round_is_the_chapter_and_the_task_says_what_is_decided() -> None:
    game = GameState(NAMES[:2], seed=6)
    rng = random.Random(6)
    seen = []
    while not game.is_over():
        assert game.chapter == game.round
        assert game.chapter_over() is (game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER))
        seen.append((game.chapter, game.task))
        if game.chapter_over():
            assert game.task == "" and game.current_player is None
            game.next_chapter()
        else:
            game.apply(rng.choice(game.legal_actions()))
    assert game.chapter_over() and game.task == "" and game.chapter == 3
    assert [r for r, task in dict.fromkeys(seen)] == [1, 1, 1, 2, 2, 2, 3, 3]
    with pytest.raises(IllegalMoveError, match="the game is over: there is no next round"):
        game.next_chapter()


# ---------------------------------------------------------------------- views


def test_a_view_offers_its_seat_its_own_actions_only() -> None:
    game = GameState(NAMES[:3], seed=2, first_player=1)  # seat 1 arranges first
    assert game.view(1).viewer == 1 and game.public_view().viewer is None
    # Every VP row is laid at the same time: each seat still to lay one has the rows.
    assert game.view(1).legal_actions == ARRANGEMENTS[0]
    assert game.view(0).legal_actions == ARRANGEMENTS[0] == game.view(2).legal_actions
    assert game.public_view().legal_actions == ()
    game.apply(ARRANGEMENTS[0][0], 2)
    assert game.view(2).legal_actions == ()
    assert game.view(0).legal_actions == ARRANGEMENTS[0] == game.view(1).legal_actions
    game = arranged(3, first=1)
    mover = game.current_player
    assert mover is not None
    assert game.view(mover).legal_actions == tuple(game.legal_moves())
    others = [p for p in range(3) if p != mover]
    assert all(game.view(p).legal_actions == () for p in others)
    assert game.public_view().legal_actions == ()
    assert game.view(mover).chapter == game.public_view().chapter == 1


def test_decision_key_is_the_round_and_none_while_arranging_or_the_cards_played() -> None:
    game = GameState(NAMES[:4], seed=8, first_player=2)
    rng = random.Random(8)
    while not game.is_over():
        if game.chapter_over():
            game.next_chapter()
            continue
        seat = game.current_player
        assert seat is not None
        count = None if game.phase is Phase.ARRANGING else game.turn
        for view in (game.view(seat), game.public_view()):
            assert view.decision_key() == (game.round, count)
        # What a computer player's randomness derives from, exactly as it always did.
        a = bot_rng(8, *game.view(seat).decision_key(), seat).random()
        assert a == bot_rng(8, game.round, count, seat).random()
        game.apply(rng.choice(game.legal_actions()))
