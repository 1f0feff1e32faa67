"""The hint in Monster Taking: the hard search's candidates from the person's view, in
words, and nothing of the other hand."""

from __future__ import annotations

import random
import re

from textual.widgets import Static

from monstertrick.games.monster_taking import GAME as DOOR
from monstertrick.games.monster_taking import Phase, Play
from monstertrick.games.monster_taking.tui.table import TurnScreen
from monstertrick.seating import parse_seats
from monstertrick.session import HintTaken, Session, Turn
from monstertrick.tui.messages import Decided
from monstertrick.tui.screens.handoff import HandoffScreen
from monstertrick.tui.screens.hint import HintPanel

from .test_tui import CARD, app_for

GAME = "monster-taking"


def test_the_door_hint_ranks_the_persons_own_choices() -> None:
    session = Session.start(parse_seats(["Ann", "Bob"], game=GAME), 8, game=GAME)
    step = session.next_step()
    session.pass_keyboard(step.seat)  # type: ignore[union-attr]
    step = session.next_step()
    assert isinstance(step, Turn)
    view = session.view(step.seat)
    options = DOOR.hint(view, step.seat, session.seed)
    assert options and all(0.0 <= o.chance <= 1.0 for o in options)
    assert {o.action for o in options} <= set(view.legal_actions)
    # A stopped search still answers, with what it has.
    assert DOOR.hint(view, step.seat, session.seed, stop=lambda: True)


async def test_a_hint_at_the_table_names_only_the_persons_own_cards() -> None:
    app = app_for(("Ann", "Bob"), seed=6)
    async with app.run_test(size=(80, 24)) as pilot:
        rng = random.Random(2)
        hints = 0
        for _ in range(60):
            await pilot.pause()
            screen = app.screen
            session = app.session
            assert session is not None
            if isinstance(screen, HandoffScreen):
                await pilot.press("enter")
                continue
            if not isinstance(screen, TurnScreen) or screen.result is not None:
                await pilot.press("enter")
                continue
            if screen.the_view().phase is Phase.PLAY and hints < 2:
                seat = screen.seat
                await pilot.press("t")
                await app.workers.wait_for_complete()
                await pilot.pause()
                assert app.screen is screen and isinstance(screen.panel, HintPanel)
                text = str(screen.query_one("#hint-text", Static).render())
                assert text.startswith("Suggestion: play ")
                assert "to win this game of the match" in text
                other = set(map(str, session.state.hand(1 - seat)))
                named = set(re.findall(CARD, text))
                assert named and named <= set(map(str, session.view(seat).hand))
                assert not named & other
                await pilot.press("escape")
                await pilot.pause()
                hints += 1
                assert session.hints[seat] >= 1
                assert any(isinstance(e, HintTaken) and e.player == seat for e in session.log)
            # Play on: a legal card, or the first legal payment/strength card.
            actions = list(screen.the_view().legal_actions)
            plays = [a for a in actions if isinstance(a, Play)]
            choice = rng.choice(plays) if plays else actions[0]
            await pilot.pause()
            app.post_message(Decided(screen.seat, choice))
            await pilot.pause()
            if hints >= 2:
                break
        assert hints == 2
