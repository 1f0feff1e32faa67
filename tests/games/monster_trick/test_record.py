"""Game records: writing, reading, and each kind of invalid record."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from monstertrick.games.monster_trick import GAME
from monstertrick.games.monster_trick.engine import Arrange, GameState, Phase, RecordError
from monstertrick.games.monster_trick.engine.determinize import determinize
from monstertrick.games.monster_trick.engine.record import (
    FORMAT,
    from_record,
    parse_json,
    replay,
    result_of,
    to_record,
)

from .helpers import NAMES, random_step

SHARED = Path(__file__).resolve().parents[4] / "shared"
"""``../shared`` beside the repository: the conformance cases and their checker."""
CONFORMANCE = SHARED / "conformance"
CHECKER = SHARED / "tools" / "conformance"


def played_game(n: int = 3, seed: int = 5, stop: int | None = None) -> GameState:
    """A game played with seeded random moves, stopped after ``stop`` steps if given."""
    rng = random.Random(seed)
    game = GameState(NAMES[:n], seed=seed, first_player=1 % n)
    steps = 0
    while game.phase is not Phase.GAME_OVER:
        random_step(game, rng)
        steps += 1
        if stop is not None and steps >= stop:
            break
    return game


@pytest.fixture
def record() -> dict:
    return to_record(played_game())


def error_of(doc: object) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(doc)
    return info.value


def test_record_of_a_finished_game_has_the_documented_shape(record: dict) -> None:
    assert record["format"] == FORMAT
    assert record["players"] == ["Ann", "Bob", "Cid"]
    assert record["first_player"] == 1
    assert len(record["rounds"]) == 3
    r = record["rounds"][0]
    assert set(r) == {"hands", "arrangements", "moves"}
    assert all(len(h) == 12 for h in r["hands"]) and len(r["moves"]) == 36
    assert r["moves"][0].keys() == {"card", "slot"}


def test_replay_gives_tricks_scores_totals_and_winners(record: dict) -> None:
    game = played_game()
    result = replay(record).to_json()
    assert result["complete"] is True
    assert [r["tricks"] for r in result["rounds"]] == [list(t) for t, _ in game.round_results()]
    assert result["totals"] == list(game.outcome().totals)  # type: ignore[union-attr]
    assert result["winners"] == list(game.outcome().winners)  # type: ignore[union-attr]


def test_unfinished_records_are_valid_and_report_progress() -> None:
    for stop in (1, 2, 5, 40, 41, 80, 115):
        game = played_game(stop=stop)
        result = replay(json.loads(json.dumps(to_record(game)))).to_json()
        assert result["complete"] is False
        assert result["totals"] is None and result["winners"] is None
        assert result == result_of(game).to_json()


def test_record_while_arranging_holds_null_for_who_has_not_arranged() -> None:
    game = GameState(NAMES[:3], seed=2)
    game.arrange(1, (2, 1, 3))
    doc = to_record(game)
    assert doc["rounds"][0]["arrangements"] == [None, [2, 1, 3], None]
    again = from_record(doc, seed=2)
    assert again.phase is Phase.ARRANGING and again.arrangement(1) == (2, 1, 3)


def undo_round(game: GameState) -> list[tuple[int | None, object]]:
    """Pop every decision of the round: each with the seat to decide after it."""
    undone = []
    while game.decisions:
        action = game.pop()
        undone.append((game.current_player, action))
    return undone


def test_a_game_read_from_its_record_is_laid_out_as_play_lays_it_out() -> None:
    """Round 2 of a 3-player game starts at seat 1; its VP rows differ per seat. Read
    back, every row undone is the one its seat laid out, seat 1's last, and laid out
    again from there the record is the same."""
    game = GameState(NAMES[:3], seed=8)
    rng = random.Random(8)
    while game.phase is not Phase.ROUND_OVER:
        random_step(game, rng)
    game.next_chapter()
    rows = {1: (2, 6, 4), 2: (6, 4, 2), 0: (4, 2, 6)}
    for seat in (1, 2, 0):
        assert game.current_player == seat
        game.apply(Arrange.of(rows[seat]))
    for _ in range(5):
        random_step(game, rng)
    doc = to_record(game)
    assert doc["rounds"][1]["arrangements"] == [[4, 2, 6], [2, 6, 4], [6, 4, 2]]
    read = from_record(doc, seed=8)
    undone = undo_round(read)
    assert undone[-3:] == [
        (0, Arrange.of(rows[0])),
        (2, Arrange.of(rows[2])),
        (1, Arrange.of(rows[1])),
    ]
    for _, action in reversed(undone):
        read.push(action)  # type: ignore[arg-type]
    assert to_record(read) == doc


def test_a_record_with_only_some_vp_rows_asks_those_seats_first_when_undone() -> None:
    """A record may stop while the rows are laid out in any order (the rules lay them at
    the same time): undone, each row goes back to its seat, which decides again."""
    game = GameState(NAMES[:5], seed=4)
    game.arrange(3, (2, 1, 3))
    game.arrange(1, (1, 2, 3))
    doc = to_record(game)
    read = from_record(doc, seed=4)
    assert read.current_player == 0  # the others are asked clockwise from the starter
    assert undo_round(read) == [(3, Arrange.of((2, 1, 3))), (1, Arrange.of((1, 2, 3)))]
    read.push(Arrange.of((1, 2, 3)))
    assert read.current_player == 3
    read.push(Arrange.of((2, 1, 3)))
    assert to_record(read) == doc and read.current_player == 0
    assert [read.view(p) for p in range(5)] == [from_record(doc).view(p) for p in range(5)]
    # A world sampled from the view of the seat a row went back to is asked the same.
    read.pop()
    view = read.view(3)
    assert view.current_player == 3
    assert determinize(view, random.Random(1)).view(3) == view


def test_dumps_and_loads_round_trip_and_meta_is_kept_and_ignored() -> None:
    game = played_game(stop=60)
    text = GAME.record_text(game, meta={"seed": 5, "bots": []})
    assert json.loads(text)["meta"] == {"seed": 5, "bots": []}
    assert to_record(from_record(parse_json(text), seed=5)) == to_record(game)


def test_a_resumed_record_deals_later_rounds_from_the_seed() -> None:
    game = played_game(stop=40)  # mid round 1
    again = from_record(parse_json(GAME.record_text(game)), seed=5)
    for g in (game, again):
        r = random.Random(99)
        while g.phase is not Phase.GAME_OVER:
            random_step(g, r)
    assert to_record(game) == to_record(again)


# ----------------------------------------------------------------- invalid records


@pytest.mark.parametrize(
    ("text", "words"),
    [("", "empty"), ("{", "not valid JSON"), (b"\xff\xfe", "not UTF-8"), ("[" * 100000, "JSON")],
)
def test_text_that_is_not_json_is_refused(text: str | bytes, words: str) -> None:
    with pytest.raises(RecordError, match=words) as info:
        parse_json(text)
    assert info.value.round is None and info.value.move is None


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="monstertrick-record/2"), "unknown record format"),
        (lambda d: d.pop("format"), 'no "format"'),
        (lambda d: d.update(players=["Ann"]), "2 to 5"),
        (lambda d: d.update(players=["Ann", "", "Cid"]), "cannot be empty"),
        (lambda d: d.update(players="Ann,Bob"), "2 to 5"),
        (lambda d: d.update(first_player=3), "first_player"),
        (lambda d: d.update(first_player=True), "first_player"),
        (lambda d: d.update(rounds=[]), "1 to 3 rounds"),
        (lambda d: d["rounds"].append(d["rounds"][0]), "1 to 3 rounds"),
    ],
)
def test_bad_header_names_no_round(record: dict, change, words: str) -> None:
    change(record)
    err = error_of(record)
    assert words in str(err)
    assert (err.round, err.move) == (None, None)


def test_non_object_record_is_refused() -> None:
    assert "JSON object" in str(error_of([1, 2]))


def test_a_deal_that_is_not_the_deck_names_the_round(record: dict) -> None:
    hands = record["rounds"][1]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[1][0]  # one card twice, one missing
    err = error_of(record)
    assert (err.round, err.move) == (2, None)
    assert "dealt twice" in str(err) and "missing" in str(err)


@pytest.mark.parametrize("bad", ["G10", "Q1", 7, None])
def test_a_card_that_does_not_exist_in_a_hand_names_the_round(record: dict, bad) -> None:
    record["rounds"][2]["hands"][1][3] = bad
    err = error_of(record)
    assert (err.round, err.move) == (3, None)


@pytest.mark.parametrize(
    "spell", [str.lower, lambda c: " " + c, lambda c: c + " ", lambda c: c[0] + "0" + c[1:]]
)
def test_a_card_is_written_exactly_in_hands_and_moves(record: dict, spell) -> None:
    hand = record["rounds"][2]["hands"][1]
    hand[3] = spell(hand[3])
    err = error_of(record)
    assert (err.round, err.move) == (3, None) and "is not a card" in str(err)
    del record["rounds"][2]
    move = record["rounds"][1]["moves"][4]
    move["card"] = spell(move["card"])
    err = error_of(record)
    assert (err.round, err.move) == (2, 5) and "is not a card" in str(err)


def test_a_hand_of_the_wrong_size_names_the_round(record: dict) -> None:
    record["rounds"][0]["hands"][2].pop()
    err = error_of(record)
    assert (err.round, err.move) == (1, None)
    assert "11 cards" in str(err)


@pytest.mark.parametrize("row", [[2, 4, 4], [2, 4], [1, 2, 3], [2, 4, 6, 6], "246", [2.0, 4, 6]])
def test_an_arrangement_that_is_not_a_permutation_names_the_round(record: dict, row) -> None:
    record["rounds"][1]["arrangements"][2] = row
    err = error_of(record)
    assert (err.round, err.move) == (2, None)
    assert "2, 4 and 6" in str(err)


def test_a_missing_arrangement_is_only_allowed_before_the_last_rounds_first_card(
    record: dict,
) -> None:
    record["rounds"][1]["arrangements"][0] = None
    err = error_of(record)
    assert (err.round, err.move) == (2, None) and "has not arranged" in str(err)
    doc = to_record(played_game(stop=45))  # round 2 has a card played
    doc["rounds"][-1]["arrangements"][1] = None
    err = error_of(doc)
    assert (err.round, err.move) == (2, None)


def test_a_card_not_in_the_players_hand_names_round_and_move(record: dict) -> None:
    moves = record["rounds"][0]["moves"]
    hands = record["rounds"][0]["hands"]
    # move 1 is played by seat 1 (first_player); give it a card of seat 2
    moves[0] = {"card": hands[2][0], "slot": 0}
    err = error_of(record)
    assert (err.round, err.move) == (1, 1)
    assert "is not in Bob's hand" in str(err)


def test_a_card_played_twice_names_round_and_move(record: dict) -> None:
    moves = record["rounds"][2]["moves"]
    moves[3] = dict(moves[0])
    err = error_of(record)
    assert (err.round, err.move) == (3, 4)


def test_an_illegal_slot_names_round_and_move_and_says_why() -> None:
    game = played_game(stop=3 + 5)  # three arrangements, then five cards of round 1
    doc = to_record(game)
    # find a later move of round 1 that could be replaced by an illegal one
    g = from_record(doc, seed=5)
    hand = g.hand(g.current_player)
    for card in hand:
        illegal = [s for s in range(4) if s not in g.legal_slots(card)]
        if illegal:
            doc["rounds"][0]["moves"].append({"card": str(card), "slot": illegal[0]})
            break
    else:
        pytest.skip("no illegal slot in this position")
    err = error_of(doc)
    assert (err.round, err.move) == (1, 6)
    assert "off-colour" in str(err)


@pytest.mark.parametrize("slot", [4, -1, "1", 1.0, None, True])
def test_a_slot_that_does_not_exist_names_round_and_move(record: dict, slot) -> None:
    record["rounds"][1]["moves"][9]["slot"] = slot
    err = error_of(record)
    assert (err.round, err.move) == (2, 10)


@pytest.mark.parametrize(
    "raw", [["G1", 0], {"card": "G1"}, {"card": "G1", "slot": 0, "x": 1}, "G1"]
)
def test_a_malformed_move_names_round_and_move(record: dict, raw) -> None:
    record["rounds"][0]["moves"][4] = raw
    err = error_of(record)
    assert (err.round, err.move) == (1, 5)


def test_more_moves_than_the_round_has_names_the_first_extra_move(record: dict) -> None:
    record["rounds"][0]["moves"].append({"card": "G1", "slot": 0})
    err = error_of(record)
    assert (err.round, err.move) == (1, 37)


def test_only_the_last_round_may_be_unfinished(record: dict) -> None:
    record["rounds"][0]["moves"].pop()
    err = error_of(record)
    assert (err.round, err.move) == (1, None)
    assert "unfinished" in str(err)


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.pop("moves"),
        lambda r: r.update(extra=1),
        lambda r: r.update(moves={}),
        lambda r: r.update(hands="x"),
        lambda r: r.update(arrangements=None),
    ],
)
def test_a_malformed_round_names_the_round(record: dict, change) -> None:
    change(record["rounds"][1])
    err = error_of(record)
    assert (err.round, err.move) == (2, None)


def test_unknown_top_level_keys_are_ignored(record: dict) -> None:
    record["meta"] = {"anything": [1, 2]}
    record["comment"] = "hello"
    assert replay(record).complete


def test_error_message_names_round_and_move(record: dict) -> None:
    moves = record["rounds"][1]["moves"]
    moves[6] = dict(moves[2])
    assert str(error_of(copy.deepcopy(record))).startswith("round 2, move 7: ")


@pytest.mark.skipif(
    not CHECKER.is_file(), reason="../shared/tools/conformance is not beside the repo"
)
def test_conformance_checker_passes_on_the_command_line() -> None:
    """The shared checker, run on ``monstertrick replay --json`` as a player would."""
    import subprocess
    import sys

    cmd = f"{sys.executable} -m monstertrick replay --json"
    proc = subprocess.run(
        [sys.executable, str(CHECKER), str(CONFORMANCE), "--cmd", cmd],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.rstrip().endswith(" passed, 0 failed"), proc.stdout


# ----------------------------------------------------------------- fuzzing

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 70) | st.sampled_from(["G7", "B1", "Y15", "", "x"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["card", "slot", "a"]), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(doc, prefix=()):
    yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, prefix + (i,))


_BASE = to_record(played_game(n=2, seed=3, stop=40))
_BASE_PATHS = list(_paths(_BASE))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, len(_BASE_PATHS) - 1), json_values), min_size=1, max_size=3)
)
def test_a_damaged_record_gives_a_record_error_never_a_crash(changes) -> None:
    doc = copy.deepcopy(_BASE)
    for index, value in changes:
        path = _BASE_PATHS[index]
        target = doc
        try:
            for key in path[:-1]:
                target = target[key]
            if path:
                target[path[-1]] = value
            else:
                doc = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        replay(doc)
    except RecordError as exc:
        assert str(exc)
        assert exc.round is None or 1 <= exc.round <= 3
        assert exc.move is None or exc.move >= 1


HOSTILE = "\x1b]0;TITLE\x07\x1b[2J" + "x" * 5000 + "\ud800"


def _damage_key(doc: dict) -> None:
    doc["rounds"][0][HOSTILE] = 1


def _damage_row(doc: dict) -> None:
    doc["rounds"][1]["arrangements"][0] = [HOSTILE] * 3


def _damage_slot(doc: dict) -> None:
    doc["rounds"][0]["moves"][2]["slot"] = HOSTILE


def _damage_card(doc: dict) -> None:
    doc["rounds"][0]["moves"][2]["card"] = HOSTILE


def _damage_hand_card(doc: dict) -> None:
    doc["rounds"][0]["hands"][0][0] = [HOSTILE]


def _damage_game(doc: dict) -> None:
    doc["game"] = HOSTILE


def _damage_move(doc: dict) -> None:
    doc["rounds"][0]["moves"][2] = {"card": HOSTILE}


@pytest.mark.parametrize(
    "damage",
    [
        _damage_key,
        _damage_row,
        _damage_slot,
        _damage_card,
        _damage_hand_card,
        _damage_game,
        _damage_move,
    ],
)
def test_error_messages_quote_what_the_file_holds_escaped_and_short(record: dict, damage) -> None:
    damage(record)
    with pytest.raises(RecordError) as info:
        from_record(record)
    message = str(info.value)
    assert len(message) < 300, message
    assert "\x1b" not in message and "\x07" not in message and "\ud800" not in message
