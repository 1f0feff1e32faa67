"""The medium computer player: a heuristic that aims its trick count at its best VP card.

Arranging: it estimates from its hand how many tricks it can win (high cards win
tricks) and lays its highest VP card at the position that count scores, the middle one
where one trick too many would land, the lowest where one too few would.

Playing: until it scores the highest VP card of its row it takes tricks — above
all tricks one card from completion that it can win, then tricks it can hold safely —
and otherwise it keeps out of them: it never completes a trick for itself when it can
help it, avoids holding tricks near completion, and sheds its high cards where they
cannot win. It watches the other players' face-up VP cards: completing a trick held by
someone who now scores their row's highest card knocks that card down.
"""

from __future__ import annotations

import random

from ...contract import StopCheck
from ..engine import Action, Arrange, Move, Phase, PlayerView, row_scoring, top_value, unseen_cards
from .tactics import Effect, distinct_moves, effect, wants_trick

#: Average tricks a player wins in a round, and the hand strength of an average hand.
_MEAN_TRICKS = 2.5


def hand_strength(hand: tuple[int, ...] | list[int], num_players: int) -> float:
    top = top_value(num_players)
    return sum(((c & 15) / top) ** 3 for c in hand)


def estimate_tricks(hand: tuple[int, ...] | list[int], num_players: int) -> float:
    """Tricks this hand should win (about 2.5 for an average hand)."""
    top = top_value(num_players)
    mean = sum((v / top) ** 3 for v in range(1, top + 1)) / top * len(hand)
    return _MEAN_TRICKS * hand_strength(hand, num_players) / mean


class MediumBot:
    name = "medium"

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        if view.phase is Phase.ARRANGING:
            target = max(1, round(estimate_tricks(view.hand, view.num_players)))
            return Arrange.of(row_scoring(target, view.vp_set))
        return self._move(view, rng)

    def _move(self, view: PlayerView, rng: random.Random) -> Move:
        moves = distinct_moves(view)
        if len(moves) == 1:
            return moves[0]
        scored = scores(view, moves)
        top = max(scored)
        best = [m for m, s in zip(moves, scored) if s >= top - 1e-9]
        return best[0] if len(best) == 1 else rng.choice(best)


def scores(view: PlayerView, moves: list[Move]) -> list[float]:
    """Medium's score of each of ``moves`` (distinct legal moves of ``view.player``)."""
    hidden = unseen_cards(view)
    want = wants_trick(view)
    top = top_value(view.num_players)
    return [score(view, effect(view, m, hidden), want, top) for m in moves]


def ranked(view: PlayerView, moves: list[Move]) -> list[Move]:
    """``moves`` best first by medium's score (ties in the order given)."""
    scored = scores(view, moves)
    order = sorted(range(len(moves)), key=lambda i: -scored[i])
    return [moves[i] for i in order]


def score(view: PlayerView, e: Effect, want: bool, top: int) -> float:
    me = view.player
    value = (e.move.card & 15) / top
    if e.completes and e.holder != me:
        # Giving a trick away: good if it knocks an opponent off their best card.
        up = view.face_up[e.holder]
        bonus = 2.0 if up is not None and up[1] == max(view.vp_set) else 0.0
        base = -1.0 if want else 1.0
        return base + bonus + (value if not want else -value) * 0.5
    if want:
        if e.completes:
            return 10.0 - value
        if e.holder == me:
            if e.safe_hold:
                return 6.0 + e.count - value
            # Holding a trick that can still be taken: worth more the fuller it is.
            return 1.0 + 0.5 * e.count + value
        return -value  # no progress: spend a low card
    # Enough tricks: keep out of them.
    if e.completes:
        return -10.0
    if e.holder == me:
        danger = 2.0 * e.count + (4.0 if e.safe_hold else 0.0)
        return -danger - value
    return 1.0 + value  # shed high cards where they cannot win
