"""History and Continue list the games of every game; each opens in its own viewer."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import DataTable

from monstertrick.games import GAMES
from monstertrick.saves import SaveStore
from monstertrick.seating import parse_seats
from monstertrick.session import Session
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.saved import ContinueScreen, HistoryScreen, when

from .helpers import THEME, Toasts, save_unfinished_games, screen_text

SIZE = (100, 30)

TABLES = {
    "monster-trick": ["Ann:easy", "Bob:easy", "Cid:easy"],
    "monster-taking": ["Ann:easy", "Bob:medium"],
    "magic-trick": ["Ann:easy", "Bob:easy", "Cid:easy", "Dee:easy"],
}


def finished_games() -> dict[str, Session]:
    """One finished game of each game, played by computer players, saved in the
    history of $MONSTERTRICK_HOME."""
    played = {}
    for seed, (key, seats) in enumerate(TABLES.items()):
        match = Session.start(parse_seats(seats, game=key), seed, SaveStore(), game=key)
        match.play_to_end()
        played[key] = match
    return played


def rows(table: DataTable[object]) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(r)] for r in range(table.row_count)]


def header(table: DataTable[object]) -> list[str]:
    return [str(column.label) for column in table.columns.values()]


async def test_history_lists_every_game_with_its_game_and_a_summary_per_game() -> None:
    played = finished_games()
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        table = screen.query_one("#history-table", DataTable)
        assert header(table) == ["Date", "Game", "Winner", "Scores"]
        listed = {row[1]: row for row in rows(table)}
        assert set(listed) == {g.title for g in GAMES.values()}
        for key, match in played.items():
            row = listed[GAMES[key].title]
            summary_of = match.rules.summary(match.state)
            totals, winners = summary_of["totals"], summary_of["winners"]
            assert row[2] == " & ".join(match.names[w] for w in winners)
            assert row[3] == ", ".join(f"{n} {t}" for n, t in zip(match.names, totals))
        summary = screen.query_one("#summary-table", DataTable)
        assert header(summary) == [
            "Name",
            "Games",
            "Wins",
            "Mean",
            "Hits",
            "Hints",
            "Review",
        ]
        # Grouped by game (a line of its own above its players), in the registry's
        # order, each with its own score.
        groups: dict[str, list[list[str]]] = {}
        current = ""
        for row in rows(summary):
            if not any(row[1:]):
                current = row[0]
                continue
            groups.setdefault(current, []).append(row)
        assert all(r[5] == "0" for g in groups.values() for r in g)  # nobody took a hint
        assert list(groups) == [g.title for g in GAMES.values()]
        units = {"Monster Trick": " VP", "Magic Trick": " points", "Monster Taking": " games won"}
        for title, group in groups.items():
            assert len(group) == len(TABLES[next(k for k in GAMES if GAMES[k].title == title)])
            assert all(r[3].endswith(units[title]) for r in group), group
            assert sum(float(r[2]) for r in group) == 1  # one winner (or shares of one)
        assert all(r[4].endswith("%") for r in groups["Monster Trick"])
        assert all(r[4] == "—" for r in groups["Magic Trick"] + groups["Monster Taking"])


async def test_history_opens_a_magic_trick_game_in_its_viewer() -> None:
    played = finished_games()
    app = GamesApp()
    app.theme = THEME
    toasts = Toasts()
    async with app.run_test(size=SIZE, message_hook=toasts.seen) as pilot:
        await pilot.press("h")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        table = screen.query_one("#history-table", DataTable)
        titles = [row[1] for row in rows(table)]
        table.move_cursor(row=titles.index("Magic Trick"))
        await pilot.press("enter")
        await pilot.pause()
        viewer = app.screen
        assert type(viewer).__module__ == "monstertrick.games.magic_trick.tui.viewer"
        assert type(viewer).__name__ == "ViewerScreen"
        assert viewer.timeline[-1].state == played["magic-trick"].state  # type: ignore[attr-defined]
        assert not any("only" in n.message for n in toasts)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # Monster Taking's record opens in Monster Taking's viewer, whatever it shows.
        table.move_cursor(row=titles.index("Monster Taking"))
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__module__.startswith("monstertrick.games.monster_taking.tui")


async def test_continue_lists_the_game_of_each_unfinished_game() -> None:
    for seed, (key, names) in enumerate(
        [("magic-trick", ["Ann", "Bob", "Cid", "Dee"]), ("monster-taking", ["Eve", "Fay"])]
    ):
        match = Session.start(parse_seats(names, game=key), seed, SaveStore(), game=key)
        seat, _ = match.rules.to_decide(match.state)
        if match.rules.hidden_hands:  # (Magic Trick has no handoff)
            match.pass_keyboard(seat)
        match.apply(seat, match.simple_decision(seat))  # the first decision: saved
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ContinueScreen)
        table = screen.query_one(DataTable)
        assert header(table) == ["Game", "Players", "Where", "Last played"]
        listed = {row[0]: row[1] for row in rows(table)}
        assert listed == {"Magic Trick": "Ann, Bob, Cid, Dee", "Monster Taking": "Eve, Fay"}
        assert all(isinstance(table.get_row_at(r)[0], Text) for r in range(table.row_count))


@pytest.mark.usefixtures("utc")
async def test_continue_at_80_columns_shows_every_column_whole(monstertrick_home: Path) -> None:
    """Long names and long places wrap in their columns; the date of every game and
    the "Last played" heading are never cut at the edge of an 80-column terminal."""
    from .test_snapshots import LONG

    save_unfinished_games(monstertrick_home, LONG)
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ContinueScreen) and len(screen.games) == 3
        text = screen_text(app)
        assert "Last played" in text
        for saved in screen.games:
            assert when(saved.meta.updated) in text, text
            assert saved.info["where"].split(",")[0] in text
        first = screen.games[0]
        words = {word.strip(",") for word in text.split()}
        assert all(word in words for name in first.players for word in name.split()), text
