"""Continue, History, the replay viewer and damaged saves, through the app."""

from __future__ import annotations

import json
import random
from pathlib import Path

from monstertrick.cli import main
from monstertrick.engine import Phase
from monstertrick.saves import SaveStore, read_save
from monstertrick.setup import parse_seats
from monstertrick.tui.app import MonsterTrickApp
from monstertrick.tui.match import Match
from monstertrick.tui.screens.handoff import HandoffScreen
from monstertrick.tui.screens.saved import ConfirmScreen, ContinueScreen, HistoryScreen
from monstertrick.tui.screens.start import StartScreen
from monstertrick.tui.screens.viewer import ViewerScreen

from ..engine.helpers import random_step
from .helpers import THEME

SIZE = (100, 30)


def saved_match(seed: int, steps: int, names=("Ann", "Bob", "Cid")) -> Match:
    """A game autosaved into $MONSTERTRICK_HOME after ``steps`` decisions."""
    match = Match.start(parse_seats(list(names)), seed, SaveStore())
    rng = random.Random(seed)
    for _ in range(steps):
        if match.game.phase is Phase.GAME_OVER:
            break
        random_step(match, rng)
    return match


async def test_continue_resumes_on_a_handoff_screen_on_the_same_turn() -> None:
    match = saved_match(3, 40)
    app = MonsterTrickApp()
    async with app.run_test(size=SIZE) as pilot:
        app.theme = THEME
        assert isinstance(app.screen, StartScreen)
        await pilot.press("c")
        assert isinstance(app.screen, ContinueScreen)
        assert "Ann, Bob, Cid" in app.screen.query_one("DataTable").get_row_at(0)[0]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.match is not None
        assert app.match.game.turn == match.game.turn
        assert app.screen.player == match.game.current_player


async def test_delete_asks_first_and_no_keeps_the_game() -> None:
    saved_match(3, 10)
    app = MonsterTrickApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", "d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert len(SaveStore().unfinished()[0]) == 1
        await pilot.press("d", "y")
        await pilot.pause()
        assert SaveStore().unfinished()[0] == []
        assert isinstance(app.screen, ContinueScreen)


async def test_damaged_saves_are_listed_with_the_reason_and_others_still_work(
    monstertrick_home: Path,
) -> None:
    saved_match(5, 20)
    (monstertrick_home / "saves" / "broken.json").write_text('{"format": "monstertrick-record/1", "pla')
    app = MonsterTrickApp()
    async with app.run_test(size=SIZE) as pilot:
        assert "damaged" in str(app.screen.query_one("#start-damaged").render())
        await pilot.press("c")
        damaged = str(app.screen.query_one("#saved-damaged").render())
        assert "broken.json" in damaged and "not valid JSON" in damaged
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
    assert (monstertrick_home / "saves" / "damaged" / "broken.json").exists()


async def test_history_lists_finished_games_with_a_summary_and_opens_the_viewer() -> None:
    saved_match(7, 10_000)
    app = MonsterTrickApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert isinstance(app.screen, HistoryScreen)
        row = app.screen.query_one("#history-table").get_row_at(0)
        assert row[1] == "Ann, Bob, Cid"
        summary = app.screen.query_one("#summary-table")
        assert summary.row_count == 3
        await pilot.press("enter")
        assert isinstance(app.screen, ViewerScreen)
        last = app.screen.index
        assert last == len(app.screen.timeline) - 1
        await pilot.press("home")
        assert app.screen.index == 0
        await pilot.press("right", "right")
        assert app.screen.index == 2
        await pilot.press("pagedown")
        assert app.screen.timeline[app.screen.index].is_deal
        await pilot.press("end")
        assert app.screen.index == last
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)


async def test_viewer_shows_every_hand_and_vp_row() -> None:
    match = saved_match(7, 10_000)
    game = match.game
    app = MonsterTrickApp(view=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("home")
        text = str(app.screen.query_one("#viewer-frame").render())
        first = app.screen.timeline[0].game
        for p in range(3):
            assert " ".join(str(c) for c in first.hand(p)[:3]).replace(" ", "") in text.replace(" ", "")
        await pilot.press("q")
    assert app.return_code == 0


def test_view_refuses_an_unfinished_game_without_reveal(capsys) -> None:
    match = saved_match(3, 30)
    assert main(["view", str(match.save_path)]) == 1
    err = capsys.readouterr().err
    assert "still secret" in err and "--reveal" in err


def test_resume_refuses_a_finished_game_and_a_damaged_file(tmp_path, capsys) -> None:
    match = saved_match(7, 10_000)
    assert main(["resume", str(match.save_path)]) == 1
    assert "finished game" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    assert main(["resume", str(bad)]) == 1
    assert "cannot be resumed" in capsys.readouterr().err
    assert json.loads(bad.read_text()) == []  # never touched


def test_resume_without_games_says_so(capsys) -> None:
    assert main(["resume"]) == 1
    assert "no unfinished games" in capsys.readouterr().err


async def test_when_autosave_fails_the_game_goes_on_with_a_warning(monstertrick_home: Path) -> None:
    (monstertrick_home / "saves").write_text("a file where the saves folder should be")
    app = MonsterTrickApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")  # Ann arranges her VP cards: the first save fails
        await pilot.press("enter")
        await pilot.pause()
        shown = [n.message for n in app._notifications]  # what the toasts show
        assert any("Saving failed" in t and "saves" in t for t in shown), shown
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == 1
        assert app.match is not None and app.match.game.phase is Phase.ARRANGING


async def test_a_resumed_game_with_one_person_and_bots_opens_on_a_handoff() -> None:
    from monstertrick.tui.screens.watch import WatchScreen

    match = Match.start(parse_seats(["Me", "Al:easy", "Bo:easy"]), 11, SaveStore())
    rng = random.Random(0)
    game = match.game
    while game.turn < 7 or game.current_player == 0:  # stop where a bot is to play
        player = game.current_player
        assert player is not None
        if match.is_bot(player):
            match.bot_decision(player)
        elif game.phase is Phase.ARRANGING:
            match.arrange(player, rng.choice(game.legal_arrangements()))
        else:
            match.play(rng.choice(game.legal_moves()))
    app = MonsterTrickApp(resume=read_save(match.save_path), pace=0)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(500):
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                break
            assert isinstance(screen, WatchScreen) and screen.viewer is None, screen
            await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == 0
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)
