"""Magic Trick in the terminal app: whole games played with keys only, no value of a
card still in a hand ever on screen, refusals with their reason, and snapshots."""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable, Iterator

import pytest
import textual._wait
from textual.pilot import Pilot
from textual.widgets import Static

from monstertrick.games.magic_trick import MagicTrickState, Phase
from monstertrick.games.magic_trick.tui.ends import GameOverScreen, HandOverScreen
from monstertrick.games.magic_trick.tui.table import TableScreen
from monstertrick.seating import parse_seats
from monstertrick.session import Session
from monstertrick.tui.app import MonsterTrickApp
from monstertrick.tui.screens.handoff import HandoffScreen

GAME = "magic-trick"
FOUR = ["Ann", "Bob", "Cid", "Dee"]
WITH_BOTS = ["Ann", "Bob:easy", "Cid:easy", "Dee:easy"]
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
Snap = Callable[..., bool]


@pytest.fixture
def quick_idle() -> Iterator[None]:
    """Let Pilot notice an idle app sooner (a whole game is a few thousand keys)."""
    saved = textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE
    textual._wait.SLEEP_GRANULARITY = 1 / 200
    textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20
    try:
        yield
    finally:
        textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE = saved


def make_app(names: list[str], seed: int, pace: float = 0) -> MonsterTrickApp:
    session = Session.start(parse_seats(names, game=GAME), seed, game=GAME)
    app = MonsterTrickApp(session=session, pace=pace)
    app.theme = "textual-dark"
    return app


def state_of(app: MonsterTrickApp) -> MagicTrickState:
    assert app.session is not None
    state = app.session.state
    assert isinstance(state, MagicTrickState)
    return state


def screen_text(app: MonsterTrickApp) -> str:
    """Everything the screen's text widgets show."""
    parts = []
    for widget in app.screen.query(Static):
        visual = widget.render()
        parts.append(getattr(visual, "plain", str(visual)))
    return "\n".join(parts)


def check_no_hidden_value(app: MonsterTrickApp) -> None:
    """No card still in a hand is named anywhere, and the table's hand rows hold no
    digit (a value) where cards still sit."""
    state = state_of(app)
    text = screen_text(app)
    for p in range(4):
        for card in state.hand(p):
            assert not re.search(rf"\b{card}\b", text), f"{card} (in a hand) is on screen"
    screen = app.screen
    if isinstance(screen, TableScreen) and not screen.deduce:
        seats = screen.query_one("#mt-seats", Static).render()
        rows = getattr(seats, "plain", str(seats)).splitlines()[1::2]
        for row in rows:
            hand = row[11 : 11 + 56]
            assert not re.search(r"\d", hand), f"a value in a hand row: {row!r}"


async def wait_for_person(pilot: Pilot[int]) -> None:
    """Until a screen waits for a person's key (computer players move by themselves)."""
    app = pilot.app
    for _ in range(2000):
        assert app.is_running, "the app stopped"
        screen = app.screen
        if isinstance(screen, TableScreen) and screen.bot:
            await pilot.pause(0.01)
            continue
        if isinstance(screen, HandOverScreen) and not app.session.humans:  # type: ignore[union-attr]
            await pilot.pause(0.01)
            continue
        return
    raise AssertionError("the computer players never finished")


async def play_with_keys(
    pilot: Pilot[int], rng: random.Random, each_frame: Callable[[], None] | None = None
) -> None:
    """Play the whole game with keys only, random legal choices."""
    app = pilot.app
    for _ in range(5000):
        await wait_for_person(pilot)
        if each_frame is not None:
            each_frame()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return
        assert not isinstance(screen, HandoffScreen), "Magic Trick has no handoff"
        if isinstance(screen, HandOverScreen):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen):
            if screen.result is not None:
                await pilot.press("enter")
                continue
            positions = list(screen.view.seats[screen.seat].in_hand)
            if screen.step_task == "sleeve" and rng.random() < 0.7:
                await pilot.press("p")
                continue
            targets = sorted(screen._legal())
            target = rng.choice(targets)
            steps = (positions.index(target) - positions.index(screen.cursor)) % len(positions)
            for _ in range(steps):
                await pilot.press("right")
            assert screen.cursor == target
            await pilot.press("enter")
        else:  # pragma: no cover - any other screen is a failure
            raise AssertionError(f"unexpected screen {screen!r}")
        await pilot.pause()
    raise AssertionError("the game did not end")


