"""The payment rule (the game's ``rules.md``, "Payment"), written once.

The loser of a trick owes ``d`` dots. Only dotted cards are ever paid. The total to pay
is the smallest total ``t >= d`` that some set of the loser's dotted cards makes (so
``d`` itself when it can be made exactly, else the smallest total above it); when even
all their dotted cards together make less than ``d``, ``t`` is that whole total and
the only legal payment is all of them. ``d == 0`` gives ``t == 0``: nothing is paid.
Any set of dotted cards totalling ``t`` is a legal payment, so a payment is checked by
its total alone (:func:`payment_problem`).

Enumerating the legal payments is cheap: dots are 1 to 4 and ``d`` is at most 4, so
``t`` is at most 7 (e.g. ``d = 4`` with only 3-dot cards gives 6), and there are only
six cards of each dot count. The sets are built per dot count (how many 1-, 2-, 3- and
4-dot cards to pay, then which ones), which never looks at a set that misses the total;
the largest possible list has 162 payments (a hand holding all 24 dotted cards paying
4), so :func:`legal_payments` lists them all.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from .cards import CARDS, DOTS, Card, cards_text

__all__ = [
    "PaymentDue",
    "dot_counts",
    "legal_payments",
    "payment_due",
    "payment_problem",
    "payment_total",
    "random_payment",
]

_REACH: dict[tuple[int, int, int, int], int] = {}
_PLANS: dict[tuple[int, int, int, int, int], tuple[tuple[int, int, int, int], ...]] = {}


def dot_counts(hand: Iterable[int]) -> tuple[int, int, int, int]:
    """How many cards of 1, 2, 3 and 4 dots ``hand`` holds."""
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        counts[DOTS[c]] += 1
    return (counts[1], counts[2], counts[3], counts[4])


def _reach(counts: tuple[int, int, int, int]) -> int:
    """Bit ``s`` is set when some set of cards with these dot counts totals ``s``."""
    mask = _REACH.get(counts)
    if mask is None:
        mask = 1
        for dots, n in zip((1, 2, 3, 4), counts):
            for _ in range(n):
                mask |= mask << dots
        _REACH[counts] = mask
    return mask


def total_for(counts: tuple[int, int, int, int], d: int) -> int:
    """The total owed for ``d`` dots by a hand with these dot counts."""
    if d == 0:
        return 0
    above = _reach(counts) >> d
    if above:
        return d + (above & -above).bit_length() - 1
    return counts[0] + 2 * counts[1] + 3 * counts[2] + 4 * counts[3]


def payment_total(hand: Iterable[int], d: int) -> int:
    """The dots a loser holding ``hand`` must pay when ``d`` dots are owed."""
    return total_for(dot_counts(hand), d)


def _plans(counts: tuple[int, int, int, int], total: int) -> tuple[tuple[int, int, int, int], ...]:
    """How many cards of each dot count (1-4) can make up ``total``."""
    key = (*counts, total)
    plans = _PLANS.get(key)
    if plans is None:
        found = []
        for k in product(*(range(n + 1) for n in counts)):
            if k[0] + 2 * k[1] + 3 * k[2] + 4 * k[3] == total:
                found.append((k[0], k[1], k[2], k[3]))
        plans = tuple(found)
        _PLANS[key] = plans
    return plans


def _by_dots(hand: Iterable[int]) -> list[list[Card]]:
    groups: list[list[Card]] = [[], [], [], [], []]
    for c in hand:
        groups[DOTS[c]].append(CARDS[c])
    return groups


def legal_payments(hand: Iterable[int], d: int) -> list[tuple[Card, ...]]:
    """Every legal payment (sorted card tuples, the list sorted) for ``d`` dots owed."""
    hand = list(hand)
    counts = dot_counts(hand)
    total = total_for(counts, d)
    groups = _by_dots(hand)
    found: list[tuple[Card, ...]] = []
    for plan in _plans(counts, total):
        choices = [combinations(sorted(groups[dots]), k) for dots, k in zip((1, 2, 3, 4), plan)]
        for parts in product(*choices):
            found.append(tuple(sorted(c for part in parts for c in part)))
    found.sort()
    return found


def random_payment(hand: Sequence[int], d: int, rand: random.Random) -> tuple[Card, ...]:
    """A legal payment chosen quickly at random (a random plan, then random cards)."""
    if d == 0:
        return ()
    counts = dot_counts(hand)
    total = total_for(counts, d)
    if total == 0:
        return ()
    plans = _plans(counts, total)
    plan = plans[int(rand.random() * len(plans))] if len(plans) > 1 else plans[0]
    groups = _by_dots(hand)
    paid: list[Card] = []
    for dots, k in zip((1, 2, 3, 4), plan):
        if k:
            group = groups[dots]
            paid.extend(group if k == len(group) else rand.sample(group, k))
    paid.sort()
    return tuple(paid)


def cheapest_payment(hand: Sequence[int], d: int) -> tuple[Card, ...]:
    """An example of a legal payment (fewest cards, then first in order), for messages."""
    payments = legal_payments(hand, d)
    return min(payments, key=lambda p: (len(p), p)) if payments else ()


def _dots(n: int) -> str:
    return f"{n} dot{'s' if n != 1 else ''}"


@dataclass(frozen=True, slots=True)
class PaymentDue:
    """What the loser of a trick must pay: ``total`` dots for the ``owed`` ``d``, and,
    when the total is not ``d``, why not (in the payer's words)."""

    owed: int
    total: int
    reason: str | None
    """None when the total is ``d``; else the rule that sets it, e.g. "no set of your
    cards makes exactly 1 dot, so you pay the smallest total above it: 3 dots"."""


def payment_due(hand: Iterable[int], d: int) -> PaymentDue:
    """The total a loser holding ``hand`` must pay for ``d`` owed dots, and why."""
    counts = dot_counts(hand)
    total = total_for(counts, d)
    if total == d:
        return PaymentDue(d, total, None)
    if total == 0:
        return PaymentDue(d, 0, "you have no cards with dots, so you pay nothing")
    everything = counts[0] + 2 * counts[1] + 3 * counts[2] + 4 * counts[3]
    if total == everything and total < d:
        reason = (
            f"your cards with dots make only {_dots(total)} of the {d} owed, so you pay all of them"
        )
    else:
        reason = (
            f"no set of your cards makes exactly {_dots(d)}, so you pay the smallest "
            f"total above it that they make: {_dots(total)}"
        )
    return PaymentDue(d, total, reason)


def payment_problem(hand: Sequence[int], cards: Sequence[int], d: int) -> str | None:
    """Why paying ``cards`` from ``hand`` for ``d`` owed dots is not allowed, or None."""
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            return f"{CARDS[c]} is named twice"
        seen.add(c)
        if c not in hand:
            return f"{CARDS[c]} is not in your hand"
        if DOTS[c] == 0:
            return f"{CARDS[c]} has no dots: cards without dots are never paid"
    due = payment_due(hand, d)
    paid = sum(DOTS[c] for c in cards)
    if paid == due.total:
        return None
    if d == 0:
        return "the two cards have the same dots: nothing is paid"
    example = cards_text(cheapest_payment(hand, d))
    got = f"those cards total {_dots(paid)}"
    if due.reason is None:
        return f"{got}; you can pay exactly {d}, with {example}"
    if due.total == 0:
        return due.reason
    if due.total < d:
        return f"{got}; {due.reason}: {example}"
    return f"{got}; {due.reason}, e.g. {example}"
