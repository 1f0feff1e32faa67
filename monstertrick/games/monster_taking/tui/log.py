"""The game log: the events of the current game of the match, in a panel beside the table."""

from __future__ import annotations

from textual.content import Content

from ....tui.screens.log import LinesLogPanel
from ..engine.events import Event
from .session import GameSession


class LogPanel(LinesLogPanel):
    """Every event of this game, one a line, newest last. Monster Taking's events are all
    public (a face-down discard is counted, never named), so anyone may read them."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        names = session.names

        def lines() -> list[Content]:
            events = [e for e in session.round_log() if isinstance(e, Event)]
            return [Content(e.describe(names)) for e in events]

        super().__init__(
            f"Game log · game {session.public_view().chapter}",
            lines,
            "Nothing has happened yet this game.",
        )
