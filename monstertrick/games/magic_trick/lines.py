"""Magic Trick in plain lines, for the line mode (:mod:`monstertrick.lines`): the table
as everyone sees it (nobody sees a value still in a hand, their own included)."""

from __future__ import annotations

from ..common.words import plural
from .engine.actions import Action
from .engine.deduce import Inconsistent, value_ranges
from .engine.views import Place, View


def view_lines(view: View, topic: str) -> list[str]:
    names = view.players
    if topic == "hand":
        seat = view.viewer if view.viewer is not None else view.current_player
        if seat is None:
            return []
        s = view.seats[seat]
        spots = [f"{p.position + 1} {p.suit.label}" for p in s.spots if p.place is Place.HAND]
        sleeve = f"up the sleeve {s.bid}" if s.bid is not None else "sleeve empty"
        return [
            f"{names[seat]} holds, by position and suit (no value is known, not even "
            "to them): "
            f"{', '.join(spots) or 'no cards'}; {sleeve}."
        ]
    if topic == "table":
        played = ", ".join(f"{t.card} by {names[t.player]}" for t in view.trick)
        led = f"; led {view.led.label}" if view.led is not None else ""
        out = [f"Hand {view.hand}, trick {view.trick_number}: {played or 'no card yet'}{led}."]
        if view.last_trick and view.last_winner is not None:
            last = ", ".join(f"{t.card} by {names[t.player]}" for t in view.last_trick)
            out.append(f"Last trick: {last}; won by {names[view.last_winner]}.")
        for n, s in zip(names, view.seats):
            sleeve = str(s.bid) if s.bid is not None else "empty"
            up = [p for p in s.spots if p.place is Place.SLEEVE]
            if up and up[0].card is not None:  # (shown to all, as the sleeve's row does)
                sleeve += f" ({up[0].card}, from position {up[0].position + 1})"
            held = [f"{p.position + 1} {p.suit.label}" for p in s.spots if p.place is Place.HAND]
            out.append(
                f"{n}: sleeve {sleeve}, {plural(s.tricks, 'trick')}, suits won "
                f"{', '.join(x.label for x in s.captured) or 'none'}; holds, by position and "
                f"suit: {', '.join(held) or 'no cards'}."
            )
        return out
    if topic == "deduce":
        return deduced(view)
    if topic == "scores":
        totals = [sum(r.scores[p] for r in view.results) for p in range(len(names))]
        return [
            f"Hands scored: {len(view.results)}; points: "
            f"{', '.join(f'{n} {t}' for n, t in zip(names, totals))}."
        ]
    return []


def deduced(view: View) -> list[str]:
    """What the table's deduction aid (``d``) shows, in words: per seat, what each card
    still in its hand may be worth, worked out from what everyone has seen
    (:func:`~.engine.deduce.value_ranges`)."""
    try:
        ranges = value_ranges(view)
    except Inconsistent:  # pragma: no cover - the engine's deals are consistent
        return []
    out = []
    for name, seat, bounds in zip(view.players, view.seats, ranges):
        cards = [
            f"{spot.position + 1} {spot.suit.label} "
            + (f"exactly {r[0]}" if r[0] == r[1] else f"{r[0]} to {r[1]}")
            for spot, r in zip(seat.spots, bounds)
            if r is not None
        ]
        out.append(
            f"{name}: by position and suit, what each card in the hand may be worth: "
            f"{', '.join(cards) or 'no cards in hand'}."
        )
    return out


def action_words(view: View, action: Action) -> str:
    seat = view.current_player
    position = action.position
    if seat is None or position is None:
        return str(action)
    suit = view.seats[seat].spots[position].suit.label
    return f"{action} ({suit})"
