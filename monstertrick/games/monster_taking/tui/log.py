"""The game log: the events of the current game of the match, over the current screen."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from ....tui.screens.log import LinesLogScreen
from ..events import Event


class LogScreen(LinesLogScreen):
    """Every event of this game, one a line, newest last. Monster Taking's events are all
    public (a face-down discard is counted, never named), so anyone may read them."""

    def __init__(self, names: Sequence[str], events: Sequence[object], game: int) -> None:
        self.events = [e for e in events if isinstance(e, Event)]
        super().__init__(
            f"Game log · game {game}",
            [Content(e.describe(tuple(names))) for e in self.events],
            "Nothing has happened yet this game.",
        )
