"""Magic Trick in the terminal app: whole games played with keys only, no value of a
card still in a hand ever on screen, refusals with their reason, and snapshots."""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from monstertrick.games.magic_trick import MagicTrickState
from monstertrick.games.magic_trick.tui.ends import GameOverScreen, HandOverScreen
from monstertrick.games.magic_trick.tui.table import TableScreen
from monstertrick.seating import parse_seats
from monstertrick.session import Session
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen

GAME = "magic-trick"
FOUR = ["Ann", "Bob", "Cid", "Dee"]
WITH_BOTS = ["Ann", "Bob:easy", "Cid:easy", "Dee:easy"]
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
Snap = Callable[..., bool]


def make_app(names: list[str], seed: int, pace: float = 0) -> GamesApp:
    session = Session.start(parse_seats(names, game=GAME), seed, game=GAME)
    app = GamesApp(session=session, pace=pace)
    app.theme = "textual-dark"
    return app


def state_of(app: GamesApp) -> MagicTrickState:
    assert app.session is not None
    state = app.session.state
    assert isinstance(state, MagicTrickState)
    return state


def screen_text(app: GamesApp) -> str:
    """Everything the screen's text widgets show."""
    parts = []
    for widget in app.screen.query(Static):
        visual = widget.render()
        parts.append(getattr(visual, "plain", str(visual)))
    return "\n".join(parts)


def plain(widget: Static) -> str:
    visual = widget.render()
    return getattr(visual, "plain", str(visual))


def seat_blocks(screen: TableScreen) -> list[str]:
    """Each seat's lines on the table (its hand row first), as plain text."""
    return [plain(screen.query_one(f"#mt-seat-{p}", Static)) for p in range(4)]


def check_no_hidden_value(app: GamesApp) -> None:
    """No card still in a hand is named anywhere, and the table's hand rows hold no
    digit (a value) where cards still sit."""
    state = state_of(app)
    text = screen_text(app)
    for p in range(4):
        for card in state.hand(p):
            assert not re.search(rf"\b{card}\b", text), f"{card} (in a hand) is on screen"
    screen = app.screen
    if isinstance(screen, TableScreen) and not screen.deduce:
        for block in seat_blocks(screen):
            row = block.splitlines()[0]
            hand = row[13 : 13 + 56]
            assert not re.search(r"\d", hand), f"a value in a hand row: {row!r}"


async def wait_for_person(pilot: Pilot[int], *, keys_count: bool = True) -> None:
    """Until a screen waits for a person's key (computer players move by themselves)
    and, with ``keys_count``, takes it."""
    app = pilot.app
    for _ in range(2000):
        assert app.is_running, "the app stopped"
        screen = app.screen
        if isinstance(screen, TableScreen) and (screen.bot or (keys_count and screen.waiting)):
            # A computer player's turn, or a new person's whose keys do not count yet
            # (they count once the screen says so, even with no delay: a key pressed
            # before that would be dropped, as it is for a person).
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
            # The shorter way round the hand (the cursor wraps): fewer keys, the same game.
            ahead = (positions.index(target) - positions.index(screen.cursor)) % len(positions)
            back = len(positions) - ahead
            for _ in range(ahead if ahead <= back else back):
                await pilot.press("right" if ahead <= back else "left")
            assert screen.cursor == target
            await pilot.press("enter")
        else:  # pragma: no cover - any other screen is a failure
            raise AssertionError(f"unexpected screen {screen!r}")
        await pilot.pause()
    raise AssertionError("the game did not end")


