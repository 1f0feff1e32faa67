"""A game through the UI to its final standings, the setup form, and snapshots of the
game's screens at 80x24 and 120x40 (fixed seeds, pinned theme; the shell's are in
tests/tui/test_snapshots.py)."""

from __future__ import annotations

import random
import re

import pytest
from textual import events
from textual.geometry import Size
from textual.pilot import Pilot
from textual.widgets import Input

from monstertrick.games.monster_trick.engine import Move, standings
from monstertrick.games.monster_trick.tui.ends import GameOverScreen
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.seating import parse_seats
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen
from monstertrick.tui.screens.quit import QuitScreen
from monstertrick.tui.screens.rules import RulesScreen
from monstertrick.tui.screens.setup import SeatRow, SetupScreen
from monstertrick.tui.screens.start import StartScreen
from monstertrick.tui.screens.too_small import TooSmallScreen

from ...tui.helpers import THEME, make_match, play_through, screen_text, until
from ...tui.test_snapshots import FIVE, LONG, SIZES, THREE, WIDE, Snap, app_for


async def test_two_player_game_to_the_final_standings() -> None:
    # As `monstertrick play --players "Ann,Bob" --seed 11` starts it: a handoff first.
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=11)
    app.theme = THEME
    async with app.run_test(size=(80, 24)):
        assert isinstance(app.screen, HandoffScreen)
    # The last cards of that game played with keys, to the final standings (whole games
    # with keys only are played by tests/contract/test_screens_hide.py).
    app = GamesApp(session=make_match(["Ann", "Bob"], 11, rounds_done=2, moves=21))
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HandoffScreen)
        await play_through(pilot, rng=random.Random(2))
        assert isinstance(app.screen, GameOverScreen)
        assert app.session is not None
        outcome = app.session.state.outcome()
        assert outcome is not None
        text = screen_text(app)
        assert "final standings" in text
        assert outcome.explain(("Ann", "Bob"))[:40] in text.replace("\n", " ")
        # Each player's round scores and total on their row, rows in the ranking's order.
        row = re.compile(r"\b(Ann|Bob)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\b")
        found = [m.groups() for m in map(row.search, text.splitlines()) if m]
        scores = app.session.state.round_scores()
        expected = [
            (("Ann", "Bob")[p], *(str(r[p]) for r in scores), str(outcome.totals[p]))
            for p in standings(scores)
        ]
        assert found == expected, text
        await pilot.press("q")
    assert app.return_code == 0


async def test_setup_form_refuses_bad_names_then_starts() -> None:
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StartScreen)
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        # Nothing typed: starting shows an inline error, nothing crashes.
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "a name cannot be empty" in screen_text(app)
        # Duplicate names.
        name0 = screen.query_one("#name-0", Input)
        name1 = screen.query_one("#name-1", Input)
        name0.focus()
        await pilot.press(*"Ann")
        name1.focus()
        await pilot.press(*"ann")
        await pilot.pause()
        assert "names must differ" in screen_text(app)
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        # A third seat with a name that is too long.
        await pilot.press("f2")
        await pilot.pause()
        assert len(screen.query(SeatRow)) == 3
        name2 = screen.query_one("#name-2", Input)
        name2.focus()
        await pilot.press(*"Bartholomew-the-Great")
        await pilot.pause()
        assert "too long: at most 16 characters" in screen_text(app)
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        # Fix everything: remove the third seat, rename the second, give a seed.
        await pilot.press("f3")
        await pilot.pause()
        assert len(screen.query(SeatRow)) == 2
        name1.value = "Bob"
        screen.query_one("#seed", Input).value = "42"
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.session is not None
        assert app.session.names == ("Ann", "Bob")
        assert app.session.seed == 42
        assert "Pass the keyboard to ● Ann" in screen_text(app)


async def test_handoff_ignores_other_keys_and_rules_come_back() -> None:
    app = GamesApp(seats=parse_seats(["Ann", "Bob", "Cid"]), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HandoffScreen)
        await pilot.press("space", "1", "right", "a", "escape", "tab")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "how to play" in screen_text(app).lower()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_illegal_slot_shows_the_reason_and_changes_nothing() -> None:
    match = make_match(["Ann", "Bob", "Cid"], 5, moves=9)
    app = GamesApp(session=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        view = screen.view
        i, card, bad = next(
            (i, card, bad)
            for i, card in enumerate(view.hand)
            if (bad := [s for s in range(4) if s not in view.legal_slots(card)])
        )
        await pilot.press(*["right"] * i, str(bad[0] + 1))
        await pilot.pause()
        reason = match.state.illegal_reason(Move.of(card, bad[0]))
        assert reason is not None
        assert screen.result is None
        assert match.state.turn == 9
        assert reason[:30] in screen_text(app).replace("\n", " ")


async def test_quit_asks_while_a_game_runs() -> None:
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_two_tiny_sizes_at_once_then_the_game_carries_on() -> None:
    """A browser tab made tiny sends sizes faster than the notice goes up."""
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        handoff = app.screen
        for width, height in ((1, 1), (2, 1)):  # both before the notice is on screen
            size = Size(width, height)
            app._driver._size = size  # as Pilot.resize_terminal does, without its pause
            app.post_message(events.Resize(size, size))
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the too-small notice")
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: app.screen is handoff, "the game back on screen")
    assert app.return_code in (None, 0)


