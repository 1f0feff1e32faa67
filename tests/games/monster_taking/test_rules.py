"""The rules of MONSTER_TAKING.md, one test per rule and per case the page decides."""

from __future__ import annotations

import pytest

from monstertrick.errors import IllegalMoveError
from monstertrick.games.monster_taking import (
    FULL_DECK,
    Card,
    GameOver,
    MatchState,
    Paid,
    Pay,
    Phase,
    Play,
    Strength,
    Suit,
    TrickWon,
    deal,
    legal_payments,
    payment_problem,
    payment_total,
)
from monstertrick.games.monster_taking.engine.payments import PaymentDue, payment_due

from .helpers import NAMES, cards, match_with, random_steps, started

# Seat 0 holds all of Ignis and A1-A3; seat 1 holds A4-A10 and S1-S6; the DECK S7-S10.
H0 = "I1 I2 I3 I4 I5 I6 I7 I8 I9 I10 A1 A2 A3"
H1 = "A4 A5 A6 A7 A8 A9 A10 S1 S2 S3 S4 S5 S6"


def c(text: str) -> Card:
    return Card.parse(text)


# ---------------------------------------------------------------- cards and deal


def test_dots_table() -> None:
    expected = {1: 4, 6: 4, 2: 3, 7: 3, 3: 2, 8: 2, 4: 1, 9: 1, 5: 0, 10: 0}
    for card in FULL_DECK:
        assert card.dots == expected[card.value]
    assert len(FULL_DECK) == 30 and {card.suit for card in FULL_DECK} == set(Suit)


def test_card_syntax_is_exact() -> None:
    assert str(c("A10")) == "A10" and c("I7").suit is Suit.IGNIS
    for bad in ("a7", " A7", "A01", "A11", "A0", "X5", "I"):
        with pytest.raises(ValueError):
            Card.parse(bad)


def test_deal_from_a_seed_is_13_each_and_a_deck_of_4() -> None:
    hands, deck = deal(7, 0)
    assert len(hands[0]) == len(hands[1]) == 13 and len(deck) == 4
    assert sorted(hands[0] + hands[1] + deck) == list(FULL_DECK)
    assert deal(7, 0) == (hands, deck) and deal(7, 1) != (hands, deck)


# ---------------------------------------------------------------- suit strength


def test_strength_lead_lays_first_then_the_other_player() -> None:
    state = match_with(H0, H1, first_lead=1)
    assert state.phase is Phase.STRENGTH and state.current_player == 1
    state.apply(Strength(c("A9")))
    assert state.current_player == 0 and len(state.hand(1)) == 12


def test_strength_higher_value_is_highest_suit() -> None:
    state = started(H0, H1, "I3 S5")
    assert state.order == (Suit.SYLVA, Suit.IGNIS, Suit.AQUA)
    assert state.phase is Phase.PLAY and state.current_player == 0
    assert len(state.hand(0)) == len(state.hand(1)) == 12


def test_strength_tie_goes_to_lead() -> None:
    state = started(H0, H1, "I5 S5")
    assert state.order == (Suit.IGNIS, Suit.SYLVA, Suit.AQUA)
    state = started(H0, H1, "A3 S3", first_lead=0)
    assert state.order == (Suit.AQUA, Suit.SYLVA, Suit.IGNIS)


def test_strength_needs_a_different_suit() -> None:
    state = match_with(H0, H1)
    state.apply(Strength(c("A1")))
    with pytest.raises(IllegalMoveError, match="different suit"):
        state.apply(Strength(c("A9")))
    assert all(a.card.suit is not Suit.AQUA for a in state.legal_actions())  # type: ignore[union-attr]


def test_strength_card_must_be_in_hand() -> None:
    state = match_with(H0, H1)
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        state.apply(Strength(c("A9")))


# ---------------------------------------------------------------- tricks


def test_follow_suit() -> None:
    state = started(H0, H1, "I3 S6")
    state.apply(Play(c("A1")))
    with pytest.raises(IllegalMoveError) as info:
        state.apply(Play(c("S1")))
    assert str(info.value) == "you hold an Aqua card, so you must follow Aqua"
    assert {a.card.suit for a in state.legal_actions()} == {Suit.AQUA}  # type: ignore[union-attr]


def test_follower_without_the_led_suit_plays_any_card() -> None:
    state = started(H0, H1, "I3 S6")
    state.apply(Play(c("I1")))
    assert len(state.legal_actions()) == 12
    state.apply(Play(c("S1")))
    assert state.phase is Phase.PAY


def test_same_suit_higher_wins() -> None:
    state = started(H0, H1, "I3 S6")  # Sylva > Ignis > Aqua
    state.apply(Play(c("A2")))
    events = state.apply(Play(c("A9")))
    won = [e for e in events if isinstance(e, TrickWon)]
    assert won and won[0].player == 1 and state.tricks_won() == (0, 1)
    assert state.current_player == 0  # the loser pays


