"""The replay viewer of a finished Monster Taking match, the timeline it steps through,
and the door's game log rebuilt from it."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from monstertrick.games import GAMES
from monstertrick.games.monster_taking import GAME as DOOR
from monstertrick.games.monster_taking import (
    Action,
    GameLog,
    MatchState,
    Pay,
    Phase,
    Play,
    Strength,
)
from monstertrick.games.monster_taking.tui import SCREENS
from monstertrick.games.monster_taking.tui.viewer import ViewerScreen
from monstertrick.saves import read_save
from monstertrick.seating import parse_seats
from monstertrick.session import Handoff, Session, Turn
from monstertrick.timeline import Timeline
from monstertrick.tui.app import GamesApp
from monstertrick.tui.game_screens import load_screens

from ...tui.helpers import screen_text
from .helpers import NAMES

GAME = "monster-taking"


def game_actions(log: GameLog) -> list[Action]:
    """A game's decisions in order, as its log (and the record) holds them."""
    actions: list[Action] = [Strength(c) for c in log.strength]
    for t in log.tricks:
        actions.append(Play(t.lead))
        if t.follow is not None:
            actions.append(Play(t.follow))
        if t.pay is not None:
            actions.append(Pay(t.pay))
    return actions


THEME = "textual-dark"
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
SEED = 4
"""A random match of three games: Bob wins game 1, Ann games 2 and 3."""


def finished_match(seed: int = SEED, names: tuple[str, str] = NAMES) -> MatchState:
    rng = random.Random(seed)
    state = MatchState(names, seed=seed, first_lead=seed % 2)
    while not state.is_over():
        if state.phase is Phase.GAME_OVER:
            state.next_chapter()
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def frame_text(screen: ViewerScreen) -> str:
    return str(screen.query_one("#step-frame").render())


def status_text(screen: ViewerScreen) -> str:
    return str(screen.query_one("#step-status").render())


# ---------------------------------------------------------------------- the timeline


def test_the_match_chosen_has_three_games() -> None:
    state = finished_match()
    assert [r.winner for r in state.results] == [1, 0, 0]


@pytest.mark.parametrize("seed", range(12))
def test_the_timeline_replays_every_decision_to_the_same_end(seed: int) -> None:
    state = finished_match(seed)
    timeline = Timeline.of(DOOR, state)
    # Every game: its deal, then one frame per decision.
    assert len(timeline) == sum(1 + len(game_actions(log)) for log in state.log)
    assert [timeline[i].chapter for i in timeline.chapter_starts()] == list(
        range(1, len(state.log) + 1)
    )
    # The last frame is the match (its seed aside: the replay is dealt from the log).
    assert timeline[-1].state.key()[3:] == state.key()[3:]
    assert timeline[-1].state.is_over()
    # Each frame is its own copy, one decision after the one before.
    for before, after in zip(timeline.frames, timeline.frames[1:]):
        if after.is_deal:
            assert before.state.phase is Phase.GAME_OVER
            continue
        assert after.seat == before.state.current_player
        assert after.action in before.state.legal_actions()
        assert after.events


async def test_page_keys_step_game_by_game() -> None:
    state = finished_match()
    starts = Timeline.of(DOOR, state).chapter_starts()
    assert len(starts) == 3 and starts[0] == 0
    app = viewer_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_viewer(pilot, state)
        last = screen.step_count() - 1
        for at, key, to in [
            (0, "pagedown", starts[1]),
            (starts[1] + 3, "pagedown", starts[2]),
            (starts[2], "pagedown", last),
            (starts[2] + 3, "pageup", starts[2]),
            (starts[2], "pageup", starts[1]),
            (0, "pageup", 0),
        ]:
            screen.index = at
            await pilot.press(key)
            assert screen.index == to, (at, key)


def test_the_game_log_is_rebuilt_at_every_decision() -> None:
    """What a resumed match shows in its log and "since your last turn" is what the
    session had collected while the match was played."""
    session = Session.start(parse_seats(list(NAMES), game=GAME), 8, None, game=GAME)
    rng = random.Random(8)
    checked = 0
    while session.running:
        step = session.next_step()
        if isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        elif isinstance(step, Turn):
            session.apply(step.seat, rng.choice(session.view(step.seat).legal_actions))
            if session.state.phase in (Phase.STRENGTH, Phase.PLAY, Phase.PAY):
                assert DOOR.round_log(session.state) == (session.log, session.seen)
                checked += 1
        else:
            session.done()
    assert checked > 60
    assert DOOR.round_log(session.state) == ([], {})


# ---------------------------------------------------------------------- the screen


def viewer_app() -> GamesApp:
    app = GamesApp()
    app.theme = THEME
    return app


async def open_viewer(pilot: Pilot[int], state: MatchState, **kwargs: object) -> ViewerScreen:
    pilot.app.push_screen(SCREENS.viewer(state, title="Ann, Bob", **kwargs))  # type: ignore[arg-type]
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ViewerScreen)
    return screen


