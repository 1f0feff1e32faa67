"""The medium computer player: reads the exact value range of each card of its hand
from the public information (:func:`~..engine.deduce.value_ranges`), estimates how many
tricks its hand will take, sleeves the card that best matches that estimate once the
match is good enough (or time runs out), and then plays toward its bid: to win a trick
when it needs more, to lose one otherwise."""

from __future__ import annotations

import random

from ...contract import StopCheck
from ..engine.actions import PASS, Action
from ..engine.cards import HAND_SIZE, NUM_PLAYERS, TRUMP, Suit
from ..engine.deduce import value_ranges
from ..engine.views import Phase, View
from .base import mover

Ranges = tuple[tuple[tuple[int, int] | None, ...], ...]


def _mid(r: tuple[int, int] | None) -> float:
    assert r is not None
    return (r[0] + r[1]) / 2


def _share_above(r: tuple[int, int] | None, value: int) -> float:
    """The share of a card's possible values (taken as equally likely) above ``value``."""
    assert r is not None
    lo, hi = r
    if lo > value:
        return 1.0
    if hi <= value:
        return 0.0
    return (hi - value) / (hi - lo + 1)


def win_chance(suit: Suit, r: tuple[int, int] | None) -> float:
    """A rough chance that a card takes a trick over the whole hand."""
    m = _mid(r)
    if suit is TRUMP:
        return 0.25 + 0.1 * m
    return 0.03 + 0.35 * (m / 7) ** 2


def projected_tricks(view: View, ranges: Ranges, p: int, without: int | None = None) -> float:
    """Tricks won so far plus what the cards still in hand look likely to take."""
    seat = view.seats[p]
    return seat.tricks + sum(
        win_chance(seat.spots[i].suit, ranges[p][i]) for i in seat.in_hand if i != without
    )


def best_sleeve(view: View, ranges: Ranges, p: int) -> tuple[int, float]:
    """The hand position whose likely value best matches the projected tricks, and how
    far off it is (value uncertainty included)."""
    best = (-1, float("inf"))
    for i in view.seats[p].in_hand:
        r = ranges[p][i]
        assert r is not None
        cost = abs(_mid(r) - projected_tricks(view, ranges, p, without=i)) + (r[1] - r[0]) / 4
        if cost < best[1]:
            best = (i, cost)
    return best


def trick_winner(view: View) -> tuple[int, int, int] | None:
    """The current trick's (winning player, suit, value), or None when it is empty."""
    if not view.trick or view.led is None:
        return None
    best = None
    for tc in view.trick:
        s, v = tc.card >> 3, tc.card & 7
        key = v + (16 if s == TRUMP else 8 if s == view.led else 0)
        if best is None or key > best[0]:
            best = (key, tc.player, s, v)
    assert best is not None
    return best[1], best[2], best[3]


def take_chance(view: View, ranges: Ranges, p: int, pos: int) -> float:
    """A rough chance that playing ``pos`` now wins the current trick."""
    suit = view.suit_at(p, pos)
    r = ranges[p][pos]
    later = NUM_PLAYERS - 1 - len(view.trick)
    current = trick_winner(view)
    if current is None:
        return win_chance(suit, r)
    _, bsuit, bvalue = current
    if suit is TRUMP:
        beat = 1.0 if bsuit != TRUMP else _share_above(r, bvalue)
    elif suit == view.led and bsuit != TRUMP:
        beat = _share_above(r, bvalue)
    else:
        beat = 0.0
    return beat * (0.8 if suit is TRUMP else 0.6) ** later


class MediumBot:
    """Bids from the value ranges of its hand and plays toward its bid."""

    name = "medium"

    def choose(self, view: View, rng: random.Random, stop: StopCheck | None = None) -> Action:
        p = mover(view)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        ranges = value_ranges(view)
        seat = view.seats[p]
        if view.phase is Phase.SLEEVE:
            pos, cost = best_sleeve(view, ranges, p)
            left = len(seat.in_hand)
            patience = 0.6 + 0.15 * view.trick_number
            if cost <= patience or left <= 3:
                return Action.sleeve(pos)
            return PASS
        if seat.bid is not None:
            target = float(seat.bid)
        else:
            pos, _ = best_sleeve(view, ranges, p)
            target = projected_tricks(view, ranges, p, without=pos)
        want = seat.tricks < round(target)
        scored = []
        for a in legal:
            pos = a % HAND_SIZE
            chance = take_chance(view, ranges, p, pos)
            m = _mid(ranges[p][pos])
            trump = view.suit_at(p, pos) is TRUMP
            if want:
                # The likeliest winner; among sure ones the cheapest.
                key = (chance, -m if chance >= 0.99 else m, rng.random())
            else:
                # The likeliest loser; shed high cards (trumps last) when it is safe.
                key = (-chance, (m - (8 if trump else 0)) if chance == 0 else -m, rng.random())
            scored.append((key, a))
        return max(scored)[1]
