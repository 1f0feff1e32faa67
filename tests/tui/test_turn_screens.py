"""One base for a person's turn and one for a computer player's, used by every game: the
turn protocol (the next computer turn on the same screen, the pace, Space, the take-back,
Enter once a result is shown) and its keys are written once, in the shared base."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.content import Content
from textual.pilot import Pilot

import monstertrick
from monstertrick.games import GAMES
from monstertrick.seating import Seat, Seating
from monstertrick.session import BotTurn, Handoff, Played, Session, Step, Turn
from monstertrick.tui import has_screens
from monstertrick.tui.app import GamesApp
from monstertrick.tui.game_screens import GameScreens, load_screens
from monstertrick.tui.messages import Decided
from monstertrick.tui.screens.base import ChapterEndScreen, ComputerTurnScreen, PersonTurnScreen

from .helpers import screen_text, until

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

KEYS = {"skip", "pace", "pass_on", "take_back", "log", "hint", "cursor", "card_at"}
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
        "    def action_slot(self): Binding('up', 'slot_cursor(-1)')\n"
    )
    assert sorted(protocol_written_again(source)) == [
        "Binding('cursor(-1)')",
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
    screens = load_screens(game)
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


@pytest.mark.parametrize("game", list(TABLES))
def test_every_games_screens_are_one_shared_table(game: str) -> None:
    # A game names its screens and gives its words; the table makes them, imports their
    # modules when first made, and reads the game's rules from its package.
    screens = load_screens(game)
    assert isinstance(screens, GameScreens)
    rules = (GAMES[game].folder / "rules.md").read_text(encoding="utf-8")
    assert screens.rules() == rules


# ---------------------------------------------------------------------------- at the table
# The bases at work in every game of the registry: a person (seat 0) and computer players.

GAME_KEYS = [key for key in GAMES if has_screens(key)]


def advance(session: Session, until: Callable[[Step], bool]) -> None:
    """Play ``session`` on without an app (everyone's first legal action) until its next
    step is one ``until`` wants."""
    while not until(step := session.next_step()):
        if isinstance(step, BotTurn):
            session.bot_decision(step.seat)
        elif isinstance(step, Turn):
            session.apply(step.seat, session.view(step.seat).legal_actions[0])
        elif isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        else:
            session.done()


def computer_plays(step: Step) -> bool:
    return isinstance(step, BotTurn) and step.seat == 1 and step.task == "play"


def person_plays(step: Step) -> bool:
    return isinstance(step, Turn) and step.seat == 0 and step.task == "play"


def table_at(game: str, where: Callable[[Step], bool], pace: float) -> tuple[GamesApp, Session]:
    """The app at ``game``'s table, from the first step ``where`` wants (see
    :func:`advance`), with a pause of ``pace`` after each computer move."""
    session = start(game)
    advance(session, where)
    return GamesApp(session=session, pace=pace), session


async def persons_turn(pilot: Pilot[int], app: GamesApp) -> PersonTurnScreen:
    await until(pilot, lambda: isinstance(app.screen, PersonTurnScreen), "the person's turn")
    screen = app.screen
    assert isinstance(screen, PersonTurnScreen) and screen.seat == 0
    return screen


async def computer_move_shown(pilot: Pilot[int], app: GamesApp) -> ComputerTurnScreen:
    """The computer player's move, made and shown for the pace."""

    def shown() -> bool:
        screen = app.screen
        return isinstance(screen, ComputerTurnScreen) and screen.result is not None

    await until(pilot, shown, "the computer player's move is shown")
    screen = app.screen
    assert isinstance(screen, ComputerTurnScreen) and screen.seat == 1
    return screen


