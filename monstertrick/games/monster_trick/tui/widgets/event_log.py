"""A list of public events, newest last."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.widget import Widget

from .....session import HintTaken
from .....tui import theme
from ...engine import CardPlayed, Event, TrickTakenOver, TrickWon, VPCardTurned
from .. import cards


class EventList(Widget):
    """Shows ``events`` in words; ``empty`` when there are none."""

    def __init__(
        self,
        names: Sequence[str],
        events: Sequence[Event | HintTaken] = (),
        *,
        empty: str = "",
        compact: bool = False,
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.names = tuple(names)
        self.events = tuple(events)
        self.empty = empty
        self.compact = compact

    def render(self) -> Content:
        if not self.events:
            return Content.from_markup("[dim]$t[/]", t=self.empty)
        if self.compact:
            return Content("\n").join(self._short(e) for e in self.events)
        return Content("\n").join(Content("• " + e.describe(self.names)) for e in self.events)

    def _short(self, event: Event | HintTaken) -> Content:
        """One short line per event, for the narrow "since your last turn" box."""
        names = self.names

        def who(p: int) -> Content:
            return theme.player(p, names[p])

        if isinstance(event, CardPlayed):
            if event.opened:
                return Content.assemble(
                    who(event.player),
                    " ",
                    cards.card_chip(event.card),
                    f" opens trick {event.slot + 1}",
                )
            return Content.assemble(
                who(event.player), " ", cards.card_chip(event.card), f" → trick {event.slot + 1}"
            )
        if isinstance(event, TrickTakenOver):
            return Content.assemble("  ", who(event.player), f" took trick {event.slot + 1} over")
        if isinstance(event, TrickWon):
            return Content.assemble(
                "  ", who(event.player), f" won trick {event.slot + 1} ({event.tricks})"
            )
        if isinstance(event, VPCardTurned):
            return Content.assemble(
                "  ",
                who(event.player),
                f" VP {cards.POSITIONS[event.position]} {event.value} up",
            )
        return Content(event.describe(names))
