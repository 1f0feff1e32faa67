"""What the screens share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from ...engine import PublicView
from ..match import Match
from ..messages import Advance
from ..widgets import PlayerPanel, TrickSlot

if TYPE_CHECKING:
    from ..app import MonsterTrickApp


class GameScreen(Screen[None]):
    """A screen of a running game.

    ``private_to`` is the seat whose private information the screen shows (their hand,
    their VP row), or None for a screen everyone may see.
    """

    private_to: int | None = None

    def show_public(self, view: PublicView) -> None:
        """Update the player panels and the four trick slots (public information)."""
        for panel in self.query(PlayerPanel):
            panel.show(view)
        for slot in self.query(TrickSlot):
            slot.trick = view.table[slot.slot]
            slot.refresh()

    def action_scroll_since(self, pages: int) -> None:
        """PgUp/PgDn: scroll the list of this round's moves (``#since``) by a page."""
        for since in self.query("#since"):
            if pages < 0:
                since.scroll_page_up(animate=False)
            else:
                since.scroll_page_down(animate=False)

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self._advanced = False
        self._advance_pending = False

    def advance_once(self) -> None:
        """Tell the app this screen is done: once only, and only while it is on top (a
        timer may fire under the rules or the quit dialog: the game then goes on as
        soon as that closes)."""
        if self._advanced:
            return
        if self.app.screen is not self:
            self._advance_pending = True
            return
        self._advanced = True
        self.post_message(Advance())

    def on_screen_resume(self) -> None:
        if self._advance_pending:
            self._advance_pending = False
            self.advance_once()

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names

    @property
    def game_app(self) -> MonsterTrickApp:
        from ..app import MonsterTrickApp

        assert isinstance(self.app, MonsterTrickApp)
        return self.app
