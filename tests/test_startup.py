"""Start-up loads what is needed and the rest when first used.

The app's first screen comes without the rules' Markdown, the saved-games tables, the
search, other games, the game's other screens and their styles; ``--help`` without the
app, the games and dataclasses."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: Loaded only when first used, by a screen that is never the first one.
LATER = (
    "textual.widgets._markdown",  # the rules
    "markdown_it",
    "importlib.resources",  # (their text)
    "textual.widgets._data_table",  # Continue and History
    "monstertrick.tui.screens.saved",
    "monstertrick.search",  # computer players
    "monstertrick.games.monster_trick.bots",
    "monstertrick.games.magic_trick",  # the other games
    "monstertrick.games.monster_taking",
    "monstertrick.games.monster_trick.tui.table",  # the game's other screens
    "monstertrick.games.monster_trick.tui.arrange",
    "monstertrick.games.monster_trick.tui.viewer",
)

CHILD = """
import json, sys
from pathlib import Path
from monstertrick.seating import parse_seats
from monstertrick.tui.app import MonsterTrickApp

play = sys.argv[1] == "play"
app = MonsterTrickApp(seats=parse_seats(["Ann", "Bob", "Cid"]), seed=1) if play else MonsterTrickApp()

async def first_screen(pilot):
    await pilot.pause()
    styles = [Path(path).name for path, _ in pilot.app.stylesheet.source]
    print(json.dumps([type(pilot.app.screen).__name__, sorted(sys.modules), styles]))
    pilot.app.exit()

app.run(headless=True, size=(80, 24), auto_pilot=first_screen)
"""


def loaded_at_first_screen(command: str) -> tuple[str, set[str], list[str]]:
    """The first screen of ``monstertrick`` or ``monstertrick play`` (three people) in a
    fresh process, and the modules and the style files loaded when it is up."""
    proc = subprocess.run([sys.executable, "-c", CHILD, command], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    screen, modules, styles = json.loads(proc.stdout.splitlines()[-1])
    return screen, set(modules), styles


def loaded(modules: set[str], prefix: str) -> list[str]:
    return sorted(m for m in modules if m == prefix or m.startswith(prefix + "."))


@pytest.mark.parametrize(
    ("command", "first", "also_later"),
    [
        ("play", "HandoffScreen", ()),
        # No game is chosen yet: no game's engine either.
        ("start", "StartScreen", ("monstertrick.games.monster_trick",)),
    ],
)
def test_the_first_screen_loads_only_what_it_shows(
    command: str, first: str, also_later: tuple[str, ...]
) -> None:
    screen, modules, styles = loaded_at_first_screen(command)
    assert screen == first
    assert "textual.app" in modules  # (the child really ran the app)
    assert [name for name in LATER + also_later if loaded(modules, name)] == []
    assert "app.tcss" in styles
    assert "game.tcss" not in styles  # Monster Trick's table styles come with its table


def test_help_loads_the_registry_of_games_alone() -> None:
    code = (
        "import json, sys\n"
        "from monstertrick.cli import main\n"
        "for argv in (['--help'], ['play', '--help']):\n"
        "    try:\n"
        "        main(argv)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    modules = set(json.loads(proc.stdout.splitlines()[-1]))
    assert "monstertrick.games" in modules
    later = ("textual", "monstertrick.games.monster_trick", "monstertrick.session", "dataclasses")
    assert [name for name in later if loaded(modules, name)] == []
