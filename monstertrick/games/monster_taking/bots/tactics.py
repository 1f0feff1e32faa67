"""What the computer players of Monster Taking read off a view: whose decision it is, the
suits' ranks, which card beats which, the unseen cards, and what cards and payments are
worth to their holder."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import Action, Pay
from ..engine.cards import FULL_DECK, Card
from ..engine.views import PlayerView

__all__ = [
    "beats",
    "card_worth",
    "cheapest_payments",
    "own_actions",
    "pay_cost",
    "suit_ranks",
    "suit_values",
    "unseen_cards",
]


def own_actions(view: PlayerView) -> tuple[Action, ...]:
    """The view's legal actions; raises ``ValueError`` unless it is the viewer's decision."""
    if view.viewer is None or view.current_player != view.viewer or not view.legal_actions:
        raise ValueError("a bot decides only when it is its seat's turn")
    return view.legal_actions


def suit_ranks(view: PlayerView) -> list[int]:
    """Rank per suit, 0 Highest (all 1 before the suits are ranked)."""
    if view.order is None:
        return [1, 1, 1]
    rank = [0, 0, 0]
    for r, suit in enumerate(view.order):
        rank[suit] = r
    return rank


def beats(lead: int, follow: int, rank: Sequence[int]) -> bool:
    """The follower's card wins the trick."""
    if lead >> 4 == follow >> 4:
        return follow > lead
    return rank[follow >> 4] < rank[lead >> 4]


def unseen_cards(view: PlayerView) -> set[Card]:
    """Cards the seat has not seen (the opponent's hand, their discards, the DECK)."""
    seen: set[Card] = set(view.hand or ()) | set(view.discards or ()) | set(view.strength)
    for t in view.tricks:
        seen.add(t.lead)
        if t.follow is not None:
            seen.add(t.follow)
        if t.cards is not None:
            seen.update(t.cards)
    return {c for c in FULL_DECK if c not in seen}


def card_worth(card: int, rank: Sequence[int]) -> int:
    """How much a card is worth keeping: its value, more in stronger suits."""
    return (card & 15) + 6 * (2 - rank[card >> 4])


def suit_values(hand: Sequence[Card]) -> list[int]:
    """How good a hand is in each suit: per card 4 and its value."""
    values = [0, 0, 0]
    for c in hand:
        values[c >> 4] += 4 + (c & 15)
    return values


def pay_cost(action: Action, rank: Sequence[int]) -> tuple[int, int]:
    """How much a payment costs the payer: how many cards, then how strong they are."""
    cards: tuple[Card, ...] = action.cards if isinstance(action, Pay) else ()
    return (len(cards), sum(card_worth(c, rank) for c in cards))


def cheapest_payments(actions: Sequence[Action], rank: Sequence[int], k: int) -> list[Action]:
    """The ``k`` payments among ``actions`` that cost the payer least (fewest cards, then
    weakest, as medium pays), cheapest first."""
    return sorted(actions, key=lambda a: pay_cost(a, rank))[:k]
