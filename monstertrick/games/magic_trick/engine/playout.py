"""Fast playouts: finish a hand with random legal actions (for search bots).

This is the inner loop of the hard computer player, so it reads
:class:`~.state.MagicTrickState`'s internals and applies actions through its own fast
path, :meth:`~.state.MagicTrickState.push`; the rules are never written twice.
"""

from __future__ import annotations

import random

from .actions import ACTIONS, PASS_CODE
from .cards import HAND_SIZE, NUM_PLAYERS, NUM_TRICKS
from .state import MagicTrickState
from .views import Phase

__all__ = ["fast_playout", "perfect_playout", "playout"]

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


def _sure(game: MagicTrickState, p: int) -> list[int]:
    """The positions of ``p``'s live cards that no other player can beat, seeing every
    hand: the highest of their suit still in play, and, for a suit other than Hearts,
    nobody out of it who holds a Heart."""
    deal = game._deal
    counts = game._count
    others = [q for q in range(NUM_PLAYERS) if q != p]
    top = [-1] * 7
    for q in others:
        hand = deal[q]
        for i in game._live[q]:
            card = hand[i]
            if card > top[card >> 3]:
                top[card >> 3] = card
    trumps = [any(counts[q][suit] == 0 and counts[q][0] for q in others) for suit in range(7)]
    trumps[0] = False
    hand = deal[p]
    return [
        pos
        for pos in game._live[p]
        if hand[pos] > top[hand[pos] >> 3] and not trumps[hand[pos] >> 3]
    ]


def _expected(game: MagicTrickState, p: int, sure: int) -> float:
    """``p``'s tricks at the end of the hand as a player without a bid expects them:
    those won, the ``sure`` ones, and a fifth of the others left (a fifth rather than a
    quarter: the others' sure tricks come out of them too; the fifth played 1.1 points per
    hand for the table, a quarter -2.8, 360 hands)."""
    left = NUM_TRICKS - game._plays // NUM_PLAYERS
    return game._tricks[p] + sure + (left - sure) / 5


def _key(card: int, lead: int) -> int:
    """How strong ``card`` is in a trick led in ``lead`` (-1: it leads): as the engine
    ranks them, Hearts above the led suit above the others."""
    s = card >> 3
    return (card & 7) + (16 if s == 0 else 8 if s == lead or lead < 0 else 0)


def perfect_playout(game: MagicTrickState, rng: random.Random) -> None:
    """Finish the current hand of ``game`` (in place) with a policy that sees every value
    (the ``pimc`` yardstick's, in a sampled world).

    A player's target is their bid, or before it the tricks they expect
    (:func:`_expected`: won, sure, a share of the rest). At the sleeve step they bid the
    card whose value is closest to what they expect without it if it is within half a
    trick, else pass, unless two cards or fewer are left: then the closest. In play, a
    player short of their target wins the trick with the lowest card that beats it (one
    that no later player can beat first, if any), or sheds their lowest; one who has
    enough plays the highest card that does not win, or else their highest; a leader
    leads high when short, low when not. Ties at random.
    """
    rand = rng.random
    deal = game._deal
    lives = game._live
    while game._phase is _PLAY or game._phase is _SLEEVE:
        p = game._to_move
        hand, live = deal[p], lives[p]
        push = game.push
        if game._phase is _SLEEVE:
            sure = _sure(game, p)
            choice, gap = _PASS, 99.0
            for pos in live:
                target = _expected(game, p, len(sure) - (pos in sure))
                g = abs((hand[pos] & 7) - target) + rand() / 100
                if g < gap:
                    choice, gap = ACTIONS[HAND_SIZE + pos], g
            push(choice if gap <= 0.5 or len(live) <= 2 else _PASS)
            continue
        sleeve = game._sleeve[p]
        if sleeve >= 0:
            want = game._tricks[p] < hand[sleeve] & 7
        else:
            want = game._tricks[p] < _expected(game, p, len(_sure(game, p)))
        lead = game._lead
        su = game._suit[p]
        pool = [i for i in live if su[i] == lead] if lead >= 0 and game._count[p][lead] else live
        ranked = sorted(pool, key=lambda i: (_key(hand[i], lead), rand()))
        if lead < 0:
            push(ACTIONS[ranked[-1] if want else ranked[0]])
            continue
        best = game._best
        wins = [i for i in ranked if _key(hand[i], lead) > best]
        if want and wins:
            later = [q for q in range(NUM_PLAYERS) if q != p and q not in game._ts]
            safe = [
                i
                for i in wins
                if not any(
                    _key(deal[q][j], lead) > _key(hand[i], lead) for q in later for j in lives[q]
                )
            ]
            pos = (safe or wins)[0]
        elif want:
            pos = ranked[0]
        else:
            losing = [i for i in ranked if _key(hand[i], lead) <= best]
            pos = (losing or ranked)[-1]
        push(ACTIONS[pos])


def fast_playout(game: MagicTrickState, rng: random.Random) -> int:
    """:func:`playout`, the same random choices from the same ``rng`` and so the same
    hand's end, without the bookkeeping of :meth:`~.state.MagicTrickState.push`: the
    finished state holds the hand's cards, tricks, bids and result, but not the turns
    that led there (it cannot be undone, nor its log read). Returns the actions taken."""
    rand = rng.random
    deal = game._deal
    suits = game._suit
    lives = game._live
    counts = game._count
    sleeve = game._sleeve
    tricks = game._tricks
    captured = game._captured
    tc = game._tc
    lead = game._lead
    best = game._best
    best_seat = game._best_seat
    plays = game._plays
    p = game._to_move
    done = 0
    if game._phase is _SLEEVE:
        live = lives[p]
        k = int(rand() * (len(live) + 1))
        if k < len(live):
            pos = live.pop(k)
            counts[p][suits[p][pos]] -= 1
            sleeve[p] = pos
        p = game._after
        done = 1
    elif game._phase is not _PLAY:
        return 0
    while plays < 52:
        live = lives[p]
        su = suits[p]
        count = counts[p]
        if lead >= 0 and count[lead]:
            follow = [i for i in live if su[i] == lead]
            pos = follow[int(rand() * len(follow))]
            live.remove(pos)
        else:
            pos = live.pop(int(rand() * len(live)))
        card = deal[p][pos]
        suit = card >> 3
        count[suit] -= 1
        if lead < 0:
            lead = suit
        key = (card & 7) + (16 if suit == 0 else 8 if suit == lead else 0)
        if key > best:
            best = key
            best_seat = p
        tc.append(card)
        plays += 1
        done += 1
        if len(tc) == NUM_PLAYERS:
            tricks[best_seat] += 1
            captured[best_seat] |= (
                (1 << (tc[0] >> 3)) | (1 << (tc[1] >> 3)) | (1 << (tc[2] >> 3)) | (1 << suit)
            )
            tc.clear()
            after = best_seat
            lead = best = best_seat = -1
        else:
            after = p + 1 if p < 3 else 0
        if sleeve[p] < 0:
            if len(live) == 1:
                pos = live.pop()
                sleeve[p] = pos
                count[su[pos]] -= 1
            else:
                done += 1
                k = int(rand() * (len(live) + 1))
                if k < len(live):
                    pos = live.pop(k)
                    count[su[pos]] -= 1
                    sleeve[p] = pos
        p = after
    game._ts.clear()
    game._tp.clear()
    game._lead = game._best = game._best_seat = -1
    game._plays = plays
    game._end_hand(None)
    return done
