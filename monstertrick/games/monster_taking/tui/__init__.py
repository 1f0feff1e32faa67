"""Monster Taking's screens for the terminal app (imported only by the app).

Each screen's module is imported when that screen is first made.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from ....session import Session
from ....tui.screens.base import DecisionScreen, GameScreen


class MonsterTakingScreens:
    """What the app shows for each step of a Monster Taking match."""

    def turn(self, session: Session, seat: int, task: str) -> DecisionScreen:
        from .table import TurnScreen

        return TurnScreen(session, seat, task)

    def watch(self, session: Session, seat: int, viewer: int | None) -> DecisionScreen:
        from .table import WatchScreen

        return WatchScreen(session, seat, viewer)

    def round_over(self, session: Session, number: int) -> GameScreen:
        from .ends import GameEndScreen

        return GameEndScreen(session, number)

    def game_over(self, session: Session) -> GameScreen:
        from .ends import MatchOverScreen

        return MatchOverScreen(session)

    def handoff(self, session: Session, seat: int, task: str) -> tuple[str, str]:
        """What the person is handed the keyboard for, and a public detail line."""
        from .table import DOING

        view = session.public_view()
        tricks = view.tricks
        open_trick = bool(tricks) and (tricks[-1].follow is None or task == "pay")
        number = len(tricks) if open_trick else len(tricks) + 1
        if task == "strength":
            detail = f"Game {view.chapter} · the suit strength"
        elif task == "pay":
            detail = f"Game {view.chapter} · trick {number} · d = {view.owed}"
        else:
            detail = f"Game {view.chapter} · trick {number}"
        return DOING[task], detail

    def viewer(self, state: Any, *, title: str = "", exit_on_close: bool = False) -> Screen[None]:
        """A finished match, decision by decision, both hands shown."""
        from .viewer import ViewerScreen

        return ViewerScreen(state, title=title, exit_on_close=exit_on_close)

    def rules(self) -> str:
        from importlib.resources import files

        return (files("monstertrick.games.monster_taking") / "rules.md").read_text(encoding="utf-8")


SCREENS = MonsterTakingScreens()
