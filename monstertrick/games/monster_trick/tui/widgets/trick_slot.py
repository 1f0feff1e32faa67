"""One of the four trick slots on the table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual import events
from textual.content import Content
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from .....tui import theme
from .....tui.cursor import find
from ...engine import TrickView
from .. import cards

MARK_SIGNS = {"legal": " ✓", "illegal": " ✗"}
"""After the slot's title: whether the chosen card may go there (not in colour alone)."""


class TrickSlot(Widget):
    """Slot ``slot`` (0-3, labelled 1-4): empty, or an open trick.

    ``mark`` is "" (nothing chosen), "legal" or "illegal" for the chosen card: the
    title says it with a sign as well as its colours (✓ or ✗); ``cursor`` marks the slot
    the arrow keys point at (a heavy border).
    """

    trick: reactive[TrickView | None] = reactive(None, init=False)
    mark: reactive[str] = reactive("", init=False)
    cursor: reactive[bool] = reactive(False, init=False)

    @dataclass
    class Chosen(Message):
        """The player clicked this slot."""

        slot_widget: TrickSlot
        slot: int

    def __init__(self, slot: int, names: Sequence[str], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.slot = slot
        self.names = tuple(names)
        self.border_title = f"Trick {slot + 1}"

    def render(self) -> Content:
        trick = self.trick
        if trick is None:
            return Content.from_markup("[dim]empty slot[/]\n[dim]open a trick[/]")
        width = self.content_size.width
        lead = trick.lead
        lead_line = Content.from_markup(
            f"[{cards.card_var(lead)}]■[/] $lead lead", lead=f"{lead.letter} {lead.label}"
        )
        holder = Content.assemble("holder ", theme.player(trick.holder, self.names[trick.holder]))
        if self.content_size.height >= trick.count + 2 and len(trick.players) == trick.count:
            # Room for a line per card: who played it.
            lines = [
                Content.assemble(cards.card_chip(c), " ", theme.player(p, self.names[p]))
                for c, p in zip(trick.cards, trick.players)
            ]
        else:
            lines = [cards.cards_inline(trick.cards)]
        # A line each, never wrapped: long names are shortened so the holder and the
        # lead colour always show.
        return Content("\n").join(
            line.truncate(width, ellipsis=True) for line in [*lines, holder, lead_line]
        )

    def cursor_spot(self) -> Offset | None:
        """The slot's title, "Trick 2", in its border."""
        return find(self, f"Trick {self.slot + 1}", frame=True)

    def watch_trick(self, trick: TrickView | None) -> None:
        self.border_subtitle = f"{trick.count}/4" if trick else ""

    def watch_mark(self, mark: str) -> None:
        self.set_class(mark == "legal", "-legal")
        self.set_class(mark == "illegal", "-illegal")
        self.border_title = f"Trick {self.slot + 1}{MARK_SIGNS.get(mark, '')}"

    def watch_cursor(self, cursor: bool) -> None:
        self.set_class(cursor, "-cursor")

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.Chosen(self, self.slot))
