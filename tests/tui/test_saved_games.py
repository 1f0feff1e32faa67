"""Continue, History, the replay viewer and damaged saves, through the app."""

from __future__ import annotations

import json
import random
from pathlib import Path

from monstertrick.cli import main
from monstertrick.games.monster_trick.engine import Phase
from monstertrick.games.monster_trick.tui.viewer import ViewerScreen
from monstertrick.saves import SaveStore, read_save
from monstertrick.seating import parse_seats
from monstertrick.session import Session
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen
from monstertrick.tui.screens.saved import ConfirmScreen, ContinueScreen, HistoryScreen
from monstertrick.tui.screens.start import StartScreen

from ..games.monster_trick.helpers import random_step
from .helpers import THEME, Toasts

SIZE = (100, 30)


def saved_match(seed: int, steps: int, names=("Ann", "Bob", "Cid")) -> Session:
    """A game autosaved into $MONSTERTRICK_HOME after ``steps`` decisions."""
    match = Session.start(parse_seats(list(names)), seed, SaveStore())
    rng = random.Random(seed)
    for _ in range(steps):
        if match.state.phase is Phase.GAME_OVER:
            break
        random_step(match, rng)
    return match


async def test_continue_resumes_on_a_handoff_screen_on_the_same_turn() -> None:
    match = saved_match(3, 40)
    app = GamesApp()
    async with app.run_test(size=SIZE) as pilot:
        app.theme = THEME
        assert isinstance(app.screen, StartScreen)
        await pilot.press("c")
        assert isinstance(app.screen, ContinueScreen)
        row = app.screen.query_one("DataTable").get_row_at(0)
        assert str(row[0]) == "Monster Trick" and "Ann, Bob, Cid" in row[1]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.session is not None
        assert app.session.state.turn == match.state.turn
        assert app.screen.player == match.state.current_player


async def test_delete_asks_first_and_no_keeps_the_game() -> None:
    saved_match(3, 10)
    app = GamesApp()
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
    (monstertrick_home / "saves" / "broken.json").write_text(
        '{"format": "monstertrick-record/1", "pla'
    )
    app = GamesApp()
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
    app = GamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert isinstance(app.screen, HistoryScreen)
        row = app.screen.query_one("#history-table").get_row_at(0)
        assert str(row[1]) == "Monster Trick"
        assert [part.rsplit(" ", 1)[0] for part in str(row[3]).split(", ")] == ["Ann", "Bob", "Cid"]
        summary = app.screen.query_one("#summary-table")
        assert summary.row_count == 4  # the game, its three players
        await pilot.press("enter")
        assert isinstance(app.screen, ViewerScreen)
        # It opens on the first step, as `monstertrick view` does.
        assert app.screen.index == 0
        last = len(app.screen.timeline) - 1
        await pilot.press("end")
        assert app.screen.index == last
        # Home jumps back even after the text was scrolled (the keys stay the viewer's).
        await pilot.press("down", "down")
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
    game = match.state
    app = GamesApp(view=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("home")
        text = str(app.screen.query_one("#step-frame").render())
        first = app.screen.timeline[0].state
        for p in range(3):
            assert " ".join(str(c) for c in first.hand(p)[:3]).replace(" ", "") in text.replace(
                " ", ""
            )
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
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    toasts = Toasts()
    async with app.run_test(size=SIZE, message_hook=toasts.seen) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter", "enter", "enter")  # Ann lays out her VP row: saved? no
        shown = [n.message for n in toasts]  # what the toasts show
        assert any("Saving failed" in t and "saves" in t for t in shown), shown
        assert app.session is not None and app.session.state.phase is Phase.ARRANGING
        assert app.session.state.arrangement(0) is not None  # the game went on


async def test_a_resumed_game_with_one_person_and_bots_opens_on_a_handoff() -> None:
    from monstertrick.games.monster_trick.tui.watch import WatchScreen

    match = Session.start(parse_seats(["Me", "Al:easy", "Bo:easy"]), 11, SaveStore())
    rng = random.Random(0)
    game = match.state
    while game.turn < 7 or game.current_player == 0:  # stop where a bot is to play
        random_step(match, rng)
    app = GamesApp(resume=read_save(match.save_path), pace=0)  # type: ignore[arg-type]
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


MARKUP_NAMES = ("[/]", "[@click=quit]Q", "[b]Cid")


def _cells(table) -> list[str]:
    return [str(cell) for r in range(table.row_count) for cell in table.get_row_at(r)]


async def test_continue_lists_names_that_look_like_markup_literally() -> None:
    saved_match(3, 20, names=MARKUP_NAMES)
    app = GamesApp()
    toasts = Toasts()
    async with app.run_test(size=SIZE, message_hook=toasts.seen) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        assert "[/], [@click=quit]Q, [b]Cid" in _cells(app.screen.query_one("DataTable"))
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        assert "[/], [@click=quit]Q, [b]Cid" in str(app.screen.query_one("#quit-question").render())
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        assert any("[@click=quit]Q" in n.message for n in toasts)
    assert app.return_code in (None, 0)


async def test_history_lists_names_that_look_like_markup_literally() -> None:
    saved_match(7, 10_000, names=MARKUP_NAMES)
    app = GamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        cells = _cells(app.screen.query_one("#history-table"))
        assert any(
            c.startswith("[/] ") and ", [@click=quit]Q " in c and ", [b]Cid " in c for c in cells
        ), cells
        assert set(MARKUP_NAMES) <= set(_cells(app.screen.query_one("#summary-table")))
        await pilot.press("enter")
        assert isinstance(app.screen, ViewerScreen)
    assert app.return_code in (None, 0)


async def test_a_save_whose_names_break_the_rule_is_listed_as_damaged_never_shown(
    monstertrick_home: Path,
) -> None:
    from monstertrick.games.monster_trick.engine.record import to_record

    match = saved_match(5, 20)
    doc = to_record(match.state)
    doc["players"][0] = "\x1b]0;TITLE\x07\x1b[2J"
    (monstertrick_home / "saves" / "odd\x1b[2J.json").write_text(json.dumps(doc))
    app = GamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        damaged = str(app.screen.query_one("#saved-damaged").render())
        assert "control or format characters" in damaged
        assert "odd\\x1b[2J.json" in damaged and "\x1b" not in damaged
        assert len(app.screen.games) == 1


async def test_an_unfinished_game_in_the_history_folder_is_offered_under_continue(
    monstertrick_home: Path,
) -> None:
    match = saved_match(3, 40)
    history = monstertrick_home / "history"
    history.mkdir()
    match.save_path.rename(history / match.save_path.name)
    app = GamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        assert [g.path.parent.name for g in app.screen.games] == ["saves"]
        # found again in the history while the app runs: History does not crash
        app.screen.games[0].path.rename(history / match.save_path.name)
        await pilot.press("escape")
        app.push_screen(HistoryScreen(app.store))
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen) and app.screen.games == []
        assert "No finished games" in str(app.screen.query_one("#saved-empty").render())
    assert app.return_code in (None, 0)
    assert (monstertrick_home / "saves" / match.save_path.name).exists()


