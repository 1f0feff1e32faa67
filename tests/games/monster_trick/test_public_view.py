"""GameState.public_view(): what the whole table may see, and nothing hidden (hypothesis)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.games.monster_trick.engine import Card, Phase, PublicView, determinize

from .helpers import random_position

positions = st.tuples(
    st.integers(min_value=2, max_value=5),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=4),
    st.integers(min_value=0, max_value=3 * (3 + 60) + 2),
)

PUBLIC_FIELDS = [f.name for f in dataclasses.fields(PublicView)]


def cards_in(value: Any) -> Iterator[Card]:
    """Every card anywhere inside a view."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from cards_in(item)


@settings(max_examples=150, deadline=None)
@given(positions)
def test_the_public_view_holds_no_hand_and_no_hidden_vp_card(params) -> None:
    n, seed, first, steps = params
    game, _ = random_position(n, seed, first, steps)
    public = game.public_view()
    assert type(public) is PublicView
    for private in ("hand", "arrangement", "legal_moves", "player"):
        assert not hasattr(public, private)
    # No card of any hand appears in it: only cards played this round.
    in_hands = {c for p in range(n) for c in game.hand(p)}
    shown = set(cards_in(public))
    assert not shown & in_hands
    assert shown <= {pc.card for pc in public.played}
    assert public.hand_sizes == tuple(len(game.hand(p)) for p in range(n))
    # VP cards: only those turned face up this round, until the round is over.
    over = game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    assert (public.revealed is not None) == over
    if not over:
        for p in range(n):
            shown_positions = {i for i, v in enumerate(public.vp_seen[p]) if v is not None}
            assert shown_positions == set(range(min(public.tricks_won[p], 3)))
    # Whoever looks, the public part of their view is the public view.
    for p in range(n):
        view = game.view(p)
        assert {f: getattr(view, f) for f in PUBLIC_FIELDS} == {
            f: getattr(public, f) for f in PUBLIC_FIELDS
        }


@settings(max_examples=100, deadline=None)
@given(positions, st.integers(min_value=0, max_value=2**32))
def test_the_public_view_does_not_depend_on_hidden_cards(params, world_seed) -> None:
    """Re-deal everything one player cannot see (the other hands, the other VP rows
    around their face-up cards): the public view stays the same."""
    n, seed, first, steps = params
    game, _ = random_position(n, seed, first, steps)
    rng = random.Random(world_seed)
    for p in range(n):
        world = determinize(game.view(p), rng)
        assert world.public_view() == game.public_view()


@settings(max_examples=60, deadline=None)
@given(positions)
def test_the_table_names_who_played_each_card(params) -> None:
    n, seed, first, steps = params
    game, _ = random_position(n, seed, first, steps)
    public = game.public_view()
    for trick in public.table:
        if trick is None:
            continue
        here = [pc for pc in public.played if pc.slot == trick.slot][-trick.count :]
        assert trick.cards == tuple(pc.card for pc in here)
        assert trick.players == tuple(pc.player for pc in here)
