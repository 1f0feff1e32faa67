"""The review (:mod:`monstertrick.review`) over every game and the toy game: a decision is
judged from its player's view only, the marks are stable over seeds, forced decisions
are not judged, an unfinished game is refused, and a kept review is checked before use."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from monstertrick.games import GAMES
from monstertrick.games.door import Door
from monstertrick.review import (
    KEPT,
    Game,
    ReviewCache,
    ReviewError,
    Settings,
    check_review,
    people,
    plan,
    review,
    review_decision,
)
from monstertrick.saves import SaveStore, read_save
from monstertrick.seating import Seat, Seating
from monstertrick.session import GameEnd, Handoff, Played, RoundOver, Session, Turn

SMALL = Settings(seed=1, playouts=12, luck_samples=2)
"""A review's settings small enough for the tests."""


def door_of(key: str) -> Door[Any, Any, Any, Any, Any]:
    return GAMES[key].load()


def finish(door: Door[Any, Any, Any, Any, Any], state: Any, seed: int) -> Any:
    """Play ``state`` to the end of the game, every seat by ``medium``."""
    door.play_to_end(state, [door.make_bot("medium")] * len(state.players), seed)
    return state


def finished_record(key: str, seed: int) -> dict[str, Any]:
    """A game of ``medium`` players, three at the table where the game allows (two see
    all of Monster Trick's cards)."""
    door = door_of(key)
    game = GAMES[key]
    names = [f"P{i}" for i in range(min(max(game.min_players, 3), game.max_players))]
    state = finish(door, door.new_state(names, seed, 0), seed)
    return door.to_record(state)


def unforced(game: Game, seat: int) -> list[Any]:
    return [
        d
        for d in plan(game, [seat])
        if len({game.same(d.view, a) for a in d.view.legal_actions}) > 1
    ]


# ---------------------------------------------------------------------- from the view


def other_world(key: str, doc: dict[str, Any], index: int, seed: int) -> dict[str, Any] | None:
    """A record that differs from ``doc`` only in what the player of decision ``index``
    could not see then: a world sampled from their view, continued with the record's
    actions while they are legal (then by ``medium``) to the end. None when the world
    sampled is the true one."""
    door = door_of(key)
    game = Game(doc)
    decision = game.decisions[index]
    world = door.sample_world(decision.view, random.Random(seed))
    if hasattr(world, "_sampled"):
        # Monster Taking will not write a sampled world's record, whose earlier games it
        # does not know; in its first game there are none.
        assert decision.chapter == 1
        world._sampled = False
    rest = [d.action for d in game.decisions[index:] if d.chapter == decision.chapter]
    for action in rest:
        if (
            door.round_over(world)
            or action not in door.view(world, world.current_player).legal_actions
        ):
            break
        world.push(action)
    world = door.from_record(door.to_record(world), seed=seed)  # later chapters dealt
    other: dict[str, Any] = door.to_record(finish(door, world, seed))
    cut = game.chapters_key
    if other[cut][: decision.chapter] == doc[cut][: decision.chapter]:
        return None
    return other


def test_a_decision_is_reviewed_from_what_its_player_knew(game_key: str) -> None:
    """Two records that differ only in what the player could not see at a decision (a
    world sampled from their view there) give the same review of that decision."""
    doc = finished_record(game_key, 3)
    game = Game(doc)
    compared = 0
    for decision in [d for d in unforced(game, 0) if d.chapter == 1][:5]:
        other = None
        for seed in range(10):
            other = other_world(game_key, doc, decision.index, seed)
            if other is not None:
                break
        if other is None:  # nothing hidden from the player yet (a first VP row)
            continue
        twin = Game(other)
        same = twin.decisions[decision.index]
        assert (same.seat, same.chapter, same.step) == (0, decision.chapter, decision.step)
        assert same.view == decision.view  # what the player saw is the same...
        assert review_decision(twin, same, SMALL) == review_decision(game, decision, SMALL)
        compared += 1
    assert compared >= 1


