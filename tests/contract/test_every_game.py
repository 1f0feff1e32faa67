"""The contract of every game (:mod:`monstertrick.games.contract`), tested once over every
registered game and the toy game of the tests, as OpenSpiel tests every game it registers
with random games: at every step of random games, cloning, undo and records give back
what they must, views show a seat its own decisions only, a world sampled from a view
gives back that view; then the whole shell takes each game: the session to the end with
its saves, ``replay``, and the arena."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from monstertrick import arena, cli
from monstertrick.errors import IllegalMoveError
from monstertrick.games import GAMES
from monstertrick.games.door import Door
from monstertrick.saves import SaveStore, read_save
from monstertrick.seating import Seat, Seating
from monstertrick.session import (
    BotTurn,
    GameEnd,
    Handoff,
    HintTaken,
    Played,
    RoundOver,
    Session,
    Turn,
)


def door_of(key: str) -> Door[Any, Any, Any, Any, Any]:
    return GAMES[key].load()


def table_size(key: str, seed: int) -> int:
    game = GAMES[key]
    return game.min_players + seed % (game.max_players - game.min_players + 1)


def random_game(key: str, seed: int) -> Iterator[Any]:
    """Every position of a game of random legal actions (the state, before each
    decision); the last state yielded is the finished game."""
    door = door_of(key)
    names = [f"P{i}" for i in range(table_size(key, seed))]
    state = door.new_state(names, seed, seed % len(names))
    rng = random.Random(seed)
    while not state.is_over():
        if state.chapter_over():
            state.next_chapter()
            continue
        yield state
        state.apply(rng.choice(list(state.legal_actions())))
    yield state


@pytest.mark.parametrize("seed", range(3))
def test_random_games_keep_the_contract_at_every_step(game_key: str, seed: int) -> None:
    door = door_of(game_key)
    for state in random_game(game_key, seed):
        record = json.dumps(door.to_record(state))
        if state.is_over():
            assert state.current_player is None and state.task == ""
            assert state.outcome() is not None
            assert door.from_record(json.loads(record)).outcome() == state.outcome()
            break
        assert state.outcome() is None
        legal = list(state.legal_actions())
        assert legal and len(set(legal)) == len(legal)
        assert state.task
        # A record read back is the same game.
        again = door.from_record(json.loads(record), seed=seed)
        assert json.dumps(door.to_record(again)) == record
        for action in legal:
            # Every action prints and parses back to itself.
            assert door.parse_action(str(action)) == action
            # A clone is independent; apply and push do the same; pop takes back.
            copy = state.clone()
            events = copy.apply(action)
            assert json.dumps(door.to_record(state)) == record
            pushed = state.clone()
            collected: list[Any] = []
            pushed.push(action, collected)
            assert collected == events
            assert json.dumps(door.to_record(pushed)) == json.dumps(door.to_record(copy))
            assert copy.decisions == state.decisions + 1
            assert copy.pop() == action
            assert json.dumps(door.to_record(copy)) == record
            assert copy.decisions == state.decisions


def everything_seen(door: Door[Any, Any, Any, Any, Any], state: Any) -> tuple[Any, ...]:
    """All a state shows: whose decision it is, each seat's view, the public view and
    its record."""
    views = tuple(door.view(state, seat) for seat in range(len(state.players)))
    record = json.dumps(door.to_record(state))
    return state.current_player, state.decisions, views, door.public_view(state), record


@pytest.mark.parametrize("seed", range(3))
def test_a_game_read_from_its_record_takes_back_each_decision_at_the_seat_that_made_it(
    game_key: str, seed: int
) -> None:
    """What a review, a take-back after a resume and the round log do with a record read
    back: pop every decision of the chapter and push them again. Each decision popped is
    the one made live there, by the seat that is to decide after the pop, the state then
    what it was live; pushed back, the state is the one read (at chapter ends too)."""
    door = door_of(game_key)
    names = [f"P{i}" for i in range(table_size(game_key, seed))]
    state = door.new_state(names, seed, seed % len(names))
    rng = random.Random(seed)
    made: list[tuple[Any, ...]] = []  # this chapter's decisions: (seen before, seat, action)
    checked = 0
    while True:
        if len(made) in (1, 2, 3) or len(made) % 11 == 0 or state.chapter_over():
            read = door.from_record(door.to_record(state), seed=seed)
            seen = everything_seen(door, read)
            assert seen == everything_seen(door, state)
            for before, seat, action in reversed(made):
                assert read.pop() == action
                assert read.current_player == seat
                assert everything_seen(door, read) == before
            assert read.decisions == 0
            for _, seat, action in made:
                assert read.current_player == seat
                read.push(action)
            assert everything_seen(door, read) == seen
            checked += 1
        if state.is_over():
            break
        if state.chapter_over():
            state.next_chapter()
            made = []
            continue
        action = rng.choice(list(state.legal_actions()))
        made.append((everything_seen(door, state), state.current_player, action))
        state.apply(action)
    assert checked > 3 * state.chapter


@pytest.mark.parametrize("seed", range(2))
def test_an_action_the_rules_refuse_is_refused_in_words_and_changes_nothing(
    game_key: str, seed: int
) -> None:
    door = door_of(game_key)
    known: set[Any] = set()
    for state in random_game(game_key, seed):
        if state.is_over():
            break
        legal = set(state.legal_actions())
        record = door.to_record(state)
        for action in sorted(known - legal, key=str)[:3]:
            with pytest.raises(IllegalMoveError) as refused:
                state.apply(action)
            assert str(refused.value)  # a reason, in words
            assert door.to_record(state) == record
        known |= legal


@pytest.mark.parametrize("seed", range(2))
def test_a_view_gives_its_seat_its_own_decisions_and_the_public_view_none(
    game_key: str, seed: int
) -> None:
    for state in random_game(game_key, seed):
        if state.is_over():
            break
        mover = state.current_player
        public = state.public_view()
        assert public.viewer is None and list(public.legal_actions) == []
        assert public.current_player == mover and public.chapter == state.chapter
        for seat in range(len(state.players)):
            view = state.view(seat)
            assert view.viewer == seat and view.players == tuple(state.players)
            assert view.current_player == mover and view.chapter == state.chapter
            assert view.decision_key() == public.decision_key()
            assert view.deciders == public.deciders == state.deciders
            if seat == mover:
                assert list(view.legal_actions) == list(state.legal_actions())
            elif seat in state.deciders:  # deciding at the same time: as much its own
                assert view.legal_actions
                for action in view.legal_actions:
                    state.clone().apply(action, seat)
            else:
                assert list(view.legal_actions) == []


@pytest.mark.parametrize("seed", range(2))
def test_a_world_sampled_from_a_view_gives_back_that_view(game_key: str, seed: int) -> None:
    """What the search and a review start from: the sampled world may differ from the
    true game only in what the seat could not see."""
    door = door_of(game_key)
    rng = random.Random(seed)
    for n, state in enumerate(random_game(game_key, seed)):
        if state.is_over():
            break
        if n % 3:
            continue
        seat = state.current_player
        view = door.view(state, seat)
        for _ in range(3):
            world = door.sample_world(view, rng)
            assert world.view(seat) == view
            assert list(world.legal_actions()) == list(view.legal_actions)


def test_the_session_plays_every_game_to_its_end_saving_it_as_it_goes(
    game_key: str, tmp_path: Path
) -> None:
    game = GAMES[game_key]
    levels = ["easy", "medium", "hard:20", "easy", "medium"]
    names = ["Ann", "Bob", "Cy", "Di", "Eve"]
    n = game.min_players
    seats = tuple(Seat(names[p], levels[p]) for p in range(n))
    store = SaveStore(tmp_path)
    session = Session.start(Seating(seats, 0), 11, store, game=game_key)
    door = door_of(game_key)
    decisions = 0
    chapters: list[list[Any]] = []
    while not isinstance(step := session.next_step(), GameEnd):
        # The chapters before are told to the table as they were played.
        told = session.earlier_logs()
        assert len(told) == len(chapters) == session.state.chapter - 1
        for number, (events, then) in enumerate(zip(told, chapters), 1):
            dealt = door.deal_events(door.chapter_start(session.state, number))
            assert sorted(map(repr, events)) == sorted(map(repr, dealt + then))
        if isinstance(step, BotTurn):
            session.bot_decision(step.seat)
            decisions += 1
        elif isinstance(step, (Played, RoundOver)):
            if isinstance(step, RoundOver) and not session.state.is_over():
                chapters.append([e for e in session.round_log() if not isinstance(e, HintTaken)])
            session.done()
            if decisions == 5 and isinstance(step, Played):
                # A save taken mid-game resumes where it was.
                assert session.save_path is not None
                resumed = Session.resume(read_save(session.save_path), store)
                assert resumed.position == session.position
                assert resumed.next_step() == session.next_step()
                assert resumed.round_log() == session.round_log()
        else:  # pragma: no cover - every seat is a computer player
            raise AssertionError(step)
    assert session.save_path is not None
    saved = read_save(session.save_path)
    assert saved.finished
    outcome = session.state.outcome()
    assert door_of(game_key).summary(saved.game)["winners"] == list(outcome.winners)
    assert store.finished()[0][0].path == session.save_path


def test_a_person_takes_back_a_private_decision_in_every_game_that_has_one(
    game_key: str,
) -> None:
    door = door_of(game_key)
    n = GAMES[game_key].min_players
    seats = tuple(Seat(f"P{p}", None) for p in range(n))
    session = Session.start(Seating(seats, 0), 4, game=game_key)
    step = session.next_step()
    if isinstance(step, Handoff):
        session.pass_keyboard(step.seat)
        step = session.next_step()
    assert isinstance(step, Turn)
    before = door.to_record(session.state)
    action = session.view(step.seat).legal_actions[-1]
    session.apply(step.seat, action)
    assert session.can_take_back(step.seat) == door.hidden_hands
    if door.hidden_hands:
        session.take_back(step.seat)
        assert door.to_record(session.state) == before
        assert session.next_step() == step


def test_replay_reads_every_games_records(game_key: str, tmp_path: Path) -> None:
    door = door_of(game_key)
    finished = list(random_game(game_key, 1))[-1]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(door.to_record(finished)), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert cli.run_replay([str(path)], as_json=True, out=out, err=err) == 0, err.getvalue()
    assert json.loads(out.getvalue()) == door.replay(door.to_record(finished))
    out = io.StringIO()
    assert cli.run_replay([str(path)], as_json=False, out=out, err=err) == 0
    assert door.describe(door.to_record(finished)) in out.getvalue()
    assert finished.outcome().explain(finished.players) in out.getvalue()


def test_the_arena_plays_every_game(game_key: str) -> None:
    game = GAMES[game_key]
    seats = ["medium", *["easy"] * (game.min_players - 1)]
    report = arena.run(seats, 4, seed=2, game=game_key)
    assert report["game"] == game_key and report["games"] == 4
    shares = [seat["win_share"] for seat in report["seats"]]
    assert abs(sum(shares) - 1) < 1e-3  # (each rounded)
    assert arena.format_report(report, seed=2).startswith(f"{game.title}: 4 ")
