"""A list of public events, newest last."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.widget import Widget

from ...engine import Event


class EventList(Widget):
    """Shows ``events`` in words; ``empty`` when there are none."""

    def __init__(
        self, names: Sequence[str], events: Sequence[Event] = (), *, empty: str = "",
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.names = tuple(names)
        self.events = tuple(events)
        self.empty = empty

    def render(self) -> Content:
        if not self.events:
            return Content.from_markup("[dim]$t[/]", t=self.empty)
        return Content("\n").join(
            Content("• " + e.describe(self.names)) for e in self.events
        )
