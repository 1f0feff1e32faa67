"""The arena's yardsticks, ``ismcts`` and ``pimc``, in every registered game: each finds
a forced win, searches from worlds that give back its view, is reproducible with a fixed
number of playouts, stops on its time or when asked, and searches the moves the rules
make identical once."""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from monstertrick.games import GAMES
from monstertrick.levels import Level
from monstertrick.search import core
from monstertrick.search.pimc import solve
from monstertrick.yardsticks import WORDS, Kit, Yardstick

KEYS = list(GAMES)
#: The chapter whose end is the game's outcome (Monster Taking: every game of a match).
LAST = {"monster-trick": 3, "magic-trick": 4, "monster-taking": 1}


def kit_of(key: str) -> Kit[Any, Any, Any]:
    kit: Kit[Any, Any, Any] = importlib.import_module(f"{GAMES[key].package}.bots.yardsticks").KIT
    return kit


def positions(key: str, seed: int) -> Iterator[Any]:
    """The states before every decision of a game of random legal actions (smallest
    table), from its last chapter on."""
    door = GAMES[key].load()
    names = [f"P{i}" for i in range(GAMES[key].min_players)]
    state = door.new_state(names, seed, 0)
    rng = random.Random(seed)
    while not state.is_over():
        if state.chapter_over():
            state.next_chapter()
            continue
        if state.chapter >= LAST[key]:
            yield state
        state.apply(rng.choice(list(state.legal_actions())))


def wins_by_force(game: Any, world: Any, me: int) -> bool:
    """``me`` wins the game (all of it) in ``world`` whatever the others do."""
    if game.round_over(world):
        return bool(game.rewards(world)[me] == 1.0)
    after = []
    for action in game.actions(world):
        child = world.clone()
        game.apply(child, action)
        after.append(wins_by_force(game, child, me))
    return any(after) if game.to_move(world) == me else all(after)


def loses(game: Any, world: Any, action: Any, me: int) -> bool:
    """After ``action`` in ``world``, ``me`` does not win when every seat plays the best
    for itself (max^n, as ``pimc`` solves)."""
    game.apply(world := world.clone(), action)
    rewards = solve(game, world, type(world).clone)
    assert rewards is not None
    return bool(rewards[me] < 1.0)


@functools.cache
def forced_win(key: str) -> tuple[Any, frozenset[Any]]:
    """A view near the end of the game where some actions win by force in every one of
    40 sampled worlds and the others do not even when every seat plays for itself, and
    those winning actions."""
    kit = kit_of(key)
    for seed in range(200):
        for state in positions(key, seed):
            if not kit.small(state):
                continue
            me = state.current_player
            view = state.view(me)
            actions = kit.actions(view)
            game = kit.search(view, random.Random(0))
            worlds = [game.sample(random.Random(i)) for i in range(40)]
            winning = set()
            for action in actions:
                after = []
                for world in worlds:
                    game.apply(world := world.clone(), action)
                    after.append(wins_by_force(game, world, me))
                if all(after):
                    winning.add(action)
            others = [action for action in actions if action not in winning]
            if (
                winning
                and others
                and all(any(loses(game, w, action, me) for w in worlds) for action in others)
            ):
                return view, frozenset(winning)
    raise AssertionError(f"no forced win found in {key}")


@functools.cache
def midgame(key: str) -> Any:
    """A view of the first chapter with a few actions to choose from."""
    door = GAMES[key].load()
    names = [f"P{i}" for i in range(GAMES[key].max_players)]
    state = door.new_state(names, 5, 0)
    rng = random.Random(5)
    for _ in range(9):
        state.apply(rng.choice(list(state.legal_actions())))
    while len(kit_of(key).actions(state.view(state.current_player))) < 3:
        state.apply(rng.choice(list(state.legal_actions())))
    return state.view(state.current_player)


@pytest.mark.parametrize("word", WORDS)
@pytest.mark.parametrize("key", KEYS)
@pytest.mark.slow
def test_each_yardstick_finds_a_forced_win(key: str, word: str) -> None:
    view, winning = forced_win(key)
    bot = GAMES[key].load().make_bot(f"{word}:{2000 if word == 'ismcts' else 200}")
    for seed in range(3):
        assert bot.choose(view, random.Random(seed)) in winning
    options = bot.analyse(view, random.Random(0))
    assert options[0].action in winning
    assert options[0].value > max(o.value for o in options if o.action not in winning)


