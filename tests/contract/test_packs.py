"""Deal packs are written once over the door (:mod:`monstertrick.packs`): over every
registered game and the toy game, a game of a pack's deal is recognised as that deal,
a game of other cards is refused, the baseline plays, and the duplicate arena's
rotations share the deal's points."""

from __future__ import annotations

import random

import pytest

from monstertrick import arena, packs
from monstertrick.games import GAMES

from .test_door import door_of, names_for


def finished(key: str, pack: packs.Pack, index: int) -> dict[str, object]:
    """Deal ``index`` of the pack played by easy computer players: its record."""
    door = door_of(key)
    deal = pack.deals[index]
    state = door.new_state(names_for(GAMES[key]), deal.seed, deal.first)
    door.play_to_end(state, [door.make_bot("easy")] * pack.seats, deal.seed)
    return door.to_record(state)


def test_a_game_of_a_deal_is_that_deal_and_no_other(game_key: str) -> None:
    seats = len(names_for(GAMES[game_key]))
    pack = packs.new_pack(game_key, 3, seats, rng=random.Random(2))
    for index in range(3):
        doc = finished(game_key, pack, index)
        assert packs.check_record(pack, doc).deal == index
    # The same starter, other cards: no deal of the pack.
    other = packs.Pack(game_key, seats, (packs.Deal(pack.deals[0].seed + 1, 0),))
    stranger = finished(game_key, other, 0)
    names = names_for(GAMES[game_key])
    claims = {
        **stranger,
        "meta": {
            "seats": [{"name": n, "bot": None} for n in names],
            "seed": 0,
            "pack": {"id": pack.id, "deal": 0},
        },
    }
    with pytest.raises(packs.PackError, match="was not dealt as deal 1 of the pack"):
        packs.check_record(pack, claims)
    with pytest.raises(packs.PackError, match="not a game of any deal of the pack"):
        packs.check_record(pack, stranger)


def test_the_baseline_plays_every_seat_with_the_same_level(game_key: str) -> None:
    seats = len(names_for(GAMES[game_key]))
    pack = packs.new_pack(game_key, 1, seats, rng=random.Random(3))
    level = "hard:3"
    scores = packs.baselines(pack, None, level)
    low, high = door_of(game_key).totals_range
    assert len(scores) == 1 and len(scores[0]) == seats
    assert all(low <= s <= high for s in scores[0])
    assert scores == packs.baselines(pack, None, level)  # (counted playouts: the same)


def test_a_duplicate_deal_shares_out_half_a_point_per_seat(game_key: str) -> None:
    seats = ["easy"] * len(names_for(GAMES[game_key]))
    (rotations,) = arena.duplicate_results(seats, 1, seed=5, game=game_key)
    points = arena.deal_matchpoints(rotations)
    assert sum(points) == pytest.approx(len(seats) / 2)
    assert all(0 <= p <= 1 for p in points)
