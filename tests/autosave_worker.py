"""Play an all-bot game with autosave, printing a line after every decision.

    python tests/autosave_worker.py SEED LEVEL,LEVEL,...

The kill test runs this in a subprocess (MONSTERTRICK_HOME set) and kills it with
SIGKILL at random moments. It drives the same ``Session`` the app drives.
"""

from __future__ import annotations

import sys

from monstertrick.saves import SaveStore
from monstertrick.seating import Seat, Seating
from monstertrick.session import BotTurn, Session

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def seating(levels: list[str]) -> Seating:
    return Seating(tuple(Seat(NAMES[i], lvl) for i, lvl in enumerate(levels)), 0)


def step(match: Session) -> None:
    """One decision of a bot-only game, as the app makes it (pauses seen at once)."""
    while not isinstance(next_step := match.next_step(), BotTurn):
        match.done()
    match.bot_decision(next_step.seat)


def play_to_end(match: Session, announce: bool = False) -> None:
    while match.running:
        step(match)
        if announce:
            print(match.state.turn, flush=True)


def main() -> None:
    seed = int(sys.argv[1])
    levels = sys.argv[2].split(",")
    match = Session.start(seating(levels), seed, SaveStore())
    print("started", flush=True)
    play_to_end(match, announce=True)
    print("done", flush=True)


if __name__ == "__main__":
    main()
