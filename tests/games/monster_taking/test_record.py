"""Monster Taking records: reading, writing, errors (the shared conformance cases are
run for every game by tests/contract/test_conformance.py)."""

from __future__ import annotations

from typing import Any

import pytest

from monstertrick.errors import RecordError
from monstertrick.games import find_game
from monstertrick.games.monster_taking import GAME, MatchState
from monstertrick.games.monster_taking.engine.record import from_record, replay, to_record

from .helpers import NAMES, random_steps


def _doc() -> dict[str, Any]:
    state = None
    for step in random_steps(4, copies=False):
        state = step.state
    assert state is not None
    return to_record(state)


def test_registered() -> None:
    assert find_game("monster-taking").load() is GAME
    assert find_game("monster-taking").max_players == 2


def test_empty_games_list_is_valid() -> None:
    doc = {
        "format": "monstertrick-record/1",
        "game": "monster-taking",
        "players": list(NAMES),
        "games": [],
    }
    assert replay(doc) == {"complete": False, "games": [], "wins": [0, 0], "winners": None}
    assert "no game" in GAME.describe(doc)


def test_complete_match_replays() -> None:
    result = replay(_doc())
    assert result["complete"] is True and result["winners"] is not None
    assert max(result["wins"]) == 2
    assert all(g["over"] for g in result["games"])
    assert "wins the match" in GAME.describe(_doc())


def _error(doc: Any) -> tuple[int | None, int | None]:
    with pytest.raises(RecordError) as info:
        replay(doc)
    return info.value.round, info.value.move


def test_null_is_never_absent() -> None:
    doc = _doc()
    doc["first_lead"] = None
    assert _error(doc) == (None, None)
    doc = _doc()
    doc["games"][0]["tricks"][0]["pay"] = None
    assert _error(doc) == (1, 1)


def test_unknown_keys_inside_games_and_tricks_are_errors() -> None:
    doc = _doc()
    doc["games"][1]["note"] = "x"
    assert _error(doc) == (2, None)
    doc = _doc()
    doc["games"][0]["tricks"][2]["who"] = 0
    assert _error(doc) == (1, 3)
    doc = _doc()
    doc["meta"] = {"anything": True}
    assert replay(doc)["complete"] is True


def test_card_syntax_is_exact_in_records() -> None:
    doc = _doc()
    lead = doc["games"][0]["tricks"][0]["lead"]
    doc["games"][0]["tricks"][0]["lead"] = lead.lower()
    assert _error(doc) == (1, 1)
    doc = _doc()
    doc["games"][0]["deal"][0][0] = " " + doc["games"][0]["deal"][0][0]
    assert _error(doc) == (1, None)


def test_names_rule() -> None:
    doc = _doc()
    doc["players"] = ["Ann", "\x1b[31mBob"]
    assert _error(doc) == (None, None)
    doc["players"] = ["Ann", "Ann"]
    assert replay(doc)["complete"] is True


def test_game_after_the_match_is_decided() -> None:
    doc = _doc()
    doc["games"].append(doc["games"][0])
    assert _error(doc) == (len(doc["games"]), None)


def test_trick_lacking_pay_while_another_follows_is_the_fault() -> None:
    doc = _doc()
    del doc["games"][0]["tricks"][1]["pay"]
    assert _error(doc) == (1, 2)
    doc = _doc()
    del doc["games"][0]["tricks"][1]["follow"]
    assert _error(doc) == (1, 2)


def test_unfinished_last_trick() -> None:
    state = MatchState(NAMES, seed=9)
    for step in random_steps(9, copies=False):
        state = step.state
        if (
            state.log[-1].tricks
            and state.log[-1].tricks[-1].follow is not None
            and state.log[-1].tricks[-1].pay is None
        ):
            break
    doc = to_record(state)
    trick = doc["games"][-1]["tricks"][-1]
    assert "pay" not in trick and "follow" in trick
    game = replay(doc)["games"][-1]
    assert game["over"] is False and sum(game["tricks"]) == len(doc["games"][-1]["tricks"])
    again = from_record(doc, seed=9)
    assert again == state
