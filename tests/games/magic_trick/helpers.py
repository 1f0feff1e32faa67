"""Build exact Magic Trick positions for rule tests, and play random games."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Mapping
from typing import Any

from monstertrick.games.magic_trick import (
    HAND_SIZE,
    Action,
    Card,
    Event,
    MagicTrickState,
    Phase,
    deck,
)

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def crafted_deal(
    given: Mapping[int, str], void: Mapping[int, str] | None = None
) -> list[list[Card]]:
    """A deal in which seat ``p`` holds the cards ``given[p]``; the rest of the deck goes,
    in deck order, to the first seat with room that is not void in its suit
    (``void[p]``: suit letters). Hands are then sorted by value (stable)."""
    void = void or {}
    hands = [cards(given.get(p, "")) for p in range(4)]
    used = {c for h in hands for c in h}
    for c in deck():
        if c in used:
            continue
        for p in range(4):
            if len(hands[p]) < HAND_SIZE and c.suit.letter not in void.get(p, ""):
                hands[p].append(c)
                break
        else:
            raise AssertionError(f"no seat can take {c}")
    return [sorted(h, key=lambda c: c.value) for h in hands]


def game_with(
    given: Mapping[int, str], void: Mapping[int, str] | None = None, *, first_player: int = 0
) -> MagicTrickState:
    return MagicTrickState(
        NAMES, deal=crafted_deal(given, void), first_player=first_player, seed=99
    )


def pos(game: MagicTrickState, player: int, card: str) -> int:
    """The hand position of a card (the test knows the deal; players never do)."""
    return game.dealt(player).index(Card.parse(card))


def play(game: MagicTrickState, card: str, sleeve: str | None = None) -> list[Event]:
    """The player to move plays ``card`` and then sleeves ``sleeve`` or passes (when the
    sleeve step comes)."""
    p = game.current_player
    assert p is not None
    events = game.apply(Action.play(pos(game, p, card)))
    if game.phase is Phase.SLEEVE:
        if sleeve is None:
            events += game.apply(Action.of(2 * HAND_SIZE))
        else:
            events += game.apply(Action.sleeve(pos(game, p, sleeve)))
    else:
        assert sleeve is None, "no sleeve step came"
    return events


def random_game(
    seed: int,
    check: Callable[[MagicTrickState, list[Event]], None] | None = None,
    *,
    first_player: int | None = None,
    stop_after: int | None = None,
    passing: bool = False,
) -> MagicTrickState:
    """A whole game of random legal actions, calling ``check`` after every action (and
    every new deal) with the game and its events; stops early after ``stop_after``
    actions if given. With ``passing``, every sleeve step is passed (so every player's
    last card goes up their sleeve by itself)."""
    rng = random.Random(seed)
    game = MagicTrickState(
        NAMES, seed=seed, first_player=seed % 4 if first_player is None else first_player
    )
    done = 0
    while not game.is_over():
        if stop_after is not None and done >= stop_after:
            break
        if game.current_player is None:
            events: list[Event] = []
            game.next_chapter(events=events)
        else:
            actions = game.legal_actions()
            assert actions, "the player to move always has an action"
            if passing and game.phase is Phase.SLEEVE:
                events = game.apply(actions[-1])
            else:
                events = game.apply(rng.choice(actions))
            done += 1
        if check is not None:
            check(game, events)
    return game


# ---------------------------------------------------------------------------- leaks


def cards_in(value: Any) -> list[Card]:
    """Every Card object anywhere inside a view (dataclasses, tuples)."""
    found: list[Card] = []
    todo = [value]
    while todo:
        item = todo.pop()
        kind = type(item)
        if kind in _ATOMS:
            continue
        if isinstance(item, Card):
            found.append(item)
        elif isinstance(item, (tuple, list, frozenset, set)):
            todo.extend(item)
        elif (names := _field_names(kind)) is not None:
            todo.extend(getattr(item, name) for name in names)
    return found


_ATOMS = frozenset({int, str, bool, float, type(None)})
_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _field_names(kind: type) -> tuple[str, ...] | None:
    """The fields of a dataclass (None for any other type), looked up once per type."""
    if kind not in _FIELDS:
        is_dataclass = dataclasses.is_dataclass(kind)
        _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind)) if is_dataclass else None
    return _FIELDS[kind]


def in_hand_cards(game: MagicTrickState) -> set[Card]:
    """The cards still in a hand: values nobody may see."""
    return {c for p in range(4) for c in game.hand(p)}


def card_names(text: str) -> set[str]:
    """The card names ("H3", "M0"…) written in a text."""
    return set(re.findall(r"\b[HSDCMTX][0-7]\b", text))
