"""One card: its colour letter and value on its colour."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Card


class CardView(Widget):
    """A card in a hand. It shows ``G7`` on green; the letter reads without colour."""

    selected: reactive[bool] = reactive(False, init=False)

    def __init__(self, card: Card, index: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.card = card
        self.index = index
        self.add_class(f"-{card.colour.label}")

    def render(self) -> Content:
        return Content(str(self.card))

    def watch_selected(self, selected: bool) -> None:
        self.set_class(selected, "-selected")
