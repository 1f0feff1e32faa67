"""A player's hand: a row of cards, optionally with a cursor. One widget, drawn at once."""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.content import Content
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from .....tui.cursor import cell
from ...engine import Card
from .card import CARD_WIDTH, card_lines, label_column

GAP = 2


class Hand(Widget):
    """Shows ``cards``; the card at ``cursor`` is marked (-1: no cursor).

    A private widget: ``owner`` is whose cards these are; only their screens show it.
    """

    cards: reactive[tuple[Card, ...]] = reactive(())
    cursor: reactive[int] = reactive(-1)

    @dataclass
    class CardChosen(Message):
        """The player clicked a card."""

        hand: Hand
        index: int

    def __init__(self, owner: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.owner = owner

    def render(self) -> Content:
        if not self.cards:
            return Content.from_markup("\n[dim]no cards left[/]")
        rows: list[list[Content]] = [[], [], []]
        for i, card in enumerate(self.cards):
            for row, part in zip(rows, card_lines(card, selected=i == self.cursor)):
                row.append(part)
        gap = Content(" " * GAP)
        return Content("\n").join(gap.join(row) for row in rows)

    def cursor_spot(self) -> Offset | None:
        """The letter of the card under the cursor, on its face (None: no cursor)."""
        if not 0 <= self.cursor < len(self.cards):
            return None
        x = self.cursor * (CARD_WIDTH + GAP) + label_column(self.cards[self.cursor])
        return cell(self, x, 1)

    def index_at(self, x: int) -> int | None:
        index, offset = divmod(x, CARD_WIDTH + GAP)
        if offset < CARD_WIDTH and 0 <= index < len(self.cards):
            return index
        return None

    def on_click(self, event: events.Click) -> None:
        index = self.index_at(event.x)
        if index is not None:
            self.post_message(self.CardChosen(self, index))
