"""Fast playouts: finish a hand with random legal actions (for search bots).

This is the inner loop of the hard computer player, so it reads
:class:`~.state.MagicTrickState`'s internals and applies actions through its own fast
path, :meth:`~.state.MagicTrickState.push`; the rules are never written twice.
"""

from __future__ import annotations

import random

from .cards import ACTIONS, HAND_SIZE, PASS_CODE
from .state import MagicTrickState
from .views import Phase

__all__ = ["playout"]

_PLAY = Phase.PLAY
_SLEEVE = Phase.SLEEVE
_PASS = ACTIONS[PASS_CODE]


def playout(game: MagicTrickState, rng: random.Random) -> int:
    """Finish the current hand of ``game`` (in place) with uniformly random legal
    actions; return how many actions were taken."""
    rand = rng.random
    push = game.push
    actions = ACTIONS
    lives = game._live
    suits = game._suit
    counts = game._count
    done = 0
    while True:
        phase = game._phase
        p = game._to_move
        live = lives[p]
        if phase is _PLAY:
            lead = game._lead
            if lead >= 0 and counts[p][lead]:
                su = suits[p]
                follow = [i for i in live if su[i] == lead]
                pos = follow[int(rand() * len(follow))]
            else:
                pos = live[int(rand() * len(live))]
            push(actions[pos])
        elif phase is _SLEEVE:
            k = int(rand() * (len(live) + 1))
            push(actions[HAND_SIZE + live[k]] if k < len(live) else _PASS)
        else:
            return done
        done += 1
