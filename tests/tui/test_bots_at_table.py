"""Computer players at the table: no handoff for one person, watching, thinking in a
thread while the screen answers keys, the setup form's levels and ``--pace``."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest
from textual.widgets import Input, Select

from monstertrick.cli import build_parser, main
from monstertrick.flow import Think
from monstertrick.games.monster_trick.bots import StopCheck
from monstertrick.games.monster_trick.engine import Action, Phase, PlayerView
from monstertrick.games.monster_trick.tui.arrange import ArrangeScreen
from monstertrick.games.monster_trick.tui.ends import GameOverScreen, RoundEndScreen
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.games.monster_trick.tui.watch import WatchScreen
from monstertrick.games.monster_trick.tui.widgets import Hand
from monstertrick.saves import SaveStore, read_save
from monstertrick.seating import parse_seats
from monstertrick.session import BotTurn, Session
from monstertrick.tui.app import GamesApp
from monstertrick.tui.messages import BotDecided
from monstertrick.tui.screens.handoff import HandoffScreen
from monstertrick.tui.screens.rules import RulesScreen
from monstertrick.tui.screens.setup import SetupScreen
from monstertrick.tui.screens.start import StartScreen

from .helpers import HANDOFF, THEME, play_through, screen_text, workers_done
from .helpers import leaks as screen_leaks


class BlockingBot:
    """Thinks until the test releases it (or the app asks it to stop)."""

    name = "blocking"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.stopped = False

    def _wait(self, stop: StopCheck | None) -> None:
        self.started.set()
        while not self.release.wait(0.01):
            if stop is not None and stop():
                self.stopped = True
                return

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        self._wait(stop)
        return view.legal_actions[0]


def play_headless(match: Session) -> None:
    """An all-bot game to the end, through the session alone (no app)."""
    match.play_to_end()


def bot_step(match: Session) -> None:
    """One computer player's decision, the pauses before it seen."""
    while not isinstance(step := match.next_step(), BotTurn):
        match.done()
    match.bot_decision(step.seat)


@pytest.mark.slow
async def test_one_person_with_bots_never_sees_a_handoff() -> None:
    app = GamesApp(seats=parse_seats(["Me", "Cy:easy", "Bo:medium"]), seed=12, pace=0)
    app.theme = THEME
    kinds: set[str] = set()
    hands: set[int] = set()

    def check() -> None:
        kinds.add(type(app.screen).__name__)
        assert not isinstance(app.screen, HandoffScreen)
        assert "Pass the keyboard" not in screen_text(app)
        hands.update(h.owner for h in app.screen.query(Hand))

    async with app.run_test(size=(80, 24)) as pilot:
        await play_through(pilot, rng=random.Random(3), on_screen=check, illegal_tries=0)
        assert isinstance(app.screen, GameOverScreen)
    assert {"ArrangeScreen", "TableScreen", "RoundEndScreen"} <= kinds
    assert hands == {0}  # only the one person's hand, ever


