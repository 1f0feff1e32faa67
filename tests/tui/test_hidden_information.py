"""Nobody sees another player's hand or VP order.

A full 3-player game is played through the UI. After every key press the rendered text
of the screen is captured. Who is at the keyboard is known only from the handoff
screens ("Pass the keyboard to X"): from then on X is at the keyboard. No screen shown
while X is not at the keyboard may contain a card of X's hand or X's VP order (until the
round is over and every row is revealed). The handoff screens themselves show nobody's
private information. Skipping a handoff makes this test fail.
"""

from __future__ import annotations

import random

import pytest

from monstertrick.games.monster_trick.tui.game_over import GameOverScreen
from monstertrick.seating import parse_seats
from monstertrick.tui.app import MonsterTrickApp

from .helpers import HANDOFF, THEME, card_tokens, play_through, screen_text, vp_order_pattern
from .helpers import leaks as screen_leaks

NAMES = ("Ann", "Bob", "Cid")


@pytest.mark.slow
async def test_no_screen_shows_another_players_hand_or_vp_order() -> None:
    app = MonsterTrickApp(seats=parse_seats(list(NAMES)), seed=2024)
    app.theme = THEME
    at_keyboard: list[int | None] = [None]
    screens_seen: list[str] = []
    leaks: list[str] = []
    handoffs = 0
    # The scan can fail: it finds each player's own cards and VP order on their screens.
    own_cards_seen: set[int] = set()
    own_order_seen: set[int] = set()

    def check() -> None:
        nonlocal handoffs
        text = screen_text(app)
        screens_seen.append(text)
        match = app.session
        assert match is not None
        handoff = HANDOFF.search(text)
        # A handoff screen is shown to nobody in particular: check it for everyone.
        viewer = None if handoff else at_keyboard[0]
        # Hands, VP orders and private widgets on screen belong to whoever is at the keyboard.
        leaks.extend(screen_leaks(app, text, NAMES, viewer))
        if viewer is not None:
            if card_tokens(text) & {str(c) for c in match.state.hand(viewer)}:
                own_cards_seen.add(viewer)
            order = match.state.arrangement(viewer)
            if order is not None and vp_order_pattern(order).search(text):
                own_order_seen.add(viewer)
        if handoff:
            handoffs += 1
            at_keyboard[0] = NAMES.index(handoff.group(1))

    async with app.run_test(size=(80, 24)) as pilot:
        await play_through(pilot, rng=random.Random(7), on_screen=check, illegal_tries=2)
        assert isinstance(app.screen, GameOverScreen)
    assert not leaks, leaks[0]
    # Every arrangement (3 x 3) and every turn (3 x 36) had its handoff.
    assert handoffs == 3 * 3 + 3 * 36
    assert len(screens_seen) > 3 * 36 * 3
    # What the scan looks for is on screen, but only for whoever is at the keyboard.
    assert own_cards_seen == {0, 1, 2}
    assert own_order_seen == {0, 1, 2}
