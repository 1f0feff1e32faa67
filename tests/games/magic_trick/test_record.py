"""Magic Trick records: writing, reading strictly, replaying, describing."""

from __future__ import annotations

import copy
import io
import json
import random
import re
from typing import Any

import pytest

from monstertrick.cli import run_replay
from monstertrick.errors import RecordError
from monstertrick.games import find_game
from monstertrick.games.magic_trick import GAME, MagicTrickState, Phase, from_record, to_record
from monstertrick.games.magic_trick.engine.record import replay
from monstertrick.records import parse_json

from .helpers import NAMES, random_game


def _complete() -> dict[str, Any]:
    return to_record(random_game(21))


def _error(doc: Any) -> tuple[int | None, int | None]:
    with pytest.raises(RecordError) as info:
        from_record(doc)
    assert str(info.value)
    return info.value.round, info.value.move


def test_the_registry_knows_magic_trick() -> None:
    game = find_game("magic-trick")
    assert (game.title, game.min_players, game.max_players) == ("Magic Trick", 4, 4)
    assert game.load() is GAME


def test_a_record_has_the_documented_shape() -> None:
    doc = _complete()
    assert doc["format"] == "monstertrick-record/1" and doc["game"] == "magic-trick"
    assert doc["players"] == NAMES and doc["first_player"] == 21 % 4
    assert len(doc["hands"]) == 4
    for hand in doc["hands"]:
        assert set(hand) == {"deal", "turns"}
        assert len(hand["turns"]) == 52
        assert all(set(t) <= {"card", "sleeve"} for t in hand["turns"])
        # The automatic sleeve is not written.
        assert sum("sleeve" in t for t in hand["turns"]) <= 4


def test_replay_result_of_a_complete_game() -> None:
    game = random_game(21)
    result = GAME.replay(to_record(game))
    outcome = game.outcome()
    assert outcome is not None
    assert result["complete"] is True
    assert result["totals"] == list(outcome.scores)
    assert result["winners"] == list(outcome.winners)
    assert [h["scores"] for h in result["hands"]] == [list(r.scores) for r in game.results()]


def test_replay_of_an_unfinished_hand_has_null_scores_and_bids_so_far() -> None:
    game = random_game(5, stop_after=30)
    result = GAME.replay(to_record(game))
    assert result["complete"] is False and result["totals"] is None
    assert result["winners"] is None
    last = result["hands"][-1]
    assert last["scores"] is None and last["prestige"] is None
    assert last["bids"] == list(game.bids())


def test_the_automatic_sleeve_may_be_written_when_it_names_the_last_card() -> None:
    game = random_game(21, passing=True)
    doc = to_record(game)
    written = 0
    for h, hand in enumerate(doc["hands"]):
        log = game.past_hands()[h] if h < 3 else game.current_log()
        for turn, t in zip(hand["turns"], log.turns):
            if t.automatic:
                turn["sleeve"] = str(t.sleeve_card)
                written += 1
    assert written == 16
    assert from_record(doc) == from_record(to_record(game))


def test_a_wrong_automatic_sleeve_is_an_error_at_that_turn() -> None:
    game = random_game(21, passing=True)
    doc = to_record(game)
    turns = game.past_hands()[0].turns
    i = next(i for i, t in enumerate(turns) if t.automatic)
    other = next(
        str(c) for c in game.past_hands()[0].deal[turns[i].player] if c != turns[i].sleeve_card
    )
    doc["hands"][0]["turns"][i]["sleeve"] = other
    assert _error(doc) == (1, i + 1)


@pytest.mark.parametrize(
    "change, where",
    [
        (lambda d: d.update(format="monstertrick-record/2"), (None, None)),
        (lambda d: d.update(game="magic-tricks"), (None, None)),
        (lambda d: d.update(players=NAMES[:3]), (None, None)),
        (lambda d: d.update(players=["Ann", "B\x07b", "Cid", "Dee"]), (None, None)),
        (lambda d: d.update(first_player=True), (None, None)),
        (lambda d: d.update(first_player=None), (None, None)),
        (lambda d: d.update(first_player=4), (None, None)),
        (lambda d: d.update(hands=[]), (None, None)),
        (lambda d: d.update(hands={}), (None, None)),
        (lambda d: d["hands"].append(copy.deepcopy(d["hands"][0])), (None, None)),
        (lambda d: d["hands"][1].update(extra=1), (2, None)),
        (lambda d: d["hands"][1].pop("turns"), (2, None)),
        (lambda d: d["hands"][1].update(turns=None), (2, None)),
        (lambda d: d["hands"][1].update(deal=None), (2, None)),
        (lambda d: d["hands"][1]["deal"][0].reverse(), (2, None)),
        (lambda d: d["hands"][1]["deal"][0].__setitem__(0, "h0"), (2, None)),
        (lambda d: d["hands"][1]["deal"][0].__setitem__(0, " H0"), (2, None)),
        (lambda d: d["hands"][1]["turns"][3].update(note="x"), (2, 4)),
        (lambda d: d["hands"][1]["turns"][3].update(sleeve=None), (2, 4)),
        (lambda d: d["hands"][1]["turns"][3].update(card="S03"), (2, 4)),
        (lambda d: d["hands"][1]["turns"][3].update(card=None), (2, 4)),
        (lambda d: d["hands"][1]["turns"].__setitem__(3, "S3"), (2, 4)),
        (lambda d: d["hands"][1]["turns"].append({"card": "S3"}), (2, 53)),
        (lambda d: d["hands"][1].update(turns=d["hands"][1]["turns"][:10]), (3, None)),
    ],
)
def test_invalid_records_point_at_the_fault(change: Any, where: tuple[Any, Any]) -> None:
    doc = _complete()
    change(doc)
    assert _error(doc) == where


def test_unknown_top_level_keys_are_ignored() -> None:
    doc = _complete()
    doc["meta"] = {"seed": 21}
    doc["comment"] = None
    assert GAME.replay(doc) == GAME.replay(_complete())


def test_a_game_saved_at_a_sleeve_step_reads_back_at_that_step() -> None:
    rng = random.Random(2)
    game = MagicTrickState(NAMES, seed=2)
    while game.phase is not Phase.SLEEVE:
        game.apply(rng.choice(game.legal_actions()))
    doc = to_record(game)
    assert doc["pending"] == "sleeve"
    assert from_record(parse_json(GAME.record_text(game)), seed=2) == game
    # For readers that ignore the key, the unwritten sleeve is a pass.
    del doc["pending"]
    passed = from_record(doc)
    assert passed.phase is Phase.PLAY and passed.current_player != game.current_player


def test_describe_tells_bids_tricks_scores_and_the_winner() -> None:
    text = GAME.describe(_complete())
    assert text.count("hand ") >= 4 and "bid " in text and "totals:" in text
    assert re.search(r"(wins|share the victory) with", text)
    unfinished = GAME.describe(to_record(random_game(3, stop_after=9)))
    assert "unfinished" in unfinished and "not finished" in unfinished


def test_cli_replay_reads_magic_trick_records(tmp_path: Any) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_complete()))
    bad = tmp_path / "bad.json"
    doc = _complete()
    doc["hands"][0]["turns"][5]["card"] = "Q1"
    bad.write_text(json.dumps(doc))
    out, err = io.StringIO(), io.StringIO()
    status = run_replay([str(good), str(bad)], as_json=True, out=out, err=err)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 1
    assert lines[0] == replay(_complete()).to_json()
    assert lines[1]["error"]["round"] == 1 and lines[1]["error"]["move"] == 6
