"""What the screens share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from ..match import Match

if TYPE_CHECKING:
    from ..app import MonsterTrickApp


class GameScreen(Screen[None]):
    """A screen of a running game.

    ``private_to`` is the seat whose private information the screen shows (their hand,
    their VP row), or None for a screen everyone may see.
    """

    private_to: int | None = None

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names

    @property
    def game_app(self) -> MonsterTrickApp:
        from ..app import MonsterTrickApp

        assert isinstance(self.app, MonsterTrickApp)
        return self.app
