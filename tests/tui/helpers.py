"""Shared helpers for the app's tests: build games, read the screen, play through keys."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from textual.message import Message
from textual.notifications import Notification, Notify
from textual.pilot import Pilot

from monstertrick.games.monster_trick.engine import Arrange, Phase
from monstertrick.games.monster_trick.tui.arrange import ArrangeScreen
from monstertrick.games.monster_trick.tui.ends import GameOverScreen, RoundEndScreen
from monstertrick.games.monster_trick.tui.table import TableScreen
from monstertrick.games.monster_trick.tui.watch import WatchScreen
from monstertrick.seating import parse_seats
from monstertrick.session import Session
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen

THEME = "textual-dark"

#: Keys that lay out the VP cards differently for each seat (none keeps 1-2-3).
ARRANGE_KEYS: tuple[tuple[str, ...], ...] = (
    ("shift+right",),  # 2 1 3
    ("right", "shift+right"),  # 1 3 2
    ("shift+right", "shift+right"),  # 2 3 1
    ("right", "right", "shift+left"),  # 1 3 2 -> distinct enough for 4-5 players' tests
    ("right", "right", "shift+left", "shift+left"),  # 3 1 2
)


def arrangement_for(seat: int, vp_set: Sequence[int]) -> tuple[int, int, int]:
    """The VP order ARRANGE_KEYS produce for a seat (used to build games directly)."""
    order = list(vp_set)
    cursor = 0
    for key in ARRANGE_KEYS[seat]:
        if key == "right":
            cursor += 1
        elif key == "shift+right":
            order[cursor], order[cursor + 1] = order[cursor + 1], order[cursor]
            cursor += 1
        elif key == "shift+left":
            order[cursor], order[cursor - 1] = order[cursor - 1], order[cursor]
            cursor -= 1
    return (order[0], order[1], order[2])


def decide(session: Session, action: object) -> None:
    """The decision of whoever decides now, through the session as a front-end makes it
    (earlier pauses seen, the keyboard passed), its result seen."""
    from monstertrick.session import BotTurn, Handoff, Turn

    while not isinstance(step := session.next_step(), (Turn, BotTurn)):
        if isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        else:
            session.done()
    session.apply(step.seat, action)
    session.done()


def make_match(
    names: Sequence[str],
    seed: int,
    *,
    moves: int = 0,
    rounds_done: int = 0,
    to_round_end: bool = False,
) -> Session:
    """A game played through its session (so the log fills) to a given point; then
    nobody is known to be at the keyboard (two or more people), as after a round end."""
    match = Session.start(parse_seats(list(names)), seed)
    game = match.state

    def arrange_all() -> None:
        while game.phase is Phase.ARRANGING:
            p = game.current_player
            assert p is not None
            decide(match, Arrange.of(arrangement_for(p, game.vp_set)))

    def play_round() -> None:
        arrange_all()
        i = 0
        while game.phase is Phase.PLAYING:
            legal = game.legal_moves()
            decide(match, legal[(i * 7) % len(legal)])
            i += 1

    for _ in range(rounds_done):
        play_round()
        match.done()  # the round's end was seen ...
        match.next_step()  # ... so the next round is dealt
    if to_round_end:
        play_round()
    else:
        arrange_all()
        for i in range(moves):
            legal = game.legal_moves()
            decide(match, legal[(i * 7) % len(legal)])
    humans = match.humans
    match.keyboard = humans[0] if len(humans) == 1 else None
    return match


def screen_text(app: GamesApp) -> str:
    """The text of the screen as rendered now.

    (Textual's public API gives the screen only as an SVG picture, export_screenshot; this
    reads the lines from the screen's compositor, as export_screenshot does.)"""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class Toasts(list[Notification]):
    """Every notification (toast) the app was asked to show, in order, kept after it has
    left the screen: run the app with ``run_test(..., message_hook=toasts.seen)``."""

    def seen(self, message: Message) -> None:
        if isinstance(message, Notify):
            self.append(message.notification)


CARD_TOKEN = re.compile(r"\b[BGPY]\d{1,2}\b")


def card_tokens(text: str) -> set[str]:
    return set(CARD_TOKEN.findall(text))


def vp_order_pattern(order: Sequence[int]) -> re.Pattern[str]:
    a, b, c = order
    return re.compile(rf"\[\s*{a}\s*\]\s*\[\s*{b}\s*\]\s*\[\s*{c}\s*\]")


async def play_through(
    pilot: Pilot[int],
    *,
    rng: random.Random,
    on_screen: Callable[[], None] = lambda: None,
    illegal_tries: int = 3,
    max_steps: int = 5000,
    until: Callable[[], bool] = lambda: False,
) -> None:
    """Play the game to the final standings (or until ``until()``) with keys only,
    calling ``on_screen`` after every key press (and once at the start)."""
    app = pilot.app
    assert isinstance(app, GamesApp)
    await pilot.pause()
    on_screen()

    async def press(*keys: str) -> None:
        await pilot.press(*keys)
        on_screen()

    tried = 0
    for _ in range(max_steps):
        screen = app.screen
        if isinstance(screen, GameOverScreen) or until():
            return
        if isinstance(screen, WatchScreen):
            # A computer player's turn: let its worker finish (pace 0 goes on by itself).
            await workers_done(app)
            await pilot.pause()
            on_screen()
            if app.screen is screen and screen.result is not None:
                await press("space")
        elif isinstance(screen, (HandoffScreen, RoundEndScreen)):
            await press("enter")
        elif isinstance(screen, ArrangeScreen):
            if screen.confirmed:
                await press("enter")  # pass the keyboard on
            else:
                await press(*ARRANGE_KEYS[screen.player], "enter")
                assert screen.confirmed
        elif isinstance(screen, TableScreen):
            if screen.result is not None:
                await press("enter")
                continue
            view = screen.view
            if tried < illegal_tries:
                # Try an illegal slot for the card under the cursor, if there is one.
                card = view.hand[screen.cursor]
                bad = [s for s in range(4) if s not in view.legal_slots(card)]
                if bad:
                    tried += 1
                    before = len(view.hand)
                    await press(str(bad[0] + 1))
                    assert screen.result is None
                    assert len(screen.view.hand) == before
                    assert "Not allowed" in screen_text(app)
            # A card next to the cursor (few key presses keep the test quick), a random
            # legal slot for it.
            step = rng.choice((-1, 0, 0, 1))
            target = min(max(screen.cursor + step, 0), len(view.hand) - 1)
            slot = rng.choice(view.legal_slots(view.hand[target]))
            steps = target - screen.cursor
            keys = ["right"] * steps if steps >= 0 else ["left"] * -steps
            await press(*keys, str(slot + 1))
            assert screen.result is not None
        else:
            raise AssertionError(f"unexpected screen {screen!r}")
    raise AssertionError("the game did not end")


HANDOFF = re.compile(r"Pass the keyboard to ● (\w+)")


def leaks(app: GamesApp, text: str, names: Sequence[str], viewer: int | None) -> list[str]:
    """What the screen ``text`` shows of other players' hands and VP orders, and the
    private widgets on it that do not belong to ``viewer`` (None: shown to nobody in
    particular, so nobody's secrets may be on it)."""
    from monstertrick.games.monster_trick.tui.widgets import Hand, VPRow

    assert app.session is not None
    game = app.session.state
    found: list[str] = []
    tokens = card_tokens(text)
    revealed = game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    for p, name in enumerate(names):
        if p == viewer:
            continue
        shown = tokens & {str(c) for c in game.hand(p)}
        if shown:
            found.append(f"{name}'s cards {sorted(shown)} shown to {viewer}:\n{text}")
        order = game.arrangement(p)
        if order is not None and not revealed and vp_order_pattern(order).search(text):
            found.append(f"{name}'s VP order {order} shown to {viewer}:\n{text}")
    for widget in [*app.screen.query(Hand), *app.screen.query(VPRow)]:
        if widget.owner != viewer:
            found.append(f"{type(widget).__name__} of {names[widget.owner]} shown to {viewer}")
    return found


async def until(pilot: Pilot, condition: Callable[[], bool], what: str) -> None:
    """Let the app run until ``condition`` holds (a timer to fire, a screen to change):
    however slow the machine, without a fixed sleep. Fails if it never does."""
    for _ in range(1000):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never happened: {what}")


async def until_handoff_accepts(pilot: Pilot) -> HandoffScreen:
    """Wait for the handoff on top to accept keys (after its delay)."""
    app = pilot.app

    def accepts() -> bool:
        screen = app.screen
        return isinstance(screen, HandoffScreen) and screen.accepts_from is not None

    await until(pilot, accepts, "the handoff accepts keys")
    screen = app.screen
    assert isinstance(screen, HandoffScreen)
    return screen


async def workers_done(app: GamesApp) -> None:
    """Wait for the app's workers. With no pause between computer players, one player's
    finished worker can be cancelled by the next one's start (the workers are
    exclusive); that is no failure: wait on for the others."""
    from textual.worker import WorkerCancelled

    for _ in range(1000):
        try:
            await app.workers.wait_for_complete()
            return
        except WorkerCancelled:
            continue
    raise AssertionError("the workers never finished")


def in_view(app: GamesApp, widget: object) -> bool:
    """Whether ``widget`` is on the screen now, whole and uncovered: on the screen on top,
    inside the terminal, and what is drawn at each of its corners (and its middle)
    belongs to it."""
    from textual.widget import Widget

    assert isinstance(widget, Widget)
    screen = app.screen
    if widget.screen is not screen or not widget.display:
        return False
    region = widget.region
    if region.area == 0 or not screen.region.contains_region(region):
        return False
    x0, y0 = region.x, region.y
    x1, y1 = region.right - 1, region.bottom - 1
    for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) // 2, (y0 + y1) // 2)):
        found, _ = screen.get_widget_at(x, y)
        if found is not widget and widget not in found.ancestors:
            return False
    return True


