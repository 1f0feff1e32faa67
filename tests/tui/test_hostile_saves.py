"""Saves edited by hand, summary fingerprints recomputed, in every game: the start
screen, Continue and History at 80x24 show them as data or list them as damaged with
the reason, never crash, and never pass terminal control to the screen."""

from __future__ import annotations

from typing import Any

import pytest

from monstertrick.saves import read_save
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.saved import ContinueScreen, HistoryScreen
from monstertrick.tui.screens.start import StartScreen

from ..hostile_saves import (
    CONTROL,
    GAME_KEYS,
    edit,
    is_plain,
    rename_first_player,
    saved_game,
    seat_level,
    summary_field,
)
from .helpers import Toasts

SIZE = (80, 24)


def _cells(table: Any) -> list[str]:
    return [str(cell) for r in range(table.row_count) for cell in table.get_row_at(r)]


def _screen_is_plain(app: GamesApp) -> bool:
    return is_plain(app.export_screenshot().replace("\n", ""))


def _when(doc: dict[str, Any]) -> None:
    doc["meta"]["updated"] = "9999-12-31T23:59:59-23:59"  # no such time in local time


@pytest.mark.parametrize("key", GAME_KEYS)
async def test_hostile_saves_are_shown_as_data_or_listed_as_damaged(key: str) -> None:
    lying = saved_game(key, finished=False, seed=1)
    edit(lying, summary_field("where", "\x1b[31m[bold]round 9[/bold]" + CONTROL))
    edit(lying, _when)
    for seed, change in (
        (2, rename_first_player("\x1b]0;X\x07\x1b[2J")),
        (3, seat_level(5)),
        (4, seat_level("hard:1000000000")),
    ):
        edit(saved_game(key, finished=False, seed=seed), change)
    finished = saved_game(key, finished=True, seed=5)
    edit(finished, summary_field("winners", [99]))
    edit(finished, summary_field("totals", ["[b]x"] * len(read_save(finished).players)))
    edit(saved_game(key, finished=True, seed=6), rename_first_player("Ann\x9b2J"))
    truth = read_save(lying).info
    results = read_save(finished).info

    app = GamesApp()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, StartScreen)
        assert (app.screen.unfinished, app.screen.finished, app.screen.damaged) == (1, 1, 4)
        assert _screen_is_plain(app)

        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        cells = _cells(app.screen.query_one("DataTable"))
        assert truth["where"] in cells and "—" in cells, cells
        assert all(is_plain(c) for c in cells)
        damaged = str(app.screen.query_one("#saved-damaged").render())
        for words in ("U+001B", "U+009B", "not a number", "at most 100000 playouts"):
            assert words in damaged
        assert is_plain(damaged.replace("\n", ""))
        assert _screen_is_plain(app)

        await pilot.press("escape")
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        [row] = [app.screen.query_one("#history-table").get_row_at(0)]
        players = results["players"]
        assert str(row[2]) == " & ".join(players[w] for w in results["winners"])
        assert str(row[3]) == ", ".join(f"{n} {t}" for n, t in zip(players, results["totals"]))
        assert _screen_is_plain(app)
    assert app.return_code in (None, 0)
    assert lying.exists() and finished.exists(), "kept where they were, summaries rebuilt"
    assert len(list((lying.parent / "damaged").glob("*.json"))) == 4, "moved aside, kept"


def _says_over(doc: dict[str, Any]) -> None:
    doc["meta"]["summary"].update(over=True, winners=[0], totals=[1] * len(doc["players"]))


def _says_not_over(doc: dict[str, Any]) -> None:
    doc["meta"]["summary"].update(over=False, winners=None, totals=None, where="round 2")


@pytest.mark.parametrize("key", GAME_KEYS)
async def test_a_game_whose_save_lies_about_its_end_is_found_out_when_opened(key: str) -> None:
    """History never shows the hands of a game that is not over, whatever its save
    says, and Continue never resumes a finished one: each game ends up in its list."""
    unfinished = saved_game(key, finished=False, seed=1)
    edit(unfinished, _says_over)
    finished = saved_game(key, finished=True, seed=2)
    edit(finished, _says_not_over)
    app = GamesApp()
    toasts = Toasts()
    async with app.run_test(size=SIZE, message_hook=toasts.seen) as pilot:
        assert isinstance(app.screen, StartScreen)
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert app.screen.query_one("#history-table").row_count == 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen), "no viewer: its hands stay secret"
        assert any("not over" in n.message for n in toasts)
        assert unfinished.exists(), "back in the saves, its summary rebuilt"
        await pilot.press("escape")
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        table = app.screen.query_one("DataTable")
        assert table.row_count == 2 and "round 2" in _cells(table)
        lying = [g.info["where"] for g in app.screen.games].index("round 2")
        table.move_cursor(row=lying)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen), "a finished game is not resumed"
        assert any("is over" in n.message for n in toasts)  # (not "is not over")
        assert [g.path for g in app.screen.games] == [unfinished]
        assert finished.exists() and read_save(finished).finished, "filed in the history"
    assert app.return_code in (None, 0)
