"""The setup form offers every game: seats, levels and the top bar follow the choice, the
app starts the chosen game, and the form remembers the last game's table."""

from __future__ import annotations

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Button, Input, OptionList, Select, Static

from monstertrick.games import GAMES
from monstertrick.seating import SetupError, parse_seats
from monstertrick.session import BotTurn, GameEnd, Session
from monstertrick.tui.app import GamesApp
from monstertrick.tui.game_screens import load_screens
from monstertrick.tui.screens.handoff import HandoffScreen
from monstertrick.tui.screens.rules import RulesScreen
from monstertrick.tui.screens.setup import SeatRow, SetupScreen
from monstertrick.tui.screens.start import StartScreen

from .helpers import THEME, screen_text

SIZE = (80, 24)
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")

#: The screen of each game's first person's turn (the module that makes it).
TURN_SCREENS = {
    "monster-trick": "monstertrick.games.monster_trick.tui.arrange.ArrangeScreen",
    "monster-taking": "monstertrick.games.monster_taking.tui.table.TurnScreen",
    "magic-trick": "monstertrick.games.magic_trick.tui.table.PlayScreen",
}


def qualname(obj: object) -> str:
    return f"{type(obj).__module__}.{type(obj).__qualname__}"


async def open_form(pilot: Pilot[int]) -> SetupScreen:
    app = pilot.app
    assert isinstance(app.screen, StartScreen)
    await pilot.press("n")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    return screen


async def choose(pilot: Pilot[int], screen: SetupScreen, key: str) -> None:
    screen.query_one("#game", Select).value = key
    await pilot.pause()
    assert screen.game == key


def names_in(screen: SetupScreen) -> list[str]:
    return [row.player_name for row in screen.query(SeatRow)]


def topbar(screen: SetupScreen) -> str:
    return str(screen.query_one("#setup-topbar", Static).render())


def test_the_form_offers_every_game_default_first() -> None:
    from monstertrick.games import DEFAULT_GAME

    assert next(iter(GAMES)) == DEFAULT_GAME == "monster-trick"
    assert set(TURN_SCREENS) == set(GAMES)


@pytest.mark.parametrize("key", list(GAMES))
@pytest.mark.slow
async def test_choosing_a_game_fits_the_form_and_starts_that_game(key: str) -> None:
    facts = GAMES[key]
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot)
        assert screen.game == "monster-trick" and len(names_in(screen)) == 2
        other = "magic-trick" if key != "magic-trick" else "monster-taking"
        await choose(pilot, screen, other)  # from another game, to see it adapt back
        await choose(pilot, screen, key)
        rows = list(screen.query(SeatRow))
        assert len(rows) == facts.min_players
        add = screen.query_one("#add-seat", Button)
        remove = screen.query_one("#remove-seat", Button)
        assert add.disabled == (facts.min_players == facts.max_players)
        assert remove.disabled
        assert topbar(screen) == f"{facts.title} · new game"
        about = str(screen.query_one("#game-about", Static).render())
        if facts.min_players == facts.max_players:
            assert about.startswith(f"exactly {facts.max_players} players · ")
        else:
            assert about.startswith(f"{facts.min_players} to {facts.max_players} players · ")
        # The levels offered are that game's own.
        levels = GAMES[key].load().levels
        offered = rows[0].query_one(Select).query_one(OptionList).options  # its drop-down
        assert [str(option.prompt) for option in offered] == [
            "person",
            *(f"computer · {level}" for level in levels),
        ]
        # F2 adds seats up to the game's maximum, no further.
        for _ in range(facts.max_players + 1):
            await pilot.press("f2")
        await pilot.pause()
        assert len(screen.query(SeatRow)) == facts.max_players
        assert add.disabled
        for i, row in enumerate(screen.query(SeatRow)):
            row.query_one(Input).value = NAMES[i]
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert app.session is not None
        assert app.session.game_key == key
        assert app.session.names == NAMES[: facts.max_players]
        if GAMES[key].load().hidden_hands:
            assert isinstance(app.screen, HandoffScreen) and app.screen.player == 0
            await pilot.press("enter")
            await pilot.pause()
        else:  # nothing private: no handoff, the table names who plays
            assert not isinstance(app.screen, HandoffScreen)
        assert qualname(app.screen) == TURN_SCREENS[key]


async def test_the_game_can_be_chosen_with_the_keyboard() -> None:
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot)
        game = screen.query_one("#game", Select)
        await pilot.press("shift+tab")  # from the first name back to the game
        assert game.has_focus
        order = list(GAMES)
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(order.index("magic-trick")):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert game.value == "magic-trick" and screen.game == "magic-trick"
        assert len(screen.query(SeatRow)) == 4
        assert "Magic Trick · new game" in screen_text(app)


