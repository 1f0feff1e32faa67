"""Positions for Monster Taking tests: hands written as text, random matches step by step."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from monstertrick.games.monster_taking import (
    FULL_DECK,
    Action,
    Card,
    Event,
    GameDealt,
    MatchState,
    Phase,
    Strength,
)

NAMES = ("Ann", "Bob")


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def match_with(hand0: str, hand1: str = "", *, first_lead: int = 0) -> MatchState:
    """A match whose game-1 hands start with the given cards; the other cards fill seat 0,
    then seat 1, then the DECK, in suit and value order."""
    given = [cards(hand0), cards(hand1)]
    used = set(given[0]) | set(given[1])
    rest = [c for c in FULL_DECK if c not in used]
    for h in given:
        while len(h) < 13:
            h.append(rest.pop(0))
    return MatchState(NAMES, first_lead=first_lead, cards=((given[0], given[1]), rest))


def started(hand0: str, hand1: str, strength: str, *, first_lead: int = 0) -> MatchState:
    """``match_with`` and the two strength cards laid (LEAD's first)."""
    state = match_with(hand0, hand1, first_lead=first_lead)
    for c in cards(strength):
        state.apply(Strength(c))
    return state


@dataclass
class Step:
    state: MatchState
    """The state after the step (do not keep it: it goes on changing)."""
    before: MatchState
    """A copy of the state before the step."""
    action: Action | None
    """None for a deal."""
    events: list[Event]


def random_steps(seed: int, *, copies: bool = True) -> Iterator[Step]:
    """Every step of a random match (actions uniformly among the legal ones)."""
    rng = random.Random(seed)
    state = MatchState(NAMES, seed=seed, first_lead=seed % 2)
    while not state.is_over():
        before = state.clone() if copies else state
        if state.phase is Phase.GAME_OVER:
            state.next_chapter()
            events: list[Event] = [GameDealt(state.chapter, state.lead)]
            yield Step(state, before, None, events)
            continue
        action = rng.choice(state.legal_actions())
        events = state.apply(action)
        yield Step(state, before, action, events)
