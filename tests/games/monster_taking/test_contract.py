"""Monster Taking speaks the contract of every game (:mod:`monstertrick.games.contract`):
its words for the decision and the chapter (a game of the match), an outcome with scores
and winners, undo that returns what it undid, actions that print and parse back, and
views that say where a decision stands."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.errors import IllegalMoveError, InvalidMoveError
from monstertrick.games import contract
from monstertrick.games.monster_taking import GAME, MatchState, Pay, Phase, Play, Strength
from monstertrick.games.monster_taking.bots import make_bot
from monstertrick.games.monster_taking.engine.actions import PAY_NOTHING, parse_action

from .helpers import NAMES, cards, match_with, random_steps, started

# As in test_rules: seat 0 holds all of Ignis and A1-A3; seat 1 A4-A10 and S1-S6.
H0 = "I1 I2 I3 I4 I5 I6 I7 I8 I9 I10 A1 A2 A3"
H1 = "A4 A5 A6 A7 A8 A9 A10 S1 S2 S3 S4 S5 S6"

seeds = st.integers(min_value=0, max_value=2**32)


def _finished(seed: int) -> MatchState:
    state = MatchState(NAMES, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        if state.chapter_over():
            state.next_chapter()
        else:
            state.push(rng.choice(state.legal_actions()))
    return state


# ---------------------------------------------------------------- the protocols


def test_the_state_its_views_its_outcome_and_its_actions_are_the_contracts() -> None:
    state = started(H0, H1, "I3 S6")
    assert isinstance(state, contract.State)
    for view in (state.view(0), state.view(1), state.public_view()):
        assert isinstance(view, contract.View)
    for action in (Strength(cards("A1")[0]), Play(cards("A1")[0]), Pay(()), PAY_NOTHING):
        assert isinstance(action, contract.Action)
    outcome = _finished(4).outcome()
    assert isinstance(outcome, contract.Outcome)


def test_every_level_is_a_bot_of_the_contract() -> None:
    for level in ("easy", "medium", "hard", "hard:5"):
        assert isinstance(make_bot(level), contract.Bot)


# ---------------------------------------------------------------- task and chapter


def test_task_names_the_decision_and_is_empty_when_nobody_decides() -> None:
    state = match_with(H0, H1)
    assert state.task == "strength"
    state.apply(Strength(cards("I3")[0]))
    assert state.task == "strength"
    state.apply(Strength(cards("S6")[0]))
    assert state.task == "play"
    state.apply(Play(cards("A2")[0]))
    assert state.task == "play"
    state.apply(Play(cards("A9")[0]))
    assert state.task == "pay"
    for step in random_steps(2, copies=False):
        assert (step.state.task == "") == (step.state.current_player is None)
        assert (step.state.task == "") == step.state.chapter_over()


def test_a_chapter_is_a_game_of_the_match() -> None:
    state = MatchState(NAMES, seed=6)
    assert state.chapter == 1 and not state.chapter_over()
    assert state.view(0).chapter == state.public_view().chapter == 1
    with pytest.raises(IllegalMoveError, match="when this one is over"):
        state.next_chapter()
    rng = random.Random(6)
    while not state.chapter_over():
        state.push(rng.choice(state.legal_actions()))
    assert state.chapter == 1 and state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
    state.next_chapter()
    assert state.chapter == 2 and state.task == "strength"
    assert state.view(1).chapter == 2


def test_the_match_over_is_a_chapter_over_with_no_next_chapter() -> None:
    state = _finished(9)
    assert state.chapter_over() and state.is_over() and state.task == ""
    with pytest.raises(IllegalMoveError, match="no next game"):
        state.next_chapter()


def test_the_outcome_gives_games_won_as_scores_and_the_winner_as_winners() -> None:
    for seed in range(12):
        state = _finished(seed)
        outcome = state.outcome()
        assert outcome is not None
        assert outcome.scores == state.wins and max(outcome.scores) == 2
        assert outcome.winners == (outcome.scores.index(2),)
        winner = outcome.winners[0]
        assert outcome.explain(NAMES).startswith(f"{NAMES[winner]} wins the match, 2 games")


# ---------------------------------------------------------------- undo


def test_pop_returns_the_strength_card_undone() -> None:
    state = match_with(H0, H1)
    first, second = Strength(cards("I3")[0]), Strength(cards("S6")[0])
    before = state.clone()
    state.apply(first)
    middle = state.clone()
    state.apply(second)
    assert state.pop() == second and state == middle
    assert state.pop() == first and state == before


def test_pop_returns_the_card_led_and_the_card_followed() -> None:
    state = started(H0, H1, "I3 S6")
    lead, follow = Play(cards("A2")[0]), Play(cards("A9")[0])
    before = state.clone()
    state.apply(lead)
    led = state.clone()
    state.apply(follow)
    assert state.pop() == follow and state == led
    assert state.pop() == lead and state == before


def test_pop_returns_the_payment_undone() -> None:
    given = started(H0, H1, "I3 S6")
    given.apply(Play(cards("A2")[0]))
    given.apply(Play(cards("A9")[0]))  # Ann owes 2: A3, given face up
    discarded = started(H0, H1, "I3 S6")
    discarded.apply(Play(cards("I8")[0]))
    discarded.apply(Play(cards("S1")[0]))  # Ann owes 2: A3, discarded face down
    nothing = started(H0, H1, "I3 S6")
    nothing.apply(Play(cards("A1")[0]))
    nothing.apply(Play(cards("A6")[0]))  # d = 0
    for state, payment in ((given, Pay(tuple(cards("A3")))), (discarded, Pay(tuple(cards("A3"))))):
        before = state.clone()
        state.apply(payment)
        assert state.pop() == payment and state == before
    before = nothing.clone()
    nothing.apply(Pay(()))
    assert nothing.pop() == PAY_NOTHING and nothing == before


def test_pop_returns_the_payment_that_ended_a_game() -> None:
    for step in random_steps(8):
        if step.state.chapter_over() and step.action is not None:
            state = step.state
            assert isinstance(step.action, Pay)
            assert state.pop() == step.action and state == step.before
            assert not state.chapter_over() and state.task == "pay"
            return
    raise AssertionError("no game ended in this match")


def test_pop_never_undoes_a_deal() -> None:
    state = MatchState(NAMES, seed=3)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        state.pop()
    rng = random.Random(3)
    while not state.chapter_over():
        state.push(rng.choice(state.legal_actions()))
    state.next_chapter()
    dealt = state.clone()
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        state.pop()
    assert state == dealt


# ---------------------------------------------------------------- actions as text


def test_actions_print_as_the_notation() -> None:
    assert str(Strength(cards("A7")[0])) == "strength A7"
    assert str(Play(cards("I10")[0])) == "play I10"
    assert str(Pay(tuple(cards("A8 I9")))) == "pay I9 A8"  # in card order: Ignis first
    assert str(Pay(())) == "pay nothing"


def test_actions_parse_back_from_their_notation() -> None:
    assert parse_action("strength A7") == Strength(cards("A7")[0])
    assert parse_action("play I10") == Play(cards("I10")[0])
    assert parse_action("pay A8 I9") == Pay(tuple(cards("A8 I9")))
    assert parse_action("pay I9 A8") == Pay(tuple(cards("A8 I9")))
    assert parse_action("  pay   nothing ") == Pay(()) == PAY_NOTHING


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "no action written"),
        ("   ", "no action written"),
        ("bid 3", "is not an action"),
        ("Play A7", "is not an action"),
        ("play", "write one card after 'play'"),
        ("strength A7 A8", "write one card after 'strength'"),
        ("play a7", "is not a card"),
        ("play X5", "is not a card"),
        ("pay", "or 'pay nothing'"),
        ("pay A8 A8", "pays a card twice"),
        ("pay nothing A8", "is not a card"),
        ("pay \x1b[31mA8", "is not a card"),
        pytest.param("x" * 10_000, "is not an action", id="ten thousand letters"),
    ],
)
def test_parse_action_refuses_what_is_not_an_action_in_words(text: str, reason: str) -> None:
    with pytest.raises(InvalidMoveError, match=reason) as info:
        parse_action(text)
    assert len(str(info.value)) < 200


def test_parse_action_refuses_what_is_not_text() -> None:
    for value in (None, 7, ["play", "A7"], b"play A7"):
        with pytest.raises(InvalidMoveError, match="written as a string"):
            parse_action(value)  # type: ignore[arg-type]


# ---------------------------------------------------------------- views


def test_decision_key_counts_strength_cards_tricks_and_a_payment_due() -> None:
    state = match_with(H0, H1)
    keys = [state.view(0).decision_key()]
    for action in (
        Strength(cards("I3")[0]),
        Strength(cards("S6")[0]),
        Play(cards("A2")[0]),
        Play(cards("A9")[0]),
        Pay(tuple(cards("A3"))),
        Play(cards("A4")[0]),
    ):
        state.apply(action)
        keys.append(state.public_view().decision_key())
    assert keys == [(1, 0), (1, 1), (1, 2), (1, 4), (1, 5), (1, 4), (1, 6)]


@settings(max_examples=20, deadline=None)
@given(seeds)
def test_decision_key_is_the_count_the_computer_players_always_drew_from(seed: int) -> None:
    for step in random_steps(seed, copies=False):
        state = step.state
        for view in (state.view(0), state.view(1), state.public_view()):
            old = 2 * len(view.tricks) + len(view.strength) + (view.phase is Phase.PAY)
            assert view.decision_key() == (view.chapter, old)


def test_the_door_reads_actions_as_the_engine_does() -> None:
    assert GAME.parse_action("play A7") == Play(cards("A7")[0])
    assert GAME.parse_action("pay nothing") == PAY_NOTHING
    with pytest.raises(InvalidMoveError):
        GAME.parse_action("play")


def test_the_door_asks_the_state_who_decides_what() -> None:
    state = match_with(H0, H1, first_lead=1)
    assert GAME.to_decide(state) == (1, "strength")
    for step in random_steps(5, copies=False):
        if step.state.chapter_over():
            assert GAME.round_over(step.state)
        else:
            assert GAME.to_decide(step.state) == (step.state.current_player, step.state.task)
            assert (
                step.state.task
                == {
                    Phase.STRENGTH: "strength",
                    Phase.PLAY: "play",
                    Phase.PAY: "pay",
                }[step.state.phase]
            )
