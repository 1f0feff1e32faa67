"""The medium computer player: heuristics. It lays a strength card from its best suit
(and, second, beats LEAD's card cheaply when that makes its own best suit Highest), leads
cards that no unseen card beats, wins tricks cheaply (making the loser owe most), loses
them owing least, and pays with the least valuable legal set (fewest cards, then
weakest)."""

from __future__ import annotations

import random

from ...contract import StopCheck
from ..engine.actions import Action
from ..engine.cards import DOTS
from ..engine.views import Phase, PlayerView
from .tactics import beats, card_worth, own_actions, pay_cost, suit_ranks, suit_values, unseen_cards

__all__ = ["MediumBot"]


class MediumBot:
    name = "medium"

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        return self.ranked(view, rng)[0]

    def ranked(self, view: PlayerView, rng: random.Random) -> list[Action]:
        """The legal actions, best first by medium's heuristics (ties at random)."""
        actions = list(own_actions(view))
        rng.shuffle(actions)
        if view.phase is Phase.STRENGTH:
            return sorted(actions, key=lambda a: self._strength_cost(view, a))
        if view.phase is Phase.PAY:
            rank = suit_ranks(view)
            return sorted(actions, key=lambda a: pay_cost(a, rank))
        rank = suit_ranks(view)
        trick = view.tricks[-1] if view.tricks else None
        if trick is not None and trick.follow is None:
            lead = trick.lead

            def follow_key(a: Action) -> tuple[int, int, int]:
                c = a.card  # type: ignore[union-attr]
                d = abs(DOTS[lead] - DOTS[c])
                if beats(lead, c, rank):
                    return (0, -d, card_worth(c, rank))
                return (1, d, card_worth(c, rank))

            return sorted(actions, key=follow_key)
        unseen = unseen_cards(view)

        def lead_key(a: Action) -> tuple[int, int, int]:
            c = a.card  # type: ignore[union-attr]
            threats = sum(1 for u in unseen if beats(c, u, rank) and u >> 4 == c >> 4)
            return (threats + rank[c >> 4], -DOTS[c], c & 15)

        return sorted(actions, key=lead_key)

    @staticmethod
    def _strength_cost(view: PlayerView, action: Action) -> tuple[int, int]:
        card = action.card  # type: ignore[union-attr]
        hand = view.hand or ()
        values = suit_values(hand)
        best = max(range(3), key=lambda s: values[s])
        if not view.strength:
            # LEAD: the highest card of the best suit.
            return (0 if card >> 4 == best else 1, -(card & 15))
        first = view.strength[0]
        others = sorted((s for s in range(3) if s != first >> 4), key=lambda s: -values[s])
        if card >> 4 == others[0] and card & 15 > first & 15:
            return (0, card & 15)  # the cheapest card that makes our best suit Highest
        if card >> 4 == others[1]:
            return (1, card & 15)  # keep the best suit's cards: give the weaker one
        return (2, card & 15)
