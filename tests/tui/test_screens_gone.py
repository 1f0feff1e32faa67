"""A game's screen that went before it came up (replaced at once at a fast computers'
table, or closed with the app) may still be told it is mounted, without its widgets:
it then shows nothing, starts nothing and raises nothing, in every game. One that comes
up draws its table once (Textual calls every class's ``on_mount``, a base class's too)."""

from __future__ import annotations

import pytest

from monstertrick.games import GAMES
from monstertrick.seating import parse_seats
from monstertrick.session import BotTurn, GameEnd, Handoff, RoundOver, Session, Turn
from monstertrick.tui import has_screens
from monstertrick.tui.app import GamesApp
from monstertrick.tui.game_screens import load_screens
from monstertrick.tui.screens.base import GameScreen
from monstertrick.tui.screens.start import StartScreen

KEYS = sorted(key for key in GAMES if has_screens(key))
SEATS = ["Al:easy", "Bea:easy", "Cy:easy", "Di:easy", "Ed:easy"]


def screens_of_a_game(key: str) -> list[GameScreen[Session]]:
    """Every kind of screen the app shows for a game, made along one computers' game: a
    turn and the watch screens (public, and seen by the seat) of each task, the end of
    the first chapter and the final standings."""
    game = GAMES[key]
    screens = load_screens(key)
    session = Session.start(parse_seats(SEATS[: game.min_players], game=key), 3, game=key)
    made: list[GameScreen[Session]] = []
    tasks: set[str] = set()
    while not isinstance(step := session.next_step(), GameEnd):
        if isinstance(step, BotTurn):
            if step.task not in tasks:
                tasks.add(step.task)
                made.append(screens.turn(session, step.seat, step.task))
                made.append(screens.watch(session, step.seat, None))
                made.append(screens.watch(session, step.seat, step.seat))
            session.bot_decision(step.seat)
        else:
            if isinstance(step, RoundOver) and step.number == 1:
                made.append(screens.round_over(session, step.number))
            session.done()
    made.append(screens.game_over(session))
    return made


def mounted(screen: GameScreen[Session]) -> None:
    """Tell ``screen`` it is mounted as Textual does: every ``on_mount`` of the project's
    classes it is made of, the screen's own first."""
    for cls in type(screen).__mro__:
        handler = cls.__dict__.get("on_mount")
        if handler is not None and cls.__module__.startswith("monstertrick."):
            handler(screen)


@pytest.mark.parametrize("key", KEYS)
async def test_a_screen_gone_before_it_came_up_mounts_without_a_trace(key: str) -> None:
    made = screens_of_a_game(key)
    assert len(made) >= 5
    app = GamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        for screen in made:
            assert screen.gone
            mounted(screen)
            assert not screen.children
            assert not screen._timers  # nothing set to go on later,
            assert screen._message_queue.empty()  # nor at once
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)  # nothing went on from a gone screen


async def test_a_monster_taking_screen_draws_its_table_once_as_it_comes_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from monstertrick.games.monster_taking.tui.table import MonsterTakingTable

    drawn: list[MonsterTakingTable] = []
    original = MonsterTakingTable.refresh_table

    def counted(self: MonsterTakingTable) -> None:
        drawn.append(self)
        original(self)

    monkeypatch.setattr(MonsterTakingTable, "refresh_table", counted)
    key = "monster-taking"
    session = Session.start(parse_seats(["Ann", "Bob"], game=key), 4, game=key)
    step = session.next_step()
    assert isinstance(step, (Handoff, Turn))
    screens = load_screens(key)
    app = GamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for screen in (
            screens.turn(session, step.seat, step.task),
            screens.watch(session, step.seat, None),
            screens.watch(session, step.seat, 1 - step.seat),
        ):
            await app.push_screen(screen)
            await pilot.pause()
            assert drawn.count(screen) == 1
            assert "Trick" in str(screen.query_one("#mt-trick").border_title)
            app.pop_screen()
            await pilot.pause()