def test_stronger_suit_wins() -> None:
    state = started(H0, H1, "I3 S6")  # Sylva > Ignis > Aqua
    state.apply(Play(c("I9")))
    state.apply(Play(c("S1")))  # void in Ignis: Sylva is stronger
    assert state.tricks_won() == (0, 1)
    state = started(H0, H1, "I10 A10")  # Ignis > Aqua > Sylva
    state.apply(Play(c("I1")))
    state.apply(Play(c("S6")))
    assert state.tricks_won() == (1, 0)


def test_winner_of_the_trick_leads_the_next() -> None:
    state = started(H0, H1, "I3 S6")
    state.apply(Play(c("A2")))
    state.apply(Play(c("A9")))
    state.apply(Pay(tuple(cards("A3"))))  # d = |3 - 1| = 2: A3 has 2 dots
    assert state.phase is Phase.PLAY and state.current_player == 1


# ---------------------------------------------------------------- payments


def test_d_zero_pays_nothing() -> None:
    assert legal_payments(cards("I1 A2 S3"), 0) == [()]
    state = started(H0, H1, "I3 S6")
    state.apply(Play(c("A1")))  # 4 dots
    state.apply(Play(c("A6")))  # 4 dots: d = 0
    assert state.owed == 0 and state.legal_actions() == [Pay(())]
    with pytest.raises(IllegalMoveError, match="nothing is paid"):
        state.apply(Pay((c("I1"),)))


def test_zero_dot_cards_never_paid() -> None:
    assert legal_payments(cards("A5 S10 I10"), 3) == [()]
    assert payment_problem(cards("A5 I9 S8"), cards("A5 I9"), 1) == (
        "A5 has no dots: cards without dots are never paid"
    )
    for payment in legal_payments(cards("A5 I9 S8 I10 S7 A1"), 4):
        assert all(card.dots > 0 for card in payment)


def test_exact_total() -> None:
    hand = cards("A8 I9 S7 I5")
    assert payment_total(hand, 2) == 2
    assert legal_payments(hand, 2) == [tuple(cards("A8"))]
    assert payment_problem(hand, cards("S7"), 2) == (
        "those cards total 3 dots; you can pay exactly 2, with A8"
    )
    assert legal_payments(cards("I9 A9 A8 S3"), 2) == sorted(
        [tuple(cards("I9 A9")), tuple(cards("A8")), tuple(cards("S3"))]
    )


def test_smallest_total_above() -> None:
    hand = cards("S7 I6 A10")  # totals 3, 4, 7: no 2
    assert payment_total(hand, 2) == 3
    assert legal_payments(hand, 2) == [tuple(cards("S7"))]
    assert payment_problem(hand, cards("I6"), 2) is not None
    assert payment_total(cards("S7 A7"), 4) == 6


def test_all_dotted_cards_when_short() -> None:
    hand = cards("I9 A8 S5")  # 1 + 2 = 3 < 4
    assert payment_total(hand, 4) == 3
    assert legal_payments(hand, 4) == [tuple(sorted(cards("I9 A8")))]
    assert "pay all of them" in (payment_problem(hand, cards("A8"), 4) or "")


def test_what_is_due_and_why_comes_from_the_rule() -> None:
    """The total to pay and, when it is not d, the rule's reason in the payer's words
    (said before any try, so a loser never has to guess why d = 1 costs 3 dots)."""
    exact = payment_due(cards("A8 I9 S7 I5"), 2)
    assert (exact.owed, exact.total, exact.reason) == (2, 2, None)
    above = payment_due(cards("S7 I6 A10"), 2)  # totals 3, 4, 7: no 2
    assert (above.owed, above.total) == (2, 3)
    assert above.reason == (
        "no set of your cards makes exactly 2 dots, so you pay the smallest total above "
        "it that they make: 3 dots"
    )
    short = payment_due(cards("I9 A8 S5"), 4)  # 1 + 2 = 3 < 4
    assert short.total == 3
    assert (
        short.reason
        == "your cards with dots make only 3 dots of the 4 owed, so you pay all of them"
    )
    none = payment_due(cards("A5 S10 I10"), 3)
    assert none.total == 0 and none.reason == "you have no cards with dots, so you pay nothing"
    assert payment_due(cards("I1"), 0) == PaymentDue(0, 0, None)
    # The refusal of a wrong try gives the same reason, with an example.
    problem = payment_problem(cards("S7 I6 A10"), cards("I6"), 2) or ""
    assert above.reason in problem and problem.endswith("e.g. S7")


