"""Invariants over random Monster Taking matches (hypothesis)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.errors import IllegalMoveError
from monstertrick.games.monster_taking import (
    FULL_DECK,
    Action,
    Card,
    MatchState,
    Pay,
    Phase,
    Play,
    PlayerView,
    Strength,
)
from monstertrick.games.monster_taking.engine.determinize import determinize

from .helpers import random_steps

seeds = st.integers(min_value=0, max_value=2**32)


def _all_cards(state: MatchState) -> list[Card]:
    """Every card of the current game, wherever it is."""
    log = state.log[-1]
    found: list[Card] = list(state.hand(0)) + list(state.hand(1))
    found += list(state.discards(0)) + list(state.discards(1)) + list(state.deck)
    found += log.strength
    for t in log.tricks:
        found.append(t.lead)
        if t.follow is not None:
            found.append(t.follow)
    return found


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_card_conservation(seed: int) -> None:
    for step in random_steps(seed, copies=False):
        assert sorted(_all_cards(step.state)) == list(FULL_DECK)
        assert len(step.state.deck) == 4


def _cards_in(value: Any) -> set[Card]:
    """Every card a view shows, wherever it is inside it."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: set[Card] = set()
        for f in dataclasses.fields(value):
            out |= _cards_in(getattr(value, f.name))
        return out
    if isinstance(value, (tuple, list)):
        out = set()
        for v in value:
            out |= _cards_in(v)
        return out
    return set()


def _public_cards(state: MatchState) -> set[Card]:
    log = state.log[-1]
    public = set(log.strength)
    for t in log.tricks:
        public.add(t.lead)
        if t.follow is not None:
            public.add(t.follow)
        if t.pay is not None and t.same_suit:
            public.update(t.pay)
    return public


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_views_never_show_hidden_cards(seed: int) -> None:
    for step in random_steps(seed, copies=False):
        state = step.state
        public = _public_cards(state)
        pv = state.public_view()
        assert pv.hand is None and pv.discards is None and pv.received is None
        assert pv.legal_actions == ()
        assert _cards_in(pv) <= public
        for seat in (0, 1):
            view = state.view(seat)
            own = set(state.hand(seat)) | set(state.discards(seat))
            assert _cards_in(view) <= own | public
            assert view.hand == state.hand(seat)
            hidden = set(state.hand(1 - seat)) | set(state.discards(1 - seat)) | set(state.deck)
            assert not (_cards_in(view) & (hidden - public - own))


def _replayable(world: MatchState) -> None:
    """The world's current game, replayed with its plays and strength cards checked."""
    log = world.log[-1]
    actions: list[Action] = [Strength(c) for c in log.strength]
    for t in log.tricks:
        actions.append(Play(t.lead))
        if t.follow is not None:
            actions.append(Play(t.follow))
        if t.pay is not None:
            actions.append(Pay(t.pay))
    while True:
        try:
            world.pop()
        except IllegalMoveError:
            break
    for action in actions:
        if not isinstance(action, Pay):
            assert world.illegal_reason(action) is None
        world.push(action)


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_determinized_world_gives_the_same_view(seed: int) -> None:
    rng = random.Random(seed)
    for step in random_steps(seed, copies=False):
        for seat in (0, 1):
            view: PlayerView = step.state.view(seat)
            world = determinize(view, rng)
            assert world.view(seat) == view
            assert sorted(_all_cards(world)) == list(FULL_DECK)
            _replayable(world)
            assert world.view(seat) == view


def test_determinize_keeps_cards_given_face_up_and_voids() -> None:
    """Over many positions, sampled opponents never hold a card of a suit they showed
    void in (unless received after), and always hold the cards given to them and not
    played or possibly discarded since."""
    rng = random.Random(5)
    checked = 0
    for seed in range(25):
        for step in random_steps(seed, copies=False):
            state = step.state
            if state.phase is not Phase.PLAY:
                continue
            me = state.current_player
            assert me is not None
            opp = 1 - me
            view = state.view(me)
            for _ in range(3):
                world = determinize(view, rng)
                hand = set(world.hand(opp))
                for i, t in enumerate(view.tricks):
                    if t.leader == me and t.follow is not None and t.follow.suit != t.lead.suit:
                        later = set()
                        for u in view.tricks[i + 1 :]:
                            if u.cards and not u.face_down and u.winner == opp:
                                later.update(u.cards)
                        assert not {c for c in hand if c.suit == t.lead.suit} - later
                # Given face up and no face-down discard by the opponent since: still held.
                for i, t in enumerate(view.tricks):
                    if t.cards and not t.face_down and t.winner == opp:
                        rest = view.tricks[i + 1 :]
                        played = {u.lead for u in rest} | {u.follow for u in rest}
                        given_back = {
                            c for u in rest if u.cards and u.winner == me for c in u.cards
                        }
                        discarded = any(u.face_down and u.paid and u.winner == me for u in rest)
                        if not discarded:
                            for card in t.cards:
                                if card not in played and card not in given_back:
                                    assert card in hand
                checked += 1
    assert checked > 100
