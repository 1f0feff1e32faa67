"""Magic Trick's timeline and replay viewer: a finished game, play by play."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot
from textual.widgets import Static

from monstertrick.games import GAMES
from monstertrick.games.magic_trick import GAME as DOOR
from monstertrick.games.magic_trick import MagicTrickState
from monstertrick.games.magic_trick.engine.cards import NUM_HANDS, NUM_PLAYERS, NUM_TRICKS
from monstertrick.games.magic_trick.tui.viewer import ViewerScreen
from monstertrick.saves import read_save
from monstertrick.seating import Seat, Seating
from monstertrick.session import Session
from monstertrick.timeline import Timeline
from monstertrick.tui.app import GamesApp
from monstertrick.tui.game_screens import load_screens

GAME = "magic-trick"
NAMES = ("Ann", "Bob", "Cid", "Dee")
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def finished_game(seed: int = 3) -> MagicTrickState:
    seats = tuple(Seat(n, "easy") for n in NAMES)
    session = Session.start(Seating(seats, seed % NUM_PLAYERS), seed, game=GAME)
    session.play_to_end()
    state: MagicTrickState = session.state
    return state


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_the_timeline_replays_the_game_to_the_same_end(seed: int) -> None:
    state = finished_game(seed)
    timeline = Timeline.of(DOOR, state)
    assert timeline[-1].state == state
    starts = timeline.chapter_starts()
    assert len(starts) == NUM_HANDS and starts[0] == 0
    # Every hand: its deal, then NUM_PLAYERS * NUM_TRICKS plays and the sleeve steps.
    for h, start in enumerate(starts):
        end = starts[h + 1] if h + 1 < len(starts) else len(timeline)
        frames = timeline.frames[start:end]
        assert frames[0].is_deal and frames[0].chapter == h + 1
        plays = [f for f in frames[1:] if f.action is not None and f.action.kind.name == "PLAY"]
        assert len(plays) == NUM_PLAYERS * NUM_TRICKS
        assert [f.step for f in frames] == list(range(len(frames)))


def viewer_app() -> GamesApp:
    app = GamesApp()
    app.theme = "textual-dark"
    return app


def text_of(screen: ViewerScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def open_viewer(pilot: Pilot[int], state: MagicTrickState, title: str = "") -> ViewerScreen:
    app = pilot.app
    app.push_screen(ViewerScreen(state, title=title))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ViewerScreen)
    return screen


async def test_the_viewer_steps_through_the_game() -> None:
    state = finished_game(5)
    app = viewer_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_viewer(pilot, state)
        assert screen.index == 0
        total = sum(DOOR.chapter_decisions(state))
        assert text_of(screen, "#step-status").startswith(
            f"Hand 1 of 4 · the deal · decision 0 of {total} · step 1 of"
        )
        deal = text_of(screen, "#step-frame")
        assert "Hand 1 is dealt" in deal
        first = Timeline.of(DOOR, state)[1]
        await pilot.press("right")
        assert screen.index == 1
        assert f"{NAMES[first.seat]} led {first.events[0].card}" in text_of(  # type: ignore[index, union-attr, attr-defined]
            screen, "#step-frame"
        )
        await pilot.press("left", "left")
        assert screen.index == 0
        await pilot.press("pagedown")
        assert text_of(screen, "#step-status").startswith("Hand 2 of 4 · the deal")
        await pilot.press("pageup")
        assert screen.index == 0
        await pilot.press("end")
        outcome = state.outcome()
        assert outcome is not None
        end = text_of(screen, "#step-frame")
        assert outcome.explain(state.players) in end
        assert "game over" in text_of(screen, "#step-status")
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ViewerScreen)


async def test_the_viewer_opens_a_record_file_and_closing_it_ends_the_app(
    tmp_path: Path,
) -> None:
    state = finished_game(7)
    path = tmp_path / "game.json"
    path.write_text(GAMES[GAME].load().record_text(state), encoding="utf-8")
    saved = read_save(path)
    assert saved.game_key == GAME and saved.finished
    app = GamesApp(view=saved.game, game=GAME)
    app.theme = "textual-dark"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ViewerScreen)
        assert load_screens(GAME).viewer is not None
        await pilot.press("q")
    assert app.return_code == 0


Snap = Callable[..., bool]


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_viewer_mid_hand(snap_compare: Snap, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await open_viewer(pilot, finished_game(3), title="Ann, Bob, Cid, Dee")
        await pilot.press("pagedown", *["right"] * 11)

    assert snap_compare(viewer_app(), terminal_size=size, run_before=run_before)
