"""The easy computer player: legal and a little sensible. It wins a trick it can win with
its lowest winning card, otherwise throws its lowest card; random strength card and
payment."""

from __future__ import annotations

import random

from ...contract import StopCheck
from ..engine.actions import Action, Play
from ..engine.views import Phase, PlayerView
from .tactics import beats, own_actions, suit_ranks

__all__ = ["EasyBot"]


class EasyBot:
    name = "easy"

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        actions = own_actions(view)
        if view.phase is Phase.PLAY and view.tricks and view.tricks[-1].follow is None:
            lead = view.tricks[-1].lead
            rank = suit_ranks(view)
            plays = [a for a in actions if isinstance(a, Play)]
            winners = [a for a in plays if beats(lead, a.card, rank)]
            if winners:
                return min(winners, key=lambda a: (a.card & 15, a.card))
            return min(plays, key=lambda a: (a.card & 15, a.card))
        return actions[int(rng.random() * len(actions))]
