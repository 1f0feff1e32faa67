"""What a move does to the table, worked out from a view (shared by easy and medium)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from itertools import groupby

from ..engine import Card, Move, PlayerView, distinct_slots, takes_over, vp_scored


@dataclass(frozen=True, slots=True)
class Effect:
    """The immediate effect of one move."""

    move: Move
    opens: bool
    count: int
    """Cards in the trick after the move (4: the trick is complete and won)."""
    holder: int
    """Who holds the trick after the move (the winner when ``count == 4``)."""
    takes_over: bool
    safe_hold: bool
    """The mover holds the trick and no card they cannot see can take it from them."""

    @property
    def completes(self) -> bool:
        return self.count == 4


def distinct_moves(view: PlayerView) -> list[Move]:
    """The legal moves with equivalent ones merged: empty slots are interchangeable,
    so a card that may open a trick keeps only the first empty slot."""
    if not view.legal_moves:
        raise ValueError(
            f"{view.players[view.player]} has no move to choose: it is not their turn to play"
        )
    empty = {s for s, t in enumerate(view.table) if t is None}
    out: list[Move] = []
    for card, moves in groupby(view.legal_moves, key=lambda m: m.card):
        out.extend(Move.of(card, s) for s in distinct_slots((m.slot for m in moves), empty))
    return out


def effect(view: PlayerView, move: Move, hidden: Collection[Card]) -> Effect:
    """What ``move`` does; ``hidden`` are the cards the player cannot see
    (:func:`~monstertrick.games.monster_trick.engine.unseen_cards`)."""
    me = view.player
    card = move.card
    trick = view.table[move.slot]
    colour = card >> 4
    value = card & 15
    if trick is None:
        holder, count, takes, high, lead = me, 1, False, value, colour
    else:
        lead = int(trick.lead)
        high = max((c & 15 for c in trick.cards if c >> 4 == lead), default=0)
        count = trick.count + 1
        over = takes_over(card, lead, high)
        takes = over and trick.holder != me
        holder = me if over else trick.holder
        high = max(high, value) if colour == lead else high
    safe = holder == me and not any(takes_over(c, lead, high) for c in hidden)
    return Effect(move, trick is None, count, holder, takes, safe)


def best_position(row: tuple[int, int, int]) -> int:
    return row.index(max(row))


def wants_trick(view: PlayerView, myopic: bool = False) -> bool:
    """Does the player want more tricks: are they not scoring their row's highest card
    (``myopic``: would one more trick turn up a better card than the one scored now)?"""
    row = view.arrangement
    assert row is not None
    k = view.tricks_won[view.player]
    now = vp_scored(k, row)
    if myopic:
        return vp_scored(k + 1, row) > now
    return now != max(row)