async def test_the_viewer_steps_through_the_match() -> None:
    state = finished_match()
    timeline = Timeline.of(DOOR, state)
    first_log = state.log[0]
    app = viewer_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_viewer(pilot, state)
        # It opens on step 1: game 1's deal, both hands in full.
        assert screen.index == 0
        assert f"step 1 of {len(timeline)}" in status_text(screen)
        first = frame_text(screen)
        assert "Game 1 is dealt" in first
        for hand in first_log.deal:
            assert " ".join(str(c) for c in hand) in first
        await pilot.press("right")
        assert screen.index == 1
        second = frame_text(screen)
        lead = NAMES[first_log.lead]
        assert f"{lead} laid {first_log.strength[0]} for the suit strength" in second
        assert "step 2 of" in status_text(screen)
        await pilot.press("right", "right")
        trick = first_log.tricks[0]
        assert f"{NAMES[trick.leader]} led {trick.lead}" in frame_text(screen)
        await pilot.press("left", "left")
        assert screen.index == 1 and frame_text(screen) == second
        await pilot.press("left", "left")  # stays on the first step
        assert screen.index == 0 and frame_text(screen) == first
        # End: the end of the match.
        await pilot.press("end")
        assert screen.index == len(timeline) - 1
        outcome = state.outcome()
        assert outcome is not None
        last = frame_text(screen)
        assert outcome.explain(NAMES) in last
        assert "Game 3: ● Ann won" in last
        await pilot.press("right")
        assert screen.index == len(timeline) - 1
        # PgDn/PgUp: a game on and back.
        await pilot.press("home")
        assert screen.index == 0 and frame_text(screen) == first
        await pilot.press("pagedown")
        assert timeline[screen.index].is_deal and timeline[screen.index].chapter == 2
        assert "Game 2 is dealt" in frame_text(screen)
        await pilot.press("pageup")
        assert screen.index == 0
        await pilot.press("escape")
        assert not isinstance(app.screen, ViewerScreen)
    assert app.return_code in (None, 0)


async def test_every_payment_says_what_was_paid() -> None:
    state = finished_match()
    timeline = Timeline.of(DOOR, state)
    app = viewer_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_viewer(pilot, state)
        seen = {"gave": 0, "discarded": 0, "nothing": 0}
        for i, frame in enumerate(timeline.frames):
            if not isinstance(frame.action, Pay):
                continue
            screen.action_jump(i)
            text = frame_text(screen).splitlines()[0]
            trick = frame.state.log[-1].tricks[-1]
            paid = " ".join(str(c) for c in frame.action.cards)
            who = NAMES[frame.seat or 0]
            if not frame.action.cards:
                assert f"{who} paid nothing (d = {trick.owed}" in text
                seen["nothing"] += 1
            elif trick.same_suit:
                assert f"gave {paid} to ● {NAMES[1 - (frame.seat or 0)]}" in text
                seen["gave"] += 1
            else:
                assert f"discarded {paid} face down" in text
                # a finished match is history: the discards stay in view
                discards = frame.state.discards(frame.seat or 0)
                assert discards[-len(frame.action.cards) :] == frame.action.cards
                assert "face down: " + " ".join(map(str, discards)) in frame_text(screen)
                seen["discarded"] += 1
            dots = sum(c.dots for c in frame.action.cards)
            if frame.action.cards:
                assert f"paid {dots} dot" in text and f"d = {trick.owed}" in text
        assert all(seen.values()), seen


async def test_the_viewer_at_80x24_keeps_the_table_in_view() -> None:
    """At every step of a trick the suits, the trick, both players' hand sizes, tricks
    and games won are on the screen without scrolling."""
    state = finished_match()
    timeline = Timeline.of(DOOR, state)
    app = viewer_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_viewer(pilot, state)
        for i, frame in enumerate(timeline.frames):
            if not isinstance(frame.action, (Play, Pay)):
                continue
            screen.action_jump(i)
            await pilot.pause()
            text = screen_text(app)
            tricks = frame.state.tricks_won()
            assert "Suits: Highest" in text
            assert f"Trick {len(frame.state.log[-1].tricks)}:" in text
            for p in (0, 1):
                hand = len(frame.state.hand(p))
                won = f"tricks {tricks[p]:>2} · games won {frame.state.wins[p]}"
                assert f"hand {hand:>2} · {won}" in text, text
            assert "Close" in text.splitlines()[-1]


async def test_names_are_shown_as_they_are_written() -> None:
    names = ("[b]Ann", "[/]Bob[@click=q]")  # (as long as a name may be: 16 characters)
    state = finished_match(names=names)
    app = viewer_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_viewer(pilot, state)
        await pilot.press("end")
        text = frame_text(screen)
        assert names[0] in text and names[1] in text


async def test_the_viewer_opens_a_record_file_and_closing_it_ends_the_app(
    tmp_path: Path,
) -> None:
    state = finished_match()
    path = tmp_path / "match.json"
    path.write_text(GAMES[GAME].load().record_text(state), encoding="utf-8")
    saved = read_save(path)
    assert saved.game_key == GAME and saved.finished
    screens = load_screens(saved.game_key)
    app = viewer_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screens.viewer(saved.game, title=path.name, exit_on_close=True))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ViewerScreen)
        assert status_text(screen).startswith("match.json · Game 1 of 3")
        await pilot.press("end")
        outcome = state.outcome()
        assert outcome is not None and outcome.explain(NAMES) in frame_text(screen)
        await pilot.press("q")
    assert app.return_code == 0


# ---------------------------------------------------------------------- snapshots

Snap = Callable[..., bool]


def snap_viewer(keys: list[str]) -> Callable[[Pilot[int]], object]:
    async def run_before(pilot: Pilot[int]) -> None:
        await open_viewer(pilot, finished_match())
        await pilot.press(*keys)

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_viewer_payment(snap_compare: Snap, size: tuple[int, int]) -> None:
    # Game 2, a payment after a trick of different suits (a face-down discard).
    assert snap_compare(
        viewer_app(), terminal_size=size, run_before=snap_viewer(["pagedown", *["right"] * 23])
    )


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_viewer_match_end(snap_compare: Snap, size: tuple[int, int]) -> None:
    assert snap_compare(viewer_app(), terminal_size=size, run_before=snap_viewer(["end"]))
