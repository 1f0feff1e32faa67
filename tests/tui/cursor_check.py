"""Reading where the terminal cursor goes and what is drawn there, in Pilot tests."""

from __future__ import annotations

from rich.cells import cell_len
from textual.geometry import Offset

from monstertrick.tui.app import GamesApp
from monstertrick.tui.cursor import spot


def cells(app: GamesApp) -> list[list[str]]:
    """The screen as drawn now, a character per cell ("" in the second cell of a
    character two cells wide), from the screen's compositor (as export_screenshot reads
    it)."""
    rows = []
    for strip in app.screen._compositor.render_strips():
        row: list[str] = []
        for segment in strip:
            for char in segment.text:
                row.append(char)
                row.extend([""] * (cell_len(char) - 1))
        rows.append(row)
    return rows


def cursor(app: GamesApp) -> Offset:
    """Where the terminal cursor goes after the next update, as the app works it out."""
    found = spot(app.screen)
    assert found is not None, f"the cursor has nowhere to go on {app.screen!r}"
    assert found == app.cursor_position
    return found


def at_cursor(app: GamesApp, width: int = 40) -> str:
    """What is drawn from the cursor on, along its row (``width`` cells at most)."""
    x, y = cursor(app)
    return "".join(cells(app)[y][x : x + width])


def assert_on(app: GamesApp, label: str) -> None:
    """The cursor sits on the first letter of ``label``."""
    drawn = at_cursor(app, max(len(label), 40))
    assert drawn.startswith(label), f"the cursor is on {drawn!r}, not on {label!r}"
