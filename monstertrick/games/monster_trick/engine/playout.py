"""Fast playouts: finish a round with a cheap, sensible policy (for search bots).

This is the inner loop of the hard computer player, so it reads :class:`GameState`'s
internals directly (it lives in the engine package for that reason) and applies moves
through :meth:`GameState.push`, the engine's own fast path; the rules are never written
twice: the VP scored and the take-over test come from the engine's own tables, built
from :func:`~monstertrick.games.monster_trick.engine.state.vp_scored` and
:func:`~monstertrick.games.monster_trick.engine.state.takes_over`.

The policy: every player wants more tricks exactly while they do not score the highest
VP card of their row. A player who wants a trick completes a
trick they would win when they can (with their lowest card that does it) and otherwise
plays at random; a player who does not want one never completes a trick for themselves
when another card or slot avoids it, and prefers not to take a trick over. A small share
of moves is plain random so that the playouts cover what real players do.
"""

from __future__ import annotations

import random

from .actions import MOVES, VP_ORDERS, Move
from .cards import HAND_SIZE
from .state import _DISTINCT, _LEGAL, _POW5, _TAKERS, GameState, vp_scored
from .views import Phase

__all__ = ["perfect_playout", "playout", "random_playout", "steer"]

_PLAYING = Phase.PLAYING

#: Per VP row, the VP it scores with 0, 1, 2... tricks (at most 15 tricks in a round).
_SCORED: dict[tuple[int, int, int], tuple[int, ...]] = {
    row: tuple(vp_scored(t, row) for t in range(16)) for rows in VP_ORDERS for row in rows
}


def random_playout(game: GameState, rng: random.Random) -> None:
    """Finish the round with uniformly random legal moves."""
    choice = rng.choice
    while game._phase is _PLAYING:
        game.push(choice(game.legal_moves()))


def playout(
    game: GameState, rng: random.Random, noise: float = 0.1, moves: int | None = None
) -> None:
    """Finish the current round of ``game`` (in place) with the steering policy, or
    play only its next ``moves`` moves.

    ``noise`` is the share of moves played uniformly at random (card, then slot).
    """
    rand = rng.random
    push = game.push
    hands = game._hands
    if game._phase is not _PLAYING:
        return
    arrs: list[tuple[int, int, int]] = game._arr  # type: ignore[assignment]  # all arranged
    best = [max(row) for row in arrs]
    scored = [_SCORED[row] for row in arrs]
    tricks = game._tricks
    slots_cards = game._cards
    leads = game._lead
    highs = game._high
    holders = game._holder
    takers = _TAKERS
    legal_table = _LEGAL
    moves_of = MOVES
    end = game._n * HAND_SIZE
    turn = game._turn
    if moves is not None:
        end = min(end, turn + moves)
    while turn < end:
        p = game._to_move
        hand = hands[p]
        nh = len(hand)
        per_colour = legal_table[game._cfg]
        card: int = hand[int(rand() * nh)]
        legal = per_colour[card >> 4]
        slot = legal[int(rand() * len(legal))] if len(legal) > 1 else legal[0]
        if rand() >= noise:
            want = scored[p][tricks[p]] != best[p]
            # Tricks one card from completion, and who would win them.
            if want:
                best_card, best_slot = _completing(game, p, per_colour)
                if best_card >= 0:
                    card = best_card
                    slot = best_slot
            else:
                # Avoid winning a trick: retry the random choice a few times.
                for _ in range(4):
                    lead = leads[slot]
                    if lead >= 0 and (holders[slot] == p or card in takers[lead][highs[slot]]):
                        if len(slots_cards[slot]) >= 2:
                            card = hand[int(rand() * nh)]
                            legal = per_colour[card >> 4]
                            slot = legal[int(rand() * len(legal))]
                            continue
                    break
        push(moves_of[card][slot])
        turn += 1


