"""Deduction from public information: which values the cards in hands may have.

Everybody sees the suit of every card in every hand and where it sits; hands are sorted
by value (low to high), and every card's value is seen once it is played or sleeved. This
module works out exactly which deals agree with all of that.

The key fact: in a deal consistent with a view, each hand is cut into eight contiguous
*blocks*, the cards of value 0, 1, ..., 7, in that order; a block holds distinct suits
(there is one card of each suit and value), a face-up card lies in the block of its
value, and for each value the blocks of the four hands hold the seven suits exactly
once. The cut points determine every hidden value. :class:`Layout` counts the cut
choices value by value with a dynamic programme over the four hands' cut points, weighting
each by how likely the deal is to show these suit orders (cards of equal value are laid
out in random order: a block of ``m`` cards shows one order out of ``m!``). That gives
both the exact set of values each hidden card can have and an exact sampler of the
hidden values from their posterior given the public information (the choices players made
are not modelled): :meth:`Layout.sample`.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from math import factorial

from .cards import ALL_SUITS_MASK, CARDS, HAND_SIZE, NUM_PLAYERS, NUM_VALUES, Card
from .views import Place, View

_SLOTS = HAND_SIZE + 1
_FACT = [factorial(i) for i in range(HAND_SIZE + 1)]
_SEVEN = factorial(7)
#: State code of the four cut points (k0, k1, k2, k3), each 0-14.
_POW = (1, _SLOTS, _SLOTS**2, _SLOTS**3)
_END = sum(HAND_SIZE * p for p in _POW)


class Inconsistent(ValueError):
    """No deal agrees with the public information given."""


class Layout:
    """All deals consistent with per-seat suit sequences and face-up values.

    ``suits[p][i]`` is the suit (0-6) at position ``i`` of seat ``p``'s dealt hand order;
    ``known[p][i]`` its value when it is face up, or -1 when it is still in the hand.
    """

    __slots__ = ("suits", "known", "_options", "_count", "_steps")

    def __init__(self, suits: Sequence[Sequence[int]], known: Sequence[Sequence[int]]) -> None:
        self.suits = [list(s) for s in suits]
        self.known = [list(k) for k in known]
        # _options[(p, v, k)]: the blocks seat p may give value v from cut point k, as
        # (size, suit mask) pairs, and the same as a dict mask -> size; worked out when
        # the count first reaches that cut (most cuts are never reached).
        self._options: dict[tuple[int, int, int], tuple[list[tuple[int, int]], dict[int, int]]] = {}
        self._count: dict[tuple[int, int], int] = {}
        self._steps: dict[tuple[int, int], tuple[list[int], list[tuple[int, ...]]]] = {}
        if self.count() == 0:
            raise Inconsistent("no deal agrees with these suits and face-up values")

    def _blocks(self, p: int, v: int, k: int) -> tuple[list[tuple[int, int]], dict[int, int]]:
        key = (p, v, k)
        got = self._options.get(key)
        if got is None:
            got = self._options[key] = self._block_options(p, v, k)
        return got

    def _block_options(
        self, p: int, v: int, k: int
    ) -> tuple[list[tuple[int, int]], dict[int, int]]:
        suits = self.suits[p]
        known = self.known[p]
        room = (NUM_VALUES - 1 - v) * 7  # what the higher values can still hold
        out: list[tuple[int, int]] = []
        mask = 0
        j = k
        while True:
            # A block [k, j) is valid if the card after it is not face up with a value
            # <= v (it would have to be in this block or before).
            if (j == HAND_SIZE or not 0 <= known[j] <= v) and HAND_SIZE - j <= room:
                out.append((j - k, mask))
            if j == HAND_SIZE or known[j] not in (-1, v):
                break
            bit = 1 << suits[j]
            if mask & bit:
                break
            mask |= bit
            j += 1
        return out, {m: size for size, m in out}

    def _transitions(self, v: int, state: int) -> list[tuple[int, tuple[int, ...], int]]:
        """Every way to cut value ``v`` from ``state``: (weight, sizes, next state)."""
        k = [(state // _POW[p]) % _SLOTS for p in range(NUM_PLAYERS)]
        o0 = self._blocks(0, v, k[0])[0]
        o1 = self._blocks(1, v, k[1])[0]
        o2 = self._blocks(2, v, k[2])[0]
        last = self._blocks(3, v, k[3])[1]
        out: list[tuple[int, tuple[int, ...], int]] = []
        fact = _FACT
        for m0, s0 in o0:
            for m1, s1 in o1:
                if s0 & s1:
                    continue
                a = s0 | s1
                for m2, s2 in o2:
                    if a & s2:
                        continue
                    m3 = last.get(ALL_SUITS_MASK ^ (a | s2))
                    if m3 is None:
                        continue
                    weight = _SEVEN // (fact[m0] * fact[m1] * fact[m2] * fact[m3])
                    nxt = state + m0 + m1 * _POW[1] + m2 * _POW[2] + m3 * _POW[3]
                    out.append((weight, (m0, m1, m2, m3), nxt))
        return out

    def count(self, v: int = 0, state: int = 0) -> int:
        """The weighted number of ways to finish the deal from cut ``state`` at value ``v``."""
        if v == NUM_VALUES:
            return 1 if state == _END else 0
        key = (v, state)
        got = self._count.get(key)
        if got is not None:
            return got
        total = 0
        cum: list[int] = []
        moves: list[tuple[int, ...]] = []
        for weight, sizes, nxt in self._transitions(v, state):
            rest = self.count(v + 1, nxt)
            if rest:
                total += weight * rest
                cum.append(total)
                moves.append((*sizes, nxt))
        self._count[key] = total
        self._steps[key] = (cum, moves)
        return total

    def sample_values(self, rng: random.Random) -> list[list[int]]:
        """Values for every position of every hand, drawn from the posterior."""
        values = [[0] * HAND_SIZE for _ in range(NUM_PLAYERS)]
        cuts = [0, 0, 0, 0]
        state = 0
        for v in range(NUM_VALUES):
            cum, moves = self._steps[(v, state)]
            pick = moves[bisect_right(cum, rng.randrange(cum[-1]))]
            for p in range(NUM_PLAYERS):
                start = cuts[p]
                end = start + pick[p]
                row = values[p]
                for i in range(start, end):
                    row[i] = v
                cuts[p] = end
            state = pick[4]
        return values

    def sample(self, rng: random.Random) -> list[list[Card]]:
        """A whole deal (14 cards per seat in hand order) drawn from the posterior."""
        values = self.sample_values(rng)
        return [
            [CARDS[s * NUM_VALUES + v] for s, v in zip(self.suits[p], values[p])]
            for p in range(NUM_PLAYERS)
        ]

    def possible_values(self) -> list[list[frozenset[int]]]:
        """For each position of each hand, every value it has in some consistent deal."""
        seen: list[list[set[int]]] = [[set() for _ in range(HAND_SIZE)] for _ in range(4)]
        frontier = {0}
        for v in range(NUM_VALUES):
            nxt_frontier: set[int] = set()
            for state in frontier:
                _, moves = self._steps[(v, state)]
                for move in moves:
                    for p in range(NUM_PLAYERS):
                        start = (state // _POW[p]) % _SLOTS
                        for i in range(start, start + move[p]):
                            seen[p][i].add(v)
                    nxt_frontier.add(move[4])
            frontier = nxt_frontier
        return [[frozenset(s) for s in row] for row in seen]


def layout_of(view: View) -> Layout:
    """The :class:`Layout` of the current hand of a view."""
    suits = [[int(s.suit) for s in seat.spots] for seat in view.seats]
    known = [[s.card & 7 if s.card is not None else -1 for s in seat.spots] for seat in view.seats]
    return Layout(suits, known)


def value_ranges(view: View) -> tuple[tuple[tuple[int, int] | None, ...], ...]:
    """Per seat, per hand position, the ``(min, max)`` value a card still in the hand may
    have given everything public (None for a face-up card).

    Exact: each bound is reached in some deal consistent with the view.
    """
    possible = layout_of(view).possible_values()
    return tuple(
        tuple(
            (min(possible[p][spot.position]), max(possible[p][spot.position]))
            if spot.place is Place.HAND
            else None
            for spot in seat.spots
        )
        for p, seat in enumerate(view.seats)
    )


__all__ = ["Inconsistent", "Layout", "layout_of", "value_ranges"]
