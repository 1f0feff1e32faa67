"""Monster Trick in plain lines, for the line mode (:mod:`monstertrick.lines`): what a
seat's view shows of its hand, the table, the scores and its VP row, and a choice in
words. Only what the view holds (a public view: no hand, no hidden VP card)."""

from __future__ import annotations

from ..common.words import plural
from .engine import Action, Arrange, Card, Move, PlayerView, PublicView
from .engine.state import takes_over

_POSITIONS = ("left", "middle", "right")


def view_lines(view: PlayerView | PublicView, topic: str) -> list[str]:
    names = view.players
    if topic == "hand":
        if not isinstance(view, PlayerView):
            return []
        cards = ", ".join(map(str, view.hand)) or "no cards"
        return [f"{cards} ({plural(len(view.hand), 'card')})."]
    if topic == "table":
        out = []
        for slot, trick in enumerate(view.table, start=1):
            if trick is None:
                out.append(f"Trick {slot}: empty.")
                continue
            played = ", ".join(
                f"{card} by {names[p]}" for card, p in zip(trick.cards, trick.players)
            )
            out.append(
                f"Trick {slot}: {played}; opened in {trick.lead.name.lower()}, "
                f"held by {names[trick.holder]}."
            )
        sizes = ", ".join(f"{n} {s}" for n, s in zip(names, view.hand_sizes))
        out.append(f"Cards in hand: {sizes}.")
        return out
    if topic == "scores":
        tricks = ", ".join(f"{n} {t}" for n, t in zip(names, view.tricks_won))
        shown = ", ".join(
            f"{n} {up[1]} ({_POSITIONS[up[0]]})" if up else f"{n} none"
            for n, up in zip(names, view.face_up)
        )
        totals = ", ".join(f"{n} {t}" for n, t in zip(names, view.totals))
        rows = (
            [
                "VP rows, left to right: "
                + "; ".join(f"{n} {' '.join(map(str, r))}" for n, r in zip(names, view.revealed))
                + "."
            ]
            if view.revealed
            else []
        )
        return [
            f"Round {view.round} of 3; VP cards this round: {', '.join(map(str, view.vp_set))}.",
            f"Tricks won this round: {tricks}.",
            f"VP cards face up: {shown}.",
            f"Total VP after finished rounds: {totals}.",
            *rows,
        ]
    if topic == "row":
        if not isinstance(view, PlayerView):
            return []
        if view.arrangement is None:
            return [
                f"Your VP row is not laid yet; this round's VP cards: "
                f"{', '.join(map(str, view.vp_set))}."
            ]
        row = ", ".join(f"{p} {v}" for p, v in zip(_POSITIONS, view.arrangement))
        up = view.face_up[view.player]
        shows = f"{_POSITIONS[up[0]]} {up[1]} shows" if up else "none shows yet"
        return [f"Your VP row: {row}; {shows}."]
    return []


def action_words(view: PlayerView, action: Action) -> str:
    if isinstance(action, Arrange):
        row = ", ".join(f"{p} {v}" for p, v in zip(_POSITIONS, action.row))
        return f"VP row {row}"
    assert isinstance(action, Move)
    cards = _alike(view, action.card)
    trick = view.table[action.slot]
    if trick is None:
        return f"{cards} opening a new trick"
    high = max(c & 15 for c in trick.cards if c >> 4 == trick.lead)
    hold = (
        "you would hold it"
        if takes_over(action.card, trick.lead, high)
        else "you keep it"
        if trick.holder == view.player
        else f"{view.players[trick.holder]} keeps it"
    )
    return f"{cards} onto trick {action.slot + 1}, {hold}"


def _alike(view: PlayerView, card: Card) -> str:
    """``card`` in words, and every card of the hand that plays alike with it (the line
    mode lists them as one choice: each is named, and any of them may be typed)."""
    same = view.interchangeable_cards()
    cards = [str(c) for c in view.hand if same.get(c, c) == same.get(card, card)]
    if len(cards) < 2:
        return str(card)
    return f"{', '.join(cards[:-1])} or {cards[-1]} (they play alike)"