def fixed_advice(actions: Sequence[object], tallies: Sequence[object] = ()) -> list[object]:
    """A hint's answer for the first three of ``actions``, always the same: the first two
    about equal (within the noise), the third clearly behind; with ``tallies``, each
    option's tally in every world it was played in, as counted (its reason's figures)."""
    from monstertrick.search.assess import Advice, Stats

    answers = [
        Advice(None, 0.352, 1200, 2.34),
        Advice(None, 0.349, 1200, 2.12, gap=0.003, noise=0.0021),
        Advice(None, 0.311, 400, 1.83, gap=0.041, noise=0.0046),
    ]
    out = [replace(a, action=action) for a, action in zip(answers, actions)]
    for i, tally in enumerate(tallies):
        out[i] = replace(out[i], stats=Stats.of(tally))  # type: ignore[arg-type]
    return list(out)


async def open_hint(pilot: Pilot[int]) -> object:
    """Press ``t`` and let the hint answer: its panel, in view on the screen on top."""
    from monstertrick.tui.screens.hint import HintPanel

    await pilot.press("t")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    app = pilot.app
    assert isinstance(app, GamesApp)
    panel = getattr(app.screen, "panel", None)
    assert isinstance(panel, HintPanel) and in_view(app, panel)
    return panel


def save_unfinished_games(home: Path, names: Sequence[str]) -> None:
    """An unfinished game of each game in ``home``, seated from ``names`` (five of
    them), with fixed dates a day apart."""
    import json

    from monstertrick.games import GAMES
    from monstertrick.saves import SaveMeta, atomic_write
    from monstertrick.session import Handoff, Turn

    for i, (key, seated) in enumerate(
        [
            ("magic-trick", names[:4]),
            ("monster-taking", names[3:5]),
            ("monster-trick", names[:5]),
        ]
    ):
        match = Session.start(parse_seats(list(seated), game=key), i, game=key)
        for _ in range(30):
            step = match.next_step()
            if isinstance(step, Handoff):
                match.pass_keyboard(step.seat)
            elif isinstance(step, Turn):
                match.apply(step.seat, match.simple_decision(step.seat))
            else:
                match.done()
        stamp = f"2026-11-2{i}T18:3{i}:00+00:00"
        meta = SaveMeta([{"name": n, "bot": None} for n in seated], i, stamp, stamp, "0.1.0")
        doc = GAMES[key].load().to_record(match.state, meta.to_json())
        atomic_write(home / "saves" / f"{key}.json", json.dumps(doc))