@pytest.mark.parametrize("game", GAME_KEYS)
async def test_the_pace_keys_change_the_pause_in_every_game(game: str) -> None:
    app, session = table_at(game, computer_plays, pace=60)
    async with app.run_test(size=(120, 30)) as pilot:  # (the top line whole)
        screen = await computer_move_shown(pilot, app)
        assert "pause 60 s" in screen_text(app)
        await pilot.press("minus")
        assert session.pace == 5.0 and "pause 5 s" in screen_text(app)
        await pilot.press("minus", "minus")
        assert session.pace == 2.0 and "pause 2 s" in screen_text(app)
        await pilot.press("plus")
        assert session.pace == 3.0 and "pause 3 s" in screen_text(app)
        assert app.screen is screen and screen.result is not None  # (the move still shown)


@pytest.mark.parametrize("game", GAME_KEYS)
async def test_space_goes_on_at_once_from_a_computer_move_in_every_game(game: str) -> None:
    app, session = table_at(game, computer_plays, pace=60)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await computer_move_shown(pilot, app)
        shown = session.pending
        assert isinstance(shown, Played) and shown.seat == 1
        await pilot.pause()
        assert session.pending is shown and app.screen is screen  # (it waits for the pace)
        await pilot.press("space")
        await until(pilot, lambda: session.pending is not shown, "the game goes on")


@pytest.mark.parametrize("game", GAME_KEYS)
async def test_a_decision_is_taken_back_where_the_game_allows_it(game: str) -> None:
    app, session = table_at(game, person_plays, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await persons_turn(pilot, app)
        before = session.position
        action = session.view(0).legal_actions[0]
        screen.post_message(Decided(0, action))
        await until(pilot, lambda: screen.result is not None, "the decision's result is shown")
        assert session.position != before
        await pilot.press("u")
        await pilot.pause()
        if GAMES[game].load().hidden_hands:  # a result private to its person: taken back
            assert session.position == before and session.taken_back(0) == action
            again = app.screen
            assert isinstance(again, PersonTurnScreen) and again is not screen
            assert again.seat == 0 and again.result is None
        else:  # decided in front of everyone: it stands
            assert session.position != before and session.taken_back(0) is None
            assert app.screen is screen and screen.result is not None
            assert screen.check_action("take_back", ()) is not True


def log_open(screen: object) -> bool:
    panel = getattr(screen, "panel", None)
    return panel is not None and panel.kind == "log"


@pytest.mark.parametrize("game", GAME_KEYS)
async def test_the_log_opens_from_a_computer_players_turn_in_every_game(game: str) -> None:
    app, session = table_at(game, computer_plays, pace=60)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await computer_move_shown(pilot, app)
        await pilot.press("l")
        assert log_open(screen)
        await until(pilot, lambda: "Game log" in screen_text(app), "the log is drawn")
        await pilot.press("l")
        assert not log_open(screen)


@pytest.mark.parametrize("game", ["monster-trick", "magic-trick"])
async def test_the_log_opens_from_a_persons_turn(game: str) -> None:
    """(Monster Taking's turn screen has no log key: its table shows the last moves.)"""
    app, session = table_at(game, person_plays, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await persons_turn(pilot, app)
        await pilot.press("l")
        assert log_open(screen)
        await pilot.press("escape")
        assert not log_open(screen)


# ---------------------------------------------------------------------- a chapter's end
# A game's end of a chapter in one table gives its words and its table; the title, the
# rule's line, what Enter does and the key bar are the shared screen's.


class LegOver(ChapterEndScreen):
    CHAPTER = "leg"
    CHAPTERS = 4
    RULE = "Every leg scores its laps."
    IDS = ("leg-over", "leg-table")

    def table(self) -> Content:
        return Content("\n").join(Content(f"{name} 3 laps") for name in self.names)


async def test_a_chapters_end_is_its_words_and_its_table() -> None:
    session = start("monster-trick")
    app = GamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LegOver(session, 2))
        await pilot.pause()
        text = screen_text(app)
        box = app.screen.query_one("#leg-over")
        assert [str(w.render()) for w in box.children] == [
            "Leg 2 of 4 is over",
            "Ann 3 laps\nBot0 3 laps\nBot1 3 laps",
            "Every leg scores its laps.",
            "Press Enter to deal leg 3.",
        ]
        assert app.screen.query_one("#leg-table") is box.children[1]
        assert "Continue" in text
