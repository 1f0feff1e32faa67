"""The easy computer player: random legal play with a little sense.

It arranges its VP cards from a rough count of its high cards and plays a random legal
move, except that it never does the absurd: when it scores its row's highest card it
does not complete a trick for itself if another move avoids it, and when a trick it
could win is one card from completion and it wants a trick, it sometimes takes it.
"""

from __future__ import annotations

import random

from ...contract import StopCheck
from ..engine import Action, Arrange, Move, Phase, PlayerView, row_scoring, top_value, unseen_cards
from .tactics import distinct_moves, effect, wants_trick


class EasyBot:
    name = "easy"

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        if view.phase is Phase.ARRANGING:
            top = top_value(view.num_players)
            high = sum(1 for c in view.hand if (c & 15) > top * 3 // 4)
            return Arrange.of(row_scoring(max(1, min(high, 4)), view.vp_set))
        return self._move(view, rng)

    def _move(self, view: PlayerView, rng: random.Random) -> Move:
        moves = distinct_moves(view)
        if len(moves) == 1:
            return moves[0]
        hidden = unseen_cards(view)
        effects = [effect(view, m, hidden) for m in moves]
        me = view.player
        if wants_trick(view):
            wins = [e.move for e in effects if e.completes and e.holder == me]
            if wins and rng.random() < 0.5:
                return rng.choice(wins)
            return rng.choice(moves)
        sensible = [e.move for e in effects if not (e.completes and e.holder == me)]
        return rng.choice(sensible or moves)
