"""Saved games of every registered game: written and read through the game's door, listed
from the summaries kept in the saves (no replay), replayed when opened."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from monstertrick.errors import RecordError
from monstertrick.games import GAMES
from monstertrick.games.magic_trick import MagicTrickState
from monstertrick.saves import SUMMARY, SaveMeta, SaveStore, atomic_write, read_save
from monstertrick.seating import Seat, Seating
from monstertrick.session import BotTurn, GameEnd, Session

from .games.monster_trick.test_record import played_game


def seating(levels: tuple[str, ...]) -> Seating:
    return Seating(tuple(Seat(f"P{i}", lvl) for i, lvl in enumerate(levels)), 1)


def step(session: Session) -> bool:
    """One step of an all-bot game; False at its end. True after a decision."""
    s = session.next_step()
    if isinstance(s, GameEnd):
        return False
    if isinstance(s, BotTurn):
        session.bot_decision(s.seat)
        return True
    session.done()
    return False if isinstance(session.next_step(), GameEnd) else step(session)


def decisions(session: Session, limit: int | None = None) -> int:
    n = 0
    while (limit is None or n < limit) and step(session):
        n += 1
    return n


SESSION_GAMES = [
    pytest.param("monster-trick", ("easy", "easy", "easy"), id="monster-trick"),
    pytest.param("monster-taking", ("easy", "easy"), id="monster-taking"),
    pytest.param("magic-trick", ("easy", "easy", "medium", "medium"), id="magic-trick"),
]


@pytest.mark.parametrize(("game", "levels"), SESSION_GAMES)
def test_a_resumed_all_bot_game_deals_and_plays_on_as_an_uninterrupted_one(
    tmp_path: Path, game: str, levels: tuple[str, ...]
) -> None:
    rules = GAMES[game].load()
    straight = Session.start(seating(levels), seed=11, game=game)
    total = decisions(straight)
    store = SaveStore(tmp_path)
    first = Session.start(seating(levels), seed=11, store=store, game=game)
    decisions(first, total // 2)
    assert first.save_path is not None
    doc = json.loads(first.save_path.read_text())
    assert doc["game"] == game
    store.unlock(first.save_path)  # the first window is closed
    saved = read_save(first.save_path)
    assert saved.game_key == game
    resumed = Session.resume(saved, store)
    assert resumed.game_key == game
    decisions(resumed)
    assert rules.is_over(resumed.state)
    assert rules.to_record(resumed.state) == rules.to_record(straight.state)
    finished, damaged = store.finished()
    assert damaged == [] and [g.game_key for g in finished] == [game]


def _magic_play(state: MagicTrickState, rng: random.Random, limit: int | None = None) -> int:
    n = 0
    while not state.is_over() and (limit is None or n < limit):
        if state.phase.value == "hand over":
            state.next_chapter()
        else:
            state.apply(rng.choice(state.legal_actions()))
        n += 1
    return n


def test_a_saved_magic_trick_game_deals_its_later_hands_as_an_uninterrupted_one(
    tmp_path: Path,
) -> None:
    names = ["Ann", "Bob", "Cid", "Dee"]
    straight = MagicTrickState(names, seed=3)
    total = _magic_play(straight, random.Random(9))
    store = SaveStore(tmp_path)
    half = MagicTrickState(names, seed=3)
    rng = random.Random(9)
    _magic_play(half, rng, total // 2)
    assert half.chapter < 4, "the save holds fewer hands than the game deals"
    meta = SaveMeta(seats=[{"name": n, "bot": None} for n in names], seed=3)
    path = store.save(store.new_path(), half, meta)
    store.unlock(path)
    saved = read_save(path)
    assert saved.game_key == "magic-trick"
    _magic_play(saved.game, rng)
    rules = GAMES["magic-trick"].load()
    assert rules.to_record(saved.game) == rules.to_record(straight)
    [listed], _ = store.unfinished()
    assert listed.info["players"] == names and not listed.finished


def test_every_record_written_carries_its_game_key() -> None:
    doc = GAMES["monster-trick"].load().to_record(played_game(stop=10))
    assert doc["game"] == "monster-trick"


def _old_save(store: SaveStore, name: str, stop: int = 40) -> Path:
    """A save as an older version wrote it: no ``game`` key, no summary."""
    game = played_game(stop=stop)
    doc = GAMES["monster-trick"].load().to_record(game)
    del doc["game"]
    doc["meta"] = SaveMeta(seats=[{"name": n, "bot": None} for n in game.players], seed=5).to_json()
    path = store.saves / name
    atomic_write(path, json.dumps(doc))
    return path


def test_an_old_save_without_the_game_key_loads_as_monster_trick(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    path = _old_save(store, "old.json")
    saved = read_save(path)
    assert saved.game_key == "monster-trick"
    [listed], damaged = store.unfinished()
    assert damaged == [] and listed.path == path and "round" in listed.summary()
    doc = json.loads(path.read_text())
    assert "game" not in doc, "the record itself is left as it was"
    assert doc["meta"][SUMMARY]["players"] == doc["players"], "its summary was added, once"


def _refuse_replay(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    calls: list[Any] = []

    def refuse(doc: Any, seed: Any = None) -> Any:
        calls.append(doc)
        raise RecordError("replayed (the lists must not replay)")

    for entry in GAMES.values():
        monkeypatch.setattr(entry.load(), "from_record", refuse)
    return calls


def _saved_sessions(store: SaveStore, count: int, *, finish: int = 0) -> list[Session]:
    sessions = []
    for i in range(count):
        s = Session.start(seating(("easy", "easy")), seed=i, store=store)
        decisions(s, None if i < finish else 10)
        assert s.save_path is not None
        sessions.append(s)
    return sessions


def test_listing_saves_reads_their_summaries_and_replays_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SaveStore(tmp_path)
    _saved_sessions(store, 5, finish=2)
    calls = _refuse_replay(monkeypatch)
    games, damaged = store.unfinished()
    finished, _ = store.finished()
    assert damaged == [] and len(games) == 3 and len(finished) == 2
    assert all("P0, P1 — round" in g.summary() for g in games)
    assert all(g.finished and g.info["winners"] for g in finished)
    assert calls == []


def test_a_save_whose_record_changed_behind_its_summary_is_replayed_and_damaged(
    tmp_path: Path,
) -> None:
    store = SaveStore(tmp_path)
    [session] = _saved_sessions(store, 1)
    assert session.save_path is not None
    store.unlock(session.save_path)
    doc = json.loads(session.save_path.read_text())
    moves = doc["rounds"][0]["moves"]
    moves[0], moves[1] = moves[1], moves[0]
    atomic_write(session.save_path, json.dumps(doc))
    games, damaged = store.unfinished()
    assert games == [] and len(damaged) == 1 and "round 1, move" in damaged[0].reason


def test_a_listed_save_that_cannot_be_replayed_is_damaged_when_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SaveStore(tmp_path)
    [session] = _saved_sessions(store, 1)
    assert session.save_path is not None
    store.unlock(session.save_path)
    calls = _refuse_replay(monkeypatch)
    [listed], _ = store.unfinished()
    assert calls == []
    with pytest.raises(RecordError, match="damaged"):
        store.open(listed)
    assert not session.save_path.exists()
    games, damaged = store.unfinished()
    assert games == [] and [d.path.parent for d in damaged] == [store.damaged]
