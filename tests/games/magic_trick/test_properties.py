"""Invariants over random Magic Trick games (hypothesis)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.games.magic_trick import (
    Card,
    Event,
    MagicTrickState,
    Phase,
    Place,
    TrickWon,
    deck,
)
from monstertrick.games.magic_trick.engine.determinize import Determinizer

from .helpers import card_names, cards_in, in_hand_cards, random_game

seeds = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_every_card_is_accounted_for_at_every_step(seed: int) -> None:
    won: list[Card] = []

    def check(game: MagicTrickState, events: list[Event]) -> None:
        if game.plays == 0:
            won.clear()  # a new hand: the whole deck is dealt again
        won.extend(c for e in events if isinstance(e, TrickWon) for c in e.cards)
        hands = [c for p in range(4) for c in game.hand(p)]
        sleeves = [c for p in range(4) if (c := game.sleeved(p)) is not None]
        trick = [tc.card for tc in game.current_trick()]
        assert sorted(hands + sleeves + trick + won) == deck()
        assert sum(game.tricks_won()) * 4 == len(won)

    random_game(seed, check)


@settings(max_examples=25, deadline=None)
@given(seeds)
@pytest.mark.slow
def test_views_and_events_never_carry_the_value_of_a_card_in_a_hand(seed: int) -> None:
    rng = random.Random(seed)

    def check(game: MagicTrickState, events: list[Event]) -> None:
        hidden = in_hand_cards(game)
        hidden_names = {str(c) for c in hidden}
        p = game.current_player
        view = game.view(p) if p is not None else game.public_view()
        # The earlier hands are all face up and hold the same 56 cards: leave them out.
        this_hand = dataclasses.replace(view, past=())
        # No Card object for a card in a hand, anywhere in the view.
        assert not set(cards_in(this_hand)) & hidden
        for seat in view.seats:
            for spot in seat.spots:
                assert (spot.card is None) == (spot.place is Place.HAND)
        # No in-hand card named in the view's text or in the events' sentences.
        assert not card_names(repr(this_hand)) & hidden_names
        for e in events:
            assert not card_names(e.describe(game.players)) & hidden_names
        # And nothing in the view depends on the hidden values: another world with
        # other hidden values gives the very same view.
        if game.plays % 5 == 0:
            other = Determinizer(view).sample(rng)
            assert (other.view(p) if p is not None else other.public_view()) == view
            for p in range(4):
                assert other.in_hand(p) == game.in_hand(p)

    random_game(seed, check)


@settings(max_examples=20, deadline=None)
@given(seeds)
def test_legal_actions_are_never_empty_until_the_hand_is_over(seed: int) -> None:
    def check(game: MagicTrickState, events: list[Event]) -> None:
        actions = game.legal_actions()
        if game.current_player is None:
            assert game.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and actions == []
        else:
            assert actions and actions == sorted(actions)
            assert all(game.is_legal(a) for a in actions)
            illegal = [a for a in range(29) if a not in actions]
            assert all(game.illegal_reason(a) for a in illegal)

    game = random_game(seed, check)
    assert game.is_over() and game.outcome() is not None
