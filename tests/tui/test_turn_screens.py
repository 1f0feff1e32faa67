"""One base for a person's turn and one for a computer player's, used by every game: the
turn protocol (the next computer turn on the same screen, the pace, Space, the take-back,
Enter once a result is shown) and its keys are written once, in the shared base."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import monstertrick
from monstertrick.games import GAMES
from monstertrick.seating import Seat, Seating
from monstertrick.session import BotTurn, Handoff, Session, Turn
from monstertrick.tui.screens.base import ComputerTurnScreen, PersonTurnScreen

PACKAGE = Path(monstertrick.__file__).parent

#: A person in seat 0 and computer players, per game.
TABLES = {
    "monster-trick": ("easy", "easy"),
    "magic-trick": ("easy", "easy", "easy"),
    "monster-taking": ("easy",),
}

PROTOCOL = {
    "next_turn",
    "action_skip",
    "action_pace",
    "action_pass_on",
    "action_take_back",
    "action_log",
    "step_pace",
    "rearm",
}
"""What only the base writes: the computer turn's and the person's turn's protocol."""

KEYS = {"skip", "pace", "pass_on", "take_back", "log", "hint"}
"""The actions whose keys only the base binds (a screen lists the base's bindings)."""


def game_screen_modules() -> list[Path]:
    return sorted(PACKAGE.glob("games/*/tui/**/*.py"))


def protocol_written_again(source: str) -> list[str]:
    """What ``source`` writes of the turn protocol itself: its methods, the base's
    private flags, or a binding of one of its keys."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name in PROTOCOL:
            found.append(f"def {node.name}")
        elif isinstance(node, ast.Attribute) and node.attr in ("_advanced", "_advance_pending"):
            found.append(node.attr)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "Binding"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and str(node.args[1].value).split("(")[0] in KEYS
        ):
            found.append(f"Binding({node.args[1].value!r})")
    return found


def test_the_scan_finds_the_protocol_written_again() -> None:
    source = (
        "class S:\n"
        "    BINDINGS = [Binding('space', 'skip', 'Go on'), Binding('minus', 'pace(-1)')]\n"
        "    def next_turn(self, seat, viewer):\n"
        "        self._advanced = False\n"
        "    def action_cursor(self): Binding('left', 'cursor(-1)')\n"
    )
    assert sorted(protocol_written_again(source)) == [
        "Binding('pace(-1)')",
        "Binding('skip')",
        "_advanced",
        "def next_turn",
    ]


def test_no_games_screen_writes_the_turn_protocol_again() -> None:
    again = {
        str(path.relative_to(PACKAGE)): found
        for path in game_screen_modules()
        if (found := protocol_written_again(path.read_text(encoding="utf-8")))
    }
    assert again == {}


def start(game: str) -> Session:
    levels = TABLES[game]
    seats = Seating((Seat("Ann", None), *(Seat(f"Bot{i}", lvl) for i, lvl in enumerate(levels))), 0)
    return Session.start(seats, seed=1, game=game)


@pytest.mark.parametrize("game", list(TABLES))
def test_every_games_turns_are_made_on_the_two_bases(game: str) -> None:
    session = start(game)
    screens = GAMES[game].load_screens()
    step = session.next_step()
    while isinstance(step, BotTurn):
        session.bot_decision(step.seat)
        session.done()
        step = session.next_step()
    assert isinstance(step, (Handoff, Turn)) and step.seat == 0
    person = screens.turn(session, 0, step.task)
    assert isinstance(person, PersonTurnScreen) and person.seat == 0
    computer = screens.watch(session, 1, None)
    assert isinstance(computer, ComputerTurnScreen) and computer.seat == 1
    assert computer.private_to is None
