"""Monster Trick's screens for the terminal app (imported only by the app).

Each screen's module is imported when that screen is first made: the app's first screen
comes up without the others.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from ....session import Session
from ....tui.screens.base import DecisionScreen, GameScreen
from ..engine import HAND_SIZE, NUM_ROUNDS

TASKS = {
    "arrange": "arrange your VP cards",
    "play": "play your turn",
}


class MonsterTrickScreens:
    """What the app shows for each step of a Monster Trick session."""

    def turn(self, session: Session, seat: int, task: str) -> DecisionScreen:
        if task == "arrange":
            from .arrange import ArrangeScreen

            return ArrangeScreen(session, seat)
        from .table import TableScreen

        return TableScreen(session, seat)

    def watch(self, session: Session, seat: int, viewer: int | None) -> DecisionScreen:
        from .watch import WatchScreen

        return WatchScreen(session, seat, viewer)

    def round_over(self, session: Session, number: int) -> GameScreen:
        from .round_end import RoundEndScreen

        return RoundEndScreen(session, number)

    def game_over(self, session: Session) -> GameScreen:
        from .game_over import GameOverScreen

        return GameOverScreen(session)

    def handoff(self, session: Session, seat: int, task: str) -> tuple[str, str]:
        """What the person is handed the keyboard for, and a public detail line."""
        view = session.public_view()
        if task == "play":
            played = HAND_SIZE + 1 - view.hand_sizes[seat]
            detail = f"Round {view.round} of {NUM_ROUNDS} · card {played} of {HAND_SIZE}"
        else:
            vps = ", ".join(map(str, view.vp_set))
            detail = f"Round {view.round} of {NUM_ROUNDS} · VP cards {vps}"
        return TASKS[task], detail

    def viewer(self, state: Any, *, title: str = "", exit_on_close: bool = False) -> Screen[None]:
        """A finished (or revealed) game, step by step, every hand shown."""
        from .viewer import ViewerScreen

        return ViewerScreen(state, title=title, exit_on_close=exit_on_close)

    def rules(self) -> str:
        from importlib.resources import files

        return (files("monstertrick.games.monster_trick") / "rules.md").read_text(encoding="utf-8")


SCREENS = MonsterTrickScreens()