def test_a_game_played_at_one_keyboard_is_reviewed_as_it_was_played(
    game_key: str, tmp_path: Path
) -> None:
    """Each decision the review judges is the one made at the table, by its seat, from
    the view it had there, whether the record is the game just finished or read back
    from its save; a game resumed from its save rebuilds the same round log."""
    door = door_of(game_key)
    game = GAMES[game_key]
    n = min(max(game.min_players, 3), game.max_players)
    seats = tuple(Seat(f"P{p}", None) for p in range(n))
    session = Session.start(Seating(seats, 1 % n), 6, SaveStore(tmp_path), game=game_key)
    rng = random.Random(6)
    made: list[tuple[int, int, Any, Any]] = []
    while not isinstance(step := session.next_step(), GameEnd):
        if isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        elif isinstance(step, (Played, RoundOver)):
            state = session.state
            if door.round_number(state) == 2 and len(made) % 3 == 0 and not state.chapter_over():
                assert session.save_path is not None
                resumed = Session.resume(read_save(session.save_path))
                assert resumed.round_log() == session.round_log()
            session.done()
        else:
            assert isinstance(step, Turn)
            view = session.view(step.seat)
            action = rng.choice(list(view.legal_actions))
            made.append((door.round_number(session.state), step.seat, view, action))
            session.apply(step.seat, action)
    assert session.save_path is not None
    live = Game(session.finished_record())
    saved = Game(json.loads(session.save_path.read_text(encoding="utf-8")))
    for game in (live, saved):
        # Every decision the table was asked, in order; the others made by themselves
        # (nothing to choose: Monster Taking's payment from an empty hand).
        asked = iter(made)
        expected = next(asked, None)
        for d in game.decisions:
            if (d.chapter, d.seat, d.view, d.action) == expected:
                expected = next(asked, None)
            else:
                assert len(d.view.legal_actions) == 1, d
        assert expected is None
    for d in unforced(saved, 0)[-3:]:
        assert review_decision(saved, d, SMALL) == review_decision(
            live, live.decisions[d.index], SMALL
        )