@pytest.mark.usefixtures("quick_idle")
@pytest.mark.parametrize("names", [FOUR, WITH_BOTS], ids=["four-people", "with-bots"])
async def test_a_whole_game_with_keys_only_never_shows_a_hidden_value(names: list[str]) -> None:
    app = make_app(names, 11)
    frames = 0

    def frame() -> None:
        nonlocal frames
        frames += 1
        check_no_hidden_value(app)

    async with app.run_test(size=(80, 24)) as pilot:
        await play_with_keys(pilot, random.Random(3), frame)
        state = state_of(app)
        assert state.phase is Phase.GAME_OVER
        text = screen_text(app)
        outcome = state.outcome()
        assert outcome is not None
        assert outcome.explain(state.players) in text
    assert frames > 100


async def test_the_deduction_aid_shows_ranges_and_no_hidden_card() -> None:
    app = make_app(FOUR, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("d")
        assert screen.deduce
        seats = screen.query_one("#mt-seats", Static).render()
        assert re.search(r"\d-\d", getattr(seats, "plain", str(seats)))
        check_no_hidden_value(app)


async def test_no_handoff_a_banner_names_the_player_and_no_take_back() -> None:
    """Nothing is private: the table itself names who is to play; a card everyone has
    seen cannot be taken back."""
    app = make_app(FOUR, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and not screen.bot
        first = screen.seat
        top = screen.query_one("#mt-top", Static).render()
        assert f"{FOUR[first]} to play" in getattr(top, "plain", str(top))
        await pilot.press("enter")  # plays the first legal card
        await pilot.pause()
        assert screen.result is not None
        assert not app.session.can_take_back(first)  # type: ignore[union-attr]
        plays = state_of(app).plays
        await pilot.press("u")
        await pilot.pause()
        assert state_of(app).plays == plays
        assert "take it back" not in screen_text(app)


async def test_a_double_tap_never_plays_for_the_next_person() -> None:
    """With no handoff, the next person's keys count only after a moment: an Enter
    meant for the screen before does not play their card."""
    TableScreen.NEW_PLAYER_DELAY = 600  # never over by itself during the test
    app = make_app(FOUR, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        first = app.screen
        assert isinstance(first, TableScreen)
        first.accept_keys()  # (as the delay's timer does)
        await pilot.press("enter")  # Ann plays
        await pilot.pause()
        await pilot.press("enter")  # goes on to her sleeve step
        await pilot.pause()
        sleeve = app.screen
        assert isinstance(sleeve, TableScreen) and sleeve.step_task == "sleeve"
        assert not sleeve.waiting  # her own next step: no wait
        await pilot.press("p")  # passes
        await pilot.pause()
        await pilot.press("enter", "enter")  # goes on, and a second tap
        await pilot.pause()
        nxt = app.screen
        assert isinstance(nxt, TableScreen) and nxt.seat != first.seat
        assert nxt.waiting and nxt.result is None
        plays = state_of(app).plays
        await pilot.press("enter")
        await pilot.pause()
        assert state_of(app).plays == plays  # not played
        status = nxt.query_one("#mt-status", Static).render()
        assert f"{FOUR[nxt.seat]} to play…" in getattr(status, "plain", str(status))
        nxt.accept_keys()  # the delay is over
        await pilot.press("enter")
        await pilot.pause()
        assert state_of(app).plays == plays + 1


async def test_the_log_lists_the_hand_so_far_and_no_hidden_card() -> None:
    from monstertrick.tui.screens.log import LinesLogPanel

    app = make_app(WITH_BOTS, 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_turn(pilot)
        for _ in range(3):
            await to_turn(pilot, sleeve=True)
            await pilot.press("p")
            await to_turn(pilot)
        await pilot.press("l")
        await pilot.pause()
        log = app.screen.panel
        assert isinstance(log, LinesLogPanel) and log.title_text.startswith("Game log · hand 1")
        text = screen_text(app)
        plays = [e for e in app.session.round_log() if type(e).__name__ == "CardPlayed"]  # type: ignore[union-attr]
        assert len(plays) >= 8
        for e in plays:
            assert e.describe(state_of(app).players) in text or str(e.card) in text
        check_no_hidden_value(app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.panel is None


async def test_a_hint_names_positions_and_suits_never_a_hidden_value() -> None:
    from monstertrick.tui.screens.hint import HintPanel

    app = make_app(WITH_BOTS, 9)
    async with app.run_test(size=(80, 24)) as pilot:
        for sleeve in (False, True):
            await to_turn(pilot, sleeve=sleeve)
            await pilot.press("t")
            await app.workers.wait_for_complete()
            await pilot.pause()
            hint = app.screen.panel
            assert isinstance(app.screen, TableScreen) and isinstance(hint, HintPanel)
            text = str(hint.query_one("#hint-text", Static).render())
            assert text.startswith("Suggestion: ")
            assert ("up your sleeve" in text or "pass" in text) if sleeve else "play your" in text
            assert re.search(r"your \d+(st|nd|rd|th) card \(\w+\)", text) or "pass" in text
            check_no_hidden_value(app)
            await pilot.press("escape")
            await pilot.pause()
        session = app.session
        assert session is not None and session.hints[0] == 2


async def test_an_illegal_play_is_refused_with_its_reason() -> None:
    app = make_app(FOUR, 11)
    async with app.run_test(size=(80, 24)) as pilot:
        # Play until a follower holds the led suit and also another suit.
        for _ in range(200):
            await wait_for_person(pilot)
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and screen.result is not None:
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and screen.step_task == "sleeve":
                await pilot.press("p")
            elif isinstance(screen, TableScreen):
                illegal = [o for o in screen.view.plays if not o.legal]
                if illegal:
                    positions = list(screen.view.seats[screen.seat].in_hand)
                    steps = positions.index(illegal[0].position) - positions.index(screen.cursor)
                    for _ in range(steps % len(positions)):
                        await pilot.press("right")
                    before = state_of(app).plays
                    await pilot.press("enter")
                    await pilot.pause()
                    status = screen.query_one("#mt-status", Static).render()
                    text = getattr(status, "plain", str(status))
                    assert "Not allowed" in text and "must follow" in text
                    assert state_of(app).plays == before
                    return
                await pilot.press("enter")
            await pilot.pause()
    raise AssertionError("no illegal play came up")


async def to_turn(pilot: Pilot[int], *, sleeve: bool = False, hand_over: bool = False) -> None:
    """Ann (the only person) plays legal cards until the wanted screen is up."""
    rng = random.Random(1)
    app = pilot.app
    for _ in range(500):
        await wait_for_person(pilot)
        screen = app.screen
        if hand_over:
            if isinstance(screen, HandOverScreen):
                return
        elif isinstance(screen, TableScreen) and screen.result is None:
            if screen.step_task == ("sleeve" if sleeve else "play"):
                await pilot.pause()
                return
        if isinstance(screen, TableScreen) and screen.result is not None:
            await pilot.press("enter")
        elif isinstance(screen, TableScreen) and screen.step_task == "sleeve":
            await pilot.press("p")
        elif isinstance(screen, TableScreen):
            targets = sorted(screen._legal())
            positions = list(screen.view.seats[screen.seat].in_hand)
            target = rng.choice(targets)
            for _ in range(
                (positions.index(target) - positions.index(screen.cursor)) % len(positions)
            ):
                await pilot.press("right")
            await pilot.press("enter")
        else:
            await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("the screen never came up")


def snap_after(
    snap_compare: Snap, size: tuple[int, int], run: Callable[[Pilot[int]], Awaitable[None]]
) -> bool:
    return snap_compare(make_app(WITH_BOTS, 7), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_table(snap_compare: Snap, size: tuple[int, int]) -> None:
    async def run(pilot: Pilot[int]) -> None:
        await to_turn(pilot)
        for _ in range(5):
            await to_turn(pilot, sleeve=True)
            await pilot.press("p")
            await pilot.pause()
            await to_turn(pilot)

    assert snap_after(snap_compare, size, run)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_sleeve_choice_with_deduction(snap_compare: Snap, size: tuple[int, int]) -> None:
    async def run(pilot: Pilot[int]) -> None:
        await to_turn(pilot, sleeve=True)
        await pilot.press("right", "d")
        await pilot.pause()

    assert snap_after(snap_compare, size, run)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_hand_over(snap_compare: Snap, size: tuple[int, int]) -> None:
    async def run(pilot: Pilot[int]) -> None:
        await to_turn(pilot, hand_over=True)

    assert snap_after(snap_compare, size, run)
