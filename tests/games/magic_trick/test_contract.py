"""Magic Trick speaks the contract of every game (:mod:`monstertrick.games.contract`):
a hand is a chapter, the task is a word, pop returns what it undid, the outcome has
scores."""

from __future__ import annotations

import random

import pytest

from monstertrick.errors import IllegalMoveError, InvalidMoveError
from monstertrick.games import contract
from monstertrick.games.magic_trick import (
    ACTIONS,
    PASS,
    Action,
    CardSleeved,
    Event,
    HandDealt,
    MagicTrickState,
    Phase,
    View,
    parse_action,
)

from .helpers import NAMES, random_game


def _to_the_end_of_the_hand(game: MagicTrickState, seed: int) -> None:
    rng = random.Random(seed)
    while game.current_player is not None:
        game.apply(rng.choice(game.legal_actions()))


def test_the_state_is_a_contract_state() -> None:
    game = MagicTrickState(NAMES, seed=1)
    assert isinstance(game, contract.State)
    finished = random_game(2)
    assert isinstance(finished.outcome(), contract.Outcome)


def test_the_task_is_play_then_sleeve_and_nothing_once_the_hand_is_over() -> None:
    game = MagicTrickState(NAMES, seed=3)
    assert game.task == "play"
    game.apply(game.legal_actions()[0])
    assert game.phase is Phase.SLEEVE and game.task == "sleeve"
    game.apply(PASS)
    assert game.task == "play"
    _to_the_end_of_the_hand(game, 3)
    assert game.current_player is None and game.task == ""


def test_a_chapter_is_a_hand() -> None:
    game = MagicTrickState(NAMES, seed=4, first_player=2)
    for number in range(1, 5):
        assert game.chapter == number
        assert not game.chapter_over()
        _to_the_end_of_the_hand(game, number)
        assert game.chapter_over()
        if number < 4:
            events: list[object] = []
            game.next_chapter(events=events)
            assert events == [HandDealt(number + 1, (2 + number) % 4)]
    assert game.is_over() and game.chapter_over() and game.chapter == 4
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.next_chapter()


def test_the_next_chapter_waits_for_the_end_of_the_hand() -> None:
    game = MagicTrickState(NAMES, seed=5)
    before = game.clone()
    with pytest.raises(IllegalMoveError, match="only when this one is over"):
        game.next_chapter()
    assert game == before


def test_pop_returns_the_action_undone() -> None:
    game = MagicTrickState(NAMES, seed=6)
    start = game.clone()
    taken = []
    for _ in range(12):
        action = game.legal_actions()[-1]  # a sleeve now and then, and passes
        game.apply(action)
        taken.append(action)
    undone = []
    while game.turns():
        undone.append(game.pop())
    assert undone == taken[::-1]
    assert game == start


def test_pop_of_a_play_whose_sleeve_filled_by_itself_returns_the_play() -> None:
    game = MagicTrickState(NAMES, seed=7)
    while True:  # everyone passes: each player's last card goes up their sleeve by itself
        before = game.clone()
        action = game.legal_actions()[-1] if game.task == "sleeve" else game.legal_actions()[0]
        events = game.apply(action)
        if any(isinstance(e, CardSleeved) and e.automatic for e in events):
            break
    p = before.current_player
    assert p is not None and game.sleeved(p) is not None
    assert game.pop() == action
    assert game == before and game.sleeved(p) is None


def test_pop_never_goes_back_past_the_deal_of_the_hand() -> None:
    game = MagicTrickState(NAMES, seed=8)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.pop()
    _to_the_end_of_the_hand(game, 8)
    game.next_chapter()
    after_deal = game.clone()
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.pop()
    assert game == after_deal


def test_the_outcome_has_the_scores_and_the_winners() -> None:
    game = random_game(9)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == game.totals()
    assert max(outcome.scores) == outcome.scores[outcome.winners[0]]
    assert outcome.explain(NAMES).startswith(NAMES[outcome.winners[0]])


