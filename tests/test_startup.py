"""Start-up loads what is needed and the rest when first used.

The app's first screen comes without the rules' Markdown, the saved-games tables, the
search, other games, the game's other screens and their styles; ``--help`` without the
app, the games and dataclasses."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

#: Loaded only when first used, by a screen that is never the first one.
LATER = (
    "textual.widgets._markdown",  # the rules
    "markdown_it",
    "importlib.resources",  # (their text)
    "textual.widgets._data_table",  # Continue and History
    "monstertrick.tui.screens.saved",
    "monstertrick.profiles",  # the Profiles screen and its ratings
    "openskill",
    "monstertrick.search",  # computer players
    "monstertrick.games.monster_trick.bots",
    "monstertrick.games.magic_trick",  # the other games
    "monstertrick.games.monster_taking",
    "monstertrick.games.monster_trick.tui.table",  # the game's other screens
    "monstertrick.games.monster_trick.tui.arrange",
    "monstertrick.games.monster_trick.tui.viewer",
)

#: The first screen of ``monstertrick`` or ``monstertrick play`` (three people), and the
#: modules and the style files loaded when it is up.
FIRST_SCREEN = """
import json, sys
from pathlib import Path
from monstertrick.seating import parse_seats
from monstertrick.tui.app import GamesApp

play = sys.argv[1] == "play"
app = GamesApp(seats=parse_seats(["Ann", "Bob", "Cid"]), seed=1) if play else GamesApp()

async def first_screen(pilot):
    await pilot.pause()
    styles = [Path(path).name for path, _ in pilot.app.stylesheet.source]
    print(json.dumps([type(pilot.app.screen).__name__, sorted(sys.modules), styles]))
    pilot.app.exit()

app.run(headless=True, size=(80, 24), auto_pilot=first_screen)
"""


def in_fresh_process(code: str, *args: str) -> Any:
    """What ``code``, run by a new Python, prints as JSON on its last line."""
    proc = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


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
    screen, names, styles = in_fresh_process(FIRST_SCREEN, command)
    modules = set(names)
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
    modules = set(in_fresh_process(code))
    assert "monstertrick.games" in modules
    later = ("textual", "monstertrick.games.monster_trick", "monstertrick.session", "dataclasses")
    assert [name for name in later if loaded(modules, name)] == []
