"""The door written once (:mod:`monstertrick.games.door`), over every registered game:
whose decision it is, a decision checked, undo, where the game stands, the round's log
of a resumed game, the computer players' randomness, the arena's result, the summary."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from monstertrick.decisions import bot_rng
from monstertrick.errors import IllegalMoveError
from monstertrick.games import GAMES, GameType
from monstertrick.games.door import Door


def door_of(key: str) -> Door[Any, Any, Any, Any, Any]:
    door = GAMES[key].load()
    assert isinstance(door, Door)
    return door


def names_for(game: GameType) -> list[str]:
    return ["Ann", "Bob", "Cy", "Di", "Eve"][: max(game.min_players, min(3, game.max_players))]


def positions(key: str, seed: int) -> Iterator[tuple[Any, list[Any], dict[int, int]]]:
    """Every decision of an all-computer game, as the door plays it: the state before
    the decision, the chapter's events so far and where each seat had seen to."""
    door = door_of(key)
    state = door.new_state(names_for(GAMES[key]), seed, 0)
    bot = door.make_bot("easy")
    log: list[Any] = []
    seen: dict[int, int] = {}
    while not door.is_over(state):
        if door.round_over(state):
            door.next_round(state)
            log, seen = [], {}
            continue
        yield state, log, seen
        seat, _ = door.to_decide(state)
        action = door.decide(bot, door.view(state, seat), seat, seed)
        log.extend(door.apply(state, seat, action))
        seen[seat] = len(log)


class Recorder:
    """A computer player that takes the first legal action and keeps its randomness."""

    name = "recorder"

    def __init__(self) -> None:
        self.draws: list[float] = []

    def choose(self, view: Any, rng: random.Random, stop: Any = None) -> Any:
        self.draws.append(rng.random())
        return view.legal_actions[0]


def test_every_game_has_a_door_of_the_one_kind(game_key: str) -> None:
    door = door_of(game_key)
    assert door.key == game_key
    assert door.title == GAMES[game_key].title
    assert door.levels == ("easy", "medium", "hard")
    low, high = door.totals_range
    assert low < high


def test_a_computer_players_randomness_comes_from_the_seed_and_the_decision_key(
    game_key: str,
) -> None:
    key = game_key
    door = door_of(key)
    for n, (state, _, _) in enumerate(positions(key, 5)):
        if n % 7:
            continue
        seat, _ = door.to_decide(state)
        view = door.view(state, seat)
        recorder = Recorder()
        door.decide(recorder, view, seat, 77)
        assert recorder.draws == [bot_rng(77, *view.decision_key(), seat).random()]


def test_a_decision_out_of_turn_is_refused_in_words_and_changes_nothing(game_key: str) -> None:
    key = game_key
    door = door_of(key)
    state = next(s for s, _, _ in positions(key, 2) if len(door.deciders(s)) == 1)
    seat, _ = door.to_decide(state)
    assert door.deciders(state) == (seat,)
    other = (seat + 1) % len(state.players)
    action = state.legal_actions()[0]
    record = door.to_record(state)
    name = state.players[other]
    with pytest.raises(IllegalMoveError, match=name):  # (the game's words: "not Ann's turn")
        door.apply(state, other, action)
    with pytest.raises(IllegalMoveError, match=f"it is not {name}'s turn"):
        door.decide(Recorder(), door.view(state, other), other, 1)
    with pytest.raises(IllegalMoveError, match=f"it is not {name}'s turn"):
        door.hint(door.view(state, other), other, 1)
    with pytest.raises(IllegalMoveError, match="seat 9"):
        door.apply(state, 9, action)
    assert door.to_record(state) == record


def test_the_position_changes_with_every_decision_and_undo_gives_it_back(game_key: str) -> None:
    key = game_key
    door = door_of(key)
    seen: set[Any] = set()
    for state, _, _ in positions(key, 3):
        position = door.position(state)
        assert position not in seen
        seen.add(position)
        seat, _ = door.to_decide(state)
        copy = state.clone()
        action = copy.legal_actions()[0]
        door.apply(copy, seat, action)
        assert door.position(copy) != position
        assert door.undo(copy) == action
        assert door.position(copy) == position


def test_a_resumed_games_log_tells_each_seat_what_it_has_not_seen(game_key: str) -> None:
    """The round's log rebuilt from the state alone shows every seat the same "since
    your last turn" as the log kept while the game was played."""
    key = game_key
    door = door_of(key)
    for state, log, seen in positions(key, 4):
        rebuilt, rebuilt_seen = door.round_log(state)
        assert sorted(map(repr, rebuilt)) == sorted(map(repr, log))
        for seat in range(len(state.players)):
            then = [e for e in log[seen.get(seat, 0) :] if door.is_play_event(e)]
            now = [e for e in rebuilt[rebuilt_seen.get(seat, 0) :] if door.is_play_event(e)]
            assert now == then


def test_a_finished_game_gives_the_arena_its_scores_winners_and_hits(game_key: str) -> None:
    key = game_key
    door = door_of(key)
    played = list(positions(key, 6))
    state = played[-1][0]  # the same state, played to its end
    assert door.is_over(state)
    outcome = state.outcome()
    result = door.arena_result(state)
    assert result.scores == tuple(outcome.scores)
    assert result.winners == tuple(outcome.winners)
    assert len(result.hits) == len(state.players)
    assert all(0 <= h <= result.chances for h in result.hits)
    summary = door.summary(state)
    assert summary["over"] is True and summary["where"] == "finished"
    assert summary["totals"] == list(outcome.scores)
    assert summary["winners"] == list(outcome.winners)


def test_the_summary_says_where_a_game_stands_and_names_the_chapter(game_key: str) -> None:
    key = game_key
    door = door_of(key)
    for state, _, _ in positions(key, 8):
        summary = door.summary(state)
        assert summary["players"] == list(state.players)
        assert summary["round"] == state.chapter
        assert summary["over"] is False and summary["totals"] is None
        assert summary["where"].startswith(f"{door.chapter_name} {state.chapter}")
