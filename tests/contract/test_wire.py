"""A game's views, events and actions as JSON (:mod:`monstertrick.net.wire`), over every game
and the toy game: what a screen on another device would be sent reads back as exactly
the view it was made from, a seat's bytes depend only on what the seat may know, and
anything else that comes over the wire is refused in words."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.games import GAMES
from monstertrick.net.wire import MAX_ITEMS, Wire, WireError

from .test_every_game import door_of, random_game, table_size


def sent(wire: Wire[Any, Any, Any, Any, Any], value: object) -> Any:
    """``value`` as a seat receives it: encoded, through JSON text, and back."""
    return json.loads(json.dumps(wire.encode(value)))


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.slow
def test_every_view_event_and_action_reads_back_as_it_was_sent(game_key: str, seed: int) -> None:
    door = door_of(game_key)
    wire = Wire(door)
    rng = random.Random(seed)
    state = door.new_state([f"P{i}" for i in range(table_size(game_key, seed))], seed, 0)
    while True:
        for seat in range(len(state.players)):
            view = door.view(state, seat)
            assert wire.view(sent(wire, view)) == view
        public = state.public_view()
        assert wire.public(sent(wire, public)) == public
        if state.is_over():
            break
        if state.chapter_over():
            state.next_chapter()
            continue
        else:
            for action in state.legal_actions():
                assert wire.action(sent(wire, action)) == action
            events = state.apply(rng.choice(list(state.legal_actions())))
        for event in events:
            assert wire.event(sent(wire, event)) == event


@pytest.mark.parametrize("seed", range(2))
def test_a_seat_is_sent_the_same_bytes_whatever_it_cannot_see(game_key: str, seed: int) -> None:
    """Worlds that differ from the true game only in what the seat cannot see (the
    others' hands, their secrets) send that seat the same bytes."""
    door = door_of(game_key)
    wire = Wire(door)
    rng = random.Random(seed)
    for n, state in enumerate(random_game(game_key, seed)):
        if state.is_over():
            break
        if n % 4:
            continue
        seat = state.current_player
        truth = json.dumps(wire.encode(door.view(state, seat)))
        for _ in range(2):
            world = door.sample_world(door.view(state, seat), rng)
            assert json.dumps(wire.encode(world.view(seat))) == truth


def test_what_is_not_a_view_is_refused_in_words(game_key: str) -> None:
    door = door_of(game_key)
    wire = Wire(door)
    state = door.new_state([f"P{i}" for i in range(GAMES[game_key].min_players)], 1, 0)
    good = wire.encode(door.view(state, 0))
    assert isinstance(good, dict)
    field = next(k for k in good if k != "kind")
    broken: list[tuple[object, str]] = [
        (None, "expected"),
        ([], "expected"),
        ({**good, "kind": "Nothing"}, "expected"),
        ({**good, "stolen": 1}, "has no 'stolen'"),
        ({k: v for k, v in good.items() if k != field}, f"needs its {field}"),
        ({**good, field: {"kind": "x" * 5000}}, "…"),
    ]
    for data, reason in broken:
        with pytest.raises(WireError, match=reason) as info:
            wire.view(data)
        assert len(str(info.value)) < 200 and "\x1b" not in str(info.value)


def test_what_is_not_an_action_is_refused_in_words(game_key: str) -> None:
    wire = Wire(door_of(game_key))
    for data in (None, 7, ["play"], "", "play \x1b[31m", "x" * 10_000, {"kind": "Move"}):
        with pytest.raises(WireError) as info:
            wire.action(data)
        assert len(str(info.value)) < 200 and "\x1b" not in str(info.value)


def test_a_list_longer_than_any_view_holds_is_refused(game_key: str) -> None:
    door = door_of(game_key)
    wire = Wire(door)
    state = door.new_state([f"P{i}" for i in range(GAMES[game_key].min_players)], 1, 0)
    good = wire.encode(door.view(state, 0))
    listed = next(k for k, v in good.items() if isinstance(v, list))
    with pytest.raises(WireError, match=f"more than {MAX_ITEMS}"):
        wire.view({**good, listed: [0] * (MAX_ITEMS + 1)})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.floats(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None)
@given(data=json_values, which=st.sampled_from(sorted(GAMES)))
def test_any_json_value_is_read_or_refused_with_a_wire_error(data: object, which: str) -> None:
    wire = Wire(door_of(which))
    for read in (wire.view, wire.public, wire.event, wire.action):
        try:
            read(data)
        except WireError:
            pass


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), which=st.sampled_from(sorted(GAMES)), cut=st.integers(0, 50))
def test_a_real_view_with_one_value_changed_is_read_or_refused(
    seed: int, which: str, cut: int
) -> None:
    """A view as sent, with one field's value swapped for another field's: read back
    (when it still fits the types) or refused with a WireError, nothing else."""
    door = door_of(which)
    wire = Wire(door)
    state = door.new_state([f"P{i}" for i in range(GAMES[which].min_players)], seed, 0)
    good = wire.encode(door.view(state, 0))
    keys = [k for k in good if k != "kind"]
    a, b = keys[cut % len(keys)], keys[(cut * 7 + 1) % len(keys)]
    try:
        wire.view({**good, a: good[b]})
    except WireError:
        pass
