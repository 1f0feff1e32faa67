"""Stepping through a recorded game: Monster Trick's timeline (written once for every
game, :mod:`monstertrick.timeline`), each round's deal shown with its VP rows laid."""

from __future__ import annotations

import json

from monstertrick.games.monster_trick import GAME
from monstertrick.games.monster_trick.engine import (
    Arranged,
    Phase,
    RoundScored,
    TrickWon,
)
from monstertrick.games.monster_trick.engine.record import from_record, to_record
from monstertrick.timeline import Timeline

from .test_record import played_game


def test_a_finished_game_has_a_deal_frame_per_round_and_a_frame_per_card() -> None:
    game = played_game(n=3)
    timeline = Timeline.of(GAME, game)
    assert len(timeline) == 3 * (1 + 36)
    assert timeline.chapter_starts() == [0, 37, 74]
    last = timeline[len(timeline) - 1]
    assert last.state.phase is Phase.GAME_OVER
    assert to_record(last.state) == to_record(game)
    assert any(isinstance(e, RoundScored) for e in last.events)


def test_each_frame_is_the_position_after_its_step() -> None:
    game = played_game(n=2, seed=9)
    timeline = Timeline.of(GAME, game)
    frame = timeline[5]
    assert (frame.chapter, frame.step) == (1, 5)
    assert frame.state.turn == 5
    wins = sum(isinstance(e, TrickWon) for f in timeline.frames[:25] for e in f.events)
    assert wins == sum(timeline[24].state.tricks_won())


def test_round_navigation() -> None:
    timeline = Timeline.of(GAME, played_game(n=2))
    assert timeline.next_chapter(0) == 25
    assert timeline.next_chapter(30) == 50
    assert timeline.next_chapter(60) == len(timeline) - 1
    assert timeline.previous_chapter(30) == 25
    assert timeline.previous_chapter(25) == 0
    assert timeline.previous_chapter(0) == 0


def test_an_unfinished_game_stops_at_its_last_card() -> None:
    game = played_game(n=3, stop=50)
    timeline = Timeline.of(GAME, game)
    assert to_record(timeline[len(timeline) - 1].state) == to_record(game)


def test_a_rounds_deal_is_shown_with_every_vp_row_laid_out_whatever_the_order() -> None:
    game = GAME.new_state(["Ann", "Bob", "Cy"], 5, 0)
    for seat in (2, 0, 1):  # at once, in any order
        GAME.apply(game, seat, game.view(seat).legal_actions[seat])
    GAME.apply(game, 0, game.legal_moves()[0])
    read = from_record(json.loads(json.dumps(to_record(game))))
    for state in (game, read):
        deal, first = Timeline.of(GAME, state).frames
        assert deal.is_deal and (deal.seat, deal.action) == (None, None)
        assert sorted(e.player for e in deal.events if isinstance(e, Arranged)) == [0, 1, 2]
        assert deal.state.phase is Phase.PLAYING and deal.state.turn == 0
        assert (first.step, first.seat, first.action) == (1, 0, game.history()[-1][1])
