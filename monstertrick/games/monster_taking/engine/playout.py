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
from collections.abc import Sequence

from .actions import PAY_NOTHING, PLAYS, STRENGTHS, Pay
from .cards import DOTS, Card
from .payments import legal_payments, random_payment
from .state import MatchState
from .views import Phase

__all__ = ["greedy_playout", "perfect_playout", "playout"]

_STRENGTH = Phase.STRENGTH
_PLAY = Phase.PLAY
_PAY = Phase.PAY
_GAME_OVER = Phase.GAME_OVER
_MATCH_OVER = Phase.MATCH_OVER


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


def _reply(pool: Sequence[Card], led: int, rank: Sequence[int]) -> tuple[Card, int]:
    """The follower's card among ``pool`` (those they may play to ``led``): the one that
    wins the trick making the loser owe most, or else the one that owes least (the first
    of equals); and what it is worth to them, ``10 + d`` for a win owed ``d`` dots, ``-d``
    for a loss."""
    suit = led >> 4
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
    return best, best_key


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
                    card = _reply(pool, led, state._rank)[0]
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


def perfect_playout(state: MatchState, rng: random.Random) -> None:
    """Finish the current game of ``state`` (in place) with a policy that sees both hands
    (the ``pimc`` yardstick's, in a sampled world).

    A follower plays as in :func:`greedy_playout` without its noise (the cheapest win
    that makes the loser owe most, or the loss that owes least). A leader leads the card
    whose trick is worth most to them with the other player answering so, seen in their
    hand: a win owed most, or a loss owing least. The loser pays the cheapest way: the
    fewest cards, then the weakest (value, more in stronger suits). Strength cards at
    random; ties at random.
    """
    rand = rng.random
    hands = state._hands
    while state._phase is not _GAME_OVER and state._phase is not _MATCH_OVER:
        hand = hands[state._to_move]
        push = state.push
        if state._phase is _PLAY:
            led = state._led
            rank = state._rank
            if led >= 0:
                suit = led >> 4
                push(PLAYS[_reply([c for c in hand if c >> 4 == suit] or hand, led, rank)[0]])
                continue
            other = hands[1 - state._to_move]
            best = hand[0]
            top = -99.0
            for c in hand:
                suit = c >> 4
                key = -_reply([o for o in other if o >> 4 == suit] or other, c, rank)[1] + rand()
                if key > top:
                    best, top = c, key
            push(PLAYS[best])
        elif state._phase is _PAY:
            owed = state._log.tricks[-1].owed
            rank = state._rank
            paid = min(
                legal_payments(hand, owed) if owed else [()],
                key=lambda cards: (
                    len(cards),
                    sum((c & 15) + 6 * (2 - rank[c >> 4]) for c in cards),
                    rand(),
                ),
            )
            push(Pay(paid) if paid else PAY_NOTHING)
        else:
            strength = state._log.strength
            pool = [c for c in hand if c >> 4 != strength[0] >> 4] if strength else hand
            push(STRENGTHS[pool[int(rand() * len(pool))]])
