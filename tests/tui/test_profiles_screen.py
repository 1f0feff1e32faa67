"""The Profiles screen: reached from the start screen and from History by a key in the
footer, it shows what ``monstertrick.profiles`` computes from the history, at 80x24,
names as data, damaged files left out with a line."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Static

from monstertrick.profiles import profiles, rating_text
from monstertrick.saves import SaveStore
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.profiles import ProfilesScreen
from monstertrick.tui.screens.saved import HistoryScreen
from monstertrick.tui.screens.start import StartScreen

from ..hostile_saves import is_plain
from ..profile_games import evening, play_game
from .helpers import THEME, screen_text, workers_done

SIZE = (80, 24)


def rows(table: DataTable[object]) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(r)] for r in range(table.row_count)]


def footer(app: GamesApp) -> str:
    return screen_text(app).splitlines()[-1]


async def test_profiles_open_from_the_start_screen_and_from_history() -> None:
    evening(SaveStore(), games=2)
    expected = profiles(with_reviews=False)
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert " p Profiles " in footer(app)
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ProfilesScreen)
        table = screen.query_one("#profiles-table", DataTable)
        shown = rows(table)
        # Every game's line, its people and its levels, with the module's figures.
        wanted: list[list[str]] = []
        for g in expected.games.values():
            wanted.append([g.title, str(g.games), ""])
            wanted += [[p.name, str(p.games), rating_text(p)] for p in g.people]
            wanted.append(["computers", "", ""])
            wanted += [[c.name, str(c.games), rating_text(c)] for c in g.computers]
        assert [[r[0], r[1], r[5]] for r in shown] == wanted
        assert table.virtual_size.width <= table.size.width  # nothing scrolls sideways
        assert len(expected.games) == 3
        await pilot.press("down")
        await pilot.pause()
        first = next(iter(expected.games.values())).people[0]
        detail = str(screen.query_one("#profile-detail", Static).render())
        assert f"{first.name} in " in detail and str(first.rating) in detail
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert " p Profiles " in footer(app)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ProfilesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


async def test_hostile_names_and_a_damaged_file_on_the_profiles_screen(
    monstertrick_home: Path,
) -> None:
    store = SaveStore()
    hostile = ["[/]", "[@click=quit]Q", "[b]Bo", "$name"]
    play_game(store, "magic-trick", [(n, None) for n in hostile], seed=2)
    broken = play_game(store, "monster-taking", [("Ann", None), ("Bob", None)], seed=3)
    broken.write_bytes(b"\x1b[2J not a record")
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ProfilesScreen)
        names = [r[0] for r in rows(screen.query_one("#profiles-table", DataTable))]
        assert set(hostile) <= set(names)
        assert "Monster Taking" not in names  # its only game is damaged
        text = screen_text(app)
        assert "Left out, damaged" in text
        assert is_plain(text.replace("\n", ""))
        for _ in hostile:
            await pilot.press("down")
            await pilot.pause()
            assert isinstance(app.screen, ProfilesScreen)  # no markup ran: still here
        assert str(screen.query_one("#profile-detail", Static).render()).startswith("$name in ")
    assert (monstertrick_home / "saves" / "damaged" / broken.name).exists()


async def test_the_row_under_the_cursor_gives_the_reviews_kept() -> None:
    from monstertrick.records import check_format, parse_json, read_record_file
    from monstertrick.review import Game, ReviewCache, Settings, review

    path = play_game(SaveStore(), "monster-taking", [("Ann", None), ("Bob", "easy")], seed=5)
    doc = check_format(parse_json(read_record_file(path)))
    kept = review(
        Game(doc), (0,), Settings(seed=1, playouts=2, luck_samples=1), cache=ReviewCache()
    )
    figures = kept.summary(0)
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await workers_done(app)
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        detail = str(app.screen.query_one("#profile-detail", Static).render())
        assert detail.startswith("Ann in Monster Taking")
        assert f"{figures.agreed / figures.unforced:.0%} of the decisions agreed" in detail
        assert f"{figures.mean_given_up * 100:.1f} points of chance to win given up" in detail