def test_a_view_is_a_contract_view() -> None:
    game = MagicTrickState(NAMES, seed=10)
    for view in (*(game.view(p) for p in range(4)), game.public_view()):
        assert isinstance(view, contract.View)
        assert view.players == game.players and view.chapter == game.chapter == 1
        assert view.current_player == game.current_player


def test_a_view_for_no_seat_of_the_table_is_refused() -> None:
    game = MagicTrickState(NAMES, seed=12)
    for bad in (-1, 4, True, None, "0"):
        with pytest.raises(ValueError, match="no seat"):
            game.view(bad)  # type: ignore[arg-type]


def test_decision_key_equals_the_old_numbers() -> None:
    # What the game's door passed to bot_rng before views had a decision key: the hand,
    # and two counts per turn (its play, then its sleeve step).
    def old(view: View) -> tuple[int, int]:
        return view.hand, 2 * len(view.turns) + (view.phase is Phase.SLEEVE)

    def check(game: MagicTrickState, events: list[Event]) -> None:
        for view in (*(game.view(p) for p in range(4)), game.public_view()):
            assert view.decision_key() == old(view)

    random_game(13, check)
    game = MagicTrickState(NAMES, seed=14)
    assert game.view(0).decision_key() == (1, 0)
    game.apply(game.legal_actions()[0])
    assert game.view(0).decision_key() == (1, 3)  # the sleeve step: one turn so far, + 1
    game.apply(PASS)
    assert game.view(1).decision_key() == (1, 2)  # the next play: one turn so far


def test_actions_print_and_parse() -> None:
    for action in ACTIONS:
        assert isinstance(action, contract.Action)
        assert parse_action(str(action)) is action
    assert str(Action.play(0)) == "play 1" and str(Action.sleeve(13)) == "sleeve 14"
    assert str(PASS) == "pass"
    assert parse_action("  play   4 ") is Action.play(3)


def test_the_door_reads_actions_as_they_print() -> None:
    from monstertrick.games.magic_trick import GAME

    assert GAME.parse_action("sleeve 14") is Action.sleeve(13)
    with pytest.raises(InvalidMoveError, match="is not an action"):
        GAME.parse_action("sleeve")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("play 0", "no card 0 in a hand: write a position from 1 to 14"),
        ("sleeve 15", "no card 15 in a hand"),
        ("play 99999999999999999999", "no card 999999… in a hand"),
        ("sleeve " + "9" * 5000, "position from 1 to 14"),  # too long for int()
        ("Play 4", "is not an action"),
        ("play", "is not an action"),
        ("play four", "is not an action"),
        ("play 4 5", "is not an action"),
        ("play -4", "is not an action"),
        ("play \uff14", "is not an action"),  # a full-width digit
        ("", "is not an action"),
        ("x" * 1000, "is not an action"),
        (4, "int is not an action"),
        (None, "NoneType is not an action"),
    ],
    ids=lambda value: repr(value)[:20],
)
def test_a_text_that_is_no_action_is_refused_in_words(text: object, why: str) -> None:
    with pytest.raises(InvalidMoveError, match=why) as caught:
        parse_action(text)
    assert len(str(caught.value)) < 150


@pytest.mark.parametrize("level", ["easy", "medium", "hard:20"])
def test_the_door_draws_a_decision_from_the_views_decision_key(level: str) -> None:
    from monstertrick.decisions import bot_rng
    from monstertrick.games.magic_trick import GAME
    from monstertrick.games.magic_trick.bots import make_bot

    game = random_game(15, stop_after=37)
    p = game.current_player
    assert p is not None
    view = game.view(p)
    bot = make_bot(level)
    assert isinstance(bot, contract.Bot)
    hand, turn = view.hand, 2 * len(view.turns) + (view.phase is Phase.SLEEVE)
    assert GAME.decide(bot, view, p, 15) == bot.choose(view, bot_rng(15, hand, turn, p))