async def test_changing_the_game_keeps_the_names_and_levels_typed_so_far() -> None:
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot)
        await pilot.press(*"Ann", "tab", "tab", *"Bob", "f2", *"Cid")
        screen.query_one("#kind-1", Select).value = "hard"
        await pilot.pause()
        assert names_in(screen) == ["Ann", "Bob", "Cid"]
        # Monster Taking seats two: Cid is put aside, not lost; no seat can be added.
        await choose(pilot, screen, "monster-taking")
        assert names_in(screen) == ["Ann", "Bob"]
        assert screen.query_one("#kind-1", Select).value == "hard"
        assert screen.query_one("#add-seat", Button).disabled
        assert screen.query_one("#remove-seat", Button).disabled
        await pilot.press("f2")
        await pilot.pause()
        assert names_in(screen) == ["Ann", "Bob"]
        # Magic Trick seats four: Cid comes back, and an empty fourth seat.
        await choose(pilot, screen, "magic-trick")
        assert names_in(screen) == ["Ann", "Bob", "Cid", ""]
        assert screen.query_one("#kind-1", Select).value == "hard"
        # Back to Monster Trick: the empty seat added to fit Magic Trick goes.
        await choose(pilot, screen, "monster-trick")
        assert names_in(screen) == ["Ann", "Bob", "Cid"]
        assert not screen.query_one("#add-seat", Button).disabled
        assert not screen.query_one("#remove-seat", Button).disabled
        await pilot.press("f5")
        await pilot.pause()
        assert app.session is not None and app.session.game_key == "monster-trick"
        assert [(s.name, s.bot) for s in app.session.seating.seats] == [
            ("Ann", None),
            ("Bob", "hard"),
            ("Cid", None),
        ]


async def test_names_and_tabs_arriving_in_one_burst_land_in_their_own_fields() -> None:
    """A terminal far away (an SSH link, a paste) may deliver "ann", Tab, Tab, "bob" in
    one read: Tab moves the focus before the next key is handed on, so Bob's name is not
    typed onto Ann's."""
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot)
        burst = [*"ann", "tab", "tab", *"bob", "shift+tab", "shift+tab"]
        for key in burst:
            char = {"tab": "\t", "shift+tab": None}.get(key, key)
            app.post_message(events.Key(key, char))  # all queued before any is handled
        await pilot.pause()
        assert names_in(screen)[:2] == ["ann", "bob"]
        assert screen.query_one("#name-0", Input).has_focus


async def test_a_monster_taking_table_of_three_cannot_be_started() -> None:
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot)
        await choose(pilot, screen, "monster-taking")
        # The form never offers a third seat; one mounted anyway is still refused, with
        # the words of `monstertrick play --game monster-taking`.
        await screen.query_one("#seats").mount(SeatRow(2, "Cid"))
        for i, name in enumerate(("Ann", "Bob")):
            screen.query_one(f"#name-{i}", Input).value = name
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert app.screen is screen and app.session is None
        with pytest.raises(SetupError) as refused:
            parse_seats(["Ann", "Bob", "Cid"], game="monster-taking")
        error = str(screen.query_one("#setup-error", Static).render())
        assert error == str(refused.value)
        assert "Monster Taking" in error and "not 3" in error


async def test_the_rules_key_on_the_form_shows_the_chosen_games_rules() -> None:
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot)
        await choose(pilot, screen, "magic-trick")
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.text == load_screens("magic-trick").rules()
        assert app.screen.text != load_screens("monster-trick").rules()


async def test_a_new_game_after_a_magic_trick_game_remembers_the_game_and_the_table() -> None:
    seating = parse_seats(["Ann:easy", "Bob:medium", "Cid:easy", "Dee:hard"], game="magic-trick")
    match = Session.start(seating, 5, game="magic-trick")
    # Played to its end with the easiest decisions (the form remembers the seats, not how
    # they played; the hard player's search is not what is tested here).
    while not isinstance(step := match.next_step(), GameEnd):
        if isinstance(step, BotTurn):
            match.apply(step.seat, match.simple_decision(step.seat))
        else:
            match.done()
    app = GamesApp(session=match, pace=0)
    app.theme = THEME
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert qualname(app.screen).endswith("magic_trick.tui.ends.GameOverScreen")
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.game == "magic-trick"
        assert screen.query_one("#game", Select).value == "magic-trick"
        assert topbar(screen) == "Magic Trick · new game"
        assert names_in(screen) == ["Ann", "Bob", "Cid", "Dee"]
        levels = [row.bot_level for row in screen.query(SeatRow)]
        assert levels == ["easy", "medium", "easy", "hard"]
        await pilot.press("f5")
        await pilot.pause()
        assert app.session is not None and app.session is not match
        assert app.session.game_key == "magic-trick"


async def test_each_person_on_their_own_device_hands_the_game_to_a_host() -> None:
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        rows = list(screen.query(SeatRow))
        rows[0].query_one(Input).value = "Ann"
        rows[1].query_one(Input).value = "Bob"
        screen.query_one("#screens", Select).value = "own"
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
    # The app has closed: the terminal becomes the table's host (cli runs it).
    assert app.hosting is not None
    seating, _seed, game, _pace = app.hosting
    assert seating.names == ("Ann", "Bob") and game == "monster-trick"
    assert app.session is None


async def test_a_table_of_computer_players_alone_is_not_hosted() -> None:
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        rows = list(screen.query(SeatRow))
        for row, name in zip(rows, ("Cy", "Di"), strict=False):
            row.query_one(Input).value = name
            row.query_one(Select).value = "easy"
        screen.query_one("#screens", Select).value = "own"
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert "needs a person" in str(screen.query_one("#setup-error", Static).render())
        assert app.hosting is None and isinstance(app.screen, SetupScreen)
