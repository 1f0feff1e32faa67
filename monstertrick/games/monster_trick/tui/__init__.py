"""Monster Trick's screens for the terminal app (imported only by the app).

Each screen's module is imported when that screen is first made: the app's first screen
comes up without the others.
"""

from __future__ import annotations

from ....tui.game_screens import GameScreens
from ..engine import HAND_SIZE, NUM_ROUNDS
from .session import GameSession

TASKS = {
    "arrange": "arrange your VP cards",
    "play": "play your turn",
}


def handoff(session: GameSession, seat: int, task: str) -> tuple[str, str]:
    """What the person is handed the keyboard for, and a public detail line."""
    view = session.public_view()
    if task == "play":
        played = HAND_SIZE + 1 - view.hand_sizes[seat]
        detail = f"Round {view.round} of {NUM_ROUNDS} · card {played} of {HAND_SIZE}"
    else:
        vps = ", ".join(map(str, view.vp_set))
        detail = f"Round {view.round} of {NUM_ROUNDS} · VP cards {vps}"
    return TASKS[task], detail


SCREENS = GameScreens[GameSession](
    __name__,
    turn={"arrange": "arrange:ArrangeScreen", "play": "table:TableScreen"},
    watch="watch:WatchScreen",
    round_over="ends:RoundEndScreen",
    game_over="ends:GameOverScreen",
    handoff=handoff,
)
