"""Magic Trick's screens for the terminal app (imported only by the app).

Nothing in Magic Trick is private (nobody sees the value of a card still in a hand), so
the same table serves a person's turn and a computer player's, watched by everyone.
Each screen's module is imported when that screen is first made.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from ....session import Session
from ....tui.screens.base import DecisionScreen, GameScreen
from ..engine.cards import NUM_HANDS, NUM_TRICKS

TASKS = {
    "play": "play a card",
    "sleeve": "put a card up your sleeve, or pass",
}


class MagicTrickScreens:
    """What the app shows for each step of a Magic Trick session."""

    def turn(self, session: Session, seat: int, task: str) -> DecisionScreen:
        # No handoff (nothing is private): a banner names the player, and their keys
        # count after a moment when the person before was someone else.
        from .table import PlayScreen

        return PlayScreen(session, seat, task, fresh=session.keyboard != seat)

    def watch(self, session: Session, seat: int, viewer: int | None) -> DecisionScreen:
        from .table import WatchScreen

        return WatchScreen(session, seat, viewer)

    def round_over(self, session: Session, number: int) -> GameScreen:
        from .ends import HandOverScreen

        return HandOverScreen(session, number)

    def game_over(self, session: Session) -> GameScreen:
        from .ends import GameOverScreen

        return GameOverScreen(session)

    def handoff(self, session: Session, seat: int, task: str) -> tuple[str, str]:
        """(Never asked: the door's ``hidden_hands`` is False, so no handoff comes.)"""
        view = session.public_view()
        detail = f"Hand {view.chapter} of {NUM_HANDS} · trick {view.trick_number} of {NUM_TRICKS}"
        return TASKS[task], detail

    def viewer(self, state: Any, *, title: str = "", exit_on_close: bool = False) -> Screen[None]:
        from .viewer import ViewerScreen

        return ViewerScreen(state, title=title, exit_on_close=exit_on_close)

    def rules(self) -> str:
        from importlib.resources import files

        return (files("monstertrick.games.magic_trick") / "rules.md").read_text(encoding="utf-8")


SCREENS = MagicTrickScreens()
