"""The headless session: the flow of a game with no screen, for every game that plugs in."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from monstertrick.games import GAMES
from monstertrick.games.monster_trick.engine import Arrange
from monstertrick.seating import Seat, Seating
from monstertrick.session import (
    BotTurn,
    GameEnd,
    Handoff,
    Played,
    RoundOver,
    Session,
    TakeBackRefused,
    Turn,
)

#: The games whose package offers the session's door, with bot levels to seat.
SESSION_GAMES = [
    pytest.param("monster-trick", ("easy", "medium", "easy"), id="monster-trick"),
    pytest.param("monster-taking", ("easy", "medium"), id="monster-taking"),
    pytest.param("magic-trick", ("easy", "medium", "easy", "medium"), id="magic-trick"),
]


def seating(levels: tuple[str | None, ...]) -> Seating:
    return Seating(tuple(Seat(f"P{i}", lvl) for i, lvl in enumerate(levels)), 0)


def test_the_session_loads_no_textual() -> None:
    code = (
        "import sys, monstertrick.session\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(("game", "levels"), SESSION_GAMES)
def test_an_all_bot_game_plays_to_the_end_through_the_session_alone(
    game: str, levels: tuple[str, ...]
) -> None:
    session = Session.start(seating(levels), seed=5, game=game)
    steps: list[type] = []
    while not isinstance(step := session.next_step(), GameEnd):
        steps.append(type(step))
        if isinstance(step, BotTurn):
            assert step.viewer is None  # nobody at the keyboard: public only
            session.bot_decision(step.seat)
        else:
            assert isinstance(step, (Played, RoundOver))
            assert not getattr(step, "private", False)
            session.done()
    assert not session.running
    assert GAMES[game].load().is_over(session.state)
    assert Handoff not in steps and Turn not in steps
    assert RoundOver in steps


@pytest.mark.parametrize(("game", "levels"), SESSION_GAMES)
def test_the_same_seed_plays_the_same_game(game: str, levels: tuple[str, ...]) -> None:
    a = Session.start(seating(levels), seed=9, game=game)
    b = Session.start(seating(levels), seed=9, game=game)
    a.play_to_end()
    b.play_to_end()
    rules = GAMES[game].load()
    assert rules.to_record(a.state) == rules.to_record(b.state)


def test_handoffs_only_between_two_different_people() -> None:
    # Two people and a computer player: each person's private turn comes after a
    # handoff to them, unless they were the last person at the keyboard.
    session = Session.start(seating((None, "easy", None)), seed=3)
    rng = random.Random(1)
    last_person: int | None = None
    for _ in range(200):
        step = session.next_step()
        if isinstance(step, GameEnd):
            break
        if isinstance(step, Handoff):
            assert step.seat != last_person or last_person is None or session.keyboard is None
            session.pass_keyboard(step.seat)
            last_person = step.seat
        elif isinstance(step, Turn):
            assert step.seat == session.keyboard == last_person
            state = session.state
            options = state.legal_actions()  # (the VP rows while arranging, else the moves)
            session.apply(step.seat, rng.choice(options))
        elif isinstance(step, BotTurn):
            session.bot_decision(step.seat)
        else:
            session.done()


def test_a_person_can_take_back_until_the_table_moves_on() -> None:
    session = Session.start(seating((None, None)), seed=2, game="monster-taking")
    step = session.next_step()
    assert isinstance(step, Handoff)
    session.pass_keyboard(step.seat)
    step = session.next_step()
    assert isinstance(step, Turn) and step.task == "strength"
    before = session.view(step.seat)
    action = before.legal_actions[0]
    session.apply(step.seat, action)
    assert session.can_take_back(step.seat)
    session.take_back(step.seat)
    assert session.view(step.seat) == before
    assert session.next_step() == step  # the same decision again, no handoff
    session.apply(step.seat, action)
    session.done()  # passed on: from now on it stands
    assert not session.can_take_back(step.seat)
    with pytest.raises(TakeBackRefused):
        session.take_back(step.seat)


def test_monster_trick_take_back_restores_the_game_and_its_save(tmp_path) -> None:
    from monstertrick.games.monster_trick.engine.record import to_record
    from monstertrick.saves import SaveStore, read_save

    from .games.monster_trick.helpers import random_step

    store = SaveStore(tmp_path)
    session = Session.start(seating((None, None, "easy")), seed=6, store=store)
    rng = random.Random(3)
    for _ in range(8):  # VP rows laid out, a few cards played
        random_step(session, rng)
    while not isinstance(step := session.next_step(), Turn):
        if isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        elif isinstance(step, BotTurn):
            session.bot_decision(step.seat)
        else:
            session.done()
    before = to_record(session.state)
    seat = step.seat
    move = session.state.legal_moves()[-1]
    session.apply(seat, move)
    assert to_record(read_save(session.save_path).game)["rounds"] != before["rounds"]
    session.take_back(seat)
    assert to_record(session.state) == before
    # The save follows: the record never holds a taken-back move.
    assert to_record(read_save(session.save_path).game)["rounds"] == before["rounds"]
    assert session.next_step() == step
    session.apply(seat, move)
    session.done()
    with pytest.raises(TakeBackRefused):
        session.take_back(seat)


def test_a_vp_row_taken_back_is_offered_again_as_it_was_laid() -> None:
    """Taking back a confirmed VP row: the arrange screen starts from the order laid,
    not from the VP cards in their first order; the next decision forgets it."""
    from monstertrick.games.monster_trick.tui.arrange import ArrangeScreen

    session = Session.start(seating((None, None)), seed=3)
    step = session.next_step()
    assert isinstance(step, Handoff)
    session.pass_keyboard(step.seat)
    step = session.next_step()
    assert isinstance(step, Turn) and step.task == "arrange"
    assert ArrangeScreen(session, step.seat).order == [1, 2, 3]
    session.apply(step.seat, Arrange.of((3, 1, 2)))
    assert session.taken_back(step.seat) is None
    session.take_back(step.seat)
    assert session.state.arrangement(step.seat) is None
    assert session.taken_back(step.seat) == Arrange.of((3, 1, 2))
    assert session.taken_back(1 - step.seat) is None
    assert ArrangeScreen(session, step.seat).order == [3, 1, 2]
    session.apply(step.seat, Arrange.of((2, 3, 1)))
    assert session.taken_back(step.seat) is None
    session.done()
    assert session.state.arrangement(step.seat) == (2, 3, 1)


def test_the_words_after_a_decision_follow_who_is_next_at_the_keyboard() -> None:
    """ "pass the keyboard on" only when another person decides next, after a handoff."""
    session = Session.start(seating((None, None, "easy")), seed=3)
    session.pass_keyboard(0)
    session.apply(0, Arrange.of((1, 2, 3)))
    assert session.hands_over_next()  # then P1 arranges, after a handoff
    session.done()
    session.pass_keyboard(1)
    session.apply(1, Arrange.of((1, 2, 3)))
    assert not session.hands_over_next()  # then the computer player
    alone = Session.start(seating((None, "easy")), seed=3, game="monster-taking")
    seat, _ = alone.rules.to_decide(alone.state)
    alone.apply(seat, alone.view(seat).legal_actions[0])
    assert not alone.hands_over_next()
    magic = Session.start(seating((None, None, None, None)), seed=3, game="magic-trick")
    seat, _ = magic.rules.to_decide(magic.state)
    magic.apply(seat, magic.simple_decision(seat))
    assert not magic.hands_over_next()  # nothing private: no handoff ever


def test_hints_taken_are_counted_logged_and_saved_with_the_game(tmp_path) -> None:
    from monstertrick.saves import SaveStore, read_save
    from monstertrick.session import HintTaken, Turn

    store = SaveStore(tmp_path)
    session = Session.start(Seating((Seat("Ann", None), Seat("Cy", "easy")), 0), 7, store=store)
    step = session.next_step()
    assert isinstance(step, Turn) and step.seat == 0
    # One "took a hint" per decision, saying for which, however many hints it got.
    first, again = session.note_hint(0), session.note_hint(0)
    assert session.hints == [1, 0]
    assert [e.describe(session.names) for e in session.log if isinstance(e, HintTaken)] == [
        "Ann took a hint for decision 1 of round 1 (arrange)."
    ]
    assert (first, again) == (True, False)
    with pytest.raises(ValueError):
        session.note_hint(1)  # not Cy's decision, and Cy is a computer player
    session.apply(0, session.simple_decision(0))
    session.done()
    session.bot_decision(1)
    session.done()
    assert session.note_hint(0) is True  # (the next decision's hint counts again)
    assert session.hints == [2, 0]
    assert session.save_path is not None
    session.autosave()
    saved = read_save(session.save_path)
    assert saved.meta.hints == [2, 0]
    assert Session.resume(saved, store).hints == [2, 0]


def test_the_pace_keys_step_through_the_offered_pauses_and_stop_at_the_ends() -> None:
    from monstertrick.seating import PACE_STEPS, next_pace

    assert next_pace(1.0, 1) == 1.5 and next_pace(1.0, -1) == 0.5
    assert next_pace(PACE_STEPS[-1], 1) == PACE_STEPS[-1]
    assert next_pace(0.0, -1) == 0.0
    assert next_pace(1.2, 1) == 1.5 and next_pace(1.2, -1) == 1.0  # a --pace between steps


def test_the_arenas_yardstick_is_not_offered_at_the_table() -> None:
    from monstertrick.arena import check_seats
    from monstertrick.seating import SetupError, parse_seats

    with pytest.raises(SetupError, match="not a level of the table"):
        parse_seats(["Ann", "Cy:ismcts"])
    with pytest.raises(SetupError, match="not a level of the table"):
        parse_seats(["Ann", "Cy:ismcts:0.02s"])
    assert check_seats(["ismcts:0.02s", "medium"]) == ["ismcts:0.02s", "medium"]
    assert parse_seats(["Ann", "Cy:hard:200"]).seats[1].bot == "hard:200"
