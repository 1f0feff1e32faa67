"""Magic Trick's screens for the terminal app (imported only by the app).

Nothing in Magic Trick is private (nobody sees the value of a card still in a hand), so
the same table serves a person's turn and a computer player's, watched by everyone, and
no handoff ever comes. Each screen's module is imported when that screen is first made.
"""

from __future__ import annotations

from ....tui.game_screens import GameScreens
from .session import GameSession

SCREENS = GameScreens[GameSession](
    __name__,
    turn="table:PlayScreen",
    round_over="ends:HandOverScreen",
    game_over="ends:GameOverScreen",
)
