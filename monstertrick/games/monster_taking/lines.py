"""Monster Taking in plain lines, for the line mode (:mod:`monstertrick.lines`): what a
seat's view shows (its own hand and face-down discards; of the other, the counts), in
words that read aloud: a hand by suit, cards listed with commas and "and"."""

from __future__ import annotations

from collections.abc import Sequence

from ..common.words import join_names, plural
from .engine.actions import Action, Pay, Strength
from .engine.cards import Card
from .engine.views import PlayerView


def view_lines(view: PlayerView, topic: str) -> list[str]:
    names = view.players
    if topic == "hand":
        if view.hand is None:
            return []
        out = [f"{_by_suit(view.hand)} ({plural(len(view.hand), 'card')})."]
        if view.discards:
            out.append(f"Your face-down discards: {_listed(view.discards)}.")
        return out
    if topic == "table":
        strength = _listed(view.strength) if view.strength else "none laid yet"
        out = [
            f"Game {view.chapter} of the match; deck {plural(view.deck_size, 'card')}, "
            f"unused; strength cards: {strength}."
        ]
        if view.order is not None:
            out.append(f"Suit order, strongest first: {', '.join(s.label for s in view.order)}.")
        for number, t in enumerate(view.tricks, start=1):
            follow = f", {names[1 - t.leader]} {t.follow}" if t.follow is not None else ""
            won = f"; won by {names[t.winner]}" if t.winner is not None else ""
            out.append(f"Trick {number}: {names[t.leader]} led {t.lead}{follow}{won}.")
        sizes = "; ".join(
            f"{n} {h} in hand and {d} discarded"
            for n, h, d in zip(names, view.hand_sizes, view.discard_counts)
        )
        out.append(f"Cards: {sizes}.")
        return out
    if topic == "scores":
        tricks = ", ".join(f"{n} {t}" for n, t in zip(names, view.tricks_won))
        wins = ", ".join(f"{n} {w}" for n, w in zip(names, view.wins))
        return [f"Tricks this game: {tricks}.", f"Games won in the match: {wins}."]
    return []


def action_words(view: PlayerView, action: Action) -> str:
    if isinstance(action, Strength):
        return f"lay {action.card} for the suit strength"
    if isinstance(action, Pay):
        if not action.cards:
            return "pay nothing"
        count = len(action.cards)
        return f"pay {_listed(action.cards)}" + (f" ({count} cards)" if count > 1 else "")
    return str(action)


def _listed(cards: Sequence[Card]) -> str:
    """Cards one by one, as a list is read aloud: "I3, A5 and S9"."""
    return join_names([str(c) for c in cards])


def _by_suit(cards: Sequence[Card]) -> str:
    """A hand by suit, in the hand's order: "Ignis I1, I2 and I5; Aqua A6; Sylva S3"."""
    suits: dict[str, list[Card]] = {}
    for card in cards:
        suits.setdefault(card.suit.label, []).append(card)
    return "; ".join(f"{suit} {_listed(held)}" for suit, held in suits.items())