def test_only_the_payer_sees_what_is_due_and_it_matches_the_legal_payments() -> None:
    seen = 0
    for step in random_steps(41, copies=False):
        state = step.state
        for seat in (0, 1):
            view = state.view(seat)
            if state.phase is Phase.PAY and seat == state.current_player:
                due = view.payment
                assert due is not None and due.owed == state.owed
                assert due.total == state.payment_due()
                for action in view.legal_actions:
                    assert isinstance(action, Pay)
                    assert sum(card.dots for card in action.cards) == due.total
                assert (due.reason is None) == (due.total == due.owed)
                seen += due.reason is not None
            else:
                assert view.payment is None
        assert state.public_view().payment is None
    assert seen


def test_legal_payments_are_all_sets_of_the_total() -> None:
    hand = [card for card in FULL_DECK if card.dots]
    payments = legal_payments(hand, 4)
    assert len(payments) == 162 == len(set(payments))
    assert all(sum(card.dots for card in p) == 4 for p in payments)


def test_same_suit_payment_goes_to_the_winners_hand() -> None:
    state = started(H0, H1, "I3 S6")
    state.apply(Play(c("A2")))
    state.apply(Play(c("A9")))
    events = state.apply(Pay((c("A3"),)))
    assert c("A3") in state.hand(1) and c("A3") not in state.hand(0)
    assert events[0] == Paid(0, 1, (c("A3"),))
    assert state.view(1).received == (c("A3"),)
    assert state.public_view().tricks[-1].cards == (c("A3"),)


def test_different_suit_payment_is_discarded_face_down() -> None:
    state = started(H0, H1, "I3 S6")  # Sylva > Ignis > Aqua
    state.apply(Play(c("I8")))  # 2 dots
    state.apply(Play(c("S1")))  # 4 dots: Bob wins, Ann owes 2
    events = state.apply(Pay((c("A3"),)))
    assert events[0].describe(NAMES) == "Ann discarded 1 card face down."
    assert c("A3") not in state.hand(0) and c("A3") not in state.hand(1)
    assert state.discards(0) == (c("A3"),)
    assert state.view(1).tricks[-1].cards is None
    assert state.public_view().tricks[-1].cards is None
    assert state.view(0).tricks[-1].cards == (c("A3"),) and state.view(0).discards == (c("A3"),)
    assert state.view(1).discard_counts == (1, 0)


# ---------------------------------------------------------------- end of a game


def test_game_ends_after_payment_when_a_hand_is_empty() -> None:
    seen = 0
    for seed in range(40):
        for step in random_steps(seed, copies=False):
            if isinstance(step.action, Pay):
                state = step.state
                empty = not state.hand(0) or not state.hand(1)
                assert (state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)) == empty
                seen += empty
            elif step.action is not None:
                assert step.state.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER)
    assert seen > 40


def _game_ends(seeds: range) -> list[tuple[MatchState, GameOver]]:
    ends = []
    for seed in seeds:
        for step in random_steps(seed):
            for e in step.events:
                if isinstance(e, GameOver):
                    ends.append((step.before, e))
    return ends


def test_a_player_with_no_cards_loses() -> None:
    ends = [
        (b, e) for b, e in _game_ends(range(60)) if 0 in e.cards_left and e.cards_left != (0, 0)
    ]
    assert ends
    for _, e in ends:
        assert e.winner is not None and e.cards_left[e.winner] > 0


def test_both_hands_empty_more_tricks_wins() -> None:
    ends = [e for _, e in _game_ends(range(300)) if e.cards_left == (0, 0)]
    assert any(e.winner is not None for e in ends)
    for e in ends:
        if e.tricks[0] != e.tricks[1]:
            assert e.winner == (0 if e.tricks[0] > e.tricks[1] else 1)


def test_both_hands_empty_equal_tricks_is_a_draw() -> None:
    ends = [e for _, e in _game_ends(range(300)) if e.cards_left == (0, 0)]
    draws = [e for e in ends if e.tricks[0] == e.tricks[1]]
    assert draws and all(e.winner is None for e in draws)
    assert all(e.winner is not None for e in ends if e.tricks[0] != e.tricks[1])


def test_player_who_received_cards_plays_on() -> None:
    found = 0
    for seed in range(200):
        for step in random_steps(seed):
            before = step.before
            if not isinstance(step.action, Pay) or before.phase is not Phase.PAY:
                continue
            loser = before.current_player
            assert loser is not None
            winner = 1 - loser
            if (
                not before.hand(winner)
                and step.action.cards
                and len(before.hand(loser)) > len(step.action.cards)
                and before.log[-1].tricks[-1].same_suit
            ):
                found += 1
                assert step.state.phase is Phase.PLAY
                assert step.state.current_player == winner
                assert step.state.hand(winner) == step.action.cards
    assert found


