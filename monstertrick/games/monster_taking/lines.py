"""Monster Taking in plain lines, for the line mode (:mod:`monstertrick.lines`): what a
seat's view shows (its own hand and face-down discards; of the other, the counts)."""

from __future__ import annotations

from ..common.words import plural
from .engine.cards import cards_text
from .engine.state import Action, PlayerView


def view_lines(view: PlayerView, topic: str) -> list[str]:
    names = view.players
    if topic == "hand":
        if view.hand is None:
            return []
        out = [f"{cards_text(view.hand)} ({plural(len(view.hand), 'card')})."]
        if view.discards:
            out.append(f"Your face-down discards: {cards_text(view.discards)}.")
        return out
    if topic == "table":
        out = [
            f"Game {view.chapter} of the match; deck {plural(view.deck_size, 'card')}; "
            f"strength cards {cards_text(view.strength)}."
        ]
        if view.order is not None:
            out.append(f"Suit order, strongest first: {', '.join(s.label for s in view.order)}.")
        for number, t in enumerate(view.tricks, start=1):
            follow = f", {names[1 - t.leader]} {t.follow}" if t.follow is not None else ""
            won = f"; won by {names[t.winner]}" if t.winner is not None else ""
            out.append(f"Trick {number}: {names[t.leader]} led {t.lead}{follow}{won}.")
        sizes = ", ".join(
            f"{n} {h} in hand, {d} discarded"
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
    return str(action)
