"""The easy computer player: plays a random legal card, and now and then sleeves the
card whose likely value is closest to a rough guess of its tricks."""

from __future__ import annotations

import random

from ...contract import StopCheck
from ..engine.actions import PASS, Action
from ..engine.cards import HAND_SIZE, NUM_PLAYERS, NUM_TRICKS
from ..engine.views import Phase, View
from .base import mover


class EasyBot:
    """Legal, with a little sense."""

    name = "easy"

    def choose(self, view: View, rng: random.Random, stop: StopCheck | None = None) -> Action:
        p = mover(view)
        legal = view.legal_actions
        if view.phase is Phase.SLEEVE:
            seat = view.seats[p]
            left = len(seat.in_hand)
            if left > 3 and rng.random() < 0.7:
                return PASS
            guess = seat.tricks + (NUM_TRICKS - view.trick_number) / NUM_PLAYERS
            # Hand positions say roughly how high a card is: low on the left.
            pos = min(seat.in_hand, key=lambda i: abs(i * 7 / (HAND_SIZE - 1) - guess))
            return Action.sleeve(pos)
        return legal[int(rng.random() * len(legal))]
