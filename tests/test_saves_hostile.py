"""A save is data, all of it: a summary whose fingerprint was recomputed by hand is
checked like the rest of the file. A summary that fails is rebuilt from its record; a
record (or meta) that fails sends the file to damaged/ with the reason. Nothing of it
ever crashes a list or the command line, nor reaches them as terminal control."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import monstertrick.cli as cli
from monstertrick.cli import main
from monstertrick.games import GAMES
from monstertrick.saves import SUMMARY, SaveStore, read_save

from .hostile_saves import (
    CONTROL,
    GAME_KEYS,
    Change,
    edit,
    is_plain,
    rename_first_player,
    saved_game,
    seat_level,
    summary_field,
)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, bool], Path]:
    """One save per game, finished and not, made once and copied by each test."""
    store = SaveStore(tmp_path_factory.mktemp("pristine"))
    return {
        (key, finished): saved_game(key, finished=finished, store=store)
        for key in GAME_KEYS
        for finished in (False, True)
    }


def _copy(pristine: dict[tuple[str, bool], Path], key: str, finished: bool) -> SaveStore:
    store = SaveStore(Path(str(pristine[key, finished].parent.parent) + "-copy"))
    shutil.rmtree(store.root, ignore_errors=True)
    folder = store.history if finished else store.saves
    folder.mkdir(parents=True)
    shutil.copy(pristine[key, finished], folder / "game.json")
    return store


def _list(store: SaveStore) -> tuple[list[Any], list[Any]]:
    """What History, then Continue, list (the start screen lists both)."""
    finished, _ = store.finished()
    unfinished, damaged = store.unfinished()
    return unfinished + finished, damaged


def _worst_seat(doc: dict[str, Any]) -> Change:
    """The winners said to be the seat with the lowest total (not a winner)."""
    totals = doc["meta"][SUMMARY]["totals"] or [0, 1]
    return summary_field("winners", [totals.index(min(totals))])


def _players(doc: dict[str, Any]) -> int:
    return len(doc["players"])


LIES: dict[str, Any] = {
    "where holds terminal control": summary_field("where", "\x1b[31mround 1" + CONTROL),
    "where is not text": summary_field("where", 5),
    "where is a page long": summary_field("where", "round 1 " * 1000),
    "winners out of range": summary_field("winners", [99]),
    "winners negative": summary_field("winners", [-1]),
    "winners as text": summary_field("winners", ["0"]),
    "winners as true": summary_field("winners", [True]),
    "winners repeated": summary_field("winners", [0, 0]),
    "winners empty": summary_field("winners", []),
    "winners not a list": summary_field("winners", {"0": 1}),
    "a winner without the highest total": lambda doc: _worst_seat(doc)(doc),
    "totals as text": lambda doc: summary_field("totals", ["x"] * _players(doc))(doc),
    "totals huge": lambda doc: summary_field("totals", [10**300] * _players(doc))(doc),
    "totals negative": lambda doc: summary_field("totals", [-(10**6)] * _players(doc))(doc),
    "totals fractional": lambda doc: summary_field("totals", [1.5] * _players(doc))(doc),
    "totals short": lambda doc: summary_field("totals", [0])(doc),
    "over as text": summary_field("over", "yes"),
    "round as text": summary_field("round", "1"),
    "round huge": summary_field("round", 10**12),
    "round zero": summary_field("round", 0),
    "players not text": lambda doc: summary_field("players", list(range(_players(doc))))(doc),
    "hits made more than scored": lambda doc: summary_field("hits", [[5, 2]] * _players(doc))(doc),
    "hits as text": summary_field("hits", "[[0, 0]]"),
    "an unknown key": summary_field("note", "\x1b[2J"),
}
"""Summaries that say what their record does not (the record itself is sound)."""


@pytest.mark.parametrize("finished", [False, True], ids=["unfinished", "finished"])
@pytest.mark.parametrize("key", GAME_KEYS)
@pytest.mark.parametrize("lie", LIES.values(), ids=LIES.keys())
def test_a_summary_that_fails_its_check_is_rebuilt_from_the_record(
    pristine, key: str, finished: bool, lie: Change
) -> None:
    store = _copy(pristine, key, finished)
    path = (store.history if finished else store.saves) / "game.json"
    edit(path, lie)
    games, damaged = _list(store)
    truth = read_save(path).info
    assert damaged == [] and [g.info for g in games] == [truth]
    stored = json.loads(path.read_text())["meta"][SUMMARY]
    assert {k: v for k, v in stored.items() if k != "record"} == truth, "written back"


BAD_FILES: dict[str, tuple[Any, str]] = {
    "a name with OSC and CSI": (
        rename_first_player("\x1b]0;X\x07\x1b[2J"),
        "control or format characters (U+001B",
    ),
    "a name with an 8-bit CSI": (
        rename_first_player("Ann\x9b2J"),
        "control or format characters (U+009B",
    ),
    "a level that is a number": (seat_level(5), "level is a word like 'hard', not a number"),
    "a level that is a list": (seat_level(["hard"]), "not a list"),
    "a level that is an object": (seat_level({"hard": 1}), "not an object"),
    "a billion playouts": (seat_level("hard:1000000000"), "at most 100000 playouts"),
    "a day to think": (seat_level("hard:86400s"), "at most 10 seconds"),
    "a level with terminal control": (seat_level("hard:\x1b[2J"), "hard:N"),
    "hints beyond counting": (
        lambda doc: doc["meta"].__setitem__("hints", [10**400] * len(doc["players"])),
        '"hints"',
    ),
}
"""Files whose record or meta is unusable, whatever their summary says."""


@pytest.mark.parametrize("finished", [False, True], ids=["unfinished", "finished"])
@pytest.mark.parametrize("key", GAME_KEYS)
@pytest.mark.parametrize(("change", "words"), BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_file_that_fails_goes_to_damaged_with_its_reason(
    pristine, key: str, finished: bool, change: Change, words: str
) -> None:
    store = _copy(pristine, key, finished)
    edit((store.history if finished else store.saves) / "game.json", change)
    games, damaged = _list(store)
    assert games == []
    [bad] = damaged
    assert bad.path.parent == store.damaged and bad.path.exists()
    assert words in bad.reason and is_plain(bad.reason), bad.reason


@pytest.mark.parametrize("key", GAME_KEYS)
@pytest.mark.parametrize(
    ("change", "words"),
    [BAD_FILES["a name with OSC and CSI"], BAD_FILES["a level that is a number"]],
    ids=["control in a name", "a level that is a number"],
)
def test_resume_and_view_refuse_a_hostile_save_in_words(
    pristine, key: str, change: Change, words: str, capsys, monkeypatch
) -> None:
    store = _copy(pristine, key, False)
    path = store.saves / "game.json"
    edit(path, change)
    monkeypatch.setattr(cli, "run_app", lambda **_: 0)  # (it would be a failure to start)
    for command in (["resume", str(path)], ["view", "--reveal", str(path)]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert words in err and is_plain(err.replace("\n", " ")), err
    assert main(["replay", str(path), str(path)]) in (0, 1)
    out = capsys.readouterr()
    assert is_plain((out.out + out.err).replace("\n", " "))


@pytest.mark.parametrize("key", GAME_KEYS)
def test_resume_without_a_file_skips_a_hostile_save_and_says_why(
    pristine, key: str, capsys, monkeypatch
) -> None:
    monkeypatch.setattr(cli, "run_app", lambda **_: 0)  # (it would be a failure to start)
    store = _copy(pristine, key, False)
    monkeypatch.setenv("MONSTERTRICK_HOME", str(store.root))
    edit(store.saves / "game.json", seat_level(5))
    assert main(["resume"]) == 1
    err = capsys.readouterr().err
    assert "not a number" in err and "no unfinished games" in err


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_summary_a_game_writes_passes_the_check(pristine, key: str) -> None:
    """The check refuses no summary the game itself writes (else every list would
    replay it): at every decision of a game, and at its end."""
    from monstertrick.saves import fingerprint, summary_problem
    from monstertrick.seating import parse_seats
    from monstertrick.session import BotTurn, GameEnd, Session

    from .hostile_saves import TABLES

    rules = GAMES[key].load()
    for seed in (1, 2):
        session = Session.start(parse_seats(TABLES[key], game=key), seed, game=key)
        while True:
            doc = rules.to_record(session.state)
            info = {**rules.summary(session.state), "record": fingerprint(doc)}
            assert summary_problem(info, doc, key) is None, info
            step = session.next_step()
            if isinstance(step, GameEnd):
                break
            if isinstance(step, BotTurn):
                session.bot_decision(step.seat)
            else:
                session.done()


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)
FIELDS = ["players", "round", "where", "over", "winners", "totals", "hits", "note"]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    key=st.sampled_from(GAME_KEYS),
    finished=st.booleans(),
    changes=st.dictionaries(st.sampled_from(FIELDS), JSON, min_size=1, max_size=3),
)
def test_any_summary_lists_without_crashing_and_shows_only_checked_values(
    pristine, key: str, finished: bool, changes: dict[str, Any]
) -> None:
    from monstertrick.saves import summary_problem

    store = _copy(pristine, key, finished)
    path = (store.history if finished else store.saves) / "game.json"

    def change(doc: dict[str, Any]) -> None:
        doc["meta"][SUMMARY].update(changes)

    edit(path, change)
    games, damaged = _list(store)
    assert damaged == [] and len(games) == 1
    [listed] = games
    doc = json.loads(listed.path.read_text())
    stored = {**listed.info, "record": doc["meta"][SUMMARY]["record"]}
    assert summary_problem(stored, doc, key) is None
    assert is_plain(listed.summary())


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN"])
def test_a_summary_holding_a_number_json_has_not_is_set_aside_with_its_reason(
    pristine, number: str
) -> None:
    """JSON has no Infinity or NaN (Python's json writes them, a hand-edited file may
    hold them): a save that does is damaged, set aside with a reason, never listed."""
    store = _copy(pristine, "monster-trick", False)
    path = store.saves / "game.json"
    text = path.read_text()
    path.write_text(text.replace('"round": ', f'"round": {number}, "was": ', 1))
    games, damaged = _list(store)
    assert games == []
    [(where, why)] = [(d.path, d.reason) for d in damaged]
    assert number.lstrip("-") in why and is_plain(why)


def _says_over(doc: dict[str, Any]) -> None:
    """A plausible lie: the game is over, the first player won on a tie."""
    summary = doc["meta"][SUMMARY]
    summary.update(over=True, winners=[0], totals=[1] * len(doc["players"]))


def _says_not_over(doc: dict[str, Any]) -> None:
    doc["meta"][SUMMARY].update(over=False, winners=None, totals=None, where="round 2")


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_game_said_to_be_over_is_found_out_when_opened_and_goes_back(pristine, key) -> None:
    """A summary can pass its check and still lie about whether the game is over: the
    lists go by it, but opening the game replays it, which rebuilds the summary, so
    the game is back where it belongs at the next list, never lost in the history."""
    store = _copy(pristine, key, False)
    edit(store.saves / "game.json", _says_over)
    [listed], _ = store.finished()
    assert listed.finished and listed.path.parent == store.history
    opened = store.open(listed)
    assert not opened.finished
    [back], damaged = store.unfinished()
    assert damaged == [] and back.path.parent == store.saves and back.info == opened.info
    assert store.finished() == ([], [])


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_game_said_not_to_be_over_is_found_out_when_resumed(
    pristine, key, capsys, monkeypatch
) -> None:
    import monstertrick.cli

    monkeypatch.setattr(monstertrick.cli, "run_app", lambda **_: 0)  # resumed: a failure
    monkeypatch.setenv("MONSTERTRICK_HOME", str(_copy(pristine, key, True).root))
    store = SaveStore()
    edit(store.history / "game.json", _says_not_over)
    assert store.finished() == ([], [])  # (it moves to the saves)
    [listed], _ = store.unfinished()
    assert not listed.finished
    assert main(["resume"]) == 1
    assert "is a finished game" in capsys.readouterr().err
    assert store.unfinished() == ([], [])
    [finished], _ = store.finished()
    assert finished.finished and finished.info == read_save(finished.path).info
