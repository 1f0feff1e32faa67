"""The flow driver: what each step needs, for every game; a stale computer decision is
not carried out; the headless runner stops at a person, the end, or when told."""

from __future__ import annotations

import pytest

from monstertrick import flow
from monstertrick.seating import Seat, Seating
from monstertrick.session import BotTurn, GameEnd, Handoff, Played, RoundOver, Session, Turn

GAMES = ["monster-trick", "monster-taking", "magic-trick"]
SIZE = {"monster-trick": 3, "monster-taking": 2, "magic-trick": 4}


def table(game: str, people: int) -> Session:
    seats = tuple(Seat(f"P{i}", None if i < people else "easy") for i in range(SIZE[game]))
    return Session.start(Seating(seats, 0), 7, game=game)


@pytest.mark.parametrize("game", GAMES)
def test_each_step_needs_what_its_kind_says_to_the_end(game: str) -> None:
    session = table(game, 0)
    kinds: set[str] = set()
    while True:
        step = session.next_step()
        need = flow.next_need(session)
        kinds.add(type(need).__name__)
        if isinstance(step, Played | RoundOver):
            assert isinstance(need, flow.Pause) and need.step == step
            session.done()
        elif isinstance(step, BotTurn):
            assert isinstance(need, flow.Think) and need.step == step
            assert need.position == session.position
            assert need.view == session.view(step.seat), "the bot's own view only"
            assert flow.settle(session, need, need.choose())
        else:
            assert isinstance(step, GameEnd) and isinstance(need, flow.Over)
            break
    assert kinds == {"Pause", "Think", "Over"}


@pytest.mark.parametrize("game", GAMES)
def test_a_person_is_a_persons_need_and_a_stand_in_thinks_for_them(game: str) -> None:
    session = table(game, 2)
    need = flow.run(session)
    assert isinstance(need, flow.Person)
    assert isinstance(need.step, Turn | Handoff)
    if isinstance(need.step, Handoff):
        session.pass_keyboard(need.step.seat)
    seat = session.next_step()
    assert isinstance(seat, Turn)
    bot = session.rules.make_bot("easy")
    covered = flow.next_need(session, lambda s: bot if s == seat.seat else None)
    assert isinstance(covered, flow.Think) and covered.bot is bot and covered.step == seat
    assert isinstance(flow.next_need(session, lambda s: None), flow.Person)


@pytest.mark.parametrize("game", GAMES)
def test_a_decision_for_a_position_the_game_has_left_is_not_carried_out(game: str) -> None:
    session = table(game, 0)
    need = flow.next_need(session)
    while not isinstance(need, flow.Think):
        assert isinstance(need, flow.Pause)
        session.done()
        need = flow.next_need(session)
    stale = need.choose()
    session.apply(need.seat, need.choose())  # (the game moves on meanwhile)
    position = session.position
    assert not flow.settle(session, need, stale)
    assert session.position == position, "nothing changed"


def test_the_headless_runner_stops_when_told_and_at_the_end() -> None:
    session = table("monster-taking", 0)

    def enough() -> bool:
        return session.position[1] >= 3

    assert flow.run(session, until=enough) is None
    assert session.position[1] >= 3 and session.running
    end = flow.run(session)
    assert isinstance(end, flow.Over) and not session.running


def test_play_to_end_refuses_a_table_with_a_person() -> None:
    session = table("monster-trick", 1)
    with pytest.raises(ValueError, match="P0 is a person"):
        session.play_to_end()
