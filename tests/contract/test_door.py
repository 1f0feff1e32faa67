"""The door written once (:mod:`monstertrick.games.door`), over every registered game:
whose decision it is, a decision checked, undo, where the game stands, the round's log
of a resumed game, the computer players' randomness, the arena's result, the summary."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from monstertrick.decisions import bot_rng
from monstertrick.errors import IllegalMoveError
from monstertrick.games import GAMES, GameType, door
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


def test_the_chapters_before_are_told_as_they_were_played(game_key: str) -> None:
    """Each chapter before the current one (``earlier_logs``, its history made again
    from its deal): its deal's events, then every decision's, as they happened, for
    decisions made in any order by those who decide at once; the toy game too, into its
    second chapter."""
    door = door_of(game_key)
    state = door.new_state(names_for(GAMES[game_key]), 9, 1)
    rng = random.Random(9)
    played: list[list[Any]] = [door.deal_events(state)]
    while True:
        told = door.earlier_logs(state)
        assert len(told) == state.chapter - 1
        for events, then in zip(told, played):
            assert sorted(map(repr, events)) == sorted(map(repr, then))
            assert [e for e in events if door.is_play_event(e)] == [
                e for e in then if door.is_play_event(e)
            ]
        if door.is_over(state):
            break
        if door.round_over(state):
            door.next_round(state)
            played.append(door.deal_events(state))
            continue
        seat = rng.choice(door.deciders(state))
        action = rng.choice(list(door.view(state, seat).legal_actions))
        played[-1].extend(door.apply(state, seat, action))
    assert state.chapter >= 2


def test_a_chapter_starts_at_its_deal_as_truly_dealt(game_key: str) -> None:
    door = door_of(game_key)
    *_, (state, _, _) = positions(game_key, 5)
    for chapter in range(1, state.chapter + 1):
        start = door.chapter_start(state, chapter)
        end = door.chapter_end(state, chapter)
        assert start.chapter == end.chapter == chapter
        assert start.decisions == 0 and start.history() == ()
        assert door.round_over(end) or chapter == state.chapter
        for seat, action in end.history():
            start.apply(action, seat)
        assert door.to_record(start) == door.to_record(end)
    assert door.to_record(door.chapter_end(state, state.chapter)) == door.to_record(state)
    with pytest.raises(ValueError, match=f"no {door.chapter_name} {state.chapter + 1}"):
        door.chapter_start(state, state.chapter + 1)


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


def imported(path: Path) -> set[str]:
    """Every module a source file imports and every name it imports from one, wherever in
    the file (under TYPE_CHECKING, in a function); relative modules with their dots."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
            names.update(alias.name for alias in node.names)
    return names


PARTS = ("make_bot", "hard_player", "sample_world", "parse_action", "to_record", "from_record")
"""A game door's own parts: its computer players, world sampling and record codec."""


def test_the_door_names_no_game_and_each_game_gives_its_parts_itself(game_key: str) -> None:
    """``door.py`` finds nothing by name (no importlib, no game's module): each game's
    door subclass gives its parts as typed methods, its modules imported by them."""
    names = imported(Path(door.__file__))
    assert not {n for n in names if n.startswith("importlib")}
    games = {entry.package.rpartition(".")[2] for entry in GAMES.values()}
    assert not {n for n in names for g in games if g in n.split(".")}, names
    game = door_of(game_key)
    for part in PARTS:
        assert getattr(type(game), part) is not getattr(Door, part, None), part
    view = game.view(game.new_state(names_for(GAMES[game_key]), 1, 0), 0)
    assert game.make_bot("easy").choose(view, random.Random(1)) in view.legal_actions
    assert game.sample_world(view, random.Random(1)).view(0) == view
    assert game.hard_player().name == "hard"


def test_the_registry_knows_nothing_of_the_terminal_app() -> None:
    """The app maps a game to its screens (``monstertrick.tui.game_screens``); the
    registry imports nothing of the app, not even for typing, and loading every game's
    door brings in neither the app nor Textual."""
    import monstertrick.games as registry

    names = imported(Path(registry.__file__))
    assert not {n for n in names if "tui" in n.split(".") or n.startswith("textual")}, names
    code = (
        "import sys\n"
        "from monstertrick.games import GAMES\n"
        "doors = [game.load() for game in GAMES.values()]\n"
        "print(sorted(m for m in sys.modules if m.startswith(('textual', 'monstertrick.tui'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