@pytest.mark.parametrize("word", WORDS)
@pytest.mark.parametrize("key", KEYS)
def test_the_same_seed_and_playouts_give_the_same_choice(key: str, word: str) -> None:
    view = midgame(key)
    bot = GAMES[key].load().make_bot(f"{word}:60")
    assert isinstance(bot, Yardstick) and bot.name == f"{word}:60"
    first = bot.analyse(view, random.Random(1))
    assert sum(o.visits for o in first) == 60
    assert bot.analyse(view, random.Random(1)) == first
    assert {o.action for o in first} <= set(view.legal_actions)
    assert len({bot.choose(view, random.Random(2)) for _ in range(3)}) == 1


@pytest.mark.parametrize("word", WORDS)
@pytest.mark.parametrize("key", KEYS)
def test_a_time_budget_stops_and_so_does_a_stop_request(
    key: str, word: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = midgame(key)
    ticks = [0.0]

    def clock() -> float:  # a millisecond per look at the clock
        ticks[0] += 0.001
        return ticks[0]

    monkeypatch.setattr(core.time, "perf_counter", clock)
    bot = GAMES[key].load().make_bot(f"{word}:0.05s")
    options = bot.analyse(view, random.Random(0))
    assert 10 <= sum(o.visits for o in options) <= 50
    asked = [0]

    def stop() -> bool:
        asked[0] += 1
        return asked[0] >= 3

    long = GAMES[key].load().make_bot(f"{word}:10s")
    monkeypatch.setattr(core.time, "perf_counter", lambda: 0.0)  # no time passes
    assert sum(o.visits for o in long.analyse(view, random.Random(0), stop)) == 32
    assert long.choose(view, random.Random(0), lambda: True) in view.legal_actions


@pytest.mark.parametrize("word", WORDS)
@pytest.mark.parametrize("key", KEYS)
def test_the_worlds_searched_give_back_the_players_view(key: str, word: str) -> None:
    view = midgame(key)
    kit = kit_of(key)
    seen: list[Any] = []

    def search(view: Any, rng: random.Random) -> Any:
        game = kit.search(view, rng)
        sample = game.sample

        def spy(rng: random.Random) -> Any:
            world = sample(rng)
            seen.append(world.clone())
            return world

        game.sample = spy  # type: ignore[method-assign]
        return game

    spied = Kit(search, kit.actions, kit.perfect, kit.copy, kit.small, kit.default)
    Yardstick(word, spied, Level(word, 200)).analyse(view, random.Random(0))
    assert len(seen) >= 3 and all(world.view(view.viewer) == view for world in seen)


def test_monster_trick_searches_a_card_opening_any_empty_slot_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from monstertrick.games.monster_trick.engine import GameState, Move

    game = GameState(["Ann", "Bob", "Cid", "Dee"], seed=5)
    for p in range(4):
        game.arrange(p, game.vp_set)
    game.play(Move.of(game.hand(0)[0], 0))  # three empty slots left
    view = game.view(1)
    empty = [s for s, t in enumerate(view.table) if t is None]
    assert len(empty) == 3
    roots: list[list[Any]] = []
    real = core._search

    def spy(*args: Any, **kwargs: Any) -> Any:
        options = real(*args, **kwargs)
        roots.append(options)
        return options

    monkeypatch.setattr(core, "_search", spy)
    GAMES["monster-trick"].load().make_bot("ismcts:400").choose(view, random.Random(0))
    pimc = GAMES["monster-trick"].load().make_bot("pimc:400")
    assert isinstance(pimc, Yardstick)
    for options in (roots[0], pimc.analyse(view, random.Random(0))):
        openings = [(o.action.card, o.action.slot) for o in options if o.action.slot in empty]
        cards = [card for card, _ in openings]
        assert openings and len(cards) == len(set(cards)), "one opening per card"
        assert {o.action for o in options} <= set(view.legal_moves)