def test_winning_with_the_last_card_and_receiving_nothing_loses() -> None:
    found = 0
    for seed in range(200):
        for step in random_steps(seed):
            before = step.before
            if not isinstance(step.action, Pay) or before.phase is not Phase.PAY:
                continue
            loser = before.current_player
            assert loser is not None
            winner = 1 - loser
            given = step.action.cards and before.log[-1].tricks[-1].same_suit
            if (
                not before.hand(winner)
                and not given
                and len(before.hand(loser)) > len(step.action.cards)
            ):
                found += 1
                result = step.state.game_result()
                assert result is not None and result.winner == loser
    assert found


# ---------------------------------------------------------------- the match


def test_next_lead_is_the_loser() -> None:
    checked = 0
    for seed in range(30):
        state = None
        for step in random_steps(seed):
            if step.action is None:
                result = step.before.game_result()
                assert result is not None
                if result.winner is not None:
                    assert step.state.lead == 1 - result.winner
                    checked += 1
            state = step.state
        assert state is not None and state.results[0].lead == seed % 2
    assert checked


def test_after_a_draw_the_non_lead_leads() -> None:
    checked = 0
    for seed in range(300):
        for step in random_steps(seed):
            if step.action is None:
                result = step.before.game_result()
                assert result is not None
                if result.winner is None:
                    assert step.state.lead == 1 - result.lead
                    checked += 1
    assert checked


def test_draws_count_for_no_one() -> None:
    checked = 0
    for seed in range(300):
        for step in random_steps(seed):
            for e in step.events:
                if isinstance(e, GameOver) and e.winner is None:
                    assert step.state.wins == step.before.wins
                    checked += 1
    assert checked


def test_match_to_two_wins() -> None:
    longer = 0
    for seed in range(300):
        state = None
        for step in random_steps(seed, copies=False):
            state = step.state
            assert max(state.wins) <= 2
            assert state.is_over() == (max(state.wins) == 2)
        assert state is not None
        outcome = state.outcome()
        assert outcome is not None and outcome.scores[outcome.winners[0]] == 2
        assert outcome.games == tuple(r.winner for r in state.results)
        longer += len(state.results) > 3
        with pytest.raises(IllegalMoveError):
            state.next_chapter()
    assert longer  # draws make some matches longer than 3 games


def test_every_game_is_dealt_afresh_from_the_seed() -> None:
    state = MatchState(NAMES, seed=11)
    assert state.hand(0) == tuple(deal(11, 0)[0][0])


def test_no_action_between_games() -> None:
    for step in random_steps(3, copies=False):
        if step.state.phase is Phase.GAME_OVER:
            assert step.state.current_player is None and step.state.legal_actions() == []
            with pytest.raises(IllegalMoveError, match="next one must be dealt"):
                step.state.apply(Play(step.state.hand(0)[0] if step.state.hand(0) else c("I1")))
            break


# ---------------------------------------------------------------- events and messages


def test_events_describe_public_information_only() -> None:
    assert Paid(0, 2, None).describe(NAMES) == "Ann discarded 2 cards face down."
    assert Paid(1, 0, ()).describe(NAMES) == "Bob paid nothing."
    assert Paid(1, 2, tuple(cards("A8 A9"))).describe(NAMES) == "Bob gave A8 A9 to Ann."
    state = started(H0, H1, "I3 S6")
    events = state.apply(Play(c("A2"))) + state.apply(Play(c("A9")))
    text = [e.describe(NAMES) for e in events]
    assert text == [
        "Ann led A2.",
        "Bob followed with A9.",
        "Bob won the trick (A2 A9): 1 trick this game; Ann owes 2 dots.",
    ]


def test_actions_out_of_phase_are_refused_in_words() -> None:
    state = match_with(H0, H1)
    with pytest.raises(IllegalMoveError, match="lay a card for the suit strength"):
        state.apply(Play(c("I1")))
    state = started(H0, H1, "I3 S6")
    with pytest.raises(IllegalMoveError, match="nothing is paid now"):
        state.apply(Pay(()))
    with pytest.raises(IllegalMoveError, match="already decided"):
        state.apply(Strength(c("I1")))


def test_payment_checker_for_screens() -> None:
    state = started(H0, H1, "I3 S6")
    assert state.payment_due() is None
    state.apply(Play(c("A2")))  # 3 dots
    state.apply(Play(c("A9")))  # 1 dot: Ann owes 2
    assert state.owed == 2 and state.payment_due() == 2
    assert state.payment_problem(cards("A3")) is None
    assert state.payment_problem(cards("A1")) == (
        "those cards total 4 dots; you can pay exactly 2, with I8"
    )
