"""Play an all-bot game with autosave, printing a line after every decision.

    python tests/autosave_worker.py SEED LEVEL,LEVEL,...

The kill test runs this in a subprocess (MONSTERTRICK_HOME set) and kills it with
SIGKILL at random moments. It drives the same ``Match`` the app drives.
"""

from __future__ import annotations

import sys

from monstertrick.engine import Phase
from monstertrick.saves import SaveStore
from monstertrick.setup import Seat, Seating
from monstertrick.tui.match import Match

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def seating(levels: list[str]) -> Seating:
    return Seating(tuple(Seat(NAMES[i], lvl) for i, lvl in enumerate(levels)), 0)


def step(match: Match) -> None:
    """One decision of a bot-only game, as the app makes it."""
    if match.game.phase is Phase.ROUND_OVER:
        match.next_round()
        return
    player = match.game.current_player
    assert player is not None
    match.bot_decision(player)


def play_to_end(match: Match, announce: bool = False) -> None:
    while match.game.phase is not Phase.GAME_OVER:
        step(match)
        if announce:
            print(match.game.turn, flush=True)


def main() -> None:
    seed = int(sys.argv[1])
    levels = sys.argv[2].split(",")
    match = Match.start(seating(levels), seed, SaveStore())
    print("started", flush=True)
    play_to_end(match, announce=True)
    print("done", flush=True)


if __name__ == "__main__":
    main()