def test_the_review_sees_the_view_not_the_deal(
    game_key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the search is given is the reviewed seat's own view, at its decision."""
    door = door_of(game_key)
    game = Game(finished_record(game_key, 4))
    given: list[tuple[Any, int]] = []

    def advice(view: Any, seat: int, *args: Any, **kwargs: Any) -> list[Any]:
        given.append((view, seat))
        return []

    monkeypatch.setattr(type(door), "review_advice", lambda self, *a, **k: advice(*a, **k))
    for d in unforced(game, 1)[:4]:
        review_decision(game, d, SMALL)
    assert given and all(view.viewer == seat == 1 for view, seat in given)


# ---------------------------------------------------------------------- trustworthy
#
# (Whether two seeds give the same mark at the review's own budget is measured over whole
# games by benchmarks/review.py, with its figures in benchmarks/README.md.)


def test_the_same_seed_gives_the_same_review(game_key: str) -> None:
    game = Game(finished_record(game_key, 5))
    first = review(game, [0], SMALL)
    again = review(Game(finished_record(game_key, 5)), [0], SMALL)
    assert first.to_json() == again.to_json()
    assert first.decisions and len(first.luck) == game.chapters


def test_forced_decisions_are_not_searched_nor_marked(
    game_key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    door = door_of(game_key)
    game = Game(finished_record(game_key, 6))
    forced = [d for d in plan(game, [0, 1]) if d not in unforced(game, d.seat)]
    if not forced:
        pytest.skip("no forced decision in this game")

    def refuse(*args: Any, **kwargs: Any) -> list[Any]:
        raise AssertionError("a forced decision was searched")

    monkeypatch.setattr(type(door), "review_advice", refuse)
    for d in forced:
        r = review_decision(game, d, SMALL)
        assert r.forced and r.options == () and r.mark == "" and r.verdict.kind == "forced"


def test_every_decision_of_the_seats_is_reviewed_with_the_choice_among_its_options(
    game_key: str,
) -> None:
    game = Game(finished_record(game_key, 7))
    result = review(game, [0], SMALL)
    assert [d.index for d in result.decisions] == [d.index for d in plan(game, [0])]
    for d, decision in zip(result.decisions, plan(game, [0])):
        assert d.chosen == str(decision.action)
        if d.options:
            chosen = decision.view.legal_actions[
                [str(a) for a in decision.view.legal_actions].index(d.options[d.choice].action)
            ]
            assert game.same(decision.view, chosen) == game.same(decision.view, decision.action)
            assert all(0 <= o.chance <= 1 for o in d.options)
    summary = result.summary(0)
    assert summary.decisions == len(result.decisions)
    assert len(summary.luck) == game.chapters


def test_an_unfinished_game_is_not_reviewed(game_key: str) -> None:
    door = door_of(game_key)
    names = [f"P{i}" for i in range(GAMES[game_key].min_players)]
    state = door.new_state(names, 1, 0)
    seat, _ = door.to_decide(state)
    door.apply(state, seat, door.view(state, seat).legal_actions[0])
    whole = "match" if game_key == "monster-taking" else "game"  # what is won
    with pytest.raises(ReviewError, match=f"^the {whole} is not finished: .* still secret"):
        Game(door.to_record(state))


def test_the_people_are_the_seats_without_a_bot() -> None:
    players = ["Ann", "Bob", "Cy"]
    meta = {
        "seats": [
            {"name": "Ann", "bot": None},
            {"name": "Bob", "bot": "hard"},
            {"name": "Cy", "bot": None},
        ]
    }
    assert people({"meta": meta}, players) == (0, 2)
    assert people({}, players) == (0, 1, 2)


# ---------------------------------------------------------------------- the cache


def test_a_kept_review_is_used_again(
    game_key: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game(finished_record(game_key, 8))
    cache = ReviewCache(tmp_path)
    first = review(game, [0], SMALL, cache=cache)
    assert cache.path(game.fingerprint, SMALL).is_file()

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("computed again")

    monkeypatch.setattr("monstertrick.review.compute.review_decision", refuse)
    monkeypatch.setattr("monstertrick.review.compute.chapter_luck", refuse)
    assert review(game, [0], SMALL, cache=cache).to_json() == first.to_json()


def damaged(raw: dict[str, Any]) -> list[dict[str, Any]]:
    """Copies of a kept review, each damaged in one way."""
    out = []
    d = json.loads(json.dumps(raw))
    d["record"] = "0" * 64
    out.append(d)
    for change in ("action", "chance", "visits", "noise"):
        d = json.loads(json.dumps(raw))
        option = next(x for x in d["decisions"] if x["options"])["options"][0]
        option[change] = {"action": "\x1b[31mboo", "chance": 1.5, "visits": "9", "noise": -1.0}[
            change
        ]
        out.append(d)
    d = json.loads(json.dumps(raw))
    d["decisions"][0]["chosen"] = "something else"
    out.append(d)
    d = json.loads(json.dumps(raw))
    del d["decisions"][-1]
    out.append(d)
    d = json.loads(json.dumps(raw))
    d["luck"][0]["chances"][0] = float("nan")
    out.append(d)
    return out


@pytest.mark.slow
def test_a_damaged_kept_review_is_computed_again(game_key: str, tmp_path: Path) -> None:
    game = Game(finished_record(game_key, 9))
    cache = ReviewCache(tmp_path)
    fresh = review(game, [0], SMALL, cache=cache).to_json()
    path = cache.path(game.fingerprint, SMALL)
    raw = json.loads(path.read_text())
    assert check_review(raw, game).to_json() == fresh
    for bad in damaged(raw):
        with pytest.raises(ReviewError):
            check_review(bad, game)
        path.write_text(json.dumps(bad))
        assert cache.load(game, SMALL) is None
    for text in ("", "{", "[]", "\x00" * 10):
        path.write_text(text)
        assert cache.load(game, SMALL) is None
    # Nothing loaded, the review is computed again from the start (once here: it is the
    # same computation whatever the damage was), and kept again.
    assert review(game, [0], SMALL, cache=cache).to_json() == fresh
    assert check_review(json.loads(path.read_text()), game).to_json() == fresh
    path.write_text(json.dumps(raw))
    assert cache.load(game, Settings(seed=2, playouts=12, luck_samples=2)) is None


@pytest.mark.slow
def test_a_review_kept_by_an_earlier_version_is_computed_again(
    game_key: str, tmp_path: Path
) -> None:
    """Version 1 judged Monster Trick's VP rows at the wrong seats from round 2 on:
    what it kept (no ``kept`` version in the file) is not used."""
    game = Game(finished_record(game_key, 11))
    cache = ReviewCache(tmp_path)
    fresh = review(game, [0], SMALL, cache=cache).to_json()
    path = cache.path(game.fingerprint, SMALL)
    raw = json.loads(path.read_text())
    assert raw["kept"] == KEPT and cache.load(game, SMALL) is not None
    for version in (None, 1, True, float(KEPT), str(KEPT)):
        old = {k: v for k, v in raw.items() if k != "kept"}
        if version is not None:
            old["kept"] = version
        path.write_text(json.dumps(old))
        assert cache.load(game, SMALL) is None and cache.kept(game) is None
    assert review(game, [0], SMALL, cache=cache).to_json() == fresh
    assert json.loads(path.read_text())["kept"] == KEPT


@pytest.mark.slow
def test_a_review_with_other_settings_keeps_the_default_one(game_key: str, tmp_path: Path) -> None:
    """``review --seed 2`` does not throw away the review the app keeps (the default
    one), nor the other way round; the default one is the one shown beside a game."""
    game = Game(finished_record(game_key, 12))
    cache = ReviewCache(tmp_path)
    small = review(game, [0], SMALL)
    default = replace(  # (the default review, cheaply)
        small,
        settings=Settings(),
        luck=[replace(luck, samples=Settings().luck_samples) for luck in small.luck],
    )
    cache.store(default)
    other = Settings(seed=2, playouts=12, luck_samples=2)
    review(game, [0], other, cache=cache)
    review(game, [0], SMALL, cache=cache)
    assert len(list(cache.folder.iterdir())) == 3
    kept = cache.load(game, Settings())
    assert kept is not None and kept.to_json() == default.to_json()
    for settings in (other, SMALL):
        found = cache.load(game, settings)
        assert found is not None and found.settings == settings
    found = cache.kept(game)
    assert found is not None and found.settings == Settings()
    cache.path(game.fingerprint).unlink()
    found = cache.kept(game)
    assert found is not None and found.settings in (other, SMALL)
    # A file renamed to another's settings is not taken for that review.
    cache.path(game.fingerprint, other).rename(cache.path(game.fingerprint))
    assert cache.load(game, Settings()) is None


def test_a_kept_review_grows_with_the_seats_asked(game_key: str, tmp_path: Path) -> None:
    game = Game(finished_record(game_key, 10))
    cache = ReviewCache(tmp_path)
    review(game, [0], SMALL, cache=cache)
    both = review(game, [1], SMALL, cache=cache)
    assert {d.seat for d in both.decisions} == {1}
    kept = cache.load(game, SMALL)
    assert kept is not None and kept.seats == (0, 1)


def test_monster_takings_review_gives_the_chance_to_win_the_match() -> None:
    from monstertrick.games.monster_taking import GAME, match_chance
    from monstertrick.search.assess import Advice

    assert match_chance(0, 0) == 0.5 and match_chance(1, 0) == 0.75
    assert match_chance(2, 1) == 1.0 and match_chance(1, 2) == 0.0
    state = GAME.new_state(["Ann", "Bob"], 3, 0)
    view = GAME.view(state, state.current_player)
    assert view.wins == (0, 0)
    options = [Advice("a", 0.8), Advice("b", 0.6, gap=0.2, noise=0.04)]
    best, other = GAME.game_chances(view, options)
    # At 0-0 a won game leaves the match at 3 in 4, a lost one at 1 in 4: half the scale.
    assert best.chance == pytest.approx(0.25 + 0.5 * 0.8)
    assert other.chance == pytest.approx(0.25 + 0.5 * 0.6)
    assert (other.gap, other.noise) == (pytest.approx(0.1), pytest.approx(0.02))