async def test_the_screen_answers_keys_while_a_bot_thinks() -> None:
    match = Session.start(parse_seats(["Ann", "Cy:easy"], first="Cy"), 4)
    bot = match.bots[1] = BlockingBot()
    app = GamesApp(session=match, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert bot.started.wait(5)
        watch = app.screen
        assert isinstance(watch, WatchScreen)
        assert "Cy is thinking…" in screen_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "how to play" in screen_text(app).lower()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is watch
        assert "Cy is thinking…" in screen_text(app)
        assert match.state.arrangement(1) is None
        # Released, the bot arranges; Ann, the only person, goes straight to her cards.
        bot.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert match.state.arrangement(1) is not None
        assert isinstance(app.screen, ArrangeScreen)
        assert app.screen.player == 0


async def test_a_bots_move_waits_under_the_rules_and_its_result_stays_for_the_pace() -> None:
    match = Session.start(parse_seats(["Ann", "Cy:easy"], first="Cy"), 4)
    bot = match.bots[1] = BlockingBot()
    app = GamesApp(session=match, pace=60)
    async with app.run_test(size=(80, 24)) as pilot:
        assert bot.started.wait(5)
        await pilot.press("f1")
        await pilot.pause()
        bot.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        # Decided and applied under the rules; the game waits for them to close.
        assert match.state.arrangement(1) is not None
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
        assert "Cy arranged their VP cards." in screen_text(app)
        assert "1 2 3" not in screen_text(app)  # (any order stays secret)
        await pilot.press("space")
        await pilot.pause()
        assert isinstance(app.screen, ArrangeScreen)


async def test_quitting_while_a_bot_thinks_stops_it() -> None:
    match = Session.start(parse_seats(["Ann", "Cy:easy"], first="Cy"), 4)
    bot = match.bots[1] = BlockingBot()
    app = GamesApp(session=match, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert bot.started.wait(5)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0
    assert bot.stopped
    assert match.state.arrangement(1) is None


@pytest.mark.slow
async def test_an_all_bot_game_can_be_watched_to_the_end() -> None:
    seats = parse_seats(["Al:easy", "Bea:medium"])
    app = GamesApp(seats=seats, seed=31, pace=0)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            if isinstance(app.screen, GameOverScreen):
                break
            await workers_done(app)
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "final standings" in screen_text(app)
        assert app.session is not None
        watched = app.session.state
    # The app plays exactly the game the headless decision step plays.
    headless = Session.start(seats, 31)
    play_headless(headless)
    assert watched.outcome() == headless.state.outcome()
    assert watched.log == headless.state.log


async def test_round_end_goes_on_by_itself_only_without_people() -> None:
    from .helpers import make_match

    people = make_match(["Ann", "Bob"], 3, to_round_end=True)
    app = GamesApp(session=people, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.05)
        assert isinstance(app.screen, RoundEndScreen)
    bots = Session.start(parse_seats(["Al:easy", "Bea:easy"]), 3)
    while bots.state.phase is not Phase.ROUND_OVER:
        bot_step(bots)
    app = GamesApp(session=bots, pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(500):  # the round end goes on by itself after its short pause
            if bots.state.round == 2:
                break
            await pilot.pause(0.01)
        assert bots.state.round == 2
        assert not isinstance(app.screen, RoundEndScreen)


def test_a_resumed_all_bot_game_plays_on_as_an_uninterrupted_one(tmp_path: Path) -> None:
    seats = parse_seats(["Al:easy", "Bea:medium", "Cy:hard:20"])
    straight = Session.start(seats, 77)
    play_headless(straight)

    store = SaveStore(tmp_path)
    first = Session.start(seats, 77, store)
    for _ in range(50):  # into round 2
        bot_step(first)
    assert first.save_path is not None
    resumed = Session.resume(read_save(first.save_path), store)
    play_headless(resumed)
    assert resumed.state.outcome() == straight.state.outcome()
    assert resumed.state.log == straight.state.log


@pytest.mark.slow
async def test_people_and_bots_mixed_no_screen_shows_another_persons_hand() -> None:
    """As tests/test_hidden_information.py, with two people and two bots, through the
    first round into the second: each person's screen comes only after their handoff."""
    names = ("Ann", "Cy", "Bob", "Dee")
    app = GamesApp(seats=parse_seats(["Ann", "Cy:easy", "Bob", "Dee:medium"]), seed=8, pace=0)
    app.theme = THEME
    at_keyboard: list[int | None] = [None]
    leaks: list[str] = []
    private: list[object] = []
    handoffs = 0

    def check() -> None:
        nonlocal handoffs
        text = screen_text(app)
        assert app.session is not None
        handoff = HANDOFF.search(text)
        viewer = None if handoff else at_keyboard[0]
        leaks.extend(screen_leaks(app, text, names, viewer))
        screen = app.screen
        if isinstance(screen, (ArrangeScreen, TableScreen)) and (
            not private or private[-1] is not screen
        ):
            private.append(screen)
        if isinstance(screen, RoundEndScreen):
            at_keyboard[0] = None  # anyone may be at the keyboard now
        if handoff:
            handoffs += 1
            at_keyboard[0] = names.index(handoff.group(1))

    def in_round_two() -> bool:
        assert app.session is not None
        game = app.session.state
        return game.round == 2 and game.phase is Phase.PLAYING and game.turn >= 6

    async with app.run_test(size=(80, 24)) as pilot:
        await play_through(
            pilot, rng=random.Random(5), on_screen=check, illegal_tries=0, until=in_round_two
        )
        assert in_round_two()
    assert not leaks, leaks[0]
    # Every private screen of a person (13 decisions each in round 1, more in round 2)
    # came after a handoff to them.
    assert len(private) >= 2 * 13 + 4
    assert handoffs == len(private)


async def test_setup_form_seats_a_computer_player() -> None:
    app = GamesApp()
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StartScreen)
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert "person" in screen_text(app)
        screen.query_one("#name-0", Input).focus()
        await pilot.press(*"Ann", "tab", "tab", *"Cy")
        # Cy's "played by": keyboard (Enter opens the list, arrows choose).
        kind = screen.query_one("#kind-1", Select)
        await pilot.press("tab")
        assert kind.has_focus
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        assert kind.value == "hard"
        # The mouse opens the list too.
        await pilot.click("#kind-0")
        await pilot.pause()
        assert screen.query_one("#kind-0", Select).expanded
        await pilot.press("escape")
        await pilot.pause()
        screen.query_one("#pace", Select).value = 0.0
        await pilot.press("f5")
        await pilot.pause()
        assert app.session is not None
        assert [(s.name, s.bot) for s in app.session.seating.seats] == [
            ("Ann", None),
            ("Cy", "hard"),
        ]
        assert app.pace == 0
        # Ann, the only person, starts arranging without a handoff.
        assert isinstance(app.screen, ArrangeScreen)


def test_pace_on_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    parser = build_parser()
    args = parser.parse_args(["play", "--players", "Ann, Cy:hard", "--pace", "0.5"])
    assert args.pace == 0.5
    assert parser.parse_args(["play", "--players", "Ann,Bob", "--pace", "0"]).pace == 0
    assert parser.parse_args(["play", "--players", "Ann,Bob"]).pace is None
    for bad in ("-1", "soon", "nan", "1000"):
        with pytest.raises(SystemExit):
            parser.parse_args(["play", "--players", "Ann,Bob", "--pace", bad])
    seen: dict[str, object] = {}
    monkeypatch.setattr("monstertrick.cli.run_app", lambda **kw: seen.update(kw) or 0)
    assert main(["play", "--players", "Ann, Cy:hard, Bob:easy", "--pace", "0.3"]) == 0
    assert seen["pace"] == 0.3
    seats = seen["seats"]
    assert [(s.name, s.bot) for s in seats.seats] == [  # type: ignore[attr-defined]
        ("Ann", None),
        ("Cy", "hard"),
        ("Bob", "easy"),
    ]
    assert GamesApp().pace == 1.0


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("monster-trick", ["Ann:easy", "Bob", "Cid"]),
        ("magic-trick", ["Ann:easy", "Bob", "Cid", "Dee"]),
        ("monster-taking", ["Ann:easy", "Bob"]),
    ],
)
async def test_a_bot_that_answers_before_its_screen_is_mounted_is_shown_once_it_is(
    game: str, seats: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer can come back before the screen just shown for the computer player has
    its widgets (a fast bot, a busy machine): the result waits for the screen, no crash."""

    def think_at_once(app: GamesApp, session: Session, need: Think) -> None:
        # No await between showing the screen and the answer: the worst case, every time.
        app._bot_decided(BotDecided(session, need, need.choose()))

    monkeypatch.setattr(GamesApp, "think", think_at_once)
    match = Session.start(parse_seats(seats, game=game), 3, game=game)
    before = match.position
    app = GamesApp(session=match, pace=0)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert match.position != before, "the computer player's decision was carried out"
        step = match.next_step()
        assert not isinstance(step, BotTurn)
        assert getattr(step, "seat", None) != 0
