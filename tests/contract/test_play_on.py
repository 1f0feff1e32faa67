"""Play on from any decision, written once on the door (:meth:`Door.played_on`), over
every registered game and the toy game: the new game stands where the finished game
stood after that many decisions, and the viewer numbers its steps the same way."""

from __future__ import annotations

from typing import Any

import pytest

from monstertrick.games import GAMES
from monstertrick.games.door import Door
from monstertrick.timeline import Timeline, decisions_made

from .test_door import door_of, names_for

SEED = 11


def played(key: str, seed: int = SEED) -> tuple[Any, list[Any]]:
    """A finished all-computer game, and a copy of it after each of its decisions (the
    first: at the first deal), each chapter's end passed at once as the table does."""
    door = door_of(key)
    state = door.new_state(names_for(GAMES[key]), seed, 0)
    bot = door.make_bot("easy")
    after = [state.clone()]
    while not door.is_over(state):
        if door.round_over(state):
            door.next_round(state)
            after[-1] = state.clone()  # (the position after a chapter's last decision)
            continue
        seat, _ = door.to_decide(state)
        door.apply(state, seat, door.decide(bot, door.view(state, seat), seat, seed))
        after.append(state.clone())
    return state, after


def same_position(door: Door[Any, Any, Any, Any, Any], a: Any, b: Any) -> None:
    """Two games that nobody could tell apart: the same record, who decides, what each
    seat and everyone sees."""
    assert door.to_record(a) == door.to_record(b)
    assert door.position(a) == door.position(b)
    assert door.deciders(a) == door.deciders(b)
    assert door.public_view(a) == door.public_view(b)
    for seat in range(len(a.players)):
        assert door.view(a, seat) == door.view(b, seat)


def test_a_game_played_on_stands_where_the_record_stood_after_n_decisions(
    game_key: str,
) -> None:
    door = door_of(game_key)
    state, after = played(game_key)
    total = sum(door.chapter_decisions(state))
    assert total == len(after) - 1
    for made in range(total):
        new = door.played_on(state, made, seed=SEED)
        same_position(door, new, after[made])
        assert not door.is_over(new)


def test_a_game_played_on_deals_its_later_chapters_from_the_seed(game_key: str) -> None:
    """From the first decision of the last chapter on, the same decisions give the same
    game: every later chapter is dealt as it was (the same cards, new moves)."""
    door = door_of(game_key)
    state, _ = played(game_key)
    new = door.played_on(state, 0, seed=SEED)
    bot = door.make_bot("easy")
    door.play_to_end(new, [bot] * len(new.players), SEED)
    assert door.to_record(new) == door.to_record(state)


def test_the_original_is_left_as_it_was(game_key: str) -> None:
    door = door_of(game_key)
    state, _ = played(game_key)
    before = door.to_record(state)
    new = door.played_on(state, 3, seed=SEED)
    door.apply(new, door.to_decide(new)[0], door.view(new, door.to_decide(new)[0]).legal_actions[0])
    assert door.to_record(state) == before
    assert door.is_over(state)


@pytest.mark.parametrize("made", [-1, "total"])
def test_no_decision_out_of_range_is_played_on_from(game_key: str, made: int | str) -> None:
    door = door_of(game_key)
    state, _ = played(game_key)
    total = sum(door.chapter_decisions(state))
    n = total if made == "total" else int(made)
    with pytest.raises(ValueError, match=rf"there is no decision {n} .* 0 .* to {total - 1}"):
        door.played_on(state, n, seed=SEED)


def test_the_viewer_numbers_each_step_by_the_decisions_made_up_to_it(game_key: str) -> None:
    """A step's number is the decisions made up to it, and playing on from it gives the
    step's own position (a chapter's last step: the next chapter's deal)."""
    door = door_of(game_key)
    state, after = played(game_key)
    timeline = Timeline.of(door, state)
    made = decisions_made(timeline.frames)
    assert made[0] == timeline[0].state.decisions
    assert made[-1] == len(after) - 1
    assert made == sorted(made)
    for frame, n in zip(timeline.frames, made):
        if n == made[-1]:
            continue  # the end of the game: nothing to play on from
        new = door.played_on(state, n, seed=SEED)
        if door.round_over(frame.state):
            assert door.round_number(new) == frame.chapter + 1 and new.decisions == 0
        else:
            same_position(door, new, frame.state)


def finished_at_one_keyboard(key: str) -> tuple[Any, dict[int, Any]]:
    """A game of people only played to its end through its session and saved (each
    decision the easy computer player's), and a copy of the game at each count of
    decisions it stood at between two people's decisions."""
    from monstertrick.saves import SaveStore
    from monstertrick.seating import parse_seats
    from monstertrick.session import GameEnd, Handoff, Played, RoundOver, Session

    session = Session.start(
        parse_seats(names_for(GAMES[key]), game=key), SEED, SaveStore(), game=key
    )
    door = session.rules
    easy = door.make_bot("easy")
    at: dict[int, Any] = {}
    while not isinstance(step := session.next_step(), GameEnd):
        if isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        elif isinstance(step, (Played, RoundOver)):
            session.done()
        else:
            at[sum(door.chapter_decisions(session.state))] = session.state.clone()
            view = session.view(step.seat)
            session.apply(step.seat, door.decide(easy, view, step.seat, SEED))
    return session, at


def test_a_session_plays_a_saved_game_on_as_a_new_save_marked_a_replay(game_key: str) -> None:
    from monstertrick.playon import REPLAY_OF
    from monstertrick.saves import SaveStore, read_save
    from monstertrick.session import Handoff, Turn

    original, at = finished_at_one_keyboard(game_key)
    path = original.save_path
    kept = path.read_bytes()
    saved = read_save(path)
    made = min(n for n in at if n >= 10)
    session = type(original).play_on(saved, made, SaveStore())
    door = session.rules
    same_position(door, session.state, at[made])
    assert session.names == original.names and session.seed == original.seed
    assert session.keyboard is None  # nobody is known to be at the keyboard
    step = session.next_step()
    if door.hidden_hands:
        assert isinstance(step, Handoff)
        session.pass_keyboard(step.seat)
        step = session.next_step()
    assert isinstance(step, Turn)
    session.apply(step.seat, door.view(session.state, step.seat).legal_actions[0])
    assert session.save_path is not None and session.save_path != path
    assert session.save_path.parent == SaveStore().saves
    assert path.read_bytes() == kept  # the original is never written to
    replay = read_save(session.save_path)
    assert replay.meta.extra[REPLAY_OF]["from"] == made
    assert replay.meta.extra[REPLAY_OF]["file"] == path.name
    assert replay.meta.seats == saved.meta.seats and replay.meta.hints == []
    # Its record holds the original's first decisions, then the new one.
    back = door.played_on(replay.game, made, seed=SEED)
    same_position(door, back, at[made])
