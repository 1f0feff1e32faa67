"""Monster Taking's screens for the terminal app (imported only by the app).

Each screen's module is imported when that screen is first made.
"""

from __future__ import annotations

from ....tui.game_screens import GameScreens
from .session import GameSession


def handoff(session: GameSession, seat: int, task: str) -> tuple[str, str]:
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


SCREENS = GameScreens[GameSession](
    __name__,
    turn="table:TurnScreen",
    round_over="ends:GameEndScreen",
    game_over="ends:MatchOverScreen",
    handoff=handoff,
)
