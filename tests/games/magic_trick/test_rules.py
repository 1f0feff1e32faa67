"""One test per rule of MAGIC_TRICK.md."""

from __future__ import annotations

import random

import pytest

from monstertrick.errors import IllegalMoveError, InvalidMoveError
from monstertrick.games.magic_trick import (
    HAND_SIZE,
    PASS,
    Action,
    CardSleeved,
    HandResult,
    MagicTrickState,
    Phase,
    TieBreak,
    TrickWon,
    deal,
    decide_winners,
    score_hand,
)

from .helpers import NAMES, game_with, play, pos


def test_a_deal_is_four_hands_of_fourteen_sorted_by_value_with_every_card_once() -> None:
    for seed in range(20):
        for h in range(4):
            hands = deal(seed, h)
            assert [len(x) for x in hands] == [14] * 4
            assert sorted(c for x in hands for c in x) == list(range(56))
            for hand in hands:
                assert [c.value for c in hand] == sorted(c.value for c in hand)


def test_deal_orders_equal_values_at_random_never_by_suit() -> None:
    # Over many deals, cards of equal value appear in both suit orders.
    ascending = descending = 0
    for seed in range(30):
        for hand in deal(seed, 0):
            for a, b in zip(hand, hand[1:]):
                if a.value == b.value:
                    if a.suit < b.suit:
                        ascending += 1
                    else:
                        descending += 1
    assert ascending > 20 and descending > 20


def test_deal_is_reproducible_from_the_seed() -> None:
    assert deal(7, 2) == deal(7, 2)
    assert deal(7, 2) != deal(7, 3)


def test_follow_suit() -> None:
    game = game_with({0: "M5", 1: "M2 S7"})
    play(game, "M5")
    assert game.current_player == 1
    moons = [a for a in game.legal_actions()]
    assert all(game.dealt(1)[a.position].suit.letter == "M" for a in moons)  # type: ignore[index]
    with pytest.raises(IllegalMoveError, match="you hold a Moon, so you must follow Moons"):
        game.apply(Action.play(pos(game, 1, "S7")))
    view = game.view(1)
    option = next(o for o in view.plays if o.position == pos(game, 1, "S7"))
    assert not option.legal and option.reason and "must follow Moons" in option.reason


def test_a_player_void_in_the_led_suit_may_play_any_card() -> None:
    game = game_with({0: "M5", 1: "S7 D1"}, void={1: "M"})
    play(game, "M5")
    assert len(game.legal_actions()) == 14


def test_hearts_trump() -> None:
    game = game_with({0: "S7", 1: "H3", 2: "S1", 3: "S2"}, void={1: "S"})
    play(game, "S7")
    play(game, "H3")
    play(game, "S1")
    events = play(game, "S2")
    won = [e for e in events if isinstance(e, TrickWon)]
    assert won and won[0].player == 1
    assert game.current_player == 1  # the winner leads the next trick


def test_heart_0_beats_any_non_heart() -> None:
    game = game_with({0: "D7", 1: "H0", 2: "D5", 3: "D6"}, void={1: "D"})
    play(game, "D7")
    play(game, "H0")
    play(game, "D5")
    events = play(game, "D6")
    assert [e.player for e in events if isinstance(e, TrickWon)] == [1]


def test_highest_card_of_the_led_suit_wins_without_hearts() -> None:
    game = game_with({0: "C2", 1: "C6", 2: "S7", 3: "C4"}, void={2: "CH"})
    play(game, "C2")
    play(game, "C6")
    play(game, "S7")
    events = play(game, "C4")
    assert [e.player for e in events if isinstance(e, TrickWon)] == [1]


def test_never_sleeve_before_playing() -> None:
    game = game_with({})
    assert game.phase is Phase.PLAY
    assert all(a < HAND_SIZE for a in game.legal_actions())
    with pytest.raises(IllegalMoveError, match="only after a play"):
        game.apply(Action.sleeve(3))
    with pytest.raises(IllegalMoveError):
        game.apply(PASS)


def test_after_playing_comes_the_sleeve_step_with_sleeve_or_pass() -> None:
    game = game_with({0: "M5"})
    game.apply(Action.play(pos(game, 0, "M5")))
    assert game.phase is Phase.SLEEVE and game.current_player == 0
    actions = game.legal_actions()
    assert actions[-1] == PASS and len(actions) == 14  # 13 cards left, or pass
    with pytest.raises(IllegalMoveError, match="played this turn"):
        game.apply(Action.play(0))
    with pytest.raises(IllegalMoveError, match="already been played"):
        game.apply(Action.sleeve(pos(game, 0, "M5")))


def test_sleeve_once() -> None:
    game = game_with({0: "M5 D3"}, void={})
    events = play(game, "M5", sleeve="D3")
    assert any(isinstance(e, CardSleeved) and e.card.value == 3 for e in events)
    assert game.bids()[0] == 3
    # Seat 0 plays again: no sleeve step follows.
    while game.current_player != 0:
        play(game, str(_legal_card(game)))
    game.apply(game.legal_actions()[0])
    assert game.phase is Phase.PLAY and game.current_player != 0
    assert game.bids()[0] == 3


def _legal_card(game: MagicTrickState) -> str:
    p = game.current_player
    assert p is not None
    return str(game.dealt(p)[game.legal_actions()[0]])