async def test_too_small_then_the_game_carries_on() -> None:
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        arrange = app.screen
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the too-small notice")
        assert "at least 80×24" in screen_text(app)
        await pilot.press("enter", "shift+right")
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: app.screen is arrange, "the game back on screen")
        assert app.session is not None and not any(app.session.state.view(0).arranged)


# ---------------------------------------------------------------- snapshots of the game's screens


@pytest.mark.parametrize("size", SIZES)
def test_handoff(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(seats=parse_seats(list(THREE)), seed=3)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_arrange(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(seats=parse_seats(list(THREE)), seed=3)
    assert snap_compare(app, terminal_size=size, press=["enter", "shift+right"])


@pytest.mark.parametrize("size", SIZES)
def test_table_choosing(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(session=make_match(THREE, 3, moves=14))
    assert snap_compare(app, terminal_size=size, press=["enter", "right", "right", "down"])


@pytest.mark.parametrize("size", SIZES)
def test_table_illegal_slot(snap_compare: Snap, size: tuple[int, int]) -> None:
    match = make_match(THREE, 5, moves=9)
    view = match.view(match.state.current_player or 0)
    index, slot = next(
        (i, s)
        for i, card in enumerate(view.hand)
        for s in range(4)
        if s not in view.legal_slots(card)
    )
    app = app_for(session=match)
    keys = ["enter", *["right"] * index, str(slot + 1)]
    assert snap_compare(app, terminal_size=size, press=keys)


@pytest.mark.parametrize("size", SIZES)
def test_table_result(snap_compare: Snap, size: tuple[int, int]) -> None:
    match = make_match(THREE, 3, moves=20)
    view = match.view(match.state.current_player or 0)
    move = view.legal_moves[0]
    app = app_for(session=match)
    keys = ["enter", *["right"] * view.hand.index(move.card), str(move.slot + 1)]
    assert snap_compare(app, terminal_size=size, press=keys)


@pytest.mark.parametrize("size", SIZES)
def test_table_five_players(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(session=make_match(FIVE, 8, moves=23))
    assert snap_compare(app, terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES)
def test_game_log(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(session=make_match(THREE, 3, moves=14))
    assert snap_compare(app, terminal_size=size, press=["enter", "l"])


@pytest.mark.parametrize("size", SIZES)
def test_table_hint_open(
    snap_compare: Snap, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The hint beside the table (its answer fixed: the first two about equal), with its
    # reason (the tricks counted: 2 in 61 of 100 worlds after the first option...).
    from monstertrick.games.monster_trick import GAME

    from ...tui.helpers import fixed_advice

    tallies = ({(2,): 61, (3,): 39}, {(3,): 70, (1,): 30})

    def answer(view: object, *args: object, **kwargs: object) -> list[object]:
        return fixed_advice(view.legal_moves[::3], tallies)  # type: ignore[attr-defined]

    monkeypatch.setattr(type(GAME), "hint", lambda self, *a, **k: answer(*a, **k), raising=False)

    async def run_before(pilot: Pilot[int]) -> None:
        await pilot.press("enter", "t")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    app = app_for(session=make_match(THREE, 3, moves=14))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_round_end(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(session=make_match(THREE, 3, to_round_end=True))
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_over(snap_compare: Snap, size: tuple[int, int]) -> None:
    match = make_match(THREE, 3, rounds_done=3)
    app = app_for(session=match)
    assert snap_compare(app, terminal_size=size)


async def bots_decided(pilot: Pilot[int]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_watch_bot_move_public(snap_compare: Snap, size: tuple[int, int]) -> None:
    # Two people and a computer player: Cy's move, seen by the whole table.
    match = make_match(["Ann", "Cy:hard:20", "Bob"], 3, moves=13)
    app = app_for(session=match, pace=60)
    assert snap_compare(app, terminal_size=size, run_before=bots_decided)


@pytest.mark.parametrize("size", SIZES)
def test_watch_bot_move_one_person(snap_compare: Snap, size: tuple[int, int]) -> None:
    # One person and two computer players: Ann's own hand stays in view.
    match = make_match(["Ann", "Cy:easy", "Dee:medium"], 3, moves=13)
    app = app_for(session=match, pace=60)
    assert snap_compare(app, terminal_size=size, run_before=bots_decided)


@pytest.mark.parametrize("names", [pytest.param(LONG, id="long"), pytest.param(WIDE, id="wide")])
def test_table_five_players_long_and_wide_names(snap_compare: Snap, names: tuple[str, ...]) -> None:
    # Every trick slot keeps its holder and lead lines, the totals stay on the panel,
    # the newest moves are in view and the result message is whole.
    app = app_for(session=make_match(names, 8, moves=23))
    view = app.session.view(app.session.state.current_player)  # type: ignore[union-attr, arg-type]
    slot = view.legal_slots(view.hand[0])[0]
    assert snap_compare(app, terminal_size=(80, 24), press=["enter", str(slot + 1)])


@pytest.mark.parametrize("names", [pytest.param(LONG, id="long"), pytest.param(WIDE, id="wide")])
def test_round_end_long_and_wide_names(snap_compare: Snap, names: tuple[str, ...]) -> None:
    app = app_for(session=make_match(names, 8, to_round_end=True))
    assert snap_compare(app, terminal_size=(80, 24))


def test_arrange_laid_out_can_be_taken_back(snap_compare: Snap) -> None:
    # After confirming: the row stays, Enter passes the keyboard on, u takes it back.
    app = app_for(seats=parse_seats(list(THREE)), seed=3)
    assert snap_compare(app, terminal_size=(80, 24), press=["enter", "shift+right", "enter"])