def _question(app) -> str:
    from monstertrick.tui.screens.quit import QuitScreen

    assert isinstance(app.screen, QuitScreen)
    return str(app.screen.query_one("#quit-question").render())


async def test_the_quit_dialog_says_the_game_is_saved_when_it_is() -> None:
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")  # Ann lays out her VP row: the first save
        await pilot.press("ctrl+q")
        text = _question(app)
        assert "The game is saved" in text and "lost" not in text


async def test_the_quit_dialog_before_any_decision_says_nothing_is_saved_or_lost() -> None:
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        text = _question(app)
        assert "nothing to save" in text and "is saved" not in text


async def test_the_quit_dialog_says_when_saving_has_failed(monstertrick_home: Path) -> None:
    (monstertrick_home / "saves").write_text("a file where the saves folder should be")
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")  # the first decision: its save fails
        await pilot.press("ctrl+q")
        text = _question(app)
        assert "is saved" not in text
        assert "Saving failed" in text and "this game is lost" in text


async def test_the_quit_dialog_after_a_save_failed_later_says_what_is_lost(
    monstertrick_home: Path,
) -> None:
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")  # the first decision is saved
        assert app.session is not None and app.session.save_path is not None
        app.session.save_error = "Saving failed: cannot write it (No space left on device)."
        await pilot.press("ctrl+q")
        text = _question(app)
        assert "is saved" not in text and "No space left on device" in text
        assert "the moves since it was last saved are lost" in text


async def test_the_quit_dialog_of_a_game_that_is_not_saved_says_so() -> None:
    match = Session.start(parse_seats(["Ann", "Bob"]), 1)  # no store: never saved
    app = GamesApp(session=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        text = _question(app)
        assert "is saved" not in text and "not being saved" in text


async def test_continue_marks_a_game_open_in_another_window_and_refuses_it() -> None:
    from ..test_saves import OtherWindow

    busy = saved_match(3, 40)
    free = saved_match(4, 20)
    store = SaveStore()
    store.unlock(busy.save_path)  # type: ignore[arg-type]
    store.unlock(free.save_path)  # type: ignore[arg-type]
    other = OtherWindow(store.root, busy.save_path)  # type: ignore[arg-type]
    try:
        assert other.answer == "locked"
        app = GamesApp()
        toasts = Toasts()
        async with app.run_test(size=SIZE, message_hook=toasts.seen) as pilot:
            await pilot.press("c")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ContinueScreen)
            rows = {g.path: i for i, g in enumerate(screen.games)}
            table = screen.query_one("DataTable")
            assert "open in another window" in str(table.get_row_at(rows[busy.save_path])[2])
            assert "open in another window" not in str(table.get_row_at(rows[free.save_path])[2])
            table.move_cursor(row=rows[busy.save_path])
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen and app.session is None
            assert any("this game is open in another window" in n.message for n in toasts)
            assert screen.games[table.cursor_row].path == busy.save_path, "still on that game"
            await pilot.press("d", "y")
            await pilot.pause()
            assert busy.save_path.exists()  # type: ignore[union-attr]
            table.move_cursor(row=[g.path for g in screen.games].index(free.save_path))
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            assert app.session is not None and app.session.save_path == free.save_path
    finally:
        other.close()


