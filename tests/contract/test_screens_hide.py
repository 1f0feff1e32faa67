"""No screen shows what the person in front of it may not see: whole games of every game
played in the app with keys only, every frame scanned (the hidden-information scan,
written once, with a small key driver and a finder of secrets per game).

Who is in front of the screen is known only from the handoff screens ("Pass the keyboard
to X"): from then on X is; a handoff screen itself is seen by nobody in particular, so
nobody's secrets may be on it. Each game says what is secret (a hand and a VP order; a
hand and the face-down discards; the value of every card still in a hand, which not even
its holder may see), and where the holder may see their own secrets the scan checks that
it finds them on their own screens: a scan that finds nothing proves nothing.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import pytest
from textual.pilot import Pilot

from monstertrick.games import GAMES
from monstertrick.seating import parse_seats
from monstertrick.session import Session
from monstertrick.tui import has_screens
from monstertrick.tui.app import GamesApp

from ..games.magic_trick import test_tui as magic
from ..games.monster_taking import test_tui as taking
from ..tui import helpers as trick
from ..tui.helpers import screen_text

HANDOFF = re.compile(r"Pass the keyboard to ● (\w+)")


@dataclass(frozen=True)
class Table:
    """One game at a table in the app, and how the scan plays and reads it."""

    game: str
    start: Callable[[], GamesApp]
    play: Callable[[Pilot[int], Callable[[], None]], Awaitable[None]]
    """Plays the whole game with keys only, calling back after every key."""
    leaks: Callable[[GamesApp, str, int | None], list[str]]
    """What the screen's text shows that ``viewer`` (None: nobody) may not see."""
    own: Callable[[Session, str, int], bool] | None
    """Whether the text shows the viewer's own secrets (None: not even its holder sees
    them)."""
    handoffs: int | None = None
    """How many handoffs the game has (None: not counted; 0: none at all)."""


def trick_app(names: list[str], seed: int) -> GamesApp:
    app = GamesApp(seats=parse_seats(names), seed=seed)
    app.theme = trick.THEME
    return app


def trick_leaks(app: GamesApp, text: str, viewer: int | None) -> list[str]:
    assert app.session is not None
    return trick.leaks(app, text, app.session.names, viewer)


def trick_own(session: Session, text: str, seat: int) -> bool:
    state = session.state
    cards = trick.card_tokens(text) & {str(c) for c in state.hand(seat)}
    order = state.arrangement(seat)
    return bool(cards) or (order is not None and bool(trick.vp_order_pattern(order).search(text)))


def taking_secrets(session: Session, seat: int) -> set[str]:
    """A hand but the cards given face up, and every face-down discard."""
    state = session.state
    public = set(state.view(seat).received or ())
    secret = {str(c) for c in state.hand(seat) if c not in public}
    return secret | {str(c) for c in state.discards(seat)}


def taking_leaks(app: GamesApp, text: str, viewer: int | None) -> list[str]:
    session = app.session
    assert session is not None
    tokens = set(taking.CARD.findall(text))
    found = [
        f"{session.names[p]}'s cards {sorted(tokens & taking_secrets(session, p))} shown"
        for p in range(2)
        if p != viewer and tokens & taking_secrets(session, p)
    ]
    if app.screen.private_to != viewer:
        found += [f"a hand shown to {viewer}: {row}" for row in app.screen.query(taking.HandRow)]
    return found


def taking_own(session: Session, text: str, seat: int) -> bool:
    return bool(set(taking.CARD.findall(text)) & {str(c) for c in session.state.hand(seat)})


def magic_leaks(app: GamesApp, text: str, viewer: int | None) -> list[str]:
    try:
        magic.check_no_hidden_value(app)
    except AssertionError as exc:
        return [str(exc)]
    return []


TABLES = {
    "monster-trick": Table(
        "monster-trick",
        lambda: trick_app(["Ann", "Bob", "Cid"], 2024),
        lambda pilot, frame: trick.play_through(
            pilot, rng=random.Random(7), on_screen=frame, illegal_tries=2
        ),
        trick_leaks,
        trick_own,
        handoffs=3 * 3 + 3 * 36,  # every VP row and every card, each after a handoff
    ),
    "monster-taking": Table(
        "monster-taking",
        taking.app_for,
        lambda pilot, frame: taking.play_match(pilot, rng=random.Random(3), on_screen=frame),
        taking_leaks,
        taking_own,
    ),
    "magic-trick": Table(
        "magic-trick",
        lambda: magic.make_app(magic.FOUR, 11),
        lambda pilot, frame: magic.play_with_keys(pilot, random.Random(3), frame),
        magic_leaks,
        None,
        handoffs=0,  # nothing is private: nobody passes a keyboard
    ),
    "magic-trick-with-computer-players": Table(
        "magic-trick",
        lambda: magic.make_app(magic.WITH_BOTS, 11),
        lambda pilot, frame: magic.play_with_keys(pilot, random.Random(3), frame),
        magic_leaks,
        None,
        handoffs=0,
    ),
}


def test_every_game_with_screens_is_scanned() -> None:
    scanned = {table.game for table in TABLES.values()}
    assert scanned == {key for key in GAMES if has_screens(key)}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(TABLES))
async def test_no_screen_of_a_whole_game_shows_what_its_viewer_may_not_see(name: str) -> None:
    table = TABLES[name]
    app = table.start()
    found: list[str] = []
    own_seen: set[int] = set()
    at_keyboard: list[int | None] = [None]
    handoffs = 0
    frames = 0

    def frame() -> None:
        nonlocal handoffs, frames
        frames += 1
        session = app.session
        assert session is not None
        text = screen_text(app)
        handoff = HANDOFF.search(text)
        viewer = None if handoff else at_keyboard[0]
        found.extend(table.leaks(app, text, viewer))
        if viewer is not None and table.own is not None and table.own(session, text, viewer):
            own_seen.add(viewer)
        if handoff:
            handoffs += 1
            at_keyboard[0] = session.names.index(handoff.group(1))

    async with app.run_test(size=(80, 24)) as pilot:
        await table.play(pilot, frame)
        session = app.session
        assert session is not None
        outcome = session.outcome()
        assert outcome is not None  # played to the end
    assert not found, found[0]
    assert frames > 100
    if table.handoffs is not None:
        assert handoffs == table.handoffs
    if table.own is not None:  # the scan can fail: it finds each person's own secrets
        assert own_seen == set(session.humans)