def _completing(
    game: GameState, p: int, per_colour: tuple[tuple[int, ...], ...]
) -> tuple[int, int]:
    """The lowest card of ``p``'s hand that completes a trick of three cards that ``p``
    then wins, and its slot; ``(-1, -1)`` when none does (:func:`playout`'s policy)."""
    slots_cards, holders, leads, highs = game._cards, game._holder, game._lead, game._high
    takers = _TAKERS
    best_card = -1
    best_slot = -1
    for s in (0, 1, 2, 3):
        if len(slots_cards[s]) == 3:
            mine = holders[s] == p
            beats = takers[leads[s]][highs[s]]
            for c in game._hands[p]:
                if s in per_colour[c >> 4] and (mine or c in beats):
                    if best_card < 0 or c & 15 < best_card & 15:
                        best_card = c
                        best_slot = s
    return best_card, best_slot


def perfect_playout(game: GameState, rng: random.Random) -> None:
    """Finish the current round of ``game`` (in place) with a policy that sees every hand
    and VP row (the ``pimc`` yardstick's, in a sampled world).

    As in :func:`playout`, a player wants tricks exactly while they do not score their
    row's highest VP card. Each move is the best by one look ahead: completing a trick
    is worth it to its winner if they want it and costs them if they do not; holding a
    trick of three cards is as good (or as bad) when no other player holds a card that
    can take it over, known from their hands; a player who wants no trick avoids
    holding one of two cards. Then a player who wants tricks plays the lowest card
    that does the job (keeping high ones), one who does not the highest card it can
    shed; ties at random.
    """
    if game._phase is not _PLAYING:
        return
    # Per seat, the VP its row scores with 0, 1, 2... tricks and its highest VP card.
    rows = [(_SCORED[row], max(row)) for row in game._arr if row is not None]
    rand = rng.random
    hands = game._hands
    tricks = game._tricks
    slots_cards, leads, highs, holders = game._cards, game._lead, game._high, game._holder
    takers = _TAKERS
    distinct = _DISTINCT
    moves_of = MOVES
    n = game._n
    for _ in range(game._turn, n * HAND_SIZE):
        p = game._to_move
        hand = hands[p]
        scored, best = rows[p]
        want = scored[tricks[p]] != best
        per_colour = distinct[game._cfg]
        others = [c for q in range(n) if q != p for c in hands[q]]
        top: tuple[float, float, float] | None = None
        choice = moves_of[hand[0]][per_colour[hand[0] >> 4][0]]
        for card in hand:
            value = card & 15
            for s in per_colour[card >> 4]:
                lead = leads[s]
                if lead < 0:
                    count, mine, lead, high = 1, True, card >> 4, value
                else:
                    count = len(slots_cards[s]) + 1
                    high = highs[s]
                    mine = holders[s] == p
                    if card in takers[lead][high]:
                        mine, high = True, value
                if count == 4:
                    worth = 2.0 if mine else 0.0
                elif count == 3 and mine:
                    tk = takers[lead][high]
                    worth = 0.0 if any(c in tk for c in others) else 1.0
                elif count == 2 and mine:
                    worth = 0.5
                else:
                    worth = 0.0
                key = (worth, -value, rand()) if want else (-worth, value, rand())
                if top is None or key > top:
                    top = key
                    choice = moves_of[card][s]
        game.push(choice)


def steer(game: GameState, rng: random.Random, noise: float = 0.1) -> Move:
    """Play the steering policy's next move in ``game`` (in place, which must be in
    play) and return it as the move of :meth:`GameState.distinct_moves` that stands for
    it: a card that opened a trick counts as opening the first empty slot it could."""
    cfg = game._cfg
    playout(game, rng, noise, 1)
    move = game._moves[-1]
    if (cfg // _POW5[move.slot]) % 5 == 0:
        for s in _DISTINCT[cfg][move.card >> 4]:
            if (cfg // _POW5[s]) % 5 == 0:
                return MOVES[move.card][s]
    return move
