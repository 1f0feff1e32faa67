"""Monster Taking played in the app, with keys only: whole matches, hidden information,
a refused payment, and snapshots of its screens."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from monstertrick.games.monster_taking import Paid, Pay, Phase, Play, Strength
from monstertrick.games.monster_taking.tui.ends import GameEndScreen, MatchOverScreen
from monstertrick.games.monster_taking.tui.table import CELL, HandRow, TurnScreen, WatchScreen
from monstertrick.seating import parse_seats
from monstertrick.session import Handoff, Session, Turn
from monstertrick.tui.app import GamesApp
from monstertrick.tui.game_screens import load_screens
from monstertrick.tui.screens.handoff import HandoffScreen

from ...tui.helpers import screen_text

GAME = "monster-taking"
THEME = "textual-dark"
NAMES = ("Ann", "Bob")
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
HANDOFF = re.compile(r"Pass the keyboard to ● (\w+)")
CARD = re.compile(r"\b[IAS](?:10|[1-9])\b")


def app_for(names: tuple[str, ...] = NAMES, seed: int = 5, pace: float = 0) -> GamesApp:
    app = GamesApp(seats=parse_seats(list(names), game=GAME), seed=seed, pace=pace, game=GAME)
    app.theme = THEME
    return app


async def play_match(
    pilot: Pilot[int],
    *,
    rng: random.Random,
    on_screen: Callable[[], None] = lambda: None,
    until: Callable[[], bool] = lambda: False,
    max_steps: int = 5000,
) -> None:
    """Play on with keys only until the match is over (or ``until()``)."""
    app = pilot.app
    await pilot.pause()
    on_screen()

    async def press(*keys: str) -> None:
        await pilot.press(*keys)
        on_screen()

    for _ in range(max_steps):
        screen = app.screen
        if isinstance(screen, MatchOverScreen) or until():
            return
        if isinstance(screen, WatchScreen):
            await app.workers.wait_for_complete()
            await pilot.pause()
            on_screen()
            if app.screen is screen and screen.result is not None:
                await press("space")
        elif isinstance(screen, (HandoffScreen, GameEndScreen)):
            await press("enter")
        elif isinstance(screen, TurnScreen):
            if screen.result is not None:
                await press("enter")
                continue
            view = screen.the_view()
            assert view.hand is not None
            hand = list(view.hand)
            action = rng.choice(view.legal_actions)
            if isinstance(action, Pay):
                for card in action.cards:
                    steps = hand.index(card) - screen.cursor
                    keys = ["right"] * steps if steps >= 0 else ["left"] * -steps
                    await press(*keys, "space")
            else:
                assert isinstance(action, (Play, Strength))
                steps = hand.index(action.card) - screen.cursor
                await press(*(["right"] * steps if steps >= 0 else ["left"] * -steps))
            await press("enter")
            assert screen.result is not None, screen_text(app)
        else:
            raise AssertionError(f"unexpected screen {screen!r}")
    raise AssertionError("the match did not end")


async def test_cards_given_face_up_are_named_on_the_receivers_next_screen() -> None:
    """(That nobody sees the other's cards is the scan of every game:
    tests/contract/test_screens_hide.py.)"""
    app = app_for()
    received: list[str] = []

    def check() -> None:
        screen = app.screen
        if isinstance(screen, TurnScreen) and screen.result is None:
            other = 1 - screen.seat
            if any(isinstance(e, Paid) and e.player == other and e.cards for e in screen.since):
                received.append(" ".join(screen_text(app).split()))

    async with app.run_test(size=(80, 24)) as pilot:
        await play_match(pilot, rng=random.Random(3), on_screen=check, until=lambda: bool(received))
    assert received
    assert all("You received" in text for text in received)


@pytest.mark.slow
async def test_a_person_plays_a_computer_player_to_the_end() -> None:
    app = app_for(("Ann", "Bob:easy"), seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_match(pilot, rng=random.Random(1))
        assert isinstance(app.screen, MatchOverScreen)
        assert app.session is not None and app.session.state.phase is Phase.MATCH_OVER


def _must_pay(app: GamesApp) -> bool:
    """A person must pay something now (paying nothing is refused)."""
    screen = app.screen
    if not isinstance(screen, TurnScreen) or screen.what != "pay" or screen.result is not None:
        return False
    return Pay(()) not in screen.the_view().legal_actions


async def test_a_payment_that_is_not_legal_is_refused_with_the_reason() -> None:
    app = app_for(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_match(pilot, rng=random.Random(2), until=lambda: _must_pay(app))
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        session = app.session
        assert session is not None
        before = session.position
        reason = session.state.payment_problem(())
        assert reason
        await pilot.press("enter")  # nothing chosen
        assert screen.result is None
        assert session.position == before
        text = " ".join(screen_text(app).split())
        assert "Not allowed:" in text
        assert " ".join(reason.split())[:30] in text


async def test_a_decision_is_taken_back_with_u() -> None:
    app = app_for(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the handoff to LEAD
        screen = app.screen
        assert isinstance(screen, TurnScreen) and screen.what == "strength"
        session = app.session
        assert session is not None
        await pilot.press("enter")
        assert screen.result is not None
        assert len(session.state.hand(screen.seat)) == 12
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen) and app.screen.result is None
        assert len(session.state.hand(screen.seat)) == 13
        assert session.state.phase is Phase.STRENGTH


async def test_a_decision_taken_back_starts_from_its_card_or_payment() -> None:
    """After ``u`` the cursor is on the card taken back (not the first one), and a
    payment taken back comes back chosen."""
    app = app_for(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "right", "right", "right")  # the handoff to LEAD
        screen = app.screen
        assert isinstance(screen, TurnScreen) and screen.what == "strength"
        card = screen.the_view().hand[screen.cursor]
        await pilot.press("enter", "u")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, TurnScreen) and again.result is None
        assert again.the_view().hand[again.cursor] == card
        await play_match(pilot, rng=random.Random(2), until=lambda: _must_pay(app))
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        pay = max(screen.the_view().legal_actions, key=lambda a: a.cards[-1])
        assert isinstance(pay, Pay)
        hand = list(screen.the_view().hand)
        for c in pay.cards:
            steps = hand.index(c) - screen.cursor
            await pilot.press(*(["right"] * steps if steps >= 0 else ["left"] * -steps), "space")
        await pilot.press("enter")
        assert screen.result is not None
        await pilot.press("u")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, TurnScreen) and again.what == "pay" and again.result is None
        assert {hand[i] for i in again.chosen} == set(pay.cards)
        assert hand[again.cursor] == pay.cards[0]


async def test_a_click_chooses_a_card_to_pay() -> None:
    app = app_for(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_match(pilot, rng=random.Random(2), until=lambda: _must_pay(app))
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        await pilot.click(HandRow, offset=(1 + 2 * CELL + 1, 0))  # the third card
        assert screen.chosen == {2}
        await pilot.click(HandRow, offset=(1 + 2 * CELL + 1, 0))
        assert screen.chosen == set()


def _pays_more_than_d(session: Session) -> bool:
    """The next decision is a person's payment whose total is not d (a handoff to it is
    on screen)."""
    state = session.state
    if state.phase is not Phase.PAY:
        return False
    due = session.view(state.current_player).payment
    return due is not None and due.total > due.owed


async def test_the_reason_to_pay_more_than_d_is_said_before_any_try() -> None:
    session = session_at(6, _pays_more_than_d)
    seat = session.state.current_player
    due = session.view(seat).payment
    assert due is not None and due.reason is not None
    app = snap_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the handoff
        screen = app.screen
        assert isinstance(screen, TurnScreen) and screen.what == "pay"
        text = " ".join(screen_text(app).split())
        assert f"d = {due.owed} " in text
        assert due.reason[0].upper() + due.reason[1:] in text, text
        assert "Not allowed" not in text


async def test_the_table_says_who_leads_and_what_was_done_in_words() -> None:
    app = app_for(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the handoff to Ann, who leads game 1
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        text = screen_text(app)
        assert "LEAD" not in text
        assert "Game 1 · ● Ann leads this game" in text
        assert "You lead this game: lay any card for the suit strength." in text
        await pilot.press("enter")
        top = screen_text(app).splitlines()[0]
        assert "● Ann laid their strength card · private screen" in top, top
        assert "done" not in top


async def test_home_and_end_move_in_the_hand() -> None:
    app = app_for(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        hand = screen.the_view().hand
        assert hand
        await pilot.press("end")
        assert screen.cursor == len(hand) - 1
        assert f"{hand[-1]} may be played" in screen_text(app) or screen.what == "strength"
        await pilot.press("home")
        assert screen.cursor == 0


async def test_the_key_bar_says_go_on_when_the_message_does() -> None:
    def key_bar() -> str:
        return screen_text(app).splitlines()[-1]

    app = app_for(("Ann", "Bob:easy"), seed=5, pace=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)  # alone: no handoff
        await pilot.press("enter")
        assert "Press Enter to go on" in " ".join(screen_text(app).split())
        assert "⏎ Go on" in key_bar() and "Pass on" not in key_bar(), key_bar()
    app = app_for(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # Ann lays her strength card; Bob is next
        assert "Press Enter to pass the keyboard on" in " ".join(screen_text(app).split())
        assert "⏎ Pass on" in key_bar() and "Go on" not in key_bar(), key_bar()


@pytest.mark.slow
async def test_earlier_tricks_are_listed_and_never_a_face_down_card() -> None:
    """The table lists this game's earlier tricks (public facts only): cards given are
    named, a face-down discard is only counted, even on the payer's own screen. (The
    match's first game, to its end screen: the list is the game's; every frame of whole
    matches is scanned for face-down discards by the hidden-information scan.)"""
    app = app_for(seed=5)
    lists = 0
    given_shown = 0

    def check() -> None:
        nonlocal lists, given_shown
        screen = app.screen
        if not isinstance(screen, (TurnScreen, WatchScreen)):
            return
        session = app.session
        assert session is not None
        state = session.state
        shown = str(screen.query_one("#mt-tricks").render())
        face_down = {str(c) for p in (0, 1) for c in state.discards(p)}
        assert not set(CARD.findall(shown)) & face_down, shown
        tricks = state.public_view().tricks
        if len(tricks) > 1:
            lines = shown.splitlines()
            assert lines[0] == "Earlier tricks this game, latest first:"
            assert len(lines) == len(tricks)  # every earlier trick, one line each
            lists += 1
            latest = tricks[-2]
            assert lines[1].startswith(f"{len(tricks) - 1:>2}  ")
            assert str(latest.lead) in lines[1] and str(latest.follow) in lines[1]
            if latest.paid and latest.face_down:
                assert f"paid {latest.paid} face down" in lines[1]
            elif latest.paid and latest.cards:
                assert all(str(c) in lines[1] for c in latest.cards)
                given_shown += 1
        else:
            assert shown == ""

    async with app.run_test(size=(80, 40)) as pilot:
        await play_match(
            pilot,
            rng=random.Random(3),
            on_screen=check,
            until=lambda: isinstance(app.screen, GameEndScreen | MatchOverScreen),
        )
        assert isinstance(app.screen, GameEndScreen)
    assert lists > 10 and given_shown, (lists, given_shown)


# ---------------------------------------------------------------------- snapshots


def session_at(seed: int, stop: Callable[[Session], bool], *, moves: int = 10_000) -> Session:
    """A session of two people played with random legal decisions until ``stop``."""
    session = Session.start(parse_seats(list(NAMES), game=GAME), seed, None, game=GAME)
    rng = random.Random(seed)
    for _ in range(moves):
        step = session.next_step()
        if isinstance(step, Handoff):
            if stop(session):
                return session
            session.pass_keyboard(step.seat)
        elif isinstance(step, Turn):
            session.apply(step.seat, rng.choice(session.view(step.seat).legal_actions))
        elif session.state.phase is Phase.MATCH_OVER and stop(session):
            return session
        else:
            session.done()
    raise AssertionError("never reached")


def snap_app(session: Session) -> GamesApp:
    app = GamesApp(session=session, pace=0)
    app.theme = THEME
    return app


Snap = Callable[..., bool]


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_strength(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(seed=5)
    assert snap_compare(app, terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_trick(snap_compare: Snap, size: tuple[int, int]) -> None:
    session = session_at(5, lambda s: len(s.state.log[-1].tricks) >= 3 and s.state.led is not None)
    assert snap_compare(snap_app(session), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_payment(snap_compare: Snap, size: tuple[int, int]) -> None:
    session = session_at(
        5, lambda s: s.state.phase is Phase.PAY and Pay(()) not in s.state.legal_actions()
    )
    assert snap_compare(snap_app(session), terminal_size=size, press=["enter", "space"])


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_payment_above_d(snap_compare: Snap, size: tuple[int, int]) -> None:
    # No set of the loser's cards makes d: the reason is on screen before any try.
    session = session_at(6, _pays_more_than_d)
    assert snap_compare(snap_app(session), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_match_end(snap_compare: Snap, size: tuple[int, int]) -> None:
    session = session_at(5, lambda s: s.state.phase is Phase.MATCH_OVER)
    assert snap_compare(snap_app(session), terminal_size=size, press=["enter"])


def test_rules_are_shipped() -> None:

    rules = load_screens(GAME).rules()
    assert rules.startswith("# Monster Taking")
    assert Path(__file__).exists()


def test_play_takes_the_game() -> None:
    from monstertrick.cli import _seats, build_parser

    parser = build_parser()
    args = parser.parse_args(["play", "--game", GAME, "--players", "Ann, Bob:medium"])
    assert args.game == GAME
    seating = _seats(parser, args)
    assert list(seating.names) == ["Ann", "Bob"]
    assert seating.seats[0].is_human and seating.seats[1].bot == "medium"
    assert parser.parse_args(["play", "--players", "Ann,Bob"]).game == "monster-trick"
    with pytest.raises(SystemExit):
        _seats(parser, parser.parse_args(["play", "--game", GAME, "--players", "Ann, Bob, Cid"]))