def test_never_play_a_sleeved_card() -> None:
    game = game_with({0: "M5 D3"})
    play(game, "M5", sleeve="D3")
    while game.current_player != 0:
        play(game, _legal_card(game))
    with pytest.raises(IllegalMoveError, match="up your sleeve"):
        game.apply(Action.play(pos(game, 0, "D3")))


def test_automatic_sleeve_of_the_last_card_after_the_13th_play() -> None:
    rng = random.Random(3)
    game = MagicTrickState(NAMES, seed=5)
    automatic = []
    while game.phase is not Phase.HAND_OVER:
        actions = game.legal_actions()
        # Everyone passes every sleeve step: their last card goes up by itself.
        action = PASS if PASS in actions else rng.choice(actions)
        events = game.apply(action)
        automatic += [e for e in events if isinstance(e, CardSleeved)]
    assert [e.automatic for e in automatic] == [True] * 4
    assert sorted(e.player for e in automatic) == [0, 1, 2, 3]
    for e in automatic:
        assert game.sleeved(e.player) == e.card
        assert game.bids()[e.player] == e.card.value
    # Each automatic sleeve came right after that player's 13th play.
    for turn in game.turns():
        if turn.automatic:
            own = [t for t in game.turns() if t.player == turn.player]
            assert own.index(turn) == 12


def test_scoring_bid_met_scores_3() -> None:
    assert score_hand(3, 3, 2) == (3, False)
    assert score_hand(3, 3, 4) == (3, False)


def test_scoring_prestige_bonus_adds_2_when_suits_equal_the_bid() -> None:
    assert score_hand(3, 3, 3) == (5, True)


def test_scoring_a_miss_loses_the_difference() -> None:
    assert score_hand(2, 5, 2) == (-3, False)
    assert score_hand(6, 1, 6) == (-5, False)


def test_bid_0_with_no_tricks_scores_5() -> None:
    assert score_hand(0, 0, 0) == (5, True)
    assert score_hand(0, 1, 1) == (-1, False)


def test_a_played_hand_is_scored_by_the_rules() -> None:
    game = MagicTrickState(NAMES, seed=11)
    rng = random.Random(11)
    while game.phase is not Phase.HAND_OVER:
        game.apply(rng.choice(game.legal_actions()))
    (result,) = game.results()
    for p in range(4):
        bid = game.sleeved(p).value  # type: ignore[union-attr]
        assert result.bids[p] == bid
        assert result.tricks[p] == game.tricks_won()[p]
        assert result.suits[p] == len(game.captured(p))
        assert (result.scores[p], result.prestige[p]) == score_hand(
            bid, result.tricks[p], result.suits[p]
        )
    assert sum(result.tricks) == 13


def test_start_rotates_per_hand() -> None:
    rng = random.Random(1)
    game = MagicTrickState(NAMES, seed=2, first_player=3)
    starters = []
    while True:
        starters.append(game.current_player)
        assert game.starter == game.current_player
        while game.current_player is not None:
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over():
            break
        game.next_chapter()
    assert starters == [3, 0, 1, 2]
    assert len(game.results()) == 4
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.next_chapter()


def _result(scores: tuple[int, ...], prestige: tuple[bool, ...]) -> HandResult:
    return HandResult((0,) * 4, (0,) * 4, (0,) * 4, scores, prestige)


def test_highest_total_wins() -> None:
    outcome = decide_winners([_result((3, 1, 0, -2), (False,) * 4)] * 4)
    assert outcome.winners == (0,) and outcome.tie_break is TieBreak.NONE
    assert outcome.scores == (12, 4, 0, -8)


def test_prestige_tie_break() -> None:
    hands = [
        _result((5, 3, 0, 0), (True, False, False, False)),
        _result((5, 5, 0, 0), (True, True, False, False)),
        _result((-1, 3, 0, 0), (False, False, False, False)),
        _result((-1, -3, 0, 0), (False, False, False, False)),
    ]
    outcome = decide_winners(hands)
    assert outcome.scores[0] == outcome.scores[1] == 8
    assert outcome.prestige[:2] == (2, 1)
    assert outcome.winners == (0,) and outcome.tie_break is TieBreak.PRESTIGE
    explained = outcome.explain(NAMES)
    assert explained.startswith("Ann wins the tie") and "2 prestige bonuses" in explained


def test_shared_victory() -> None:
    hands = [
        _result((5, 5, 0, 0), (True, True, False, False)),
        _result((1, 1, 0, 0), (False, False, False, False)),
    ] * 2
    outcome = decide_winners(hands)
    assert outcome.winners == (0, 1) and outcome.tie_break is TieBreak.SHARED
    assert "share the victory" in outcome.explain(NAMES)


def test_a_hand_has_13_tricks_of_4_cards() -> None:
    game = MagicTrickState(NAMES, seed=4)
    rng = random.Random(4)
    tricks = 0
    while game.current_player is not None:
        events = game.apply(rng.choice(game.legal_actions()))
        tricks += sum(isinstance(e, TrickWon) and len(e.cards) == 4 for e in events)
    assert tricks == 13 and game.plays == 52
    assert all(game.hand(p) == () for p in range(4))


def test_actions_are_checked() -> None:
    game = MagicTrickState(NAMES, seed=1)
    with pytest.raises(InvalidMoveError):
        game.apply(29)
    with pytest.raises(InvalidMoveError):
        game.apply(True)
    assert str(Action.play(3)) == "play 4"
    assert str(Action.sleeve(0)) == "sleeve 1" and str(PASS) == "pass"
