"""A deal of a pack played in the app, as ``monstertrick deal play`` runs it: the
pack's cards and starter, and a save in History that says which pack and deal."""

from __future__ import annotations

import json
import random

import pytest

from monstertrick import deal_command, packs
from monstertrick.games.monster_trick.engine import Phase
from monstertrick.games.monster_trick.tui.ends import GameOverScreen
from monstertrick.saves import SaveStore
from monstertrick.seating import parse_seats
from monstertrick.tui.app import GamesApp
from monstertrick.tui.screens.handoff import HandoffScreen

from .helpers import THEME, decide, play_through


async def test_a_deal_of_a_pack_is_played_in_the_app_and_filed_with_its_pack() -> None:
    pack = packs.new_pack("monster-trick", 2, 2, rng=random.Random(8))
    store = SaveStore()
    session = packs.start_session(pack, 1, parse_seats(["Ann", "Bob"]), store)
    assert session.seed == pack.deals[1].seed and session.seating.first == pack.deals[1].first
    app = GamesApp(session=session, pace=0, game=pack.game)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen.player == 1  # deal 2: seat 2 starts
    # The deal played on to its last cards, which are played in the app.
    game = session.state
    while game.round < 3 or game.turn < 20:
        if game.phase is Phase.ROUND_OVER:
            session.done()  # the round's end was seen ...
            session.next_step()  # ... so the next round is dealt
        else:
            decide(session, game.legal_actions()[0])
    app = GamesApp(session=session, pace=0, game=pack.game)
    app.theme = THEME
    async with app.run_test(size=(80, 24)) as pilot:
        await play_through(pilot, rng=random.Random(2))
        assert isinstance(app.screen, GameOverScreen)
    (filed,) = SaveStore().history.glob("*.json")
    assert json.loads(filed.read_text())["meta"]["pack"] == {"id": pack.id, "deal": 1}
    games, left = packs.pack_games(pack, store.root)
    assert [(g.deal, g.state.players) for g in games] == [(1, ("Ann", "Bob"))] and left == []


def test_deal_play_runs_the_app_with_the_deals_session(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[GamesApp] = []

    def run_app(app: GamesApp) -> int:
        ran.append(app)
        return 0

    monkeypatch.setattr("monstertrick.tui.app.run_app", run_app)
    pack = packs.new_pack("magic-trick", 1, rng=random.Random(8))
    session = packs.start_session(pack, 0, parse_seats(["A", "B", "C", "D"], game=pack.game))
    assert deal_command._run_app(session, 0.0) == 0
    (app,) = ran
    assert app.session is session and app.screens.package.startswith(
        "monstertrick.games.magic_trick"
    )