async def test_the_deduction_aid_shows_ranges_and_no_hidden_card() -> None:
    app = make_app(FOUR, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("d")
        assert screen.deduce
        assert re.search(r"\d-\d", "\n".join(seat_blocks(screen)))
        check_no_hidden_value(app)


async def test_the_deduction_aid_stays_on_at_every_step_until_turned_off() -> None:
    """On at the play step, it is still on at the sleeve step, through the computer
    players' turns and at the next play, until d switches it off (and off it stays)."""

    def ranges_shown() -> bool:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        return bool(re.search(r"\d-\d", "\n".join(seat_blocks(screen))))

    app = make_app(WITH_BOTS, 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_turn(pilot)
        assert not ranges_shown()
        await pilot.press("d")
        assert ranges_shown()
        await pilot.press("enter")  # plays
        await pilot.pause()
        assert ranges_shown()
        await to_turn(pilot, sleeve=True)
        assert app.screen.step_task == "sleeve"  # type: ignore[attr-defined]
        assert ranges_shown()
        await pilot.press("p")
        await pilot.pause()
        await to_turn(pilot)  # past the computer players' turns, to Ann's next play
        assert ranges_shown()
        await pilot.press("d")
        assert not ranges_shown()
        await pilot.press("enter")
        await to_turn(pilot, sleeve=True)
        assert not ranges_shown()


async def test_the_player_to_move_is_marked_and_their_row_highlighted() -> None:
    """As in Monster Trick: ▶ before the name of the player whose turn it is, and their
    row highlighted; nobody else's."""
    app = make_app(WITH_BOTS, 7)
    async with app.run_test(size=(80, 24)) as pilot:
        for sleeve in (False, True, False):
            await to_turn(pilot, sleeve=sleeve)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            mover = screen.view.current_player
            assert mover == screen.seat == 0
            for p, block in enumerate(seat_blocks(screen)):
                row = block.splitlines()[0]
                assert row.startswith("▶ ● ") == (p == mover), row
                assert row[2:].startswith(f"● {WITH_BOTS[p].split(':')[0]}"), row
                highlighted = screen.query_one(f"#mt-seat-{p}").has_class("-to-move")
                assert highlighted == (p == mover)
            if not sleeve:
                await pilot.press("enter")
            else:
                await pilot.press("p")
            await pilot.pause()
            # After the decision the marker moves on with the turn.
            assert isinstance(app.screen, TableScreen)
            after = app.screen.view.current_player
            marked = [p for p, b in enumerate(seat_blocks(app.screen)) if b.startswith("▶")]
            assert marked == ([] if after is None else [after])


async def test_the_trick_line_names_trump_and_the_lead_without_a_bare_colon() -> None:
    app = make_app(WITH_BOTS, 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_turn(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        text = plain(screen.query_one("#mt-trick", Static))
        first = text.splitlines()[0].rstrip()
        assert first == "Trick 1 · Hearts are trump · nothing led yet", first
        await pilot.press("enter")  # Ann leads
        await pilot.pause()
        text = plain(screen.query_one("#mt-trick", Static))
        first = text.splitlines()[0].rstrip()
        led = screen.view.led
        assert led is not None
        assert first.startswith(f"Trick 1 · Hearts are trump · {led.label} led:  ● Ann "), first
        assert not first.endswith(":")


async def test_after_a_decision_enter_goes_on_and_nobody_passes_the_keyboard() -> None:
    """No handoffs in Magic Trick: the words after a person's decision are "go on",
    even when the next player is another person at the same keyboard."""
    app = make_app(FOUR, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        for key in ("enter", "enter", "p"):  # play; go on; pass the sleeve
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await pilot.press(key)
            await pilot.pause()
            if app.screen.result is not None:  # type: ignore[attr-defined]
                status = plain(app.screen.query_one("#mt-status", Static))
                assert status.endswith("Press Enter to go on."), status
                assert "keyboard" not in screen_text(app)
        assert app.screen.view.current_player != 0  # type: ignore[attr-defined]


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


async def test_a_double_tap_never_plays_for_the_next_person(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no handoff, the next person's keys count only after a moment: an Enter
    meant for the screen before does not play their card."""
    monkeypatch.setattr(TableScreen, "NEW_PLAYER_DELAY", 600)  # never over during the test
    app = make_app(FOUR, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot, keys_count=False)
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


async def to_turn(
    pilot: Pilot[int],
    *,
    sleeve: bool = False,
    hand_over: bool = False,
    rng: random.Random | None = None,
) -> None:
    """Ann (the only person) plays legal cards (drawn with ``rng``, a new
    ``random.Random(1)`` if none is given) until the wanted screen is up."""
    rng = rng or random.Random(1)
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


def to_the_last_play(session: Session, rng: random.Random) -> None:
    """Play the session's first hand headless as :func:`to_turn` plays it in the app (Ann
    passes on each sleeve and plays a card drawn with ``rng`` from her legal ones) until
    Ann is to play from her last two cards (her last play of the hand)."""
    from monstertrick.games.magic_trick import PASS, Action
    from monstertrick.session import BotTurn, Turn

    while True:
        step = session.next_step()
        if isinstance(step, BotTurn):
            session.bot_decision(step.seat)
        elif isinstance(step, Turn) and step.task == "sleeve":
            session.apply(step.seat, PASS)
        elif isinstance(step, Turn):
            view = session.view(step.seat)
            targets = sorted({o.position for o in view.plays if o.legal})
            if len(view.seats[step.seat].in_hand) == 2:
                return
            session.apply(step.seat, Action.play(rng.choice(targets)))
        else:
            session.done()


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_hand_over(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = make_app(WITH_BOTS, 7)
    assert app.session is not None
    rng = random.Random(1)
    to_the_last_play(app.session, rng)

    async def run(pilot: Pilot[int]) -> None:
        await to_turn(pilot, hand_over=True, rng=rng)

    assert snap_compare(app, terminal_size=size, run_before=run)
