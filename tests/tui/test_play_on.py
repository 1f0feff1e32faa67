"""Play on from any decision of a finished game: the viewer's ``p`` and ``resume FILE
--from N`` start a new game there, marked as a replay, with the handoff first."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from textual.widgets import DataTable

from monstertrick.cli import main
from monstertrick.games import GAMES
from monstertrick.games.monster_trick.engine import Arrange
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.playon import REPLAY_OF
from monstertrick.saves import SaveStore, fingerprint, read_save
from monstertrick.seating import parse_seats
from monstertrick.session import BotTurn, GameEnd, Handoff, Played, RoundOver, Session
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen
from monstertrick.tui.screens.saved import HistoryScreen
from monstertrick.tui.screens.start import StartScreen
from monstertrick.tui.screens.viewer import StepViewer

from ..contract.test_screens_hide import taking_leaks, taking_own, trick_leaks, trick_own
from .helpers import THEME, Toasts, arrangement_for, screen_text

SEED = 7
PEOPLE = {
    "monster-trick": ["Ann", "Bob", "Cid"],
    "monster-taking": ["Ann", "Bob"],
    "magic-trick": ["Ann", "Bob", "Cid", "Dee"],
}
LEAKS = {"monster-trick": (trick_leaks, trick_own), "monster-taking": (taking_leaks, taking_own)}
"""The games whose hands are hidden, and how the scan finds a secret on a screen."""


def finished_save(key: str, names: list[str], seed: int = SEED) -> Session:
    """A game of ``names`` played to its end through the session (each person's
    decisions made by the easy computer player; in Monster Trick, each person's VP row
    laid out in an order of their own, so that the scan can tell whose it sees), saved
    in the history."""
    session = Session.start(parse_seats(names, game=key), seed, SaveStore(), game=key)
    easy = session.rules.make_bot("easy")
    while not isinstance(step := session.next_step(), GameEnd):
        if isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        elif isinstance(step, (Played, RoundOver)):
            session.done()
        elif isinstance(step, BotTurn):
            session.bot_decision(step.seat)
        elif step.task == "arrange":
            vp_set = session.state.vp_set
            session.apply(step.seat, Arrange.of(arrangement_for(step.seat, vp_set)))
        else:
            view = session.view(step.seat)
            session.apply(step.seat, session.rules.decide(easy, view, step.seat, seed))
    assert session.save_path is not None and session.save_path.parent.name == "history"
    return session


def status(app: GamesApp) -> str:
    return str(app.screen.query_one("#step-status").render())


def decision_shown(app: GamesApp) -> int:
    found = re.search(r"decision (\d+) of (\d+)", status(app))
    assert found, status(app)
    return int(found.group(1))


async def test_the_viewer_plays_a_finished_game_on_from_its_tenth_decision() -> None:
    """The Done-when scenario: a finished game, History, its viewer, decision 10, p."""
    original = finished_save("monster-trick", PEOPLE["monster-trick"])
    assert original.save_path is not None
    kept = original.save_path.read_bytes()
    app = GamesApp(pace=0)
    app.theme = THEME
    toasts = Toasts()
    async with app.run_test(size=(80, 24), message_hook=toasts.seen) as pilot:
        await pilot.press("h")
        await pilot.press("enter")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, StepViewer)
        assert "p Play on" in screen_text(app)
        for _ in range(40):
            if decision_shown(app) >= 10:
                break
            await pilot.press("right")
        assert decision_shown(app) == 10
        frame = viewer.timeline[viewer.index]
        await pilot.press("p")
        await pilot.pause()
        # The viewer and History are closed; the new game opens on a handoff.
        assert not any(isinstance(s, (StepViewer, HistoryScreen)) for s in app.screen_stack)
        assert isinstance(app.screen_stack[-2], StartScreen)
        assert isinstance(app.screen, HandoffScreen)
        session = app.session
        assert session is not None and session is not original
        rules = session.rules
        assert rules.to_record(session.state) == rules.to_record(frame.state)
        seat = rules.to_decide(frame.state)[0]
        assert app.screen.player == seat
        text = screen_text(app)
        assert "This game is a replay from decision 10 — not counted." in text
        assert session.names == original.names and session.seed == original.seed
        # Nothing is saved until the first decision; then as a new game, marked.
        assert session.save_path is not None and not session.save_path.exists()
        await pilot.press("enter")  # the person takes the keyboard...
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.private_to == seat
        card = table.view.hand[table.cursor]
        await pilot.press(str(table.view.legal_slots(card)[0] + 1))  # ... and plays a card
        await pilot.pause()
        assert table.result is not None
        assert screen_text(app).startswith(" replay · Round 1 of 3 · ")
        assert session.save_path.exists() and session.save_path != original.save_path
        meta = json.loads(session.save_path.read_text())["meta"]
        assert meta[REPLAY_OF]["from"] == 10
        assert meta[REPLAY_OF]["file"] == original.save_path.name
        assert meta[REPLAY_OF]["record"] == fingerprint(rules.to_record(original.state))
        assert meta["seats"] == [{"name": n, "bot": None} for n in original.names]
    assert original.save_path.read_bytes() == kept  # the original is never written
    assert not [t for t in toasts if t.severity == "error"]


@pytest.mark.parametrize("key", sorted(LEAKS))
async def test_a_game_played_on_hands_the_keyboard_over_before_any_private_screen(
    key: str,
) -> None:
    """Every frame from the start of the game played on: the first is the handoff to
    the seat to move, with no one's secrets; after the deliberate key press, that
    seat's own screen, with its own secrets and nobody else's."""
    leaks, own = LEAKS[key]
    original = finished_save(key, PEOPLE[key])
    assert original.save_path is not None
    saved = read_save(original.save_path)
    frames: list[tuple[str, object, int | None]] = []
    found: list[str] = []
    at_keyboard: list[int | None] = [None]

    def frame() -> None:
        text = screen_text(app)
        handoff = isinstance(app.screen, HandoffScreen)
        viewer = None if handoff else at_keyboard[0]
        found.extend(leaks(app, text, viewer))
        frames.append((text, app.screen, viewer))
        if handoff:
            assert isinstance(app.screen, HandoffScreen)
            at_keyboard[0] = app.screen.player

    app = GamesApp(play_on=(saved, 10), pace=0)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        frame()
        session = app.session
        assert session is not None
        seat, _ = session.rules.to_decide(session.state)
        first = frames[0][1]
        assert isinstance(first, HandoffScreen) and first.player == seat
        await pilot.press("x", "1", "space")  # no key but Enter passes a handoff
        frame()
        assert app.screen is first
        await pilot.press("enter")
        await pilot.pause()
        frame()
        assert app.screen.private_to == seat  # type: ignore[attr-defined]
        assert own(session, frames[-1][0], seat)
    assert not found, found[0]


async def test_magic_trick_played_on_shows_the_table_at_once() -> None:
    """Nothing is private in Magic Trick: its game played on needs no handoff, and no
    value still in a hand is shown."""
    from ..games.magic_trick.test_tui import check_no_hidden_value

    original = finished_save("magic-trick", PEOPLE["magic-trick"])
    assert original.save_path is not None
    app = GamesApp(play_on=(read_save(original.save_path), 10), pace=0)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)
        check_no_hidden_value(app)
        assert screen_text(app).startswith(" replay · Hand 1 of 4")


async def test_p_at_the_last_step_says_there_is_nothing_left_to_play() -> None:
    original = finished_save("monster-taking", PEOPLE["monster-taking"])
    app = GamesApp(pace=0)
    toasts = Toasts()
    async with app.run_test(size=(80, 24), message_hook=toasts.seen) as pilot:
        await pilot.press("h", "enter")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, StepViewer)
        await pilot.press("end", "p")
        await pilot.pause()
        assert app.screen is viewer and app.session is None
        assert any("Nothing is left to play" in t.message for t in toasts)
        await pilot.press("home", "p")  # decision 0: the first deal, the same cards
        await pilot.pause()
        assert app.session is not None and app.session is not original
        rules = app.session.rules
        start = rules.chapter_start(original.state, 1)
        assert rules.to_record(app.session.state) == rules.to_record(start)


async def test_a_replay_is_marked_in_history_and_not_counted_in_its_figures() -> None:
    original = finished_save("monster-taking", PEOPLE["monster-taking"])
    assert original.save_path is not None
    replay = Session.play_on(read_save(original.save_path), 5, SaveStore())
    easy = replay.rules.make_bot("easy")
    while not isinstance(step := replay.next_step(), GameEnd):
        if isinstance(step, Handoff):
            replay.pass_keyboard(step.seat)
        elif isinstance(step, (Played, RoundOver)):
            replay.done()
        else:
            replay.apply(step.seat, replay.rules.decide(easy, replay.view(step.seat), step.seat, 1))
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        table = screen.query_one("#history-table", DataTable)
        scores = [str(table.get_row_at(r)[3]) for r in range(table.row_count)]
        assert sum("replay from decision 5 — not counted" in s for s in scores) == 1
        summary = screen.query_one("#summary-table", DataTable)
        games = {str(summary.get_row_at(r)[0]): str(summary.get_row_at(r)[1]) for r in range(1, 3)}
        assert games == {"Ann": "1", "Bob": "1"}  # the original only
        assert "replays not counted" in screen_text(app)
    # Its final standings say so too.
    app = GamesApp(session=replay)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "This match is a replay from decision 5 — not counted." in screen_text(app)


def unfinished_save(key: str) -> Path:
    session = Session.start(parse_seats(PEOPLE[key], game=key), 3, SaveStore(), game=key)
    seat, _ = session.rules.to_decide(session.state)
    if session.rules.hidden_hands:
        session.pass_keyboard(seat)
    session.apply(seat, session.simple_decision(seat))
    assert session.save_path is not None
    return session.save_path


@pytest.mark.parametrize("key", sorted(GAMES))
def test_resume_from_refuses_what_cannot_be_played_on_in_words(
    key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = finished_save(key, PEOPLE[key])
    assert original.save_path is not None
    file = str(original.save_path)
    total = sum(original.rules.chapter_decisions(original.state))
    damaged = tmp_path / "damaged.json"
    damaged.write_text(original.save_path.read_text()[:-40])
    cases = {
        (file, str(total)): f"cannot be played on from decision {total}: there is no decision "
        f"{total} to play on from: this game has {total} decisions, so play on from 0 "
        f"(its first deal) to {total - 1}",
        (file, "-1"): "there is no decision -1 to play on from",
        (str(damaged), "3"): "cannot be played on from: not valid JSON",
        (str(unfinished_save(key)), "0"): "is not finished: continue it with 'monstertrick resume",
        (str(tmp_path / "nowhere.json"), "1"): "cannot be played on from: cannot read the file",
    }
    for (name, n), words in cases.items():
        assert main(["resume", name, "--from", n]) == 1
        err = capsys.readouterr().err
        assert words in err, err
        assert "Traceback" not in err
    with pytest.raises(SystemExit) as stop:
        main(["resume", file, "--from", "ten"])
    assert stop.value.code == 2
    assert "'ten' is not a whole number" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["resume", "--from", "3"])
    assert stop.value.code == 2
    assert "say which (resume FILE --from N)" in capsys.readouterr().err


def test_resume_from_says_how_decisions_are_numbered_in_its_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["resume", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--from N" in out
    assert "the 'decision N of M' of each step in the replay viewer" in out
    assert "marked as a replay" in out


def test_resume_from_opens_the_game_played_on(monkeypatch: pytest.MonkeyPatch) -> None:
    original = finished_save("monster-trick", PEOPLE["monster-trick"])
    assert original.save_path is not None
    opened: dict[str, object] = {}
    monkeypatch.setattr("monstertrick.cli.run_app", lambda **options: opened.update(options) or 0)
    assert main(["resume", str(original.save_path), "--from", "10", "--pace", "0"]) == 0
    saved, made = opened["play_on"]  # type: ignore[misc]
    assert made == 10 and saved.path == original.save_path
    assert opened["pace"] == 0


async def test_p_in_the_viewer_of_view_file_plays_on_and_refuses_an_unfinished_game() -> None:
    """``monstertrick view FILE``'s viewer (the app's only screen) gives way to the game
    played on; the viewer of an unfinished game shown with --reveal says it is not
    finished."""
    original = finished_save("monster-taking", PEOPLE["monster-taking"])
    assert original.save_path is not None
    saved = read_save(original.save_path)
    app = GamesApp(view=saved.game, viewed=saved, game=saved.game_key, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StepViewer)
        await pilot.press("right", "right", "p")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.session is not None
        made = sum(app.session.rules.chapter_decisions(app.session.state))
        assert app.session.meta is not None
        assert app.session.meta.extra[REPLAY_OF]["from"] == made
    unfinished = read_save(unfinished_save("monster-trick"))
    app = GamesApp(view=unfinished.game, viewed=unfinished, pace=0)
    toasts = Toasts()
    async with app.run_test(size=(80, 24), message_hook=toasts.seen) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, StepViewer)
        await pilot.press("p")
        await pilot.pause()
        assert app.screen is viewer and app.session is None
        assert any("This game is not finished" in t.message for t in toasts)


def test_a_finished_replay_is_left_out_of_the_profiles() -> None:
    from monstertrick.profiles import profiles

    original = finished_save("monster-taking", PEOPLE["monster-taking"])
    assert original.save_path is not None
    before = profiles(with_reviews=False)
    replay = Session.play_on(read_save(original.save_path), 4, SaveStore())
    easy = replay.rules.make_bot("easy")
    while not isinstance(step := replay.next_step(), GameEnd):
        if isinstance(step, Handoff):
            replay.pass_keyboard(step.seat)
        elif isinstance(step, (Played, RoundOver)):
            replay.done()
        else:
            replay.apply(step.seat, replay.rules.decide(easy, replay.view(step.seat), step.seat, 2))
    assert replay.save_path is not None and replay.save_path.parent.name == "history"
    after = profiles(with_reviews=False)
    assert after.replays == before.replays + 1 == 1
    people = {p.name: p.games for p in after.games["monster-taking"].people}
    assert people == {"Ann": 1, "Bob": 1}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(LEAKS))  # (the games with hands to hide)
async def test_no_screen_of_a_game_played_on_shows_what_its_viewer_may_not_see(name: str) -> None:
    """The rest of a game played on from its tenth decision, played in the app with keys
    only, every frame scanned as a whole game's are (tests/contract/test_screens_hide.py):
    who is in front of the screen is known only from the handoffs."""
    from ..contract.test_screens_hide import HANDOFF, TABLES

    table = TABLES[name]
    original = finished_save(table.game, PEOPLE[table.game])
    assert original.save_path is not None
    app = GamesApp(play_on=(read_save(original.save_path), 10), pace=0)
    app.theme = THEME
    found: list[str] = []
    own_seen: set[int] = set()
    at_keyboard: list[int | None] = [None]
    frames = 0

    def frame() -> None:
        nonlocal frames
        frames += 1
        session = app.session
        assert session is not None
        text = screen_text(app)
        handoff = HANDOFF.search(text)
        viewer = None if handoff else at_keyboard[0]
        if frames == 1 and table.handoffs != 0:
            assert handoff, f"the game played on opens on a handoff:\n{text}"
        found.extend(table.leaks(app, text, viewer))
        if viewer is not None and table.own is not None and table.own(session, text, viewer):
            own_seen.add(viewer)
        if handoff:
            at_keyboard[0] = session.names.index(handoff.group(1))

    async with app.run_test(size=(80, 24)) as pilot:
        await table.play(pilot, frame)
        session = app.session
        assert session is not None and session.outcome() is not None  # played to the end
        assert "replay from decision 10 — not counted" in screen_text(app)
    assert not found, found[0]
    assert frames > 20
    if table.own is not None:  # the scan can fail: it finds each person's own secrets
        assert own_seen == set(session.humans)


async def test_names_that_look_like_markup_stay_as_typed_in_a_game_played_on() -> None:
    names = ["[/]", "[@click=quit]Q", "[b]Cid"]
    original = finished_save("monster-trick", names)
    assert original.save_path is not None
    app = GamesApp(play_on=(read_save(original.save_path), 10), pace=0)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        text = screen_text(app)
        assert f"Pass the keyboard to ● {names[app.screen.player]}" in text
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running  # ("[@click=quit]" is a name, not a link that quits)
        assert screen_text(app).startswith(" replay · Round 1 of 3 · ")