async def test_opening_a_game_open_in_another_window_directly_is_refused() -> None:
    from ..test_saves import OtherWindow

    match = saved_match(3, 40)
    store = SaveStore()
    store.unlock(match.save_path)  # type: ignore[arg-type]
    other = OtherWindow(store.root, match.save_path)  # type: ignore[arg-type]
    try:
        assert other.answer == "locked"
        app = GamesApp(resume=read_save(match.save_path))  # type: ignore[arg-type]
        toasts = Toasts()
        async with app.run_test(size=SIZE, message_hook=toasts.seen) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen) and app.session is None
            assert any("open in another window" in n.message for n in toasts)
    finally:
        other.close()


async def test_an_empty_continue_list_names_a_save_folder_with_brackets_literally(
    tmp_path: Path, monkeypatch
) -> None:
    home = tmp_path / "[/]home"
    monkeypatch.setenv("MONSTERTRICK_HOME", str(home))
    app = GamesApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ContinueScreen(app.store))
        await pilot.pause()
        assert "[/]home" in str(app.screen.query_one("#saved-empty").render())


async def test_the_not_saved_warning_shows_a_save_folder_with_brackets_literally(
    tmp_path: Path, monkeypatch
) -> None:
    home = tmp_path / "[/]home"  # a folder "[" holding "]home"
    home.mkdir(parents=True)
    (home / "saves").write_text("a file where the saves folder should be")
    monkeypatch.setenv("MONSTERTRICK_HOME", str(home))
    app = GamesApp(seats=parse_seats(["Ann", "Bob"]), seed=1)
    toasts = Toasts()
    async with app.run_test(size=SIZE, message_hook=toasts.seen) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter", "enter")  # the first decision: its save fails
        shown = [n for n in toasts if "[/]home" in n.message]
        assert shown and not any(n.markup for n in shown), "the path is not read as markup"
    assert app.return_code in (None, 0)


async def test_a_computer_player_that_fails_is_named_literally(monkeypatch) -> None:
    from monstertrick.games.monster_trick.bots import HardBot

    def broken(self, *args, **kwargs):
        raise RuntimeError("broken on purpose")

    monkeypatch.setattr(HardBot, "choose", broken)
    app = GamesApp(seats=parse_seats(["[/]:hard:20", "Ann"]), seed=1, pace=0)
    toasts = Toasts()
    async with app.run_test(size=SIZE, message_hook=toasts.seen) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = [n for n in toasts if n.message.startswith("[/] could not decide")]
        assert shown and not any(n.markup for n in shown), "the name is not read as markup"
        assert app.session is not None and app.session.state.arrangement(0) is not None
    assert app.return_code in (None, 0)


async def test_start_continue_and_history_list_games_without_replaying_them(monkeypatch) -> None:
    """The lists read each save's summary; a save is replayed only when it is opened,
    and one that cannot be replayed then is reported as damaged."""
    from monstertrick.errors import RecordError
    from monstertrick.games import GAMES

    saved_match(7, 10_000)
    saved_match(3, 40)
    saved_match(4, 20, names=("Dee", "Eve"))
    replayed: list[object] = []

    def refuse(doc: object, seed: object = None) -> object:
        replayed.append(doc)
        raise RecordError("this record cannot be replayed")

    monkeypatch.setattr(GAMES["monster-trick"].load(), "from_record", refuse)
    app = GamesApp()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, StartScreen)
        assert (app.screen.unfinished, app.screen.finished) == (2, 1)
        await pilot.press("h")
        assert isinstance(app.screen, HistoryScreen)
        scores = str(app.screen.query_one("#history-table").get_row_at(0)[3])
        assert [part.rsplit(" ", 1)[0] for part in scores.split(", ")] == ["Ann", "Bob", "Cid"]
        assert app.screen.query_one("#summary-table").row_count == 4
        await pilot.press("escape")
        await pilot.press("c")
        assert isinstance(app.screen, ContinueScreen)
        assert app.screen.query_one("DataTable").row_count == 2
        assert replayed == []
        await pilot.press("enter")
        await pilot.pause()
        assert replayed, "opened: replayed"
        assert isinstance(app.screen, ContinueScreen)
        assert app.screen.query_one("DataTable").row_count == 1
        assert "cannot be replayed" in str(app.screen.query_one("#saved-damaged").render())
