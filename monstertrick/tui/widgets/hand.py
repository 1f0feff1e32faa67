"""A player's hand: a row of cards, optionally with a cursor."""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Card
from .card import CardView


class Hand(Widget):
    """Shows ``cards``; the card at ``cursor`` is marked (-1: no cursor)."""

    cards: reactive[tuple[Card, ...]] = reactive((), recompose=True)
    cursor: reactive[int] = reactive(-1, init=False)

    @dataclass
    class CardChosen(Message):
        """The player clicked a card."""

        hand: Hand
        index: int

    def __init__(self, owner: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.owner = owner
        """Whose cards these are (a private widget: only shown to its owner)."""

    def compose(self) -> ComposeResult:
        for i, card in enumerate(self.cards):
            view = CardView(card, i)
            view.selected = i == self.cursor
            yield view

    def watch_cursor(self, cursor: int) -> None:
        for view in self.query(CardView):
            view.selected = view.index == cursor

    def on_click(self, event: events.Click) -> None:
        widget = event.widget
        if isinstance(widget, CardView):
            self.post_message(self.CardChosen(self, widget.index))
