"""Fast playouts: finish the current game with random legal actions (for search bots).

This is the inner loop of the hard computer player, so it reads :class:`MatchState`'s
internals (it lives in the game package for that reason) and applies actions through
:meth:`MatchState.push`, the engine's own fast path; the rules are never written twice.
Strength cards and plays are uniform among the legal ones; a payment is a random plan
(how many cards of each dot count) among those making the total owed, then random cards
of those dot counts (:func:`~.payments.random_payment`), so every legal payment can
come up without listing them all.
"""

from __future__ import annotations

import random

from .cards import DOTS
from .payments import random_payment
from .state import PAY_NOTHING, PLAYS, STRENGTHS, MatchState, Pay, Phase

__all__ = ["greedy_playout", "playout"]

_STRENGTH = Phase.STRENGTH
_PLAY = Phase.PLAY
_PAY = Phase.PAY


def playout(state: MatchState, rng: random.Random) -> int:
    """Finish the current game of ``state`` (in place) with random legal actions.

    Returns the number of actions applied. Does nothing between games or after the
    match (call :meth:`MatchState.next_chapter` to go on).
    """
    rand = rng.random
    push = state.push
    hands = state._hands
    count = 0
    while True:
        phase = state._phase
        if phase is _PLAY:
            hand = hands[state._to_move]
            led = state._led
            if led >= 0:
                suit = led >> 4
                pool = [c for c in hand if c >> 4 == suit] or hand
            else:
                pool = hand
            push(PLAYS[pool[int(rand() * len(pool))]])
        elif phase is _PAY:
            hand = hands[state._to_move]
            owed = state._log.tricks[-1].owed
            paid = random_payment(hand, owed, rng) if owed else ()
            push(Pay(paid) if paid else PAY_NOTHING)
        elif phase is _STRENGTH:
            hand = hands[state._to_move]
            strength = state._log.strength
            if strength:
                suit = strength[0] >> 4
                pool = [c for c in hand if c >> 4 != suit]
            else:
                pool = hand
            push(STRENGTHS[pool[int(rand() * len(pool))]])
        else:
            return count
        count += 1


def greedy_playout(state: MatchState, rng: random.Random, noise: float = 0.2) -> int:
    """Finish the current game with a cheap policy (for search bots' rollouts).

    Strength cards, leads and payments are random; a follower who can win the trick wins
    it with the card that makes the loser owe most, and otherwise plays the card that
    owes least. ``noise`` is the share of follows played at random instead.
    """
    rand = rng.random
    push = state.push
    hands = state._hands
    count = 0
    while True:
        phase = state._phase
        if phase is _PLAY:
            hand = hands[state._to_move]
            led = state._led
            if led < 0:
                push(PLAYS[hand[int(rand() * len(hand))]])
            else:
                suit = led >> 4
                pool = [c for c in hand if c >> 4 == suit] or hand
                if len(pool) == 1 or rand() < noise:
                    card = pool[int(rand() * len(pool))]
                else:
                    rank = state._rank
                    lead_rank = rank[suit]
                    lead_dots = DOTS[led]
                    best = pool[0]
                    best_key = -99
                    for c in pool:
                        d = DOTS[c] - lead_dots
                        if d < 0:
                            d = -d
                        wins = c > led if c >> 4 == suit else rank[c >> 4] < lead_rank
                        key = 10 + d if wins else -d
                        if key > best_key:
                            best_key = key
                            best = c
                    card = best
                push(PLAYS[card])
        elif phase is _PAY:
            hand = hands[state._to_move]
            owed = state._log.tricks[-1].owed
            paid = random_payment(hand, owed, rng) if owed else ()
            push(Pay(paid) if paid else PAY_NOTHING)
        elif phase is _STRENGTH:
            hand = hands[state._to_move]
            strength = state._log.strength
            if strength:
                suit = strength[0] >> 4
                pool = [c for c in hand if c >> 4 != suit]
            else:
                pool = hand
            push(STRENGTHS[pool[int(rand() * len(pool))]])
        else:
            return count
        count += 1
